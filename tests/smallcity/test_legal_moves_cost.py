"""Issue 39.7: Small City's plan-phase legal moves are cheap (the work is bounded, not only timed) and the
platform computes them once per (game, version, seat)."""

from __future__ import annotations

import time

import pytest

from games.smallcity.engine import build as B
from games.smallcity.engine.engine import ENGINE

from .helpers import setup_done, to_phase


def _after_extend(seed: int, seat: int):
    state = to_phase(setup_done(3, seed=seed), "plan")
    state = ENGINE.apply(state, seat, {"type": "extend"}).state
    state.seats[seat]["money"] = 20  # every kind affordable: the most shapes to look for
    return state


@pytest.mark.parametrize("seed", [1, 2])
def test_sc30_legal_moves_after_an_extend_check_few_shapes(seed, monkeypatch):
    """The shapes tried to know whether a kind can be built are bounded: a kind that no square allows
    (SC32/SC33) is dropped before any shape is tried. (It was 5,000+ full checks for one list.)"""
    calls = []
    real = B.check_place
    monkeypatch.setattr(B, "check_place", lambda *a, **k: (calls.append(1), real(*a, **k))[1])
    for seat in range(3):
        calls.clear()
        state = _after_extend(seed, seat)
        moves = ENGINE.legal_moves(state, seat)
        assert {"type": "extend"} not in moves and any(m["type"] == "build" for m in moves)
        assert len(calls) < 200, len(calls)


def test_sc30_legal_moves_after_an_extend_are_fast():
    """Generous bound on the best of three tries of each list (noise cannot fail it): measured 2-20 ms a list
    on a loaded 2-core machine (it was 85-250 ms, 0.6 s under a profiler)."""
    worst = 0.0
    for seed in (1, 2, 3):
        for seat in range(3):
            state = _after_extend(seed, seat)
            tries = []
            for _ in range(3):
                start = time.perf_counter()
                ENGINE.legal_moves(state, seat)
                tries.append(time.perf_counter() - start)
            worst = max(worst, min(tries))
    assert worst < 0.2, worst


def test_sc30_the_build_hints_are_the_same_kinds_as_a_full_search():
    """The bound drops nothing: every (kind, level) a full search of shapes finds is still offered."""
    from games.smallcity.engine import grid as G
    from games.smallcity.engine import moves as M
    from games.smallcity.engine.flow import scratch
    for seed in (1, 2):
        for seat in range(3):
            state = _after_extend(seed, seat)
            t = scratch(state, seat)
            offered = {(m["kind"], m["level"]) for m in ENGINE.legal_moves(state, seat) if m["type"] == "build"}
            occ = G.occupied(t, seat)
            free = {q for q in G.zone_squares(G.side(t, seat)) if q not in occ and q not in B.blocked(t, seat)}
            full = set()
            for kind, level in M._kinds(t, seat):
                for shape in [list(q) for q in G.polyominoes(free, B.size_of(kind, level), 4000)]:
                    if not G.shape_ok(kind, shape):
                        continue
                    move = M.fill(t, seat, kind, level, shape, free)
                    try:
                        B.check_place(t, seat, kind, level, move["squares"], side="A", water=move.get("water", []),
                                      warehouse=move.get("warehouse"))
                    except Exception:
                        continue
                    full.add((kind, level))
                    break
            affordable = {(k, lv) for k, lv in full if t.seats[seat]["money"] >= B.money_cost(t, seat, k, lv)}
            cultural_ok = {(k, lv) for k, lv in affordable if k not in ("school", "library", "museum", "metro",
                                                                         "clinic", "university")}
            assert cultural_ok <= offered
