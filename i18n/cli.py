"""`caylus i18n`: the translation catalogues from the command line (docs/i18n.md).

caylus i18n extract   # write i18n/locale/messages.pot from the code, merge it into every language
caylus i18n check     # list missing, fuzzy or wrong translations (exit status 1 if any)
caylus i18n stats     # how much of each language is translated
"""

from __future__ import annotations

import argparse
import json

from i18n import DEFAULT, LANGUAGES, catalogue


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "step",
        choices=("extract", "check", "stats"),
        help="extract: write i18n/locale/messages.pot from the code and merge it into every "
        "language; check: list missing, fuzzy or wrong translations (exit 1 if any); stats: "
        "how much of each language is translated",
    )


def run(args: argparse.Namespace) -> int:
    if args.step == "extract":
        for path in catalogue.extract():
            print(path)
        return 0
    if args.step == "stats":
        print(json.dumps(catalogue.stats()))
        return 0
    found = ["messages.pot is out of date"] if catalogue.stale_template() else []
    for lang in (code for code in LANGUAGES if code != DEFAULT):
        found += catalogue.problems(lang)
    for line in found:
        print(line)
    return 1 if found else 0
