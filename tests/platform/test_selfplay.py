"""Generic self-play (kit/selfplay.py, `manage.py selfplay`): random legal games of any
registered engine with the engine's own invariants checked after every move."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from kit import selfplay
from tests.games.nim.engine import ENGINE as NIM
from tests.games.nim.engine import NimEngine


def test_selfplay_runs_an_engine_with_its_invariants_and_a_json_round_trip():
    summary = selfplay.run(NIM, {"pile": "21"}, 3, games=5, seed=2, checks="all")
    assert summary["game"] == "nim" and summary["games"] == 5 and summary["pile"] == "21"
    assert 5 * 21 / 3 <= summary["moves"] <= 5 * 21  # 1 to 3 sticks a move
    checked = summary["moves"] + 10  # on each new game, after every move, and once more at each end
    assert summary["checks_passed"] == {"sticks_left": checked, "json_roundtrip": checked,
                                        "apply_leaves_input": summary["moves"]}  # after every accepted move
    assert selfplay.run(NIM, {"pile": "21"}, 3, games=5, seed=2, checks="none")["checks_passed"] == {}
    assert selfplay.run(NIM, {"pile": "21"}, 3, games=5, seed=2)["moves"] == summary["moves"]  # same games


def test_a_broken_invariant_stops_selfplay_and_names_itself():
    def never_below_five(state):
        return f"{state['left']} left" if state["left"] < 5 else None

    class Leaky(NimEngine):
        invariants = (never_below_five,)

    broken = r"game seed 1000003, move \d+: invariant never_below_five broken: [0-4] left"
    with pytest.raises(AssertionError, match=broken):
        selfplay.run(Leaky(), {"pile": "12"}, 2, games=1, seed=1)


def test_the_command_finds_the_game_in_the_registry():
    out = StringIO()
    call_command("selfplay", "--game", "nim", "--players", "2", "--option", "last=loses", "--games", "3",
                 stdout=out)
    summary = json.loads(out.getvalue())
    assert summary["last"] == "loses" and summary["checks_passed"]["sticks_left"] == summary["moves"] + 6
    with pytest.raises(CommandError, match="unknown game"):
        call_command("selfplay", "--game", "chess", "--players", "2")
    with pytest.raises(CommandError, match="2 or 3 players"):
        call_command("selfplay", "--game", "nim", "--players", "5")
    with pytest.raises(CommandError, match="a count or a range such as 2-6"):
        call_command("selfplay", "--game", "nim", "--players", "two")


def test_a_player_range_cycles_through_the_counts():
    assert selfplay.player_counts("2-4") == [2, 3, 4] and selfplay.player_counts(3) == [3]
    summary = selfplay.run(NIM, {"pile": "12"}, "2-3", games=4, seed=5)
    assert summary["players"] == "2-3" and summary["games"] == 4
    with pytest.raises(ValueError, match="is empty"):
        selfplay.player_counts("4-2")


def test_selfplay_runs_cite_with_its_may_act_seats_and_invariants():
    """Issue 35 point 2: ``manage.py selfplay --game cite``: random games of Cité (offers and answers by
    seats that may act without owing drawn too), the engine's invariants after every move."""
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("selfplay", "--game", "cite", "--players", "3-4", "--games", "4", "--seed", "3", stdout=out)
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    assert summary["games"] == 4 and summary["moves"] > 100
