"""Expert level: determinized Monte Carlo (``kit.search``) over greedy-ranked candidates. The game-specific
parts are separate functions: ``sample_state`` (determinize.py), ``playout_move`` (the playout policy),
``evaluate`` (the horizon) and ``play_candidate`` (a candidate on one world)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from kit.search import Plan, budget_check, search

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
    prior: float = 0.5    # weight of the greedy value of a candidate
    stick: float = 0.5    # bonus of the greedy's own first choice
    policy: str = "random"  # the playout policy: "random" (fast) or "greedy" (the greedy level's own choice)
    relative: bool = False  # the horizon's value less the best other seat's (a race, not a solo score)


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


def greedy_playout_move(state, seat, rng):
    """The greedy level's choice on the world itself (the opponent model of a greedy table), one concrete
    sample per move with parameters."""
    legal = ENGINE.legal_moves(state, seat)
    best = ranked(state, seat, concrete(state, seat, legal, rng, samples=1), rng)
    return best[0][1] if best else None


POLICIES = {"random": playout_move, "greedy": greedy_playout_move}


def evaluate(state, seat, relative=False) -> float:
    mine = value(state, seat)
    if not relative or state.n == 1:
        return mine
    return mine - max(value(state, s) for s in range(state.n) if s != seat)


def playout(state, seat, rng, horizon, policy=playout_move, relative=False) -> float:
    for _ in range(horizon):
        budget_check()  # a step's legal moves may cost a good part of a second: the decision's budget holds
        if ENGINE.is_over(state):
            break
        who = sorted(ENGINE.pending(state))
        if not who:
            break
        s = rng.choice(who)
        m = policy(state, s, rng)
        if m is None:
            break
        try:
            state = ENGINE.apply(state, s, m).state
        except Exception:
            continue
    return evaluate(state, seat, relative)


def play_candidate(world, seat, move, rng, horizon, policy=playout_move, relative=False) -> float:
    """The candidate on one sampled world, then the fast policy for every seat to the horizon."""
    try:
        after = ENGINE.apply(world, seat, move).state
    except Exception:  # a sampled world where the move does not fit (never the real state)
        return -1e9
    return playout(after, seat, rng, horizon, policy, relative)


def choose_expert(engine, view, legal, seat, rng: random.Random, budget: Budget = DEFAULT) -> dict:
    """kit.search over the greedy ranking: the game gives ``sample_state``, ``play_candidate`` and the
    candidates; the greedy's own choice gets a small ``stick`` bonus."""
    base = sample_state(view, seat, rng)
    ranking = ranked(base, seat, concrete(base, seat, legal, rng), rng)[: budget.candidates]
    if not ranking:
        return choose_random(engine, view, legal, seat, rng)
    return search(view=view, seat=seat, rng=rng, candidates=ranking,
                  sample_world=lambda v, r: sample_state(v, seat, r),
                  playout=lambda w, s, m, r: play_candidate(w, s, m, r, budget.horizon, POLICIES[budget.policy],
                                                                budget.relative),
                  worlds=lambda alive: budget.worlds, plan=Plan(prior=budget.prior, stick=budget.stick))
