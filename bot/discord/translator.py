"""Slash commands in each user's client language: discord.py asks this translator for every
description and choice when the commands are synced (docs/i18n.md).

Command and option names stay English in every language: help texts, docs and the notation
name them (`/caylus play action:`), and they work the same for everybody in a channel.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import i18n
from bot.words.lang import t

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)
LIMIT = 100  # Discord's length limit of a description or a choice name


def loc(context: str, english: str) -> app_commands.locale_str:
    """A command string with its catalogue context (short words such as a choice's name need
    it: the same English word may be translated differently elsewhere)."""
    return app_commands.locale_str(english, ctx=context)


def choices(option: str) -> list[app_commands.Choice[str]]:
    """An option's choices, named from the catalogue (text.CHOICE_NAMES)."""
    return [
        app_commands.Choice(name=loc(f"text.CHOICE_NAMES.{option}.{value}", name), value=value)
        for value, name in t.CHOICE_NAMES[option].items()
    ]


def translated(string: app_commands.locale_str, lang: str) -> str | None:
    context = string.extras.get("ctx")
    if context is not None:
        text = i18n.translate(context, string.message, lang)
        return None if text == string.message and lang != i18n.DEFAULT else text
    return i18n.by_english(string.message, lang)


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        if context.location in NAMES or not i18n.supported(locale.value):
            return None
        lang = i18n.normalize(locale.value)
        if lang == i18n.DEFAULT:
            return None
        text = translated(string, lang)
        return text[:LIMIT] if text else None
