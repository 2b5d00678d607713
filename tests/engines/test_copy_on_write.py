"""Copy on write that cannot go wrong (issue 40): ``RulesEngine.apply`` works on a deep copy unless the game
names a faster ``copy_state``, and the every-engine test and ``selfplay --checks all`` check after every
accepted move that ``dump`` of the state given is unchanged — so a copy that shares too much fails a test
(the reviewer's sabotage: a dict-state game whose apply mutates its input through a shallow copy)."""

import json

import pytest

from kit import selfplay
from tests.engines.fixtures.shallow_copy import DeepByDefaultPile, ShallowCopyPile
from tests.engines.test_every_engine import play_random


def test_rules_engine_copies_a_dict_state_deeply_by_default():
    """Before, ``RulesEngine.apply`` copied with ``state.copy()``: a dict's nested list was shared and every
    move changed the old state too."""
    engine = DeepByDefaultPile()
    state = engine.new_game({}, 2, 1).state
    after = engine.apply(state, 0, {"type": "put", "n": 2}).state
    assert state["pile"] == [] and after["pile"] == [2]


def test_the_every_engine_check_fails_a_game_whose_apply_changes_its_input():
    with pytest.raises(selfplay.ApplyChangedItsInput, match="pile: applying .* changed the state it was given"):
        play_random(ShallowCopyPile(), {}, 2, seed=1)
    state, log = play_random(DeepByDefaultPile(), {}, 2, seed=1)  # the same game with the deep copy passes
    assert len(log) == 6


def test_selfplay_checks_all_fails_a_game_whose_apply_changes_its_input():
    with pytest.raises(selfplay.ApplyChangedItsInput):
        selfplay.run(ShallowCopyPile(), {}, 2, games=1, seed=1, checks="all")
    summary = selfplay.run(DeepByDefaultPile(), {}, 2, games=3, seed=1, checks="all")
    assert summary["checks_passed"]["apply_leaves_input"] == summary["moves"] == 18


def test_a_fast_copy_that_copies_what_moves_change_passes():
    class FastPile(DeepByDefaultPile):
        @staticmethod
        def copy_state(state):
            return {**state, "pile": list(state["pile"])}

    engine = FastPile()
    state = engine.new_game({}, 2, 1).state
    before = json.dumps(engine.dump(state))
    selfplay.apply_leaving_input(engine, state, 0, {"type": "put", "n": 1})
    assert json.dumps(engine.dump(state)) == before
