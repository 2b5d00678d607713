"""Issue 40: the platform owns the end screen's frame (play/end_screen.py, games/partials/end_frame.html): ranks
best first, the tie-break worded from ``GameResult.tiebreak`` in the game's words (every key an engine can name has
its sentence, checked like the other text keys), a solo game's outcome in place of "Rank 1"."""

import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string

from play import end_screen, registry, texts

TIEBREAK_KEY = re.compile(r"""["']([a-z_]+\.tiebreak\.[a-z_]+)["']""")


def _engine_tiebreak_keys(slug: str) -> set[str]:
    """The tie-break keys a game's engine names (its result's ``tiebreak``), read from its source."""
    module = registry.definition(slug).engine.__class__.__module__.split(".")
    folder = Path(*module[:module.index("engine")])  # the game's package: games/lacitta, tests/games/nim
    return {key for path in folder.rglob("*.py") if "engine" in path.parts or path.name == "engine.py"
            for key in TIEBREAK_KEY.findall(path.read_text())}


@pytest.mark.parametrize("slug", [d.slug for d in registry.definitions()])
def test_every_tiebreak_an_engine_names_has_its_sentence(slug):
    table = getattr(texts.catalog(slug), "TIEBREAKS", {}) or {}
    missing = sorted(k for k in _engine_tiebreak_keys(slug) if not str(table.get(k, "")).strip())
    assert not missing, f"{slug}: no TIEBREAKS sentence for {missing}"


def test_the_four_city_games_name_tiebreaks():
    # the check above reads something: each city game's engine names at least one key
    for slug in ("lacitta", "infinitecity", "smallcity", "cite"):
        assert _engine_tiebreak_keys(slug), slug


def _rendered(frame: dict) -> str:
    return render_to_string("games/partials/end_frame.html", {"end": frame})


def test_ranks_best_first_with_the_tiebreak_worded():
    result = {"scores": [10, 12, 12], "ranks": [3, 2, 1], "tiebreak": "lacitta.tiebreak.gold"}
    frame = end_screen.frame("lacitta", result, ["ann", "bob", "cy"], ["red", "blue", "green"])
    assert [r["name"] for r in frame["rows"]] == ["cy", "bob", "ann"]
    html = _rendered(frame)
    assert "Tied on points: the player with the most gold wins." in html
    assert html.index("cy") < html.index("bob") < html.index("ann")
    assert '<tr class="winner"><td>1</td>' in html


def test_a_solo_game_shows_its_outcome_never_rank_1():
    result = {"scores": [14], "ranks": [1], "tiebreak": None,
              "solo": {"won": True, "label_key": "patience.solo.clear", "label_params": {"score": 14}}}
    frame = end_screen.frame("patience", result, ["ann"], ["red"])
    html = _rendered(frame)
    assert frame["solo"] and frame["rows"][0]["rank_label"].startswith("Won: ")
    assert "<td>1</td>" not in html and ">Rank<" not in html and ">Result<" in html


def test_a_game_words_its_own_solo_outcome():
    result = {"scores": [30], "ranks": [1], "solo": {"won": False, "label_key": "x", "label_params": {}}}
    frame = end_screen.frame("smallcity", result, ["ann"], ["red"], solo_label="Mayor (30)")
    assert frame["rows"][0]["rank_label"] == "Mayor (30)"


def test_nothing_before_a_result():
    assert end_screen.frame("lacitta", None, ["ann"], ["red"]) == {}
