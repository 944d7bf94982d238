"""The game boundary (docs/architecture.md): each game registered once as a typed object (its
rules, `engine.get_game`; its presentation and plans, `bot.games.ui_for`), features declared as
attributes, every game-specific file under its game's folder, and no import cycle in bot/.
Checked on the real registries and by scanning the source with ast."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine
from bot.games import UIS, GameUI, ui_for
from bot.games.plans import Planner
from engine.protocol import Game

ROOT = Path(__file__).resolve().parent.parent
GAME_ENGINES = ("engine.caylus", "engine.magna_carta")


def bot_modules() -> dict[str, Path]:
    """Module name -> file, for every module of bot/."""
    out = {}
    for path in sorted((ROOT / "bot").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The bot modules and game engine modules `name` imports, inside functions too (`from a
    import b` counts a, and a.b when that is a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        for imported in names:
            # the module itself, else the package it is a name of (a game engine's as named)
            while imported and imported not in known and not imported.startswith(GAME_ENGINES):
                imported = imported.rpartition(".")[0]
            if imported:
                found.add(imported)
    found.discard(name)
    return found


def test_each_game_is_registered_once_as_a_typed_game_with_its_features():
    rules = engine.games()
    assert tuple(rules) == engine.GAME_NAMES == tuple(UIS)
    for name, game in rules.items():
        assert engine.get_game(name) is game and game.name == name
        assert isinstance(game.hidden_information, bool) and isinstance(game.chance_in_play, bool)
        assert game.min_players <= game.max_players and game.LEVEL_SECONDS["easy"] == 0.0
    assert not rules["caylus"].hidden_information and not rules["caylus"].chance_in_play
    assert rules["magna-carta"].hidden_information and rules["magna-carta"].chance_in_play
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        engine.get_game("chess")


def test_each_game_ui_is_keyed_like_its_rules_and_declares_its_capabilities():
    for name in engine.GAME_NAMES:
        ui = ui_for(name)
        assert isinstance(ui, GameUI) and ui.kind == name
        assert isinstance(ui.plans, Planner) and ui.has_turn_plans
    assert ui_for("caylus").plans.answers_ahead and not ui_for("caylus").has_hands
    assert not ui_for("magna-carta").plans.answers_ahead and ui_for("magna-carta").has_hands
    with pytest.raises(KeyError, match="no Discord presentation for the game 'chess'"):
        ui_for("chess")


def test_a_game_without_a_capability_answers_with_the_declared_default():
    """A capability only some games have is a method with a default on the base, not a
    method some objects lack."""

    class Bare(GameUI):
        kind = "bare"

    bare = Bare()
    assert bare.plans is None and not bare.has_turn_plans and not bare.placing_now(object())
    with pytest.raises(NotImplementedError):
        bare.turn_plan_lines(object(), 0, None, (), [])  # type: ignore[arg-type]
    planner = Planner()
    assert planner.questions(object(), 0, {}, None) == []  # type: ignore[arg-type]
    assert planner.premove_options(object(), 0) == [] and planner.now_key(object()) is None


def test_the_registries_load_no_module_by_name():
    for path in (ROOT / "bot" / "games" / "__init__.py", ROOT / "engine" / "__init__.py"):
        text = path.read_text(encoding="utf-8")
        assert "import_module" not in text and "__import__" not in text, path


def test_no_caller_probes_a_game_or_its_ui_with_getattr_or_hasattr():
    probed = {"game", "ui", "planner", "plans"}
    found = []
    for name, path in bot_modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
                and node.args
            ):
                target = ast.unparse(node.args[0])
                if target.split(".")[-1] in probed or "get_game(" in target:
                    found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    assert not found, found


def test_generic_bot_modules_import_no_game_engine():
    modules = bot_modules()
    known = set(modules)
    leaks = {
        name: sorted(i for i in imports_of(name, path, known) if i.startswith(GAME_ENGINES))
        for name, path in modules.items()
        if not name.startswith("bot.games.") and name != "bot.games"
    }
    assert {name: found for name, found in leaks.items() if found} == {}


def test_each_games_strings_are_in_its_own_catalogue_with_their_message_contexts():
    import bot.words.text as shared
    from bot.games.caylus import text as caylus_text
    from bot.games.magna_carta import text as mc_text
    from i18n import catalogue

    assert not [n for n in vars(shared) if n.startswith(("MC_", "CY_"))]
    assert [n for n in vars(mc_text) if n.isupper()] and all(
        n.startswith("MC_") for n in vars(mc_text) if n.isupper()
    )
    own = {n for n in vars(caylus_text) if n.isupper()}
    assert "CY_PASS" in own and "STATUS_TURN" in own and not own & set(vars(shared))
    contexts = [context for context, _, _ in catalogue.messages()]
    assert len(contexts) == len(set(contexts))  # one message a context across the modules
    assert {"text.MC_TITLE", "text.CY_PASS", "text.STATUS_TURN", "text.PHASE_NAMES.0"} <= set(
        contexts
    )


def test_the_typed_game_protocol_lists_what_the_service_calls():
    declared = set(Game.__annotations__) | {n for n in vars(Game) if not n.startswith("_")}
    for needed in ("hidden_information", "chance_in_play", "default_action", "revealed"):
        assert needed in declared
    for game in engine.games().values():
        for member in declared:
            assert hasattr(game, member), (game.name, member)


def test_bot_top_level_holds_only_its_entry_points_and_packages():
    """bot/ shows its parts: the entry points beside one package per concern."""
    modules = sorted(p.name for p in (ROOT / "bot").glob("*.py"))
    packages = sorted(p.name for p in (ROOT / "bot").iterdir() if (p / "__init__.py").exists())
    assert modules == ["__init__.py", "app.py", "cli.py", "settings.py"]
    assert packages == [
        "clock_service",
        "discord",
        "games",
        "metrics",
        "service",
        "store",
        "web",
        "words",
    ]


def test_the_metrics_package_imports_nothing_else_of_the_bot():
    """Every layer, the store included, reports to the metrics without loading the rest."""
    modules = bot_modules()
    known = set(modules)
    for name, path in modules.items():
        if name.startswith("bot.metrics"):
            outside = {i for i in imports_of(name, path, known) if not i.startswith("bot.metrics")}
            assert outside == set(), (name, outside)


def test_the_words_package_imports_nothing_else_of_the_bot():
    """Every layer (the games too) may read the words without loading the service."""
    modules = bot_modules()
    known = set(modules)
    for name, path in modules.items():
        if name.startswith("bot.words"):
            outside = {i for i in imports_of(name, path, known) if not i.startswith("bot.words")}
            assert outside == set(), (name, outside)
