"""Greedy level: one ply, every legal move scored by the heuristic.

The bot builds one full state from its view (``determinize.sample_state``; the
hidden parts it fills in play no part in a one-move look-ahead), applies each legal
move to a copy *without* running the automatic phases that follow (so no hidden
card is ever drawn into the score), and keeps the move whose position has the best
``heuristics.relative`` value. The Voice odds come from the view only. Ties are
broken with the bot's RNG, so a seed gives one answer.

Founding moves that differ only in the castle giving the citizen are scored once,
with the castle that has the most citizens in it.
"""

from __future__ import annotations

import random

from ..engine.cities import castle_citizens
from ..engine.moves import apply_decision
from ..engine.state import State
from .determinize import sample_state
from .heuristics import DEFAULT, Knowledge, Weights, evaluate, knowledge_from_view, relative

PEEK_VALUE = {2: 0.25, 3: 0.35}  # what knowing the Voice earlier is worth (no state shows it)


def prune_found(s: State, legal: list[dict]) -> list[dict]:
    """One founding move per hex: the source castle with the most citizens."""
    best: dict[int, dict] = {}
    out = []
    for m in legal:
        if m["type"] != "found":
            out.append(m)
            continue
        cur = best.get(m["cell"])
        if cur is None or castle_citizens(s, m["from"]) > castle_citizens(s, cur["from"]):
            best[m["cell"]] = m
    out.extend(best[c] for c in sorted(best))
    return out


def move_score(s: State, seat: int, move: dict, know: Knowledge, w: Weights = DEFAULT) -> float:
    t = s.copy()
    apply_decision(t, seat, move, [])
    score = relative(evaluate(t, know, w), seat, w)
    look = move.get("look")
    if look is not None and s.voice and not s.voice_revealed:
        score += PEEK_VALUE.get(len(look), 0.0)
    return score


def score_moves(s: State, seat: int, legal: list[dict], know: Knowledge,
                w: Weights = DEFAULT) -> list[tuple[float, dict]]:
    return [(move_score(s, seat, m, know, w), m) for m in prune_found(s, legal)]


def pick(scored: list[tuple[float, dict]], rng: random.Random) -> dict:
    top = max(sc for sc, _m in scored)
    best = [m for sc, m in scored if sc >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


def choose_greedy(engine, view: dict, legal: list[dict], seat: int, rng: random.Random,
                  w: Weights = DEFAULT) -> dict:
    if len(legal) == 1:
        return legal[0]
    s = sample_state(view, rng)
    return pick(score_moves(s, seat, legal, knowledge_from_view(view), w), rng)
