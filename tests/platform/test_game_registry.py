"""The games registry (play/registry.py) and its system check (play/checks.py): every installed game
is registered by its own app and passes the check; a definition missing a part fails it loudly."""

import dataclasses

import pytest
from django.conf import settings
from django.core import checks
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from kit.schemas import GameSchemas
from play import bots, registry
from play.checks import check_definition
from tests.games import APPS as TEST_GAME_APPS
from tests.games.nim.engine import ENGINE as NIM


def _ids(definition) -> list[str]:
    return sorted(message.id for message in check_definition(definition))


def test_each_installed_game_is_registered_by_its_app():
    slugs = [d.slug for d in registry.definitions()]
    # GAME_APPS in settings order, then the tests' games (their order is the test settings').
    real = [app.rsplit(".", 1)[-1] for app in settings.GAME_APPS]  # each game app's label is its slug
    tests_games = sorted(app.rsplit(".", 1)[-1] for app in TEST_GAME_APPS)  # a new test game needs no edit here
    assert slugs[:len(real)] == real and sorted(slugs[len(real):]) == tests_games
    assert {"bluff", "market", "nim", "patience", "race"} <= set(tests_games)
    assert registry.get("nim") is NIM and registry.definition("nim").engine is NIM
    assert [e.slug for e in registry.available()] == slugs
    with pytest.raises(KeyError):
        registry.definition("no-such-game")


def test_the_system_check_passes_for_every_installed_game():
    assert checks.run_checks(tags=["games"]) == []
    call_command("check")  # raises SystemCheckError on any error


def test_a_slug_registered_twice_is_an_error():
    copy = dataclasses.replace(registry.definition("nim"))
    with pytest.raises(registry.AlreadyRegistered):
        registry.register(copy)
    assert registry.definition("nim") is not copy


@pytest.mark.parametrize("change, error", [
    ({"templates": {"moves": "nim/moves.html"}}, "games.E003"),  # no board
    ({"templates": {"board": "nim/board.html", "moves": "nim/no-such.html"}}, "games.E004"),
    ({"templates": {"board": "nim/board.html", "moves": "nim/moves.html", "sidebar": "nim/board.html"}},
     "games.E003"),
    ({"texts": object()}, "games.E002"),
    ({"page": "not a function"}, "games.E005"),
    ({"bot_levels": {"random": lambda *a: a[2][0]}}, "games.E006"),
    ({"option_labels": {"pile": "Pile", "last": "The last stick", "wins": "wins"}}, "games.E007"),  # "loses"
    ({"rules": registry.RulesPages(variants={"basic": "Basic"}, variant_of=lambda options: "basic",
                                   template="nim/rules/{variant}.{language}.html")}, "games.E008"),
    ({"stylesheets": ("nim/no-such.css",)}, "games.E009"),
    ({"seat_colours": ("teal", "orange")}, "games.E010"),  # three players need three colours
    ({"seat_colours": ("teal", "orange", "mauve")}, "games.E010"),
    ({"log_marks": {"nim.no_such_key": "year"}}, "games.E011"),
    ({"demo_options": ({"pile": "7"},)}, "games.E012"),
    ({"schemas": None}, "games.E014"),  # no JSON Schemas of its moves and view for the API
    ({"schemas": GameSchemas(move={"type": 3}, view={})}, "games.E014"),  # not a JSON Schema
    ({"schemas": GameSchemas(move={"oneOf": [{"type": "object"}]}, view={})}, "games.E014"),  # no move type
])
def test_a_definition_missing_a_part_fails_the_check(change, error):
    broken = dataclasses.replace(registry.definition("nim"), **change)
    assert _ids(registry.definition("nim")) == []
    assert error in _ids(broken)


def test_an_engine_without_the_protocol_fails_the_check():
    class HalfEngine:
        slug, name, min_players, max_players, options = "half", "Half", 2, 2, ()

        def new_game(self, options, players, seed): ...

    broken = dataclasses.replace(registry.definition("nim"), engine=HalfEngine())
    assert _ids(broken) == ["games.E001"]
    assert "legal_moves" in check_definition(broken)[0].msg


def test_a_game_outside_an_installed_app_or_without_translations_fails_the_check():
    class Stray:  # defined in a test module: no installed app holds it
        slug, name, min_players, max_players, options = "stray", "Stray", 2, 3, ()

        def __getattr__(self, name):
            return getattr(NIM, name)

    assert "games.E013" in _ids(dataclasses.replace(registry.definition("nim"), engine=Stray()))


def test_a_game_without_a_catalogue_for_a_site_language_fails_the_check(settings):
    settings.LANGUAGES = [*settings.LANGUAGES, ("de", "German")]
    messages = check_definition(registry.definition("nim"))
    assert [m.id for m in messages] == ["games.E013"] and "/nim/locale/de/LC_MESSAGES/django.mo" in messages[0].msg


def test_a_broken_registered_game_stops_manage_py_check():
    original = registry.definition("nim")
    registry.unregister("nim")
    registry.register(dataclasses.replace(original, templates={"moves": "nim/moves.html"}))
    try:
        with pytest.raises(SystemCheckError, match="games.E003"):
            call_command("check")
    finally:
        registry.unregister("nim")
        registry.register(original)


def test_bot_levels_come_from_the_definition():
    assert bots.levels_for("nim") == ["random", "perfect"]
    assert bots.levels_for("race") == ["random"]
    assert bots.levels_for("lacitta") == ["random", "greedy", "expert"]
