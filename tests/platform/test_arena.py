"""`manage.py arena`: bot-only games of any registered game on its engine, no database."""

import json

import pytest
from django.core.management import CommandError, call_command


def run(*args) -> tuple[str, dict]:
    from io import StringIO

    out = StringIO()
    call_command("arena", *args, stdout=out)
    text = out.getvalue()
    return text, json.loads(text.strip().splitlines()[-1])


def test_arena_plays_any_game_s_own_level_against_random_and_prints_a_json_line():
    text, summary = run("--game", "nim", "--players", "2", "--seats", "perfect,random", "--games", "4",
                        "--seed", "1", "--option", "pile=21")
    assert "shared win counts as a win for each winner" in text
    assert {"game", "games", "players", "options", "seats", "seed", "levels", "shared_wins", "seconds"} <= set(summary)
    assert summary["game"] == "nim" and summary["games"] == 4 and summary["players"] == 2
    assert summary["options"] == {"pile": "21", "last": "wins"}
    assert set(summary["levels"]) == {"perfect", "random"}
    for level in summary["levels"].values():
        assert {"wins", "win_rate", "ci95", "mean_score", "games", "move_ms"} <= set(level)
        lo, hi = level["ci95"]
        assert 0 <= lo <= level["win_rate"] <= hi <= 1
        assert level["games"] == 4  # seats rotate: each level played each position twice
        assert set(level["move_ms"]) == {"median", "p95", "max", "moves"}
    # 21 sticks: the player who moves first and leaves a multiple of 4 always wins; perfect does when first,
    # and wins whenever random leaves it the chance, so it wins at least the games it starts.
    assert summary["levels"]["perfect"]["wins"] >= 2
    assert sum(level["wins"] for level in summary["levels"].values()) == 4  # one winner a game


def test_arena_is_reproducible_and_takes_the_game_options():
    _text, a = run("--game", "race", "--seats", "random,random,random", "--games", "2", "--seed", "4",
                   "--option", "target=15")
    _text, b = run("--game", "race", "--seats", "random,random,random", "--games", "2", "--seed", "4",
                   "--option", "target=15")
    assert a["options"] == {"target": "15"} and a["players"] == 3
    for field in ("wins", "games", "mean_score"):
        assert a["levels"]["random"][field] == b["levels"]["random"][field]


def test_arena_refuses_unknown_games_levels_options_and_wrong_seat_counts():
    with pytest.raises(CommandError, match="unknown game"):
        run("--game", "chess", "--seats", "random,random", "--games", "1")
    with pytest.raises(CommandError, match="unknown level"):
        run("--game", "nim", "--seats", "perfect,wizard", "--games", "1")
    with pytest.raises(CommandError, match="2 level"):
        run("--game", "nim", "--players", "3", "--seats", "perfect,random", "--games", "1")
    with pytest.raises(CommandError, match="key=value"):
        run("--game", "nim", "--seats", "random,random", "--games", "1", "--option", "pile")
    with pytest.raises(CommandError, match="12 or 21"):
        run("--game", "nim", "--seats", "random,random", "--games", "1", "--option", "pile=30")


def test_wilson_interval():
    from kit.arena import wilson

    assert wilson(0, 0) is None
    lo, hi = wilson(60, 100)
    assert 0.50 < lo < 0.51 and 0.69 < hi < 0.70  # 60 % of 100: about 50.2–69.1 %
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == 1


def test_arena_gives_seats_that_may_act_without_owing_some_decisions():
    """Platform v2 (issue 35 point 2): in a game of offers, seats that owe nothing but may act (answer an
    offer, make one) are bots too and get part of the decisions; the game still ends (market)."""
    from kit import arena
    from play import registry

    engine = registry.get("market")
    acted = {"owing": 0, "optional": 0}

    class Watched:
        def __getattr__(self, name):
            return getattr(engine, name)

        def apply(self, state, seat, move):
            acted["owing" if seat in engine.pending(state) else "optional"] += 1
            return engine.apply(state, seat, move)

    options = engine.validate_options({}, 3)
    result = arena.play_game(Watched(), {"random": lambda e, v, legal, s, rng: rng.choice(legal)}, options,
                             ["random"] * 3, seed=2, index=0)
    assert acted["optional"] > 0 and acted["owing"] > 0
    assert sorted(result["ranks"]) and len(result["scores"]) == 3


def test_arena_runs_cite_with_its_trading_bots_and_reports_trades_per_game():
    _text, summary = run("--game", "cite", "--seats", "expert,greedy,greedy", "--games", "3", "--seed", "11")
    assert summary["games"] == 3 and set(summary["levels"]) == {"expert", "greedy"}
    counts = summary["counts_per_game"]
    assert set(counts) == {"offers", "trades", "contracts_paid", "breaches"}
    assert counts["offers"] > 0 and counts["trades"] > 0
