"""`manage.py arena`: bot-only games on the engine, no database."""

import json

import pytest
from django.core.management import CommandError, call_command


def run(*args) -> tuple[str, dict]:
    from io import StringIO

    out = StringIO()
    call_command("arena", *args, stdout=out)
    text = out.getvalue()
    return text, json.loads(text.strip().splitlines()[-1])


def test_arena_plays_greedy_against_random_and_prints_a_json_line():
    text, summary = run("--game", "lacitta", "--players", "2", "--seats", "greedy,random", "--games", "2",
                        "--seed", "1")
    assert "shared win counts as a win for each winner" in text
    assert {"game", "games", "players", "options", "seats", "seed", "levels", "shared_wins", "seconds"} <= set(summary)
    assert summary["games"] == 2 and summary["players"] == 2
    assert summary["options"] == {"edition": "modern", "expansion": "none", "setup": "beginner",
                                  "voice_tie": "in_turn"}
    assert set(summary["levels"]) == {"greedy", "random"}
    for level in summary["levels"].values():
        assert {"wins", "win_rate", "ci95", "mean_score", "games", "move_ms"} <= set(level)
        lo, hi = level["ci95"]
        assert 0 <= lo <= level["win_rate"] <= hi <= 1
        assert level["games"] == 2  # seats rotate: each level played each position once
        assert set(level["move_ms"]) == {"median", "p95", "max", "moves"}
        assert level["move_ms"]["moves"] > 0
    wins = sum(level["wins"] for level in summary["levels"].values())
    assert wins >= 2  # a shared win counts for every winner


def test_arena_is_reproducible_and_takes_the_game_options():
    _text, a = run("--seats", "random,random,random", "--games", "1", "--seed", "4", "--edition", "classic")
    _text, b = run("--seats", "random,random,random", "--games", "1", "--seed", "4", "--edition", "classic")
    assert a["options"]["edition"] == "classic" and a["players"] == 3
    for level in ("random",):
        for field in ("wins", "games", "mean_score"):
            assert a["levels"][level][field] == b["levels"][level][field]


def test_arena_refuses_unknown_levels_and_wrong_seat_counts():
    with pytest.raises(CommandError, match="unknown level"):
        run("--seats", "greedy,wizard", "--games", "1")
    with pytest.raises(CommandError, match="2 level"):
        run("--players", "3", "--seats", "greedy,random", "--games", "1")


def test_arena_takes_any_engine_option_as_key_value():
    _text, a = run("--seats", "random,random,random", "--games", "1", "--seed", "4",
                   "--option", "edition=classic", "--option", "voice_tie=at_once")
    assert a["options"]["edition"] == "classic" and a["options"]["voice_tie"] == "at_once"
    with pytest.raises(CommandError, match="key=value"):
        run("--seats", "random,random", "--games", "1", "--option", "edition")
    with pytest.raises(CommandError, match="Unknown option"):
        run("--seats", "random,random", "--games", "1", "--option", "colour=red")


def test_wilson_interval():
    from games.management.commands.arena import wilson

    assert wilson(0, 0) is None
    lo, hi = wilson(60, 100)
    assert 0.50 < lo < 0.51 and 0.69 < hi < 0.70  # 60 % of 100: about 50.2–69.1 %
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == 1
