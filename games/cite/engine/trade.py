"""Trading by post (CT22, G12): offers, answers and contracts.

An offer: ``{"type": "offer", "to": [seats], "give": {..}, "get": {..}, "later_give": {..},
"later_get": {..}, "later_rounds": [..]}``: the offerer gives ``give`` now and wants ``get`` now;
``later_give`` / ``later_get`` (optional) make it a contract executed by the engine at the Production of
each round named in ``later_rounds`` (« vous pouvez demander le versement de 3 Ressources à chaque tour »,
G12: named future rounds, every one to the end if so named; none named: next round's), each paid as far
as the payer can, a shortfall a breach shown to all for that round (``production.execute_contracts``).
Offers are public like table talk (every seat sees them) and
stay open until accepted, declined by every recipient, cancelled, lapsed (the round's end, or the
offerer's time-out) — whichever comes first.

Accepting is atomic: both sides are checked against the state at that moment and move at once, or
nothing changes and the refusal says why (the offer was withdrawn; one side can no longer pay)."""

from __future__ import annotations

from kit.base import LogEntry

from .bundles import add, check_bundle, covers, missing, text, total
from .components import LAST_ROUND, RESOURCES
from .errors import illegal
from .limits import MAX_OFFERS_PER_ROUND, MAX_OPEN_OFFERS
from .notices import Notice

FIELDS = ("give", "get", "later_give", "later_get")
SCHEDULE = "later_rounds"  # the rounds whose Production pays the contract (G12)
CONTRACT_CAP = 10  # the bundle range's cap per kind for a contract (a hint; apply allows up to MAX_COUNT)


def open_offers_of(state, seat: int) -> list[dict]:
    return [o for o in state.offers if o["from"] == seat]


def find_offer(state, move) -> dict:
    ident = move.get("offer")
    for o in state.offers:
        if o["id"] == ident:
            return o
    raise illegal("offer_gone", "this offer is no longer open: it was withdrawn, answered or lapsed",
                  offer=str(ident))


# ------------------------------------------------------------------ legal moves
def offer_moves(state, seat: int) -> list[dict]:
    """The offer move with its ranges (none when a limit is reached)."""
    s = state.seats[seat]
    if s["offers_made"] >= MAX_OFFERS_PER_ROUND or len(open_offers_of(state, seat)) >= MAX_OPEN_OFFERS:
        return []
    others = [i for i in range(state.players) if i != seat]
    move = dict(_template(state, seat, others), type="offer", to=others)
    return [move] if _can_fill(move) else []


def _template(state, seat, recipients) -> dict:
    mine = {k: n for k, n in state.seats[seat]["res"].items() if n}
    theirs = {k: max(state.seats[i]["res"][k] for i in recipients) for k in RESOURCES}
    theirs = {k: n for k, n in theirs.items() if n}
    ranges = {"to": {"kind": "subset", "of": recipients, "min": 1, "max": len(recipients)},
              "give": {"kind": "bundle", "of": mine, "min_total": 0, "max_total": total(mine)},
              "get": {"kind": "bundle", "of": theirs, "min_total": 0, "max_total": total(theirs)}}
    if state.round < LAST_ROUND:  # a contract needs a Production still to come
        cap = {k: CONTRACT_CAP for k in RESOURCES}
        ranges["later_give"] = {"kind": "bundle", "of": cap, "min_total": 0, "max_total": 3 * CONTRACT_CAP}
        ranges["later_get"] = {"kind": "bundle", "of": cap, "min_total": 0, "max_total": 3 * CONTRACT_CAP}
        later = future_rounds(state)
        ranges[SCHEDULE] = {"kind": "subset", "of": later, "min": 0, "max": len(later)}
    defaults = {f: {} for f in FIELDS if f in ranges}
    if SCHEDULE in ranges:
        defaults[SCHEDULE] = []
    return {**defaults, "ranges": ranges}


def future_rounds(state) -> list[int]:
    """The rounds whose Production is still to come (G12: what a contract may name)."""
    return list(range(state.round + 1, LAST_ROUND + 1))


def offer_rounds(offer: dict) -> list[int]:
    """The rounds an offer's contract is paid at (an offer made before schedules: next round's)."""
    return list(offer.get(SCHEDULE) or [offer["round"] + 1])


def _can_fill(move) -> bool:
    """Can the ranges make a non-empty offer at all (not in the last round with nothing anywhere)?"""
    return any(move["ranges"][f]["of"] for f in FIELDS if f in move["ranges"])


def answer_moves(state, seat: int) -> list[dict]:
    """Accept (when both sides can pay now), decline or counter each offer made to ``seat``; cancel
    each of its own."""
    out = []
    s = state.seats[seat]
    can_offer = s["offers_made"] < MAX_OFFERS_PER_ROUND and len(open_offers_of(state, seat)) < MAX_OPEN_OFFERS
    for o in state.offers:
        if seat in o["to"]:
            if covers(state.seats[o["from"]]["res"], o["give"]) and covers(s["res"], o["get"]):
                out.append({"type": "accept", "offer": o["id"]})
            out.append({"type": "decline", "offer": o["id"]})
            if can_offer:
                t = _template(state, seat, [o["from"]])
                del t["ranges"]["to"]
                if _can_fill(t):
                    out.append(dict(t, type="counter", offer=o["id"]))
        if o["from"] == seat:
            out.append({"type": "cancel", "offer": o["id"]})
    return out


# ------------------------------------------------------------------ apply
def _terms(state, seat, move) -> dict:
    terms = {f: check_bundle(move.get(f), f) for f in FIELDS}
    if not any(terms.values()):
        raise illegal("empty_offer", "an offer gives or asks for something")
    contract = bool(terms["later_give"] or terms["later_get"])
    if contract and state.round >= LAST_ROUND:
        raise illegal("no_next_round", "no Production follows the last round: no contract can be due")
    rounds = move.get(SCHEDULE, [])
    later = future_rounds(state)
    if not isinstance(rounds, list) or len(set(map(str, rounds))) != len(rounds) or not all(
            isinstance(r, int) and not isinstance(r, bool) and r in later for r in rounds):
        raise illegal("bad_rounds", f"later_rounds names rounds still to come ({later[0] if later else '-'} to "
                      f"{LAST_ROUND}), each once", first=later[0] if later else LAST_ROUND, last=LAST_ROUND)
    # Rounds named without anything to pay there make no contract (the form ticks next round by default).
    terms[SCHEDULE] = (sorted(rounds) or later[:1]) if contract else []
    res = state.seats[seat]["res"]
    if not covers(res, terms["give"]):
        raise illegal("cannot_pay", f"you do not hold what you offer: you lack {text(missing(res, terms['give']))}",
                      lacks=missing(res, terms["give"]))
    s = state.seats[seat]
    if s["offers_made"] >= MAX_OFFERS_PER_ROUND:
        raise illegal("too_many_offers", f"at most {MAX_OFFERS_PER_ROUND} offers per round each",
                      limit=MAX_OFFERS_PER_ROUND)
    if len(open_offers_of(state, seat)) >= MAX_OPEN_OFFERS:
        raise illegal("too_many_open", f"at most {MAX_OPEN_OFFERS} open offers at once: cancel one first",
                      limit=MAX_OPEN_OFFERS)
    return terms


def _open(state, seat, to, terms, log, notices, counter_of=None) -> dict:
    offer = {"id": state.new_id("o"), "from": seat, "to": sorted(to), "round": state.round, **terms}
    if counter_of is not None:
        offer["counter_of"] = counter_of
    state.offers.append(offer)
    state.seats[seat]["offers_made"] += 1
    log.append(LogEntry("cite.offer", {"seat": seat, **_public(offer)}, seat))
    for r in offer["to"]:
        # The terms travel with the notice: the mail and the page say what is offered, not only by whom.
        terms = {f: dict(offer[f]) for f in FIELDS}
        notices.append(Notice(r, "cite.offer_made", {"offer": offer["id"], "from": seat, **terms,
                                                     SCHEDULE: list(offer[SCHEDULE])}))
    return offer


def _public(o) -> dict:
    data = {"offer": o["id"], "to": list(o["to"]), **{f: dict(o[f]) for f in FIELDS},
            SCHEDULE: offer_rounds(o) if o["later_give"] or o["later_get"] else []}
    if "counter_of" in o:
        data["counter_of"] = o["counter_of"]
    return data


def _offer(state, seat, move, log, notices):
    _only(move, ("type", "to", SCHEDULE) + FIELDS)
    to = move.get("to")
    if not isinstance(to, list) or not to or len(set(map(str, to))) != len(to) or not all(
            isinstance(r, int) and not isinstance(r, bool) and 0 <= r < state.players and r != seat for r in to):
        raise illegal("bad_recipients", "to is a list of other seats (one or more, each once)")
    _open(state, seat, to, _terms(state, seat, move), log, notices)


def _accept(state, seat, move, log, notices):
    _only(move, ("type", "offer"))
    o = find_offer(state, move)
    if seat not in o["to"]:
        raise illegal("not_for_you", "this offer is not made to you")
    giver, taker = state.seats[o["from"]]["res"], state.seats[seat]["res"]
    if not covers(giver, o["give"]):
        raise illegal("offerer_cannot_pay", f"the offer can no longer be paid: its author lacks "
                      f"{text(missing(giver, o['give']))}", lacks=missing(giver, o["give"]), seat=o["from"])
    if not covers(taker, o["get"]):
        raise illegal("cannot_pay", f"you lack {text(missing(taker, o['get']))} to accept it",
                      lacks=missing(taker, o["get"]))
    add(giver, o["give"], -1)
    add(taker, o["give"])
    add(taker, o["get"], -1)
    add(giver, o["get"])
    state.offers.remove(o)
    params = {"seat": seat, **_public(o), "from": o["from"]}
    if o["later_give"] or o["later_get"]:
        # G12: paid at each named Production; ``payments``: what each of them paid (a breach per round).
        contract = {"id": state.new_id("c"), "offer": o["id"], "a": o["from"], "b": seat, "rounds": offer_rounds(o),
                    "a_pays": dict(o["later_give"]), "b_pays": dict(o["later_get"]), "payments": {},
                    "breached": False}
        state.contracts.append(contract)
        params["contract"] = contract["id"]
        params["due"] = contract["rounds"][0]
    log.append(LogEntry("cite.accepted", params, seat))
    notices.append(Notice(o["from"], "cite.offer_accepted", {"offer": o["id"], "by": seat}))
    for r in o["to"]:
        if r != seat:
            notices.append(Notice(r, "cite.offer_taken", {"offer": o["id"], "by": seat}))


def _drop_recipient(state, seat, o, log, notices, key="cite.declined"):
    o["to"].remove(seat)
    log.append(LogEntry(key, {"seat": seat, "offer": o["id"], "from": o["from"]}, seat))
    notices.append(Notice(o["from"], "cite.offer_declined", {"offer": o["id"], "by": seat}))
    if not o["to"]:
        state.offers.remove(o)


def _decline(state, seat, move, log, notices):
    _only(move, ("type", "offer"))
    o = find_offer(state, move)
    if seat not in o["to"]:
        raise illegal("not_for_you", "this offer is not made to you")
    _drop_recipient(state, seat, o, log, notices)


def _counter(state, seat, move, log, notices):
    """Decline an offer and make its author another one, in one move."""
    _only(move, ("type", "offer", SCHEDULE) + FIELDS)
    o = find_offer(state, move)
    if seat not in o["to"]:
        raise illegal("not_for_you", "this offer is not made to you")
    terms = _terms(state, seat, move)
    _drop_recipient(state, seat, o, log, notices)
    _open(state, seat, [o["from"]], terms, log, notices, counter_of=o["id"])


def _cancel(state, seat, move, log, notices):
    _only(move, ("type", "offer"))
    o = find_offer(state, move)
    if o["from"] != seat:
        raise illegal("not_yours", "only its author cancels an offer")
    state.offers.remove(o)
    log.append(LogEntry("cite.cancelled", {"seat": seat, "offer": o["id"]}, seat))
    for r in o["to"]:
        notices.append(Notice(r, "cite.offer_cancelled", {"offer": o["id"], "from": seat}))


def lapse(state, seat: int, log: list, notices: list) -> None:
    """A seat's open offers lapse (its time-out)."""
    for o in open_offers_of(state, seat):
        state.offers.remove(o)
        log.append(LogEntry("cite.lapsed", {"offer": o["id"], "seat": seat}, seat))
        for r in o["to"]:
            notices.append(Notice(r, "cite.offer_lapsed", {"offer": o["id"], "from": seat}))


def lapse_all(state, log: list, notices: list) -> None:
    """The window closes: every open offer lapses (they are made for the round); the log says so,
    nobody is sent a notice for it."""
    for seat in range(state.players):
        lapse(state, seat, log, [])


def _only(move, keys):
    extra = set(move) - set(keys)
    if extra:
        raise illegal("unknown_field", f"unknown field(s): {', '.join(sorted(extra))}", fields=sorted(extra))


HANDLERS = {"offer": _offer, "accept": _accept, "decline": _decline, "counter": _counter, "cancel": _cancel}
