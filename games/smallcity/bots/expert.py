"""Expert level: determinized Monte Carlo over greedy-ranked candidates (a simple version until the
shared search module exists). The game-specific parts are separate functions:
``sample_state`` (determinize.py), ``playout_move`` (the playout policy) and ``evaluate`` (the horizon)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.engine import ENGINE
from ..engine.params import sample_move
from .determinize import sample_state
from .greedy import choose_random, concrete, ranked
from .heuristics import value


@dataclass(frozen=True)
class Budget:
    candidates: int = 3   # best greedy moves searched
    worlds: int = 2       # sampled states per decision
    horizon: int = 30     # playout moves (all seats) before evaluating


DEFAULT = Budget()


def playout_move(state, seat, rng):
    """Fast policy: a random legal move, its parameters sampled, 'done'-type moves less often."""
    legal = ENGINE.legal_moves(state, seat)
    if not legal:
        return None
    active = [m for m in legal if m.get("type") not in ("done", "pass", "skip", "income_done", "undo",
                                                          "reopen", "demolish")]
    pool = active if active and rng.random() < 0.7 else legal
    lm = rng.choice(pool)
    return sample_move(state, seat, lm, rng) if "ranges" in lm else lm


def evaluate(state, seat) -> float:
    return value(state, seat)


def playout(state, seat, rng, horizon) -> float:
    for _ in range(horizon):
        if ENGINE.is_over(state):
            break
        who = sorted(ENGINE.pending(state))
        if not who:
            break
        s = rng.choice(who)
        m = playout_move(state, s, rng)
        if m is None:
            break
        try:
            state = ENGINE.apply(state, s, m).state
        except Exception:
            continue
    return evaluate(state, seat)


def choose_expert(engine, view, legal, seat, rng: random.Random, budget: Budget = DEFAULT) -> dict:
    base = sample_state(view, seat, rng)
    cands = [m for _, m in ranked(base, seat, concrete(base, seat, legal, rng), rng)[: budget.candidates]]
    if len(cands) <= 1:
        return cands[0] if cands else choose_random(engine, view, legal, seat, rng)
    totals = [0.0] * len(cands)
    for w in range(budget.worlds):
        world = base if w == 0 else sample_state(view, seat, rng)
        seed = rng.getrandbits(32)
        for i, m in enumerate(cands):
            try:
                after = ENGINE.apply(world, seat, m).state
            except Exception:
                totals[i] -= 1e9
                continue
            totals[i] += playout(after, seat, random.Random(seed), budget.horizon)
    return cands[max(range(len(cands)), key=lambda i: totals[i])]
