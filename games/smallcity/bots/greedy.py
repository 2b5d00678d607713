"""Greedy level: every legal move (a move with parameters: a few concrete samples of it) applied to a
state sampled from the view, the best position by ``heuristics.value`` wins (ties: the bot's RNG)."""

from __future__ import annotations

import random

from ..engine.engine import ENGINE
from ..engine.params import sample_move
from .determinize import sample_state
from .heuristics import value

SAMPLES = 3  # concrete moves tried per move with parameters


def concrete(state, seat, legal, rng, samples=SAMPLES) -> list[dict]:
    out = []
    for lm in legal:
        if "ranges" in lm:
            seen = set()
            for _ in range(samples):
                m = sample_move(state, seat, lm, rng)
                k = repr(sorted(m.items()))
                if k not in seen:
                    seen.add(k)
                    out.append(m)
        else:
            out.append(lm)
    return out


NEVER = ("undo", "reopen")  # taking back a step is never better one ply deep (and would loop)
CLOSING = ("done", "income_done", "pass", "skip")


def ranked(state, seat, moves, rng, measure=value) -> list[tuple[float, dict]]:
    """The moves by the value of the position each leads to (``measure``: the hand-written ``value``, or the
    expert's learned one)."""
    scored = []
    for m in moves:
        if m.get("type") in NEVER:
            continue
        try:
            after = ENGINE.apply(state, seat, m).state
        except Exception:
            continue
        # a step must beat closing the phase by a margin, so equal positions never loop
        bonus = 0.05 if m.get("type") in CLOSING else 0.0
        scored.append((measure(after, seat) + bonus + rng.random() * 1e-6, m))
    scored.sort(key=lambda x: -x[0])
    return scored


def choose_greedy(engine, view, legal, seat, rng: random.Random) -> dict:
    state = sample_state(view, seat, rng)
    moves = concrete(state, seat, legal, rng)
    best = ranked(state, seat, moves, rng)
    return best[0][1] if best else choose_random(engine, view, legal, seat, rng)


def choose_random(engine, view, legal, seat, rng: random.Random, tries: int = 20) -> dict:
    """The random level: one legal move, its parameters sampled until the engine accepts them (on a state
    sampled from the view)."""
    state = None
    for _ in range(tries):
        lm = rng.choice(legal)
        if "ranges" not in lm:
            return lm
        state = state or sample_state(view, seat, rng)
        move = sample_move(state, seat, lm, rng)
        try:
            ENGINE.apply(state, seat, move)
            return move
        except Exception:
            continue
    return next((m for m in legal if "ranges" not in m), move)
