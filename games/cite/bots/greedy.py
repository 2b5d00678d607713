"""The greedy level: never makes offers; answers each offer made to it by its valuation (accept when
the trade raises what its resources are worth to it, decline otherwise); makes a kind it lacks with
its transformers or Flea market; builds the building worth most now (``common.building_worth``) while
it can pay; keeps its Bank full; then says done. Round 1: Béa's example layout from the book (large
shop, small shop, Comptoir, Bank), each on the place worth most."""

from __future__ import annotations

from ..engine.components import SQUARES
from .common import building_worth, holdings_value, scheduled, state_from_view, trade_gain, variety_moves

LAYOUT = ("large_shop", "small_shop", "comptoir", "bank", "small_shop", "small_shop")


def answer_offer(state, seat: int, legal: list[dict], threshold: float = 0.0) -> dict | None:
    """Accept the best offer made to ``seat`` that raises its holdings' worth above ``threshold``;
    decline the others; None when no offer waits."""
    res = state.seats[seat]["res"]
    offers = {o["id"]: o for o in state.offers if seat in o["to"]}
    best, best_gain = None, threshold
    for m in legal:
        if m["type"] == "accept":
            o = offers[m["offer"]]
            gain = trade_gain(res, o["give"], o["get"], scheduled(o, "later_give"), scheduled(o, "later_get"))
            if gain > best_gain:
                best, best_gain = m, gain
    if best is not None:
        return best
    for m in legal:
        if m["type"] == "decline":
            return m
    return None


def layout_move(state, seat, legal, rng, order=LAYOUT):
    """Round 1: the next building of ``order`` that fits, on its best place; then done."""
    by_kind = {m["kind"]: m for m in legal if m["type"] == "place"}
    for kind in order:
        m = by_kind.get(kind)
        if m is not None:
            return best_place(state, seat, m, rng)
    return {"type": "done"}


def best_place(state, seat, move, rng) -> dict:
    places = move["ranges"]["cells"]["of"]
    kind = move["kind"]
    scored = [(building_worth(state, seat, kind, cells), rng.random(), i) for i, cells in enumerate(places)]
    _w, _r, i = max(scored)
    out = {k: v for k, v in move.items() if k != "ranges"}
    out["cells"] = places[i]
    return out


def best_build(state, seat, legal, rng, min_worth: float = 0.0):
    """The affordable building worth most per resource it costs now, with its best place."""
    best, best_score = None, min_worth
    for m in legal:
        if m["type"] != "build":
            continue
        places = m["ranges"]["cells"]["of"]
        sample = places if len(places) <= 12 else rng.sample(places, 12)
        spent = sum(sum(c.values()) for c in m["pay"])
        for cells in sample:
            worth = building_worth(state, seat, m["kind"], cells)
            score = worth / (1 + spent) * SQUARES[m["kind"]] ** 0.25
            if score > best_score:
                best_score = score
                best = {"type": "build", "kind": m["kind"], "cells": cells, "cost": m["cost"], "pay": m["pay"]}
    return best


def bank_move(state, seat, legal):
    """Fill the Bank with the kinds held most (its copies come at every Production, G8)."""
    for m in legal:
        if m["type"] == "bank":
            s = state.seats[seat]
            pool = dict(m["ranges"]["deposit"]["of"])
            cap = m["ranges"]["deposit"]["max_total"]
            if sum(s["bank"].values()) >= cap:
                return None
            deposit = {}
            room = cap
            for k in sorted(pool, key=lambda k: -(s["res"][k] + s["bank"][k])):
                take = min(room, pool[k], max(0, s["res"][k] + s["bank"][k] - 2))
                if take:
                    deposit[k] = take
                    room -= take
                if not room:
                    break
            current = {k: n for k, n in s["bank"].items() if n}
            if deposit and deposit != current and sum(deposit.values()) > sum(current.values()):
                return {"type": "bank", "deposit": deposit}
    return None


def choose_greedy(engine, view, legal, seat, rng):
    state = state_from_view(view)
    if state.stage == "layout":
        return layout_move(state, seat, legal, rng)
    answer = answer_offer(state, seat, legal)
    if answer is not None:
        return answer
    if all(m["type"] in ("accept", "decline", "cancel", "counter") for m in legal):
        # done already: nothing to answer is left but our own offers (greedy makes none)
        cancels = [m for m in legal if m["type"] == "cancel"]
        return cancels[0] if cancels else legal[0]
    convert = variety_moves(state, seat, legal)
    if convert is not None:
        return convert
    build = best_build(state, seat, legal, rng)
    if build is not None:
        return build
    bank = bank_move(state, seat, legal)
    if bank is not None:
        return bank
    return {"type": "done"}


__all__ = ["choose_greedy", "answer_offer", "best_build", "bank_move", "layout_move", "holdings_value"]
