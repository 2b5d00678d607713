"""Expert level: determinized Monte Carlo (``kit.search``) over greedy-ranked candidates. The game-specific
parts are separate functions: ``sample_state`` (determinize.py), ``playout_move`` (the playout policy),
``evaluate`` (the horizon) and ``play_candidate`` (a candidate on one world).

With ``evaluation="learned"`` the horizon is the model of the final margin fitted to self-play
(``learned.py``, kit.learn) where one is stored for the table's size, and the candidates are ranked by it;
with ``plans`` a Phase-2 candidate is a whole plan: its first step, then the seat's own steps chosen by that
value until the plan is closed, so the search compares finished plans, not first steps."""

from __future__ import annotations

import random
from dataclasses import dataclass

from kit.search import Plan, budget_check, search

from ..engine.engine import ENGINE
from ..engine.params import sample_move
from .determinize import sample_state
from .greedy import choose_random, concrete, ranked
from .heuristics import value
from .learned import learned_value, model


@dataclass(frozen=True)
class Budget:
    candidates: int = 3   # best greedy moves searched
    worlds: int = 2       # sampled states per decision
    horizon: int = 30     # playout moves (all seats) before evaluating
    prior: float = 0.5    # weight of the greedy value of a candidate
    stick: float = 0.5    # bonus of the greedy's own first choice
    policy: str = "random"  # the playout policy: "random" (fast) or "greedy" (the greedy level's own choice)
    relative: bool = False  # the horizon's value less the best other seat's (a race, not a solo score)
    evaluation: str = "heuristic"  # "learned": the stored model of the final margin (else ``heuristics.value``)
    plans: bool = False     # Phase 2: each candidate's plan finished by the greedy (``rank``) before the horizon
    rank: str = "heuristic"  # what ranks the candidates and finishes the plans: "heuristic" (the greedy's
                             # ``value``) or "learned" (the fitted margin: a regression, not a causal model, ranks
                             # moves worse than it judges positions — measured in bench/README)
    plan_steps: int = 8     # at most this many of the seat's own steps to finish a plan


DEFAULT = Budget()  # the hand-written evaluation, random playouts (issue 28): tables without a learned model
# Where a model is stored for the table's size (value_<n>p.json: 1 and 3 seats): five greedy-ranked candidates,
# Phase-2 candidates finished as whole plans, the learned final margin right after them (issue 47: 63 % of 30
# screening games against two greedy bots, 48 % with three candidates; bench/README for the measurement).
LEARNED = Budget(candidates=5, horizon=0, evaluation="learned", plans=True)


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


def learned_playout_move(state, seat, rng):
    """The greedy choice by the learned value (the model where one is stored, else the greedy's own)."""
    legal = ENGINE.legal_moves(state, seat)
    best = ranked(state, seat, concrete(state, seat, legal, rng, samples=1), rng, measure)
    return best[0][1] if best else None


POLICIES = {"random": playout_move, "greedy": greedy_playout_move, "learned": learned_playout_move}


def measure(state, seat) -> float:
    """The learned value (the expected final margin) where a model exists for the table, else the greedy's."""
    v = learned_value(state, seat)
    return value(state, seat) if v is None else v


def evaluate(state, seat, relative=False, learned=False) -> float:
    if learned:
        return measure(state, seat)
    mine = value(state, seat)
    if not relative or state.n == 1:
        return mine
    return mine - max(value(state, s) for s in range(state.n) if s != seat)


def finish_plan(state, seat, rng, steps, by=value) -> object:
    """The seat's own Phase-2 plan played on by the greedy ranking ``by`` (two concrete samples per move with
    parameters) until it is closed, ``steps`` at most."""
    for _ in range(steps):
        if state.phase != "plan" or seat not in ENGINE.pending(state):
            break
        budget_check()
        legal = ENGINE.legal_moves(state, seat)
        best = ranked(state, seat, concrete(state, seat, legal, rng, samples=2), rng, by)
        if not best:
            break
        state = ENGINE.apply(state, seat, best[0][1]).state
    return state


def playout(state, seat, rng, horizon, policy=playout_move, relative=False, learned=False) -> float:
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
    return evaluate(state, seat, relative, learned)


def play_candidate(world, seat, move, rng, horizon, policy=playout_move, relative=False,
                   budget: Budget = DEFAULT) -> float:
    """The candidate on one sampled world (with ``plans``: the seat's plan finished), then the fast policy for
    every seat to the horizon."""
    try:
        after = ENGINE.apply(world, seat, move).state
    except Exception:  # a sampled world where the move does not fit (never the real state)
        return -1e9
    if budget.plans:
        after = finish_plan(after, seat, rng, budget.plan_steps, measure if budget.rank == "learned" else value)
    return playout(after, seat, rng, horizon, policy, relative, budget.evaluation == "learned")


def choose_expert(engine, view, legal, seat, rng: random.Random, budget: Budget | None = None) -> dict:
    """kit.search over the greedy ranking: the game gives ``sample_state``, ``play_candidate`` and the
    candidates; the greedy's own choice gets a small ``stick`` bonus. No budget: ``LEARNED`` where a model is
    stored for the table's size (electoral victory), else ``DEFAULT``."""
    if budget is None:  # the models learned the electoral race (SC90): another victory counts other points
        learned = view["options"].get("victory") == "electoral" and model(view["players_count"]) is not None
        budget = LEARNED if learned else DEFAULT
    base = sample_state(view, seat, rng)
    by = measure if budget.rank == "learned" else value
    ranking = ranked(base, seat, concrete(base, seat, legal, rng), rng, by)[: budget.candidates]
    if not ranking:
        return choose_random(engine, view, legal, seat, rng)
    return search(view=view, seat=seat, rng=rng, candidates=ranking,
                  sample_world=lambda v, r: sample_state(v, seat, r),
                  playout=lambda w, s, m, r: play_candidate(w, s, m, r, budget.horizon, POLICIES[budget.policy],
                                                                budget.relative, budget),
                  worlds=lambda alive: budget.worlds, plan=Plan(prior=budget.prior, stick=budget.stick))
