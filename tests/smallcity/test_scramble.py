"""``scramble_unknown`` (undo's rule, ``kit.reveal``; the whole-game hidden-information tests): everything a
viewer may not know is drawn afresh — deck orders, the other seats' Promises and Special Promises (SC12,
SC101), the solo face-down cards (SC111), the other seats' plans behind the screens (G4) — and that viewer's
view stays byte for byte the same; a move that shows its mover something is never undoable."""

from __future__ import annotations

import json
import random

import pytest

from games.smallcity.engine.engine import ENGINE
from kit import params, reveal


def random_states(players, seed, **options):
    options = ENGINE.validate_options(options, players)
    state = ENGINE.new_game(options, players, seed).state
    rng = random.Random(seed)
    while not ENGINE.is_over(state):
        yield state
        seat = rng.choice(sorted(ENGINE.pending(state)))
        state = ENGINE.apply(state, seat, params.concrete(ENGINE, state, seat,
                                                        rng.choice(ENGINE.legal_moves(state, seat)), rng)).state
    yield state


def dumped(view):
    return json.dumps(view, sort_keys=True)


@pytest.mark.parametrize("players,options", [(3, {"council": "expert"}), (1, {"difficulty": "senator"}),
                                             (2, {})])
def test_SC12_SC101_G4_scramble_changes_only_what_the_viewer_cannot_know(players, options):
    changed = {"promise": 0, "plan": 0, "deck": 0}
    for k, state in enumerate(random_states(players, 11, **options)):
        if k % 3:
            continue
        for viewer in [*range(players), None]:
            other = ENGINE.scramble_unknown(state, viewer, k)
            assert dumped(ENGINE.view(other, viewer)) == dumped(ENGINE.view(state, viewer))
            ENGINE.load(ENGINE.dump(other))  # still a position the engine accepts
            if any(a["promise"] != b["promise"] for a, b in zip(state.seats, other.seats)):
                changed["promise"] += 1
            if state.phase == "plan" and state.step["plans"] != other.step["plans"]:
                changed["plan"] += 1
            if state.decks != other.decks or state.hidden_cards != other.hidden_cards:
                changed["deck"] += 1
    assert changed["deck"] > 0
    if players > 1:
        assert changed["promise"] > 0 and changed["plan"] > 0


def test_G4_the_last_plan_in_shows_the_others_and_is_never_undoable():
    state = next(s for s in random_states(3, 5) if s.phase == "plan")
    rng = random.Random(1)
    while state.phase == "plan":
        seat = min(ENGINE.pending(state))
        before = state
        applied = ENGINE.apply(state, seat, {"type": "done"})
        last = applied.state.phase != "plan"
        shown = reveal.reveals_to_mover(ENGINE, before, seat, {"type": "done"}, applied, seed=rng.randrange(99))
        assert shown == last  # the earlier plans showed nothing: undoable; the last one revealed every plan
        state = applied.state
