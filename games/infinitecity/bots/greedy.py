"""Greedy level: the best move of this turn by the heuristic, looking no further than the
end of the bot's own turn.

The bot builds one full state from its view (``determinize.sample_state``). For the turn's
action it first scores every tile on every legal cell by the position right after the tile
and its token are down (``placement``), keeps the best few cells of each tile, then plays
each of those out to the end of its turn: the tile's instruction and everything it leads
to, every later choice of the turn made the same way (``settle``: a small search with a cap
on the answers tried at each step). The move whose position ``heuristics.value`` likes best
wins; ties are broken by the bot's RNG, so a seed gives one answer.

When the decision is an instruction's (a target, a place, a player), every answer is played
out the same way. Answers are never searched beyond the bot's turn: what the other players
will do, and the tiles it will draw, play no part (the expert level looks further).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.moves import _apply, advance, current_moves
from ..engine.state import State
from ..engine.tiles import CAPITOL, EMBASSY, KIND_OF, MAUSOLEUM, STADIUM
from .determinize import sample_state
from .heuristics import DEFAULT, Weights, value

# Tiles whose instruction depends on where they go: more cells are played out.
LOCAL = frozenset({EMBASSY, MAUSOLEUM, STADIUM, CAPITOL})


@dataclass(frozen=True)
class Budget:
    cells: int = 3                  # cells kept per tile after the placement scores
    local_cells: int = 6            # … for tiles acting on their neighbours
    caps: tuple = (10, 4, 2, 1)     # answers tried at each later step of the turn
    widen: int = 3                  # a step with more answers: the most relevant cap × widen
                                    # are scored one move deep, the best ``cap`` searched
    answers: int = 40               # an instruction's decision: answers played out (Transit!)


GREEDY = Budget()
FAST = Budget(cells=1, local_cells=2, caps=(4, 1), widen=2, answers=8)  # for playouts


def after(s: State, move: dict) -> State:
    t = s.copy()
    _apply(t, move, [])
    advance(t, [])
    return t


def _mine(t: State, seat: int) -> bool:
    return t.stage == "effects" and t.turn == seat


def _cells_of(move: dict) -> list:
    if move["type"] == "target2":
        return [(move["x1"], move["y1"]), (move["x2"], move["y2"])]
    if "x" in move:
        return [(move["x"], move["y"])]
    return []


def _relevance(t: State, seat: int, move: dict) -> int:
    """How much a move's cells touch tokens (the bot's count double): a cheap pre-sort."""
    score = 0
    cells = t.cells
    for xy in _cells_of(move):
        c = cells.get(xy)
        if c is not None and any(c[2]):
            score += 2 + (2 if c[2][seat] else 0)
        x, y = xy
        for m in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            d = cells.get(m)
            if d is not None and any(d[2]):
                score += 1 + (1 if d[2][seat] else 0)
    if move["type"] in ("pick_token", "pick_player", "all_tokens", "stop"):
        score += 10  # few and always worth a look
    return score


def shortlist(t: State, seat: int, options: list, cap: int, widen: int, rng: random.Random,
              w: Weights) -> list:
    if len(options) <= cap:
        return options
    keyed = [(_relevance(t, seat, o), rng.random(), i) for i, o in enumerate(options)]
    keyed.sort(reverse=True)
    first = [options[i] for _r, _x, i in keyed[:cap * widen]]
    scored = sorted(((value(after(t, o), seat, w), k) for k, o in enumerate(first)), reverse=True)
    return [first[k] for _v, k in scored[:cap]]


def settle(t: State, seat: int, w: Weights, b: Budget, rng: random.Random, depth: int = 0) -> float:
    """The value of ``t`` once the bot has made the rest of its turn's choices as well as
    this small search finds."""
    if not _mine(t, seat):
        return value(t, seat, w)
    cap = b.caps[min(depth, len(b.caps) - 1)]
    options = shortlist(t, seat, current_moves(t), cap, b.widen, rng, w)
    return max(settle(after(t, o), seat, w, b, rng, depth + 1) for o in options)


def placement(s: State, seat: int, tile: str, xy, w: Weights) -> float:
    """The position with the tile and the bot's token down, its instruction not yet done
    (worked out in place and undone: no copy)."""
    memo, s.memo = s.memo, {}
    s.cells[xy] = [tile, True, [1 if i == seat else 0 for i in range(s.nplayers)], 0]
    s.supply[seat] -= 1
    try:
        return value(s, seat, w)
    finally:
        del s.cells[xy]
        s.supply[seat] += 1
        s.memo = memo


def turn_candidates(s: State, seat: int, legal: list, w: Weights, b: Budget) -> list:
    """Hotels and passes, and per tile the cells with the best placement score."""
    out = [m for m in legal if m["type"] != "play"]
    by_tile: dict = {}
    for m in legal:
        if m["type"] == "play":
            by_tile.setdefault(m["tile"], []).append(m)
    for tile, plays in by_tile.items():
        keep = b.local_cells if KIND_OF[tile] in LOCAL else b.cells
        scored = sorted(((placement(s, seat, tile, (m["x"], m["y"]), w), i) for i, m in enumerate(plays)),
                        reverse=True)
        out += [plays[i] for _v, i in scored[:keep]]
    return out


def score_moves(s: State, seat: int, legal: list, w: Weights, b: Budget, rng: random.Random) -> list:
    """[(value, move)] for the moves worth playing out (all of them but the turn's weak cells)."""
    if s.stage == "turn":
        candidates = turn_candidates(s, seat, legal, w, b)
        depth = 0
    else:
        candidates = shortlist(s, seat, legal, b.answers, b.widen, rng, w)
        depth = 1
    return [(settle(after(s, m), seat, w, b, rng, depth), m) for m in candidates]


def pick(scored: list, rng: random.Random) -> dict:
    top = max(v for v, _m in scored)
    best = [m for v, m in scored if v >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


def choose_greedy(engine, view: dict, legal: list, seat: int, rng: random.Random,
                  w: Weights = DEFAULT, b: Budget = GREEDY) -> dict:
    if len(legal) == 1:
        return legal[0]
    s = sample_state(view, rng)
    return pick(score_moves(s, seat, legal, w, b, rng), rng)
