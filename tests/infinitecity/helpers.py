"""Positions built by hand for the rule tests, always checked by ``ENGINE.load``.

``build`` takes the city as ``{(x, y): spec}`` where spec is a tile key ("bank": face up,
no token), ``("bank", {seat: n})`` (face up with tokens) or ``("bank", "down")`` (face
down); the hands; the top of the pile (``pile_top``, first = the very top); every other tile
of the box goes under them (or into the hand of seat ``rest_to``, or with ``rest_to="city"`` face down in a row at
y = 1000). Token supplies follow from the tokens on the board unless given.
"""

from __future__ import annotations

from collections import Counter

from games.infinitecity.engine.engine import ENGINE
from games.infinitecity.engine.moves import advance
from games.infinitecity.engine.state import TOKENS, State
from games.infinitecity.engine.tiles import full_set


def build(city: dict, *, players: int = 2, hands=None, pile_top=(), turn: int = 0, supply=None,
          marks: str = "known-only", rest_to: int | str | None = None, stack=None, end=None, stage=None) -> State:
    s = State()
    s.marks = marks
    s.nplayers = players
    s.first = 0
    s.turn = turn
    hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    hands += [[] for _ in range(players - len(hands))]
    s.hands = hands
    s.hand_known = [[{} for _ in range(players)] for _ in range(players)]
    on_board = [0] * players
    for xy, spec in city.items():
        if isinstance(spec, str):
            spec = (spec, {})
        tile, extra = spec
        if extra == "down":
            s.cells[xy] = [tile, False, [0] * players, 0]
        else:
            tokens = [extra.get(p, 0) for p in range(players)]
            s.cells[xy] = [tile, True, tokens, 0]
            for p in range(players):
                on_board[p] += tokens[p]
    s.supply = list(supply) if supply is not None else [TOKENS - n for n in on_board]
    used = Counter([c[0] for c in s.cells.values()]) + Counter(t for h in hands for t in h) + Counter(pile_top)
    for f in stack or []:
        used += Counter(f.get("tiles", []))
    rest = list((Counter(full_set()) - used).elements())
    missing = used - Counter(full_set())
    assert not missing, f"more tiles than the box holds: {dict(missing)}"
    if rest_to == "city":  # the other tiles face down in a row far away
        for i, tile in enumerate(rest):
            s.cells[(i, 1000)] = [tile, False, [0] * players, 0]
        rest = []
    elif rest_to is not None:  # the other tiles in that seat's hand: the pile is only ``pile_top``
        hands[rest_to] += rest
        rest = []
    s.pile = rest + list(reversed(pile_top))
    s.pile_known = [0] * len(s.pile)
    s.stack = list(stack or [])
    s.end = end or {"mode": "none"}
    s.stage = stage or ("effects" if s.stack else "turn")
    return s


def checked(s: State) -> State:
    """The position through dump/load (so every test position is a valid state)."""
    return ENGINE.load(ENGINE.dump(s))


def ready(s: State) -> tuple[State, list]:
    """Take the forced decisions of a built position (as ``apply`` would) and check it."""
    log: list = []
    advance(s, log)
    return checked(s), log


def act(s: State, move: dict, seat: int | None = None) -> tuple[State, list]:
    res = ENGINE.apply(s, s.turn if seat is None else seat, move)
    return res.state, res.log


def keys(log: list) -> list[str]:
    return [e.key.removeprefix("infinitecity.") for e in log]


def entry(log: list, key: str):
    found = [e for e in log if e.key == f"infinitecity.{key}"]
    assert found, f"no {key} line in {keys(log)}"
    return found[0]


def play(tile: str, x: int, y: int) -> dict:
    return {"type": "play", "tile": tile, "x": x, "y": y}


def target(x: int, y: int) -> dict:
    return {"type": "target", "x": x, "y": y}


def place(x: int, y: int) -> dict:
    return {"type": "place", "x": x, "y": y}


def moves(s: State) -> list[dict]:
    return ENGINE.legal_moves(s, s.turn)


def targets(s: State) -> set[tuple[int, int]]:
    return {(m["x"], m["y"]) for m in moves(s) if m["type"] in ("target", "place", "play", "hotel")}


def top(s: State) -> str | None:
    return s.stack[-1]["k"] if s.stack else None
