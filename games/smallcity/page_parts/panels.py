"""The side panels: the seats' table, the action-card circle, the council and the viewer's own Promises."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.smallcity.engine import components as C

from .. import svg, texts
from .move_words import card_cost


def seat_rows(view: dict, names: list[str], colours: list[str]) -> list[dict]:
    rows = []
    owing = set(view["pending"])
    plans_in = set(view.get("plans_in") or [])
    for s, seat in enumerate(view["seats"]):
        stored = {m: 0 for m in C.MATERIALS}
        for t in view["tiles"]:
            if t["d"] == s and t["kind"] in ("warehouse", "town_hall"):
                for o in t["slots"]:
                    if o in stored:
                        stored[o] += 1
        rows.append({
            "seat": s, "name": names[s], "colour": colours[s], "letter": svg.seat_letter(s),
            "money": seat["money"], "votes": seat["votes"], "pollution": seat["pollution"],
            "stored": ", ".join(f"{n} {texts.MATERIALS[m]}" for m, n in stored.items() if n) or "—",
            "quarry": seat["quarry"], "reserve": seat["reserve"],
            "card": texts.card_name(seat["card"]) if seat["card"] else "—",
            "promises": (1 if seat["has_promise"] else 0) + seat["special_count"],
            "owes": s in owing, "plan_in": s in plans_in, "eliminated": seat["eliminated"],
            "host": view.get("host") == s and view.get("players_count", 2) > 1, "is_me": view.get("viewer") == s,
        })
    return rows


def circle(view: dict, names: list[str]) -> list[dict]:
    """The face-up action cards in circle order (SC21, solo SC111), each with its two neighbours: the first card's
    neighbour the other way is the last. The page draws them as a ring, clockwise."""
    out = []
    picking = view["phase"] == "pick"
    cards = view["circle"]
    for i, card in enumerate(cards):
        by = view["picks"].get(card)
        cost = card_cost(view, card) if picking and by is None else None
        near = [cards[(i - 1) % len(cards)], cards[(i + 1) % len(cards)]] if len(cards) > 2 else []
        out.append({"card": card, "name": texts.CARDS.get(card, card), "power": texts.CARD_POWERS.get(card, ""),
                    "between": (_("between %(left)s and %(right)s") % {
                        "left": f"{near[0]} · {texts.CARDS.get(near[0], near[0])}",
                        "right": f"{near[1]} · {texts.CARDS.get(near[1], near[1])}"}) if near else "",
                    "by": names[by] if isinstance(by, int) and 0 <= by < len(names) else (
                        _("the Mayor") if by == -1 else ""),
                    "cost": (texts.money(cost) if cost else _("free")) if cost is not None else ""})
    return out


def council(view: dict, names: list[str], colours: list[str]) -> list[dict]:
    rows = []
    for row in C.ROWS:
        cols = []
        for col in range(1, 5):
            discs = [{"letter": svg.seat_letter(s), "colour": colours[s], "name": names[s]}
                     for s, seat in enumerate(view["seats"]) for r, c in seat["discs"] if r == row and c == col]
            cols.append({"col": col, "discs": discs})
        rows.append({"name": texts.ROWS[row], "cols": cols})
    return rows


def secrets(view: dict) -> dict | None:
    """The viewer's own Promise and Special Promises (no one else's page has them before the end)."""
    me = view.get("viewer")
    if me is None:
        return None
    seat = view["seats"][me]
    promise = seat.get("promise")
    return {"promise": ({"n": promise, "pile": texts.PILES[C.PROMISES[promise]], "text": texts.promise_text(promise)}
                        if promise is not None else None),
            "specials": [{"n": n, "text": texts.special_text(n)} for n in seat.get("specials") or []]}
