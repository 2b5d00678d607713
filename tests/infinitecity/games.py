"""Seeded random games for the property tests: every position along the way."""

from __future__ import annotations

import random

from games.infinitecity.engine.engine import ENGINE

LOOKS = frozenset({"library", "temple", "shopping_complex", "mausoleum"})


def positions(players: int, seed: int, *, every: int = 1, prefer_looks: bool = True, options=None):
    """(state, move about to be played) along a random game; with ``prefer_looks`` the seat
    plays a Library, Temple, Shopping Complex or Mausoleum whenever it can, so that there is
    private knowledge to keep."""
    rnd = random.Random(seed)
    state = ENGINE.new_game(options or {}, players, seed).state
    step = 0
    while not ENGINE.is_over(state):
        seat = state.turn
        legal = ENGINE.legal_moves(state, seat)
        looks = [m for m in legal if m["type"] == "play" and m["tile"] in LOOKS] if prefer_looks else []
        move = rnd.choice(looks or legal)
        if step % every == 0:
            yield state, move
        state = ENGINE.apply(state, seat, move).state
        step += 1
    yield state, None
