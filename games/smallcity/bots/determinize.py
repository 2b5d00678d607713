"""A full state consistent with one seat's view (the bots never read the real state).

What the view hides is drawn at random: other seats' kept Promises (from the cards the seat has not
seen), Special Promises, the decks' order, the solo face-down cards, other seats' unrevealed plans
(taken as empty: nothing of them shows until the reveal) and the RNG."""

from __future__ import annotations

import random

from ..engine import components as C
from ..engine.state import State


def sample_state(view: dict, seat: int, rng: random.Random) -> State:
    s = State()
    s.options = dict(view["options"])
    s.n = view["players_count"]
    s.turn = view["turn"]
    s.phase = view["phase"]
    s.host = view["host"]
    s.street = list(view["street"]) if view["street"] else None
    s.circle = list(view["circle"])
    s.picks = dict(view["picks"])
    s.tiles = {t["id"]: {k: (list(x) if isinstance(x, list) else x) for k, x in t.items()} for t in view["tiles"]}
    s.next_id = _next_id(view, s.tiles)
    s.supply = {k: (list(x) if isinstance(x, list) else x) for k, x in view["supply"].items()}
    s.removed = dict(view["removed"])
    s.materials = dict(view["materials"])
    s.revealed = 0
    s.result = view["result"]
    s.over_reason = None
    s.next_host = next((p for c, p in view["picks"].items() if c == "A" and p >= 0), None) if s.n > 1 else None
    step = _copy(view["step"])
    seen = set()
    seats = []
    for pv in view["seats"]:
        d = {k: _copy(x) for k, x in pv.items() if k not in ("has_promise", "offer_count", "special_count")}
        d.update(architect_used=False, produced=0)
        d["offer"] = list(pv["offer"] or [])
        d["special_offer"] = []
        seen.update(d["offer"])
        if pv["promise"] is not None:
            seen.add(pv["promise"])
        seats.append(d)
    # unseen promise cards: decks and the others' kept promises
    pool = {p: [n for n, pile in C.PROMISES.items() if pile == p and n not in seen] for p in C.PILES}
    if s.options["victory"] == "citizen":
        pool["medium"] = [n for n in pool["medium"] if n != 11]
    for p in pool.values():
        rng.shuffle(p)
    # The piles of the others' kept promises are hidden but not free: what a pile's unseen cards hold beyond its
    # deck and the unseen offers (one card of each pile) is kept by someone, so each kept promise is drawn from
    # those surpluses (drawn from any pile, a deck could come out short: the view's counts would differ).
    offers_unseen = sum(1 for pv in view["seats"] if pv["offer"] is None and pv["offer_count"])
    kept_piles = [p for p in C.PILES for _ in range(max(0, len(pool[p]) - view["decks"][p] - offers_unseen))]
    rng.shuffle(kept_piles)
    for pv, d in zip(view["seats"], seats):
        if pv["has_promise"] and d["promise"] is None:
            pile = kept_piles.pop() if kept_piles else rng.choice([p for p in C.PILES if pool[p]] or ["easy"])
            d["promise"] = pool[pile].pop() if pool[pile] else 1
        if pv["offer"] is None and pv["offer_count"]:
            d["offer"] = [pool[p].pop() if pool[p] else 1 for p in C.PILES]
    s.decks = {p: pool[p][: view["decks"][p]] for p in C.PILES}
    mine = set(seats[seat]["specials"] or [])
    specials = [n for n in C.SPECIAL_PROMISES if n not in mine]
    rng.shuffle(specials)
    for pv, d in zip(view["seats"], seats):
        if d["specials"] is None:
            d["specials"] = [specials.pop() for _ in range(pv["special_count"])]
    s.decks["special"] = specials[: view["decks"]["special"]]
    for sub in step.get("sub", []):
        if sub.get("cards") is None and "cards" in sub:
            sub["cards"] = [specials.pop() if specials else 1 for _ in range(1)]
    if "plans" in step:
        step["plans"] = {k: (p if p is not None else []) for k, p in step["plans"].items()}
    s.seats = seats
    rest = [c for c in C.CARDS if c not in s.circle]
    rng.shuffle(rest)
    s.hidden_cards = rest[: view["hidden_cards"]]
    s.step = step
    s.rng = rng.getrandbits(64)
    return s


def _copy(v):
    if isinstance(v, list):
        return [_copy(x) for x in v]
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    return v


def _next_id(view: dict, tiles: dict) -> int:
    """The id the next new tile gets. The seat's own plan made its new tiles from the real counter (ids of
    tiles gone since are not in the view): the smallest id the plan made or names is that counter, so
    replaying the plan on the sample gives its tiles the same ids (a later step names them)."""
    made = {t["id"] for t in (view.get("planned") or {}).get("tiles", []) if t["id"] not in tiles}
    for step in view.get("my_plan") or []:
        made.update(v for k, v in step.items() if k == "tile" and isinstance(v, str) and v not in tiles)
    ids = [int(x[1:]) for x in made if x[1:].isdigit()]
    return min(ids) if ids else 1 + max([int(t[1:]) for t in tiles] or [0])
