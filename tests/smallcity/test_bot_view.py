"""The bots' sampled state (determinize.sample_state) replays the seat's own plan as the engine does (G4):
the tiles the plan made keep their ids, so a later step of the plan that names one (a demolition, an
expansion) still applies, even when tiles gone earlier left gaps in the ids the view shows."""

from __future__ import annotations

import random

from games.smallcity.bots.determinize import sample_state
from games.smallcity.engine.engine import ENGINE
from games.smallcity.engine.flow import scratch
from tests.smallcity.helpers import setup_done, to_phase


def test_G4_a_sampled_state_gives_the_plans_new_tiles_their_ids():
    state = to_phase(setup_done(players=2, seed=5), "plan")
    seat = min(ENGINE.pending(state))
    state.next_id += 7  # tiles made and gone before (an expansion's old tile, a demolition): ids the view lacks
    legal = next(m for m in ENGINE.legal_moves(state, seat) if m["type"] == "build" and m["kind"] == "park")
    state = ENGINE.apply(state, seat, ENGINE.sample_move(state, seat, legal, random.Random(1))).state
    view = ENGINE.view(state, seat)
    made = {t["id"] for t in view["planned"]["tiles"]} - {t["id"] for t in view["tiles"]}
    assert len(made) == 1
    sample = sample_state(view, seat, random.Random(2))
    assert {t["id"] for t in scratch(sample, seat).tiles.values() if t["d"] == seat} == \
        {t["id"] for t in view["planned"]["tiles"]}


def test_the_experts_measured_playout_options_answer_a_move_the_engine_accepts():
    """The expert's Budget variants measured in bench/README (greedy playouts, a relative horizon) decide from
    the seat's view in the construction phase, where moves carry parameters (SC30-SC33)."""
    import dataclasses

    from games.smallcity.bots.expert import DEFAULT, choose_expert

    state = to_phase(setup_done(players=3, seed=8), "plan")
    seat = min(ENGINE.pending(state))
    for budget in (DEFAULT, dataclasses.replace(DEFAULT, policy="greedy", horizon=8),
                   dataclasses.replace(DEFAULT, relative=True)):
        move = choose_expert(ENGINE, ENGINE.view(state, seat), ENGINE.legal_moves(state, seat), seat,
                             random.Random(3), budget)
        ENGINE.apply(state, seat, move)  # raises IllegalMove if the engine refuses it


def test_the_experts_playout_stops_at_the_decisions_budget_inside_a_playout(monkeypatch):
    """Issue 39.3: a Small City playout costs up to seconds (each step's legal moves), so it polls the
    decision's budget between its steps. A fake clock runs out after the search started its first playout:
    not one playout step is taken, and the answer is the greedy's first candidate."""
    from games.smallcity.bots import expert
    from games.smallcity.bots.greedy import concrete, ranked
    from kit.search import Budget, thinking

    state = to_phase(setup_done(players=3, seed=8), "plan")
    seat = min(ENGINE.pending(state))
    view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
    steps = []
    policy = expert.playout_move
    monkeypatch.setitem(expert.POLICIES, "random", lambda *a: steps.append(1) or policy(*a))
    ticks = iter([0.0, 0.0, 0.0])  # the start, the first world's check, the first playout's check

    with thinking(Budget(seconds=1.0, clock=lambda: next(ticks, 100.0))) as spending:
        move = expert.choose_expert(ENGINE, view, legal, seat, random.Random(3))
    rng = random.Random(3)
    base = sample_state(view, seat, rng)
    first = ranked(base, seat, concrete(base, seat, legal, rng), rng)[0][1]
    assert spending.hit and steps == [] and move == first
