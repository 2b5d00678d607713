"""The engine protocol: options with the player count, hidden information in views, JSON, random games."""

from __future__ import annotations

import json
import random

import pytest

from games.smallcity.bots import LEVELS
from games.smallcity.engine import flow as F
from games.smallcity.engine.engine import ENGINE
from games.smallcity.engine.params import conforms
from games.smallcity.scripts.measure import random_game
from kit.base import IllegalMove, InvalidOptions, InvalidState

from .helpers import setup_done, to_phase


def test_options_with_the_player_count():
    assert ENGINE.validate_options({}, 3)["victory"] == "electoral"
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options({"victory": "economic"}, 3)  # advanced victories need the expert council
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options({"difficulty": "president"}, 2)  # solo only
    assert ENGINE.validate_options({"difficulty": "president"}, 1)["difficulty"] == "president"
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options({}, 5)
    ENGINE.check_options(ENGINE.validate_options({}, 2), 2)


def test_promises_hidden_until_the_end():
    state = ENGINE.new_game({}, 3, 11).state
    assert ENGINE.view(state, 1)["seats"][0]["offer"] is None and ENGINE.view(state, 0)["seats"][0]["offer"]
    state = setup_done(3, seed=11)
    for viewer in (None, 1, 2):
        assert ENGINE.view(state, viewer)["seats"][0]["promise"] is None
    assert ENGINE.view(state, 0)["seats"][0]["promise"] == state.seats[0]["promise"]


def test_changing_what_a_viewer_cannot_know_leaves_its_view_identical():
    state = to_phase(setup_done(3, seed=12), "plan")
    a = F.order(state)[0]
    other = state.copy()
    other.seats[a]["promise"] = 16 if state.seats[a]["promise"] != 16 else 1
    other.decks["easy"].reverse()
    other.step["plans"][str(a)] = [{"type": "extend"}]
    for viewer in [s for s in range(3) if s != a] + [None]:
        assert json.dumps(ENGINE.view(state, viewer), sort_keys=True) == \
            json.dumps(ENGINE.view(other, viewer), sort_keys=True)
    assert ENGINE.view(state, a) != ENGINE.view(other, a)


def test_illegal_moves_are_refused_without_change_and_name_nothing_hidden():
    state = setup_done(2)
    before = json.dumps(ENGINE.dump(state), sort_keys=True)
    for move in ({"type": "pick", "card": "Z"}, {"type": "bogus"}, {"nope": 1},
                 {"type": "build", "ranges": {}}):
        with pytest.raises(IllegalMove) as err:
            ENGINE.apply(state, min(ENGINE.pending(state)), move)
        assert str(state.seats[1]["promise"]) not in err.value.message.split()
    assert json.dumps(ENGINE.dump(state), sort_keys=True) == before


def test_json_round_trip_and_bad_states_are_refused():
    state, _, _ = random_game(2, 3)
    data = json.loads(json.dumps(ENGINE.dump(state)))
    assert ENGINE.load(data) == state
    data["seats"][0]["quarry"] += 1
    with pytest.raises(InvalidState):
        ENGINE.load(data)
    with pytest.raises(InvalidState):
        ENGINE.load({"schema_version": 99})


def test_moves_with_parameters_conform_to_their_ranges():
    state = to_phase(setup_done(1, seed=2), "plan")
    rnd = random.Random(1)
    builds = [m for m in ENGINE.legal_moves(state, 0) if m["type"] == "build"]
    assert builds and all("squares" in m["ranges"] for m in builds)
    for lm in builds:
        move = ENGINE.sample_move(state, 0, lm, rnd)
        assert conforms(lm, move)
        ENGINE.apply(state, 0, move)  # the engine's own checks accept the sampled shape


def test_undo_offered_only_when_nothing_hidden_is_revealed():
    state = to_phase(setup_done(2, seed=2), "plan")
    a = F.order(state)[0]
    after = ENGINE.apply(state, a, {"type": "done"}).state
    assert not ENGINE.move_reveals_hidden(state, after)
    b = F.order(state)[1]
    last = ENGINE.apply(after, b, {"type": "done"}).state
    assert ENGINE.move_reveals_hidden(after, last)  # every plan is in: revealed


def test_redraw_hidden_keeps_every_view():
    state = setup_done(3, seed=5)
    new = ENGINE.redraw_hidden(state, 99)
    for viewer in (None, 0, 1, 2):
        assert ENGINE.view(new, viewer) == ENGINE.view(state, viewer)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_every_invariant(players):
    for g in range(2):
        victory = ("economic", "citizen", "cultural", "electoral")[(g + players) % 4]
        choices = [{}, {"council": "expert", "victory": victory}, {"board": "expert", "promises": "off"}]
        opts = choices[(g + players) % 3]
        if players == 1:
            opts = {**opts, "difficulty": ("president", "mayor")[g]}
        state, moves, _ = random_game(players, 100 * players + g, opts, every=1)
        assert ENGINE.is_over(state) and state.turn == 9 or state.over_reason == "eliminated"
        result = ENGINE.result(state)
        assert len(result.scores) == players and (players > 1) == (getattr(result, "solo", None) is None)


def test_bots_play_a_game_from_the_view_only():
    """greedy and random to the end (the expert is measured by the script; one of its decisions below)."""
    state = ENGINE.new_game({}, 3, 21).state
    rnd = random.Random(3)
    levels = ["greedy", "random", "greedy"]
    while not ENGINE.is_over(state):
        seat = min(ENGINE.pending(state))
        legal = ENGINE.legal_moves(state, seat)
        move = LEVELS[levels[seat]](ENGINE, ENGINE.view(state, seat), legal, seat, rnd)
        assert "ranges" not in move
        state = ENGINE.apply(state, seat, move).state
    assert ENGINE.result(state).scores


def test_expert_decides_from_the_view_with_a_small_budget():
    from games.smallcity.bots.expert import Budget, choose_expert
    state = to_phase(setup_done(2, seed=8), "plan")
    seat = min(ENGINE.pending(state))
    legal = ENGINE.legal_moves(state, seat)
    move = choose_expert(ENGINE, ENGINE.view(state, seat), legal, seat, random.Random(1),
                         Budget(candidates=2, worlds=1, horizon=5))
    ENGINE.apply(state, seat, move)


def test_view_shows_every_public_seat_field():
    """Regression: a lint edit once swallowed ``cemeteries`` and ``dead`` from the view (the bots then
    rebuilt states without them)."""
    state = setup_done(2)
    public = {"money", "votes", "pollution", "pollution_start", "generated", "size", "cemeteries", "dead",
              "quarry", "reserve", "discs", "card", "eliminated", "real_estate", "citizen_total", "demolished",
              "demolitions", "town_hall_due"}
    for viewer in (None, 0, 1):
        seats = ENGINE.view(state, viewer)["seats"]
        assert all(public <= set(s) for s in seats)
    from games.smallcity.bots.determinize import sample_state
    rebuilt = sample_state(ENGINE.view(state, 0), 0, random.Random(1))
    assert all(fn(rebuilt) is None for fn in ENGINE.invariants)
