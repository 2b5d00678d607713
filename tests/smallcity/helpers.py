"""Small City test helpers: a game past setup, tiles put straight on a district."""

from __future__ import annotations

from games.smallcity.engine import build as B
from games.smallcity.engine.engine import ENGINE

TH = [0, 1, 10, 11]  # a town hall in the bottom-left corner


def setup_done(players=2, seed=1, **options):
    """A new game with every town hall at TH and the first offered promise kept."""
    state = ENGINE.new_game(options, players, seed).state
    for seat in range(players):
        state = ENGINE.apply(state, seat, {"type": "place_town_hall", "squares": TH}).state
        offer = state.seats[seat]["offer"]
        if offer:
            state = ENGINE.apply(state, seat, {"type": "keep_promise", "card": offer[0]}).state
    return state


def put(state, seat, kind, squares, level=None, side="A", water=(), occupants=()):
    """A tile placed without checks (for setting up a position)."""
    level = level or (len(squares) if kind in ("residential", "commercial", "factory", "park") else 1)
    tile = B.place(state, seat, kind, level, squares, side=side, water=list(water), new=False)
    for i, o in enumerate(occupants):
        tile["slots"][i] = o
    return tile


def to_phase(state, phase, chooser=None):
    """Play first legal moves (parameters: the engine's sample) until ``phase``."""
    import random
    rnd = random.Random(0)
    for _ in range(2000):
        if state.phase == phase:
            return state
        seat = min(ENGINE.pending(state))
        legal = ENGINE.legal_moves(state, seat)
        move = (chooser or _first)(state, seat, legal, rnd)
        state = ENGINE.apply(state, seat, move).state
    raise AssertionError(f"never reached {phase}")


def _first(state, seat, legal, rnd):
    for m in legal:
        if m["type"] in ("done", "pass", "skip", "income_done"):
            return m
    m = legal[0]
    return ENGINE.sample_move(state, seat, m, rnd) if "ranges" in m else m
