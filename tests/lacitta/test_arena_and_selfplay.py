"""La Città through the generic commands: `arena` (its greedy and expert levels) and `selfplay` (its
invariants, the workload of `make selfplay`)."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(command, *args) -> dict:
    out = StringIO()
    call_command(command, *args, stdout=out)
    return json.loads(out.getvalue().strip().splitlines()[-1])


def test_arena_plays_la_citta_greedy_against_random_with_its_default_options():
    summary = run("arena", "--game", "lacitta", "--players", "2", "--seats", "greedy,random", "--games", "2",
                  "--seed", "1")
    assert summary["options"] == {"edition": "modern", "expansion": "none", "setup": "beginner",
                                  "voice_tie": "in_turn"}
    assert set(summary["levels"]) == {"greedy", "random"} and summary["levels"]["greedy"]["move_ms"]["moves"] > 0
    assert sum(level["wins"] for level in summary["levels"].values()) >= 2  # a shared win counts for each winner


def test_arena_takes_la_citta_options_as_key_value():
    a = run("arena", "--game", "lacitta", "--seats", "random,random,random", "--games", "1", "--seed", "4",
            "--option", "edition=classic", "--option", "voice_tie=at_once")
    assert a["options"]["edition"] == "classic" and a["options"]["voice_tie"] == "at_once" and a["players"] == 3
    with pytest.raises(CommandError, match="Unknown option"):
        run("arena", "--game", "lacitta", "--seats", "random,random", "--games", "1", "--option", "colour=red")


def test_selfplay_checks_la_citta_s_invariants_after_every_move():
    summary = run("selfplay", "--game", "lacitta", "--players", "4", "--option", "edition=modern",
                  "--option", "expansion=cocagne", "--option", "setup=advanced", "--games", "2", "--seed", "1")
    from games.lacitta.engine.invariants import CHEAP

    assert summary["game"] == "lacitta" and summary["games"] == 2 and summary["expansion"] == "cocagne"
    # every invariant ran on each new game, after every move of both games and once more at each end
    assert set(summary["checks_passed"]) == {fn.__name__ for fn in CHEAP}
    assert set(summary["checks_passed"].values()) == {summary["moves"] + 4}
