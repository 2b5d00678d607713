"""One hidden-information answer per game (issue 40, ``kit/hidden.py``): undo, the rollback and the leak tests
ask the engine's ``scramble_unknown`` through ``kit.hidden.resample``, for one seat, a spectator or
``EVERYONE`` (a moderator's rollback: only what no seat has seen is drawn afresh, the RNG's future included)."""

import json
import random

import pytest

from kit import base, contract, hidden, params
from play import registry
from tests.games.patience.engine import ENGINE as PATIENCE
from tests.games.race.engine import RaceEngine


def hiding_engines():
    return sorted((e for e in registry.available() if contract.hides_information(e)), key=lambda e: e.slug)


@pytest.mark.parametrize("engine", hiding_engines(), ids=lambda e: e.slug)
def test_a_position_nobody_can_tell_from_the_real_one_keeps_every_view(engine):
    """For every registered game with hidden information, the rollback's position (``EVERYONE``) keeps every
    seat's and a spectator's view, over a random game."""
    players = max(engine.min_players, min(3, engine.max_players))
    options = engine.validate_options({}, players)
    state = engine.new_game(options, players, 11).state
    rnd = random.Random(11)
    for n in range(60):
        if engine.is_over(state):
            break
        other = hidden.resample(engine, state, hidden.EVERYONE, 500 + n)
        for viewer in [None, *range(players)]:
            assert engine.view(other, viewer) == engine.view(state, viewer), (engine.slug, n, viewer)
        seat = rnd.choice(sorted(engine.pending(state)))
        move = params.concrete(engine, state, seat, rnd.choice(engine.legal_moves(state, seat)), rnd)
        state = engine.apply(state, seat, move).state


def test_race_answers_undo_and_rollback_from_its_one_scramble():
    """Race has no ``redraw_hidden`` any more: the rollback asks its ``scramble_unknown`` for EVERYONE (its secret
    cards are all seen by their seats: nothing changes), undo for one seat (the others' cards change)."""
    engine = RaceEngine()
    assert not hasattr(engine, "redraw_hidden")
    state = engine.new_game({"target": "10"}, 3, 4).state
    assert base.redraw_hidden(engine, state, 9) == state
    other = hidden.resample(engine, state, 0, 9)
    assert other["secret"][0] == state["secret"][0] and other["secret"][1:] != state["secret"][1:]


def test_patience_rollback_draws_the_deck_afresh():
    """Patience had no ``redraw_hidden``: a rollback kept the deck's order, so the undone draws told the player
    the cards to come. Its one answer for EVERYONE reshuffles the cards left, the view unchanged."""
    state = PATIENCE.new_game({"target": "21", "jokers": "no"}, 1, 3).state
    state = PATIENCE.apply(state, 0, {"type": "draw"}).state
    after = base.redraw_hidden(PATIENCE, state, 77)
    assert PATIENCE.view(after, 0) == PATIENCE.view(state, 0)
    assert sorted(after["deck"]) == sorted(state["deck"]) and after["deck"] != state["deck"]
    assert json.dumps(PATIENCE.dump(state)) != json.dumps(PATIENCE.dump(after))
