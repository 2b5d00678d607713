"""The expert level: the greedy level's answers, plus a plan for the round and offers toward it.

Each window it: answers offers made to it (accepting only what raises its own worth more than it
raises the author's, by the same valuation); offers the resources it holds most for the kinds its
plan lacks, to the seat that holds them and would gain from the swap (a small contract from its next
production as a sweetener when the swap alone would not tempt them; the engine pays contracts at
Production, so they are honoured); makes missing kinds with its transformers; buys the squares of
its whole program for the round in one payment (one wide collection funds several buildings, CT24)
and builds it; in the last round it turns everything it can into squares.

Each build (or program buy) its plan picks is weighed by the shared search (``kit.search``) against the
other buildings it could build now (``searched``): the game's parts are ``sample_world`` (the state
consistent with the view: exact, Cité hides nothing), ``playout_policy`` (a fast move for any seat) and
``evaluate`` (a seat's worth in squares), joined in ``playout_value``. The work is fixed by counts (one
world, at most five candidates, a playout to the next Production), never by a clock."""

from __future__ import annotations

from kit.search import Plan, search

from ..engine.components import LAST_ROUND, SQUARES
from ..engine.costs import cheapest_payment, max_squares
from ..engine.limits import MAX_OPEN_OFFERS
from ..engine.powers import production
from ..engine.scoring import breakdown
from .common import RESOURCE_WORTH, building_worth, holdings_value, rounds_left, scheduled, state_from_view, trade_gain
from .common import variety_moves as _variety
from .greedy import answer_offer, bank_move, best_build, layout_move

OFFERS_PER_ROUND = 4  # never more (no loop on offers): at most this many of its own each round
OPEN_AT_ONCE = 2  # its offers open at once (to different seats); each stays open until answered or the round ends
LAYOUT = ("large_shop", "small_shop", "comptoir", "bank", "small_shop", "small_shop")


# ------------------------------------------------------------------ the search module's parts
def sample_state(view: dict):
    """A full state consistent with the view (Cité has no hidden information: the state itself)."""
    return state_from_view(view)


def evaluate(state, seat: int) -> float:
    """A seat's worth in squares: its score now, plus its resources' buying power beyond the 10:1 of
    the score, plus its production over the Productions still to come."""
    b = breakdown(state, seat)
    res = state.seats[seat]["res"]
    left = rounds_left(state)
    per_round = sum(production(state, seat).values()) * RESOURCE_WORTH
    buying = max_squares(res) if left or state.stage != "over" else 0
    return b["score"] + 0.8 * max(0, buying - b["from_resources"]) + per_round * left


def playout_policy(engine, state, seat: int, rng) -> dict:
    """A fast move for ``seat`` (any seat: playouts use it for everyone): the greedy level's layout,
    its best build, then done; no offers."""
    legal = engine.legal_moves(state, seat)
    if state.stage == "layout":
        return layout_move(state, seat, legal, rng)
    if state.seats[seat]["done"]:
        return next(m for m in legal if m["type"] in ("decline", "cancel"))
    build = best_build(state, seat, legal, rng)
    return build if build is not None else {"type": "done"}


def playout(engine, state, rng, max_moves: int = 2000):
    """The game played to its end by ``playout_policy`` for every seat; the final state."""
    moves = 0
    while not engine.is_over(state) and moves < max_moves:
        seat = min(engine.pending(state) | engine.may_act(state))
        state = engine.apply(state, seat, playout_policy(engine, state, seat, rng)).state
        moves += 1
    return state


def sample_world(view: dict, rng):
    """``kit.search``'s ``sample_world(view, rng)``: the one state the view shows (nothing is hidden)."""
    return sample_state(view)


def playout_value(world, seat: int, move: dict, rng, horizon: int | None = None) -> float:
    """``kit.search``'s ``playout(world, seat, move, rng) -> value``: the move, then ``playout_policy``
    for every seat to the game's end (or ``horizon`` rounds on), then ``evaluate`` for ``seat``. ``choose_expert``
    plays to the next Production (to the end only in the last round: a whole game takes ~0.1-0.3 s)."""
    from ..engine.engine import ENGINE
    state = ENGINE.apply(world, seat, move).state
    stop = None if horizon is None else state.round + horizon
    moves = 0
    while not ENGINE.is_over(state) and (stop is None or state.round < stop) and moves < 2000:
        actor = min(ENGINE.pending(state) | ENGINE.may_act(state))
        state = ENGINE.apply(state, actor, playout_policy(ENGINE, state, actor, rng)).state
        moves += 1
    return evaluate(state, seat)


# ------------------------------------------------------------------ offers toward the plan
def plan_lacks(state, seat: int) -> dict:
    """What the seat's next wide collection lacks: the kinds it holds none of, wanted one each (the
    cost table rewards variety: 11 distinct kinds buy 8 squares)."""
    res = state.seats[seat]["res"]
    target = min(8, max(1, sum(1 for n in res.values() if n > 0) - 2))
    plan = cheapest_payment(res, target + 1)
    return plan["lacks"]


SWAP_SIZES = (1, 2, 3, 4, 6)  # units it may ask for
PRICES = (1, 2, 3)  # units it may give per unit asked: a resource is priced by its worth to each side
FAIR = 0.5  # how much of the other side's gain counts beside its own: a fair trade, one both want


def offer_toward_plan(state, seat: int, legal: list[dict]) -> dict | None:
    """A trade of what it holds most for what it holds least (of what another seat holds), priced by what
    each unit is worth to it and to the other side (the shared valuation, ``trade_gain``, for each): of the
    sizes and prices that raise both sides' worth, the one best for it with the other's gain counted too
    (``FAIR``: a trade the other wants, not one it must refuse); a one-unit promise from its next production
    may sweeten it. At most ``OPEN_AT_ONCE`` open, to different seats; they stay open until answered or the
    round ends."""
    offer = next((m for m in legal if m["type"] == "offer"), None)
    s = state.seats[seat]
    if offer is None or s["offers_made"] >= OFFERS_PER_ROUND:
        return None
    mine_open = [o for o in state.offers if o["from"] == seat]
    if len(mine_open) >= min(MAX_OPEN_OFFERS, OPEN_AT_ONCE):
        return None
    asked = {r for o in mine_open for r in o["to"]}  # one open offer per seat: it waits for that one's answer
    res = s["res"]
    lacks = plan_lacks(state, seat)
    spare = sorted((k for k, n in res.items() if n >= 3), key=lambda k: -res[k])[:3]
    if not spare:
        return None
    sweetener = honourable_promise(state, seat)
    best = None
    for other in range(state.players):
        if other == seat or other in asked:
            continue
        theirs = state.seats[other]["res"]
        wants = sorted((k for k, n in theirs.items() if n >= 1 and res[k] < 3), key=lambda k: (k not in lacks, res[k]))
        for want in wants[:4]:
            for give_kind in spare:
                if give_kind == want:
                    continue
                for n in SWAP_SIZES:
                    if theirs[want] < n:
                        break
                    for price in PRICES:
                        g = n * price
                        if res[give_kind] - g < 1:
                            break
                        give, get, later = {give_kind: g}, {want: n}, {}
                        mine = trade_gain(res, get, give, {}, {})
                        their = trade_gain(theirs, give, get, {}, {})
                        if their <= 0 and state.round < LAST_ROUND and sweetener:
                            later = sweetener  # from its next production: a promise it can keep (G12)
                            their = trade_gain(theirs, give, get, later, {})
                        if mine <= 0 or their <= 0:
                            continue
                        score = mine + FAIR * min(their, mine)
                        if best is None or score > best[0]:
                            best = (score, other, give, get, later)
    if best is None:
        return None
    _score, other, give, get, later = best
    move = {"type": "offer", "to": [other], "give": give, "get": get}
    if "later_give" in offer["ranges"]:
        move["later_give"] = later
        move["later_get"] = {}
        move["later_rounds"] = [state.round + 1] if later else []  # its next production pays it
    return move


def honourable_promise(state, seat: int) -> dict:
    """One unit of what it produces most, if anything: the engine takes contracts at Production,
    right after the seat's own production, so this promise is always kept, whatever it spends before."""
    made = production(state, seat)
    owed = {}
    nxt = state.round + 1
    for c in state.contracts:  # what it already owes at that Production comes first
        if nxt in c["rounds"] and str(nxt) not in c["payments"]:
            side = "a_pays" if c["a"] == seat else "b_pays" if c["b"] == seat else None
            for k, n in (c[side] if side else {}).items():
                owed[k] = owed.get(k, 0) + n
    free = {k: n - owed.get(k, 0) for k, n in made.items() if n - owed.get(k, 0) >= 1}
    if not free:
        return {}
    return {max(sorted(free), key=lambda k: free[k]): 1}


def answer(state, seat: int, legal: list[dict]) -> dict | None:
    """Accept an offer that helps it more than it helps its author (by the shared valuation)."""
    offers = {o["id"]: o for o in state.offers if seat in o["to"]}
    res = state.seats[seat]["res"]
    for m in legal:
        if m["type"] == "accept":
            o = offers[m["offer"]]
            mine = trade_gain(res, o["give"], o["get"], scheduled(o, "later_give"), scheduled(o, "later_get"))
            theirs = trade_gain(state.seats[o["from"]]["res"], o["get"], o["give"], scheduled(o, "later_get"),
                                scheduled(o, "later_give"))
            if mine > 0 and mine >= 0.5 * theirs:
                return m
    return answer_offer(state, seat, [m for m in legal if m["type"] != "accept"])


# ------------------------------------------------------------------ building
def pays_ten(collections) -> bool:
    """Does a payment use the cost table's 10-of-one-kind collection (the bank's 10-for-1, its dearest)?"""
    return any([n for n in c.values() if n] == [10] for c in collections or [])


def promised(state, seat: int) -> dict:
    """What its open offers would give, kind by kind (what a recipient may yet accept)."""
    owed: dict = {}
    for o in state.offers:
        if o["from"] == seat:
            for k, n in o["give"].items():
                owed[k] = owed.get(k, 0) + n
    return owed


def spends_promised(state, seat: int, collections) -> bool:
    """Before the last round, with an offer of its own open (someone may yet answer it), does this payment
    pay ten of one kind out of what that offer would give? It keeps its heap for the trade rather than pay the
    bank's 10-for-1 with it; a heap beyond what its offers give may still buy a square at that rate (else a
    seat nobody trades with hoards one kind all game and never builds)."""
    if state.round >= LAST_ROUND or not pays_ten(collections):
        return False
    owed = promised(state, seat)
    if not owed:
        return False
    res = state.seats[seat]["res"]
    paid: dict = {}
    for c in collections:
        for k, n in c.items():
            paid[k] = paid.get(k, 0) + n
    tens = {k for c in collections for k, n in c.items() if n and [m for m in c.values() if m] == [10]}
    return any(res[k] - paid.get(k, 0) < owed.get(k, 0) for k in tens)


def program_buy(state, seat: int, legal: list[dict]) -> dict | None:
    """Buy at once the squares of the buildings it means to build this round, when one payment for
    them all is cheaper than paying each alone."""
    s = state.seats[seat]
    buy = next((m for m in legal if m["type"] == "buy"), None)
    if buy is None or s["squares"] > 0:
        return None
    most = buy["ranges"]["squares"]["max"]
    builds = [m for m in legal if m["type"] == "build"]
    if len(builds) < 2 or most < 2:
        return None
    costs = sorted({_cost(m) for m in builds})
    # the program: the largest total of affordable buildings' costs within ``most``
    wanted, total = [], 0
    def worth_per_square(m):
        return building_worth(state, seat, m["kind"], m["ranges"]["cells"]["of"][0]) / _cost(m)

    for m in sorted(builds, key=lambda m: -worth_per_square(m)):
        c = _cost(m)
        if total + c <= most and sum(1 for w in wanted if w == m["kind"]) < s["left"][m["kind"]]:
            wanted.append(m["kind"])
            total += c
    if len(wanted) < 2 or not costs:
        return None
    together = cheapest_payment(s["res"], total, allow_lack=False)
    alone = sum(sum(sum(c.values()) for c in m["pay"]) for m in builds if m["kind"] in wanted[:1])
    if together is None or together["cost"] >= alone + _rest_cost(s["res"], wanted[1:], builds):
        return None
    if spends_promised(state, seat, together["collections"]):
        return None
    return {"type": "buy", "squares": total}


def _cost(m) -> int:
    return m["cost"]


def _rest_cost(res, kinds, builds) -> int:
    total = 0
    for k in kinds:
        m = next(b for b in builds if b["kind"] == k)
        total += sum(sum(c.values()) for c in m["pay"])
    return total


def last_round_squares(state, seat, legal, rng) -> dict | None:
    """The last round: the building adding most squares now (resources left count only 1 per 10)."""
    best, best_key = None, None
    for m in legal:
        if m["type"] != "build":
            continue
        spent = sum(sum(c.values()) for c in m["pay"])
        gain = SQUARES[m["kind"]] - spent / 10
        key = (gain, SQUARES[m["kind"]], rng.random())
        if gain > 0 and (best_key is None or key > best_key):
            best, best_key = m, key
    if best is None:
        return None
    cells = best["ranges"]["cells"]["of"][0]
    return {"type": "build", "kind": best["kind"], "cells": cells, "cost": best["cost"], "pay": best["pay"]}


# ------------------------------------------------------------------ the build, weighed by the shared search
ALTERNATIVES = 4  # other buildings (the best by the greedy level's worth per resource) set against its plan's
STICK = 1.0       # squares an alternative must gain in the playout over the plan's own build to replace it


def build_alternatives(state, seat: int, legal: list[dict], rng, first: dict) -> list[dict]:
    """The best place of each affordable building, by the greedy level's worth per resource spent, the
    plan's own kind left out; at most ``ALTERNATIVES``."""
    scored = []
    for m in legal:
        if m["type"] != "build" or m["kind"] == first.get("kind"):
            continue
        places = m["ranges"]["cells"]["of"]
        sample = places if len(places) <= 12 else rng.sample(places, 12)
        spent = sum(sum(c.values()) for c in m["pay"])
        worth, cells = max(((building_worth(state, seat, m["kind"], c), c) for c in sample), key=lambda e: e[0])
        scored.append((worth / (1 + spent) * SQUARES[m["kind"]] ** 0.25, m["kind"],
                       {"type": "build", "kind": m["kind"], "cells": cells, "cost": m["cost"], "pay": m["pay"]}))
    scored.sort(key=lambda e: (-e[0], e[1]))
    return [m for _s, _k, m in scored[:ALTERNATIVES]]


def searched(view, state, seat: int, legal: list[dict], rng, first: dict) -> dict:
    """The plan's build or buy (``first``) against the other buildings it could build now: each played, then
    every seat by ``playout_policy`` to the next Production (the last round: to the end, the real squares),
    valued by ``evaluate``. Cité hides nothing, so one world is the state itself."""
    others = build_alternatives(state, seat, legal, rng, first)
    if not others:
        return first
    horizon = None if state.round >= LAST_ROUND else 1
    return search(view=view, seat=seat, rng=rng, candidates=[(0.0, first)] + [(0.0, m) for m in others],
                  sample_world=sample_world,
                  playout=lambda world, who, move, r: playout_value(world, who, move, r, horizon=horizon),
                  worlds=lambda _alive: 1, plan=Plan(stick=STICK))


def choose_expert(engine, view, legal, seat, rng):
    state = sample_state(view)
    if state.stage == "layout":
        return layout_move(state, seat, legal, rng, LAYOUT)
    reply = answer(state, seat, legal)
    if reply is not None:
        return reply
    if state.seats[seat]["done"]:  # its own offers stay open (issue 42): answer others' first
        answers = [m for m in legal if m["type"] in ("accept", "decline")]
        return answers[0] if answers else legal[0]
    offer = offer_toward_plan(state, seat, legal)
    if offer is not None:
        return offer
    convert = _variety(state, seat, legal)
    if convert is not None:
        return convert
    if promised(state, seat):
        # A fair trade before the bank's 10-for-1: no ten of one kind paid out of what its waiting offers give.
        legal = [m for m in legal if not (m["type"] == "build" and spends_promised(state, seat, m.get("pay")))]
        if not any(m["type"] == "build" for m in legal):
            legal = [m for m in legal if m["type"] != "buy"]
    if state.round >= LAST_ROUND:
        build = last_round_squares(state, seat, legal, rng)
        if build is not None:
            return searched(view, state, seat, legal, rng, build)
    else:
        buy = program_buy(state, seat, legal)
        if buy is not None:
            return searched(view, state, seat, legal, rng, buy)
        build = best_build(state, seat, legal, rng)
        if build is not None:
            return searched(view, state, seat, legal, rng, build)
    bank = bank_move(state, seat, legal)
    if bank is not None:
        return bank
    # Its open offers stay open until answered or the round ends (issue 42: it made and withdrew them within
    # its own turn, so nobody had the time to answer them).
    return {"type": "done"}


__all__ = ["choose_expert", "sample_state", "sample_world", "evaluate", "playout_policy", "playout", "playout_value",
           "holdings_value"]
