"""The rounds (CT20-CT24, CT40) and every move, validated against the state it is given (contract v2:
concurrent moves are re-applied on a newer state, so nothing is trusted from an older ``legal_moves``).

Round 1 ("layout"): every seat places up to 7 squares for free (``place``), may ``lift`` them again,
then says ``done``. Rounds 2-7 ("window"): Production opens the round (``production.open_round``), then
every seat may act in any order: ``offer`` / ``accept`` / ``decline`` / ``counter`` / ``cancel`` (trade.py),
``build``, ``bank``, ``convert``, ``market``, ``flea``; each seat owes only ``done``. A seat that is done
may still answer offers made to it and cancel its own. The window closes when every seat is done."""

from __future__ import annotations

from kit.base import LogEntry

from . import trade
from .board import marked_square, neighbours
from .bundles import add, check_bundle, covers, missing, text, total
from .components import (
    BANK_HOLDS,
    BUILDINGS,
    FIRST_ROUND_SQUARES,
    LAST_ROUND,
    MARKET_GIVES,
    OPTIONAL_FOR_END,
    RESOURCES,
    SQUARES,
    TRANSFORMERS,
)
from .costs import cheapest_payment, collection_squares, max_squares
from .errors import illegal
from .placement import check_placement, own_cells, placements
from .powers import build_cost, linked_to_cells, transform_yield
from .production import open_round
from .scoring import finish

WINDOW_MOVES = ("done", "buy", "offer", "accept", "decline", "counter", "cancel", "build", "bank", "convert", "market",
                "flea")
MAX_BUY = 40  # squares bought in one move (no building is larger than 9; a whole round's program fits)
ANSWERS = ("accept", "decline", "counter", "cancel")  # what a seat that is done may still do


# ------------------------------------------------------------------ who acts
def pending(state) -> set[int]:
    """The seats that owe ``done`` (round 1's layout or the round's window)."""
    if state.stage == "over":
        return set()
    return {i for i, s in enumerate(state.seats) if not s["done"]}


def may_act(state) -> set[int]:
    """Seats that are done but may still answer an offer made to them or cancel their own (no clock)."""
    if state.stage != "window":
        return set()
    out = set()
    for o in state.offers:
        for seat in [o["from"]] + o["to"]:
            if state.seats[seat]["done"]:
                out.add(seat)
    return out


# ------------------------------------------------------------------ legal moves
def legal_moves(state, seat: int) -> list[dict]:
    """Every move ``seat`` may make; a ranged field appears only in ``ranges`` (contract v2)."""
    return [_without_ranged_defaults(m) for m in _legal_moves(state, seat)]


def _without_ranged_defaults(move: dict) -> dict:
    ranges = move.get("ranges")
    if not ranges:
        return move
    return {k: v for k, v in move.items() if k not in ranges}


def _legal_moves(state, seat: int) -> list[dict]:
    if state.stage == "over" or not (0 <= seat < state.players):
        return []
    s = state.seats[seat]
    if state.stage == "layout":
        if s["done"]:
            return []
        return _layout_moves(state, seat)
    moves = trade.answer_moves(state, seat)
    if s["done"]:
        return moves
    moves = [{"type": "done"}] + moves
    moves += trade.offer_moves(state, seat)
    moves += _buy_moves(state, seat)
    moves += build_moves(state, seat)
    moves += _bank_moves(state, seat)
    moves += _convert_moves(state, seat)
    moves += _market_moves(state, seat)
    moves += _flea_moves(state, seat)
    return moves


def marked_square_built(state, seat) -> bool:
    """CT20: « Vous devez construire sur cette case au premier tour »: round 1 is not done without it."""
    return marked_square(state.seats[seat]["quarter"]) in own_cells(state, seat)


def _layout_moves(state, seat):
    s = state.seats[seat]
    used = sum(SQUARES[b["kind"]] for b in state.buildings.values() if b["owner"] == seat)
    out = [{"type": "done"}] if marked_square_built(state, seat) else []
    for kind, n in s["left"].items():
        if n and used + SQUARES[kind] <= FIRST_ROUND_SQUARES:
            cells = placements(state, seat, kind)
            if cells:
                out.append({"type": "place", "kind": kind, "cells": cells[0],
                            "ranges": {"cells": {"kind": "choice", "of": cells}}})
    for bid, b in sorted(state.buildings.items()):
        if b["owner"] == seat and _can_lift(state, seat, bid):
            out.append({"type": "lift", "building": bid})
    return out


def build_moves(state, seat: int) -> list[dict]:
    """One move per (kind, cost): its places as a ``choice`` range and the cheapest payment for it."""
    s = state.seats[seat]
    out = []
    plans: dict[int, dict | None] = {}
    by_size: dict[int, dict[int, list]] = {}
    for kind, n in s["left"].items():
        if not n:
            continue
        size = SQUARES[kind]
        if size not in by_size:  # places and costs depend only on the shape (its size)
            groups: dict[int, list] = {}
            for cells in placements(state, seat, kind):
                groups.setdefault(build_cost(state, kind, cells), []).append(cells)
            by_size[size] = groups
        for cost, places in sorted(by_size[size].items()):
            need = max(0, cost - s["squares"])
            if need not in plans:
                plans[need] = cheapest_payment(s["res"], need, allow_lack=False)
            plan = plans[need]
            if plan is None:
                continue
            out.append({"type": "build", "kind": kind, "cells": places[0], "cost": cost, "pay": plan["collections"],
                        "ranges": {"cells": {"kind": "choice", "of": places}}})
    return out


def _buy_moves(state, seat):
    """Buy squares ahead (CT24: one collection may fund several buildings of the round); the engine
    pays the cheapest collections for them (``costs.cheapest_payment``)."""
    most = min(max_squares(state.seats[seat]["res"]), MAX_BUY)
    if most < 1:
        return []
    return [{"type": "buy", "squares": 1, "ranges": {"squares": {"kind": "int", "min": 1, "max": most}}}]


def _owned(state, seat, kind) -> list[str]:
    return sorted(bid for bid, b in state.buildings.items() if b["owner"] == seat and b["kind"] == kind)


def _bank_moves(state, seat):
    banks = len(_owned(state, seat, "bank"))
    if not banks:
        return []
    s = state.seats[seat]
    pool = {k: min(s["res"][k] + s["bank"][k], BANK_HOLDS * banks) for k in RESOURCES}
    pool = {k: n for k, n in pool.items() if n}
    if not pool:
        return []
    return [{"type": "bank", "deposit": {k: n for k, n in s["bank"].items() if n},
             "ranges": {"deposit": {"kind": "bundle", "of": pool, "min_total": 0, "max_total": BANK_HOLDS * banks}}}]


def _convert_moves(state, seat):
    s = state.seats[seat]
    out = []
    for kind in TRANSFORMERS:
        a, b = BUILDINGS[kind]["inputs"]
        most = min(s["res"][a], s["res"][b])
        if most < 1:
            continue
        for bid in _owned(state, seat, kind):
            out.append({"type": "convert", "building": bid, "times": 1,
                        "ranges": {"times": {"kind": "int", "min": 1, "max": most}}})
    return out


def _market_moves(state, seat):
    s = state.seats[seat]
    if not _owned(state, seat, "market") or total(s["res"]) < MARKET_GIVES:
        return []
    held = {k: min(n, MARKET_GIVES) for k, n in s["res"].items() if n}
    first = {}
    left = MARKET_GIVES
    for k, n in held.items():
        take = min(n, left)
        if take:
            first[k] = take
            left -= take
    return [{"type": "market", "give": first, "get": RESOURCES[0],
             "ranges": {"give": {"kind": "bundle", "of": held, "min_total": MARKET_GIVES, "max_total": MARKET_GIVES},
                        "get": {"kind": "choice", "of": list(RESOURCES)}}}]


def _flea_moves(state, seat):
    s = state.seats[seat]
    if s["flea_used"] >= len(_owned(state, seat, "flea_market")):
        return []
    held = [k for k in RESOURCES if s["res"][k] and k != "gold"]
    if not held:
        return []
    return [{"type": "flea", "give": held[0], "ranges": {"give": {"kind": "choice", "of": held}}}]


# ------------------------------------------------------------------ apply
def apply_decision(state, seat: int, move, log: list, notices: list) -> None:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise illegal("bad_move", "a move is an object with a 'type'")
    if "ranges" in move:
        raise illegal("unfilled", "fill the move's ranges before sending it (drop the 'ranges' key)")
    if state.stage == "over":
        raise illegal("over", "the game is over")
    if not (isinstance(seat, int) and 0 <= seat < state.players):
        raise illegal("bad_seat", "no such seat")
    kind = move["type"]
    s = state.seats[seat]
    if state.stage == "layout":
        if s["done"]:
            raise illegal("already_done", "you are done with your layout")
        handler = {"place": _place, "lift": _lift, "done": _done}.get(kind)
        if handler is None:
            raise illegal("not_now", f"round 1 is the free layout: '{kind}' is for later rounds", move=kind)
        handler(state, seat, move, log, notices)
        return
    if kind not in WINDOW_MOVES:
        raise illegal("not_now", f"'{kind}' is not a move of this round", move=kind)
    if s["done"] and kind not in ANSWERS:
        raise illegal("already_done", "you said done for this round: you may only answer offers now")
    handler = {"done": _done, "buy": _buy, "build": _build, "bank": _bank, "convert": _convert, "market": _market,
               "flea": _flea}.get(kind) or trade.HANDLERS[kind]
    handler(state, seat, move, log, notices)


def _done(state, seat, move, log, notices):
    _only(move, ("type",))
    if state.stage == "layout" and not marked_square_built(state, seat):
        raise illegal("build_on_mark", "round 1: build on your quarter's marked square before saying done (CT20)")
    state.seats[seat]["done"] = True
    log.append(LogEntry("cite.done", {"seat": seat, "round": state.round}, seat))


def _only(move, keys):
    extra = set(move) - set(keys)
    if extra:
        raise illegal("unknown_field", f"unknown field(s): {', '.join(sorted(extra))}", fields=sorted(extra))


def _kind_of(move) -> str:
    kind = move.get("kind")
    if not isinstance(kind, str) or kind not in BUILDINGS:
        raise illegal("unknown_building", f"unknown building {kind!r}", kind=str(kind))
    return kind


def _place(state, seat, move, log, notices):
    """CT20: free, up to 7 squares, the first on the marked square, all connected to it."""
    _only(move, ("type", "kind", "cells"))
    kind = _kind_of(move)
    s = state.seats[seat]
    if not s["left"].get(kind):
        raise illegal("none_left", f"you have no {kind} left to build", kind=kind)
    used = sum(SQUARES[b["kind"]] for b in state.buildings.values() if b["owner"] == seat)
    if used + SQUARES[kind] > FIRST_ROUND_SQUARES:
        raise illegal("layout_full", f"round 1 gives {FIRST_ROUND_SQUARES} squares: {used} are placed already",
                      used=used)
    cells = check_placement(state, seat, kind, move.get("cells"))
    _put(state, seat, kind, cells, 0)
    log.append(LogEntry("cite.placed", {"seat": seat, "kind": kind, "cells": [list(c) for c in cells]}, seat))


def place_on_mark(state, seat, log) -> None:
    """A seat whose clock ran out in round 1 with its marked square empty: a small shop goes there (the
    book's own tip for round 1)."""
    cells = placements(state, seat, "small_shop")
    if state.seats[seat]["left"].get("small_shop") and cells:
        _put(state, seat, "small_shop", [tuple(c) for c in cells[0]], 0)
        log.append(LogEntry("cite.placed", {"seat": seat, "kind": "small_shop",
                                            "cells": [list(c) for c in cells[0]]}, seat))


def _can_lift(state, seat, bid) -> bool:
    """Round 1's buildings move at will, as long as the rest stays connected to the marked square."""
    rest = own_cells(state, seat) - {tuple(c) for c in state.buildings[bid]["cells"]}
    if not rest:
        return True
    start = marked_square(state.seats[seat]["quarter"])
    if start not in rest:
        return False
    seen, todo = {start}, [start]
    while todo:
        c = todo.pop()
        for n in neighbours(c):
            if n in rest and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == rest


def _lift(state, seat, move, log, notices):
    _only(move, ("type", "building"))
    bid = move.get("building")
    b = state.buildings.get(bid) if isinstance(bid, str) else None
    if b is None or b["owner"] != seat:
        raise illegal("not_yours", "no such building of yours")
    if not _can_lift(state, seat, bid):
        raise illegal("would_split", "lifting it would cut your buildings off the marked square (CT20)")
    del state.buildings[bid]
    for c in b["cells"]:
        state.cells.pop(tuple(c), None)
    state.seats[seat]["left"][b["kind"]] += 1
    log.append(LogEntry("cite.lifted", {"seat": seat, "kind": b["kind"], "building": bid}, seat))


def _put(state, seat, kind, cells, paid) -> str:
    bid = state.new_id("b")
    state.buildings[bid] = {"kind": kind, "owner": seat, "cells": [list(c) for c in cells], "round": state.round,
                            "paid": paid}
    for c in cells:
        state.cells[tuple(c)] = bid
    state.seats[seat]["left"][kind] -= 1
    return bid


def _build(state, seat, move, log, notices):
    """CT23/CT24/CT30: pay collections (only as many as the cost at this moment needs: a cost that fell
    since the move was drafted, a neighbour's new Manufacture, is charged at the new cost), then place
    the building. ``cost`` (optional) is what the player was told: a higher cost is refused."""
    _only(move, ("type", "kind", "cells", "cost", "pay"))
    kind = _kind_of(move)
    s = state.seats[seat]
    if not s["left"].get(kind):
        raise illegal("none_left", f"you have no {kind} left to build", kind=kind)
    cells = check_placement(state, seat, kind, move.get("cells"))
    pay = move.get("pay", [])
    if not isinstance(pay, list):
        raise illegal("bad_pay", "pay is a list of collections")
    collections = []
    for i, c in enumerate(pay):
        c = check_bundle(c, f"pay[{i}]")
        try:
            collection_squares(c)
        except ValueError as e:
            raise illegal("bad_collection", f"pay[{i}]: {e}", index=i) from None
        collections.append(c)
    cost = build_cost(state, kind, cells)
    told = move.get("cost", cost)
    if isinstance(told, bool) or not isinstance(told, int):
        raise illegal("bad_cost", "cost is the whole number of squares you were told")
    if cost > told:  # never charge more than the confirmation said
        raise illegal("cost_rose", f"this {kind} now costs {cost} squares here, not {told}", kind=kind, cost=cost,
                      told=told)
    squares, spend = s["squares"], {}
    for c in collections:
        if squares >= cost:
            break
        squares += collection_squares(c)
        add(spend, c)
    if squares < cost:
        raise illegal("underpaid", f"this {kind} costs {cost} squares here; you have {squares}", kind=kind,
                      cost=cost, squares=squares)
    if not covers(s["res"], spend):
        raise illegal("cannot_pay", f"you lack {text(missing(s['res'], spend))} for this payment",
                      lacks=missing(s["res"], spend))
    add(s["res"], spend, -1)
    add(state.flow["paid"], spend)
    bought = squares - s["squares"]
    s["ledger"]["bought"] += bought
    s["ledger"]["built"] += cost
    s["squares"] = squares - cost
    bid = _put(state, seat, kind, cells, cost)
    log.append(LogEntry("cite.built", {"seat": seat, "kind": kind, "building": bid, "cells": [list(c) for c in cells],
                                       "cost": cost, "paid": spend, "squares_left": s["squares"]}, seat))


def _buy(state, seat, move, log, notices):
    """Squares bought now with the cheapest collections; unused at the round's end they are lost (G7).
    ``resources`` (optional) is the price the player was told: a higher price now is refused."""
    _only(move, ("type", "squares", "resources"))
    n = move.get("squares")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_BUY:
        raise illegal("bad_squares", f"squares is a whole number from 1 to {MAX_BUY}", most=MAX_BUY)
    s = state.seats[seat]
    # More than the holdings could ever buy is refused before any search (issue 39.2).
    plan = cheapest_payment(s["res"], n, allow_lack=False) if max_squares(s["res"], at_most=n) >= n else None
    if plan is None:
        raise illegal("cannot_buy", f"your resources cannot buy {n} squares", squares=n)
    told = move.get("resources", plan["cost"])
    if isinstance(told, bool) or not isinstance(told, int):
        raise illegal("bad_cost", "resources is the whole number of resources you were told")
    if plan["cost"] > told:  # never charge more than the confirmation said
        raise illegal("price_rose", f"{n} squares now cost {plan['cost']} resources, not {told}", squares=n,
                      resources=plan["cost"], told=told)
    spend: dict = {}
    for c in plan["collections"]:
        add(spend, c)
    add(s["res"], spend, -1)
    add(state.flow["paid"], spend)
    s["squares"] += plan["squares"]
    s["ledger"]["bought"] += plan["squares"]
    log.append(LogEntry("cite.bought", {"seat": seat, "squares": plan["squares"], "collections": plan["collections"],
                                        "squares_at_hand": s["squares"]}, seat))


def _bank(state, seat, move, log, notices):
    """The Bank holds up to 3 resources; deposits may be changed at will during the window (G8)."""
    _only(move, ("type", "deposit"))
    banks = len(_owned(state, seat, "bank"))
    if not banks:
        raise illegal("no_bank", "you have no Bank")
    deposit = check_bundle(move.get("deposit"), "deposit")
    if total(deposit) > BANK_HOLDS * banks:
        raise illegal("bank_full", f"a Bank holds up to {BANK_HOLDS} resources", holds=BANK_HOLDS * banks)
    s = state.seats[seat]
    pool = dict(s["res"])
    add(pool, s["bank"])
    if not covers(pool, deposit):
        raise illegal("cannot_pay", f"you lack {text(missing(pool, deposit))} for this deposit",
                      lacks=missing(pool, deposit))
    add(pool, deposit, -1)
    s["res"] = pool
    s["bank"] = {k: deposit.get(k, 0) for k in RESOURCES}
    log.append(LogEntry("cite.bank", {"seat": seat, "deposit": deposit}, seat))


def _convert(state, seat, move, log, notices):
    """A transformer: its two inputs -> its output, any number of times, +1 per Inn in contact."""
    _only(move, ("type", "building", "times"))
    bid = move.get("building")
    b = state.buildings.get(bid) if isinstance(bid, str) else None
    if b is None or b["owner"] != seat or b["kind"] not in TRANSFORMERS:
        raise illegal("not_transformer", "no such transformer of yours")
    times = move.get("times")
    if isinstance(times, bool) or not isinstance(times, int) or not 1 <= times <= 999:
        raise illegal("bad_times", "times is a whole number from 1 to 999")
    spec = BUILDINGS[b["kind"]]
    need = {k: times for k in spec["inputs"]}
    s = state.seats[seat]
    if not covers(s["res"], need):
        raise illegal("cannot_pay", f"you lack {text(missing(s['res'], need))}", lacks=missing(s["res"], need))
    out = times * transform_yield(state, bid)
    add(s["res"], need, -1)
    add(state.flow["converted_out"], need)
    s["res"][spec["output"]] += out
    state.flow["converted_in"][spec["output"]] += out
    log.append(LogEntry("cite.converted", {"seat": seat, "building": bid, "kind": b["kind"], "given": need,
                                           "got": {spec["output"]: out}}, seat))


def _market(state, seat, move, log, notices):
    """Market: 4 resources of any kinds -> 1 of any kind, any number of times (G9)."""
    _only(move, ("type", "give", "get"))
    if not _owned(state, seat, "market"):
        raise illegal("no_market", "you have no Market")
    give = check_bundle(move.get("give"), "give")
    if total(give) != MARKET_GIVES:
        raise illegal("market_four", f"the Market takes exactly {MARKET_GIVES} resources")
    get = move.get("get")
    if get not in RESOURCES:
        raise illegal("unknown_resource", f"unknown resource {get!r}", field="get", kind=str(get))
    s = state.seats[seat]
    if not covers(s["res"], give):
        raise illegal("cannot_pay", f"you lack {text(missing(s['res'], give))}", lacks=missing(s["res"], give))
    add(s["res"], give, -1)
    add(state.flow["converted_out"], give)
    s["res"][get] += 1
    state.flow["converted_in"][get] += 1
    log.append(LogEntry("cite.market", {"seat": seat, "given": give, "got": get}, seat))


def _flea(state, seat, move, log, notices):
    """Flea market: once per round per Flea market owned, 1 resource -> 1 Gold (G9)."""
    _only(move, ("type", "give"))
    s = state.seats[seat]
    fleas = len(_owned(state, seat, "flea_market"))
    if not fleas:
        raise illegal("no_flea", "you have no Flea market")
    if s["flea_used"] >= fleas:
        raise illegal("flea_used", "your Flea market was used this round")
    give = move.get("give")
    if give not in RESOURCES or give == "gold":
        raise illegal("unknown_resource", f"the Flea market takes a resource other than Gold (got {give!r})",
                      field="give", kind=str(give))
    if s["res"][give] < 1:
        raise illegal("cannot_pay", f"you have no {give}", lacks={give: 1})
    s["res"][give] -= 1
    s["res"]["gold"] += 1
    state.flow["converted_out"][give] += 1
    state.flow["converted_in"]["gold"] += 1
    s["flea_used"] += 1
    log.append(LogEntry("cite.flea", {"seat": seat, "given": give}, seat))


# ------------------------------------------------------------------ the round's end
def advance(state, log: list, notices: list) -> None:
    """Close the round when every seat is done: offers lapse, unused squares are lost (G7); the game
    ends (CT40) or the next round opens with Production."""
    if state.stage == "over" or any(not s["done"] for s in state.seats):
        return
    trade.lapse_all(state, log, notices)
    for seat, s in enumerate(state.seats):
        if s["squares"]:
            s["ledger"]["lost"] += s["squares"]
            log.append(LogEntry("cite.squares_lost", {"seat": seat, "squares": s["squares"]}, seat))
            s["squares"] = 0
    finished = [i for i, s in enumerate(state.seats) if built_everything(s)]
    if finished or state.round >= LAST_ROUND:
        state.over_reason = "all_built" if finished else "last_round"
        finish(state, log)
        return
    open_round(state, state.round + 1, log, notices)


def built_everything(s) -> bool:
    """CT40: every building of the colour is built (the optional 3-player Weaver shop aside)."""
    return all(n == 0 for kind, n in s["left"].items() if kind not in OPTIONAL_FOR_END)


def near(state, cells) -> set[str]:
    """Kinds linked to ``cells`` (for bots and pages)."""
    return {state.buildings[b]["kind"] for b in linked_to_cells(state, [tuple(c) for c in cells])}
