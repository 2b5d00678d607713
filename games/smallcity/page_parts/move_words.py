"""A Small City move in words: a tile's and a slot's text, each option's label, a card's cost, and the
confirmation's sentence."""

from __future__ import annotations

from types import SimpleNamespace

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.smallcity.engine import components as C
from games.smallcity.engine.flow import pick_cost
from play.texts import clauses

from .. import texts
from .move_fields import BOARD_FIXED, TYPE_LABELS


def _slot(view: dict, key) -> tuple[dict | None, int]:
    try:
        tid, i = str(key).split(":")
        tile = next(t for t in _all_tiles(view) if t["id"] == tid)
        return tile, int(i)
    except (ValueError, StopIteration):
        return None, 0


def _all_tiles(view: dict) -> list[dict]:
    planned = view.get("planned") or {}
    mine = {t["id"]: t for t in planned.get("tiles", [])}
    return [*mine.values(), *(t for t in view["tiles"] if t["id"] not in mine)]


def tile_text(view: dict, tile_id, names: list[str]) -> str:
    tile = next((t for t in _all_tiles(view) if t["id"] == tile_id), None)
    if tile is None:
        return str(tile_id)
    name = texts.kind_name(tile["kind"])
    if tile["kind"] in C.LEVELS:
        name = _("%(kind)s, level %(level)s") % {"kind": name, "level": tile["level"]}
    return _("%(tile)s on %(squares)s in %(owner)s's district") % {
        "tile": name, "squares": texts.squares_text(tile["sq"]), "owner": names[tile["d"]]}


def slot_text(view: dict, key, names: list[str]) -> str:
    if key == "home":
        return _("Back to your town hall (or the Espace Carrière)")
    tile, i = _slot(view, key)
    if tile is None:
        return str(key)
    text = tile_text(view, tile["id"], names)
    if tile["types"] and i < len(tile["types"]) and tile["types"][i]:
        text += " — " + str(texts.SLOT_TYPES.get(tile["types"][i], tile["types"][i]))
    return _("%(tile)s, place %(n)s") % {"tile": text, "n": i + 1}


def option_label(key: str, value, view: dict, names: list[str], move: dict) -> str:
    if key == "type":
        return str(TYPE_LABELS[value]) if value in TYPE_LABELS else texts.move_label({"type": value}, names)
    if key == "kind":
        return texts.kind_name(value)
    if key == "level":
        return _("Level %(n)s") % {"n": value}
    if key == "card" and move.get("type") == "pick":
        cost = card_cost(view, value)
        price = texts.money(cost) if cost else _("free")
        return f"{texts.card_name(value)} ({price}): {texts.CARD_POWERS.get(value, '')}"
    if key == "card" and move.get("type") == "keep_promise":
        return _("Promise #%(n)s (%(pile)s): %(text)s") % {"n": value, "pile": texts.PILES[C.PROMISES[value]],
                                                           "text": texts.promise_text(value)}
    if key == "card" and move.get("type") == "keep_special":
        return _("Special Promise #%(n)s: %(text)s") % {"n": value, "text": texts.special_text(value)}
    if key == "gain":
        return {"money": _("Take $1"), "votes": _("Take 2 votes")}.get(value, str(value))
    if key == "tile":
        return tile_text(view, value, names)
    if key in ("from", "slot", "to"):
        return slot_text(view, value, names)
    if key == "disc":
        row, col = view["seats"][view["viewer"]]["discs"][value] if view.get("viewer") is not None else (None, 0)
        where = (_("%(row)s, column %(col)s") % {"row": texts.ROWS.get(row, row), "col": col}) if row else _(
            "not on the council yet")
        return _("Disc %(n)s (%(where)s)") % {"n": value + 1, "where": where}
    if key == "row":
        return str(texts.ROWS.get(value, value))
    if key == "action":
        return {"advance": _("Move on one column"), "restart": _("Start again in column 1")}.get(value, value)
    if key == "pay":
        col = council_column(view, move)
        if value == "money" and col:
            return texts.money(col)
        if value == "votes" and col:
            return ngettext("%(n)d vote", "%(n)d votes", col) % {"n": col}
        return str(texts.PAY.get(value, value))
    if key == "take":
        return take_label(move, value, view)
    if key == "side":
        return side_label(move.get("kind"), move.get("level", 1), value)
    if key == "activate":
        return _("No") if value == "none" else _("Yes: %(slot)s") % {"slot": slot_text(view, value, names)}
    if key == "waive" and value == "none":
        return _("No: keep the waiver for another cultural building this turn")
    if key in ("waive", "material"):
        return str(texts.MATERIALS.get(value, value))
    if key == "amount":
        return _("%(money)s for %(votes)s votes") % {"money": texts.money(value), "votes": C.MONEY_VOTES.get(value)}
    if key in BOARD_FIXED or key == "warehouse":
        return texts.square_name(value)
    return str(value)


def side_label(kind, level, side) -> str:
    """A Factory or Commercial side named by what is printed on the squares a tile of that level has."""
    printed = C.value("factory_slots" if kind == "factory" else "commercial_slots").get(side, ())
    level = level if isinstance(level, int) else 1
    words = ", ".join(str(texts.SLOT_TYPES.get(p, p)) for p in printed[:level])
    return _("Side %(side)s: %(printed)s") % {"side": side, "printed": words} if words else _(
        "Side %(side)s") % {"side": side}


def council_column(view: dict, move: dict) -> int | None:
    """The column a council move's disc lands on (SC70): its cost and its reward."""
    viewer = view.get("viewer")
    disc = move.get("disc")
    if viewer is None or not isinstance(disc, int) or move.get("action") not in ("advance", "restart"):
        return None
    try:
        col = view["seats"][viewer]["discs"][disc][1]
    except (KeyError, IndexError, TypeError):
        return None
    return 1 if move["action"] == "restart" or col == 0 else col + 1


def take_label(move: dict, take, view: dict | None = None) -> str:
    row = move.get("row")
    col = council_column(view or {}, move)
    if row == "economy":
        amount = C.ECONOMY.get(col) if col else None
        if amount is None:
            return _("Money") if take == 0 else _("Votes")
        return texts.money(amount) if take == 0 else ngettext("%(n)d vote", "%(n)d votes", amount) % {"n": amount}
    if row == "industry":
        rewards = C.INDUSTRY.get(col) if col else None
        if rewards and 0 <= take < len(rewards):
            return texts.materials_text(rewards[take])
        return _("One of the rewards (%(n)s)") % {"n": take + 1}
    return str(take + 1)


def card_cost(view: dict, card) -> int | None:
    shim = SimpleNamespace(circle=view["circle"], picks=view["picks"], n=view["players_count"],
                           step=view.get("step") or {})
    try:
        return pick_cost(shim, card)
    except (KeyError, ValueError, TypeError):
        return None



def describe(move: dict, view: dict, names: list[str]) -> str:
    """The whole decision in words, for the confirmation."""
    t = move["type"]
    text = texts.move_label(move, names)
    if t in ("build", "council_build"):
        extra = []
        if move.get("side"):
            extra.append(_("side %(side)s") % {"side": move["side"]})
        if move.get("water"):
            extra.append(_("water on %(sq)s") % {"sq": texts.squares_text(move["water"])})
        if isinstance(move.get("warehouse"), int):
            extra.append(_("its Warehouse on %(sq)s") % {"sq": texts.square_name(move["warehouse"])})
        if move.get("activate") not in (None, "none"):
            extra.append(_("activated by %(slot)s") % {"slot": slot_text(view, move["activate"], names)})
        if move.get("waive") not in (None, "none"):
            extra.append(_("Architect: no %(m)s to pay") % {"m": texts.MATERIALS.get(move["waive"], move["waive"])})
        if extra:
            text += " (" + clauses(extra) + ")"
        if t == "build":
            text += ". " + _("It goes into your plan, behind the screen; you can take it back until your plan is in.")
        return text
    if t == "expand":
        return _("Expand the %(tile)s onto %(sq)s.") % {"tile": tile_text(view, move["tile"], names),
                                                         "sq": texts.square_name(move["square"])}
    if t == "demolish":
        return _("Demolish the %(tile)s ($1 and 1 pollution per square).") % {
            "tile": tile_text(view, move["tile"], names)}
    if t == "move_citizen":
        return _("Move the citizen from %(from)s to %(to)s.") % {"from": slot_text(view, move["from"], names),
                                                                   "to": slot_text(view, move["to"], names)}
    if t == "income":
        text = _("Income: %(slot)s") % {"slot": slot_text(view, move["slot"], names)}
        if "material" in move:
            text += " — " + str(texts.MATERIALS.get(move["material"], move["material"]))
        if "amount" in move:
            text += " — " + option_label("amount", move["amount"], view, names, move)
        return text
    if t == "kill":
        return _("Pollution: the citizen on %(slot)s dies and becomes a Cemetery in your district.") % {
            "slot": slot_text(view, move["slot"], names)}
    if t == "cemetery":
        return _("The Cemetery of the citizen who died goes on %(square)s.") % {
            "square": texts.square_name(move["square"])}
    if t == "done" and view.get("phase") == "plan":
        return _("My plan is complete: put it in. (You can still change it until the last plan is in.)")
    if t == "council":
        return (_("Council: %(row)s, %(action)s, paying with %(pay)s; reward: %(take)s.") % {
            "row": texts.ROWS.get(move["row"], move["row"]),
            "pay": option_label("pay", move["pay"], view, names, move),
            "action": option_label("action", move["action"], view, names, move),
            "take": take_label(move, move.get("take", 0), view)})
    return text

