"""Positions built by hand for Cité's rules tests (pure: no database)."""

from __future__ import annotations

from games.cite.engine import moves
from games.cite.engine.components import RESOURCES
from games.cite.engine.engine import ENGINE


def new(players: int = 4, seed: int = 1, **options):
    return ENGINE.new_game(options, players, seed).state


def seat_in(state, quarter: int) -> int:
    return next(i for i, s in enumerate(state.seats) if s["quarter"] == quarter)


def put(state, seat: int, kind: str, cells) -> str:
    """A building placed as if in round 1 (free), without the placement rules."""
    return moves._put(state, seat, kind, [tuple(c) for c in cells], 0)


def window(players: int = 4, seed: int = 1, round_: int = 2):
    """A game in round ``round_``'s window, nobody built yet, everyone without resources."""
    s = new(players, seed)
    s.stage = "window"
    s.round = round_
    return s


def give(state, seat: int, **res) -> None:
    """Resources as if produced (the flow keeps the conservation invariant true)."""
    for k, n in res.items():
        state.seats[seat]["res"][k] += n
        state.flow["produced"][k] += n


def res_of(state, seat: int) -> dict:
    return {k: n for k, n in state.seats[seat]["res"].items() if n}


def one_of_each() -> dict:
    return {k: 1 for k in RESOURCES}


def apply(state, seat, move):
    return ENGINE.apply(state, seat, move)


def all_done_but(state, *seats):
    for i, s in enumerate(state.seats):
        s["done"] = i not in seats
