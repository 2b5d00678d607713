"""What the Small City game page shows, from ``view(state, seat)`` and the seat's legal moves only: every
district (the viewer's as its own plan leaves it), the seats' money, votes, pollution and materials, the
action-card circle with each card's price, the council, the viewer's own Promises, the step of the move
being built, and the end screen.

A move is built one part at a time (``play.move_builder``: the choices travel in the URL, every step is a
link). Its fixed fields come first (a building's kind and level, a card, a council row…); then the fields a
legal move leaves as ranges (``kit.params``) are asked one by one: squares are tapped on the board (each
tap adds one, tapping again removes it, until the building's size), other values are buttons; then the
whole move is shown for confirmation."""

from __future__ import annotations

import random
from types import SimpleNamespace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.smallcity.bots.determinize import sample_state
from games.smallcity.engine import components as C
from games.smallcity.engine.flow import pick_cost
from games.smallcity.engine.params import example_move
from kit import params
from play import end_screen, move_builder

from . import svg, texts

RANGES_KEY = "_r"  # the values of a ranged legal move chosen so far, inside the partial move in the URL
RANGE_ORDER = ("squares", "water", "warehouse", "side", "activate", "waive", "to", "amount", "material")
BOARD_RANGES = ("squares", "water", "warehouse")
BOARD_FIXED = ("corner", "sq1", "sq2", "square")
FIELD_ORDER = {
    "build": ["kind", "level"], "council_build": ["kind", "level"], "pick": ["card", "gain"],
    "expand": ["tile", "square"], "council": ["disc", "row", "action", "pay", "take"],
    "place_mayor": ["sq1", "sq2"],
}

PROMPTS = {
    "type": gettext_lazy("What do you do?"),
    "kind": gettext_lazy("Which building?"),
    "level": gettext_lazy("Which level (its number of squares)?"),
    "card": gettext_lazy("Which card?"),
    "gain": gettext_lazy("Supporter: money or votes?"),
    "tile": gettext_lazy("Which building?"),
    "square": gettext_lazy("Choose a highlighted square on your district."),
    "corner": gettext_lazy("Choose the bottom-left square of your 2×2 town hall (highlighted squares)."),
    "sq1": gettext_lazy("Choose a square beside the street (highlighted)."),
    "sq2": gettext_lazy("Choose the square on the other side of the street."),
    "disc": gettext_lazy("Which disc?"),
    "row": gettext_lazy("Which department (row)?"),
    "action": gettext_lazy("Move the disc on, or start again in column 1?"),
    "pay": gettext_lazy("How do you pay?"),
    "take": gettext_lazy("Which reward?"),
    "from": gettext_lazy("Which citizen?"),
    "slot": gettext_lazy("Which place?"),
    "squares": gettext_lazy("Tap the squares of the building on your district, one by one."),
    "water": gettext_lazy("Port: tap the two squares of its water half."),
    "warehouse": gettext_lazy("Factory: tap the square of its new Warehouse (in the Factory's zone)."),
    "side": gettext_lazy("Which side of the tile (its printed squares)?"),
    "activate": gettext_lazy("Activate it at once with a citizen of your district?"),
    "waive": gettext_lazy("Architect: which raw material do you not pay?"),
    "to": gettext_lazy("Where does the citizen go?"),
    "amount": gettext_lazy("How many dollars do you pay for votes?"),
    "material": gettext_lazy("Which raw material?"),
}


# A kind of move, as the first question of the move panel lists them.
TYPE_LABELS = {
    "place_town_hall": gettext_lazy("Build your town hall"),
    "keep_promise": gettext_lazy("Keep one of your Election Promises"),
    "keep_special": gettext_lazy("Keep one of the Special Promises drawn"),
    "place_mayor": gettext_lazy("Put the Mayor on a street"),
    "pick": gettext_lazy("Take a special action card"),
    "build": gettext_lazy("Build"),
    "council_build": gettext_lazy("Council: build a tile"),
    "expand": gettext_lazy("Expand a building"),
    "demolish": gettext_lazy("Demolish a building"),
    "extend": gettext_lazy("Grow the buildable zone (one step of the size track)"),
    "undo": gettext_lazy("Take back the last step of my plan"),
    "done": gettext_lazy("Done"),
    "reopen": gettext_lazy("Change my plan (until the last plan is in)"),
    "move_citizen": gettext_lazy("Move a citizen"),
    "income": gettext_lazy("Use a Commercial square"),
    "income_done": gettext_lazy("No more income"),
    "kill": gettext_lazy("Pollution (Phase 6): one citizen in your district dies. Choose which: one of yours or "
                         "a visiting tourist (a tourist whose owner has an active Fire station goes home instead)"),
    "cemetery": gettext_lazy("Choose the square of the Cemetery for the citizen who died in your district"),
    "new_home": gettext_lazy("More empty level-1 Residential zones than town-hall citizens: choose where one "
                             "moves in"),
    "store": gettext_lazy("More products than room to store them: choose which one is stored next (the others "
                          "may be lost)"),
    "council": gettext_lazy("Move a disc on the council"),
    "pass": gettext_lazy("Pass"),
    "skip": gettext_lazy("Skip"),
}


# ----------------------------------------------------------------------- the page's form of a move
def ui_move(move: dict) -> list[dict]:
    """The page's form(s) of a legal move: a town hall by its bottom-left square, a street by its two squares
    in either order."""
    t = move["type"]
    if t == "place_town_hall":
        return [{"type": t, "corner": min(move["squares"])}]
    if t == "place_mayor":
        a, b = move["street"]
        return [{"type": t, "sq1": a, "sq2": b}, {"type": t, "sq1": b, "sq2": a}]
    return [move]


def engine_move(ui: dict, legal: list[dict]) -> dict | None:
    """The engine's legal move a page form stands for (with its ranges, when it has them)."""
    for move in legal:
        if any(_same(ui, form) for form in ui_move(move)):
            return move
    return None


def _same(ui: dict, form: dict) -> bool:
    return {k: v for k, v in ui.items() if k not in (RANGES_KEY, move_builder.DONE)} == form


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


# ----------------------------------------------------------------------- building a move step by step
def move_step(legal: list[dict], raw: str | None, view: dict, names: list[str], base_url: str) -> dict:
    partial = move_builder.decode(raw)
    chosen = partial.pop(RANGES_KEY, {}) if isinstance(partial.get(RANGES_KEY), dict) else {}
    partial.pop(RANGES_KEY, None)
    ui_legal, seen = [], set()
    for move in legal:
        for ui in ui_move(move):
            tag = move_builder.encode(ui)
            if tag not in seen:
                seen.add(tag)
                ui_legal.append(ui)
    # going back (take back a step, reopen the plan) after every way forward: the first choice a keyboard
    # user reaches moves the game on, it does not undo the step just made
    ui_legal.sort(key=lambda ui: ui["type"] in ("undo", "reopen"))
    builder = move_builder.build(ui_legal, partial, FIELD_ORDER)

    def url(p: dict, ranges: dict | None = None) -> str:
        p = dict(p)
        if ranges:
            p[RANGES_KEY] = ranges
        return f"{base_url}?m={move_builder.encode(p)}"

    ctx = {"targets": {}, "target_list": [], "buttons": [], "confirm": None, "question": "",
           "selected": set(), "cancel_url": base_url, "started": bool(partial) or bool(chosen)}
    if builder.move is None:
        step = builder.step
        if step is None:
            return ctx
        ctx["question"] = str(PROMPTS.get(step.key, ""))
        for option in step.options:
            if step.key in BOARD_FIXED:
                _target(ctx, option.value, url(option.partial),
                        _("Square %(sq)s") % {"sq": texts.square_name(option.value)})
            else:
                ctx["buttons"].append({"label": option_label(step.key, option.value, view, names, builder.partial),
                                       "url": url(option.partial)})
        for key in BOARD_FIXED:
            if isinstance(builder.partial.get(key), int):
                ctx["selected"].add(builder.partial[key])
        return ctx
    ui = move_builder.move_of(builder.move)
    legal_move = engine_move(ui, legal)
    if legal_move is None:
        return ctx
    fixed = params.fixed_part(legal_move) if params.has_ranges(legal_move) else dict(legal_move)
    ranges = legal_move.get("ranges") or {}
    chosen = {k: v for k, v in chosen.items() if k in ranges}
    ctx["started"] = True
    for name in sorted(ranges, key=lambda n: RANGE_ORDER.index(n) if n in RANGE_ORDER else 99):
        spec = ranges[name]
        value = chosen.get(name)
        if spec["kind"] == "subset":
            have = [q for q in value if q in spec["of"]] if isinstance(value, list) else []
            if name == "water":
                pool = [q for q in chosen.get("squares", []) if q in spec["of"]]
            else:
                pool = list(spec["of"])
            ctx["selected"].update(have)
            if len(have) >= spec["max"]:
                chosen[name] = have
                continue
            ctx["question"] = str(PROMPTS.get(name, name))
            ctx["progress"] = ngettext("%(have)s of %(need)s squares chosen", "%(have)s of %(need)s squares chosen",
                                       len(have)) % {"have": len(have), "need": spec["max"]}
            near = {q + d for q in have for d in (1, -1, 10, -10)}
            adds = [q for q in pool if q not in have and (not have or name == "water" or q in near)]
            # the squares of a building that fits come first, taking a square out last: the first choice
            # (a keyboard user's) always leads to a move the engine takes, never back and forth
            for q in _first(adds, _example(view, legal_move, {**chosen, name: have}), name):
                _target(ctx, q, url(ui, {**chosen, name: sorted(have + [q])}),
                        _("Square %(sq)s") % {"sq": texts.square_name(q)})
            for q in have:
                _target(ctx, q, url(ui, {**chosen, name: [x for x in have if x != q]}),
                        _("Square %(sq)s: take it out") % {"sq": texts.square_name(q)})
            return ctx
        values = spec["of"] if spec["kind"] == "choice" else list(range(spec["min"], spec["max"] + 1))
        if value in values:
            continue
        if len(values) == 1:
            chosen[name] = values[0]
            continue
        ctx["question"] = str(PROMPTS.get(name, name))
        if spec["kind"] == "choice":
            values = _first(values, _example(view, legal_move, chosen), name)
        for v in values:
            link = url(ui, {**chosen, name: v})
            if name in BOARD_RANGES:
                _target(ctx, v, link, _("Square %(sq)s") % {"sq": texts.square_name(v)})
            else:
                ctx["buttons"].append({"label": option_label(name, v, view, names, fixed), "url": link})
        return ctx
    move = {**fixed, **chosen}
    ctx["confirm"] = {"json": move_builder.encode(move), "text": describe(move, view, names)}
    for key in ("squares", "water"):
        ctx["selected"].update(move.get(key) or [])
    for key in ("square", "warehouse"):
        if isinstance(move.get(key), int):
            ctx["selected"].add(move[key])
    return ctx


def _example(view: dict, legal_move: dict, chosen: dict) -> dict | None:
    """A legal build that keeps the choices made so far (on a state drawn from the viewer's own view: a
    building's fit depends on the viewer's district and plan only), or None."""
    if legal_move.get("type") not in ("build", "council_build") or view.get("viewer") is None:
        return None
    try:
        state = sample_state(view, view["viewer"], random.Random(0))
        return example_move(state, view["viewer"], legal_move, chosen)
    except Exception:  # ordering the choices is a convenience: the engine still judges the move
        return None


def _first(values: list, example: dict | None, name: str) -> list:
    """``values`` with the example's value(s) for ``name`` first, in the example's order."""
    if not example or name not in example:
        return list(values)
    lead = example[name] if isinstance(example[name], list) else [example[name]]
    lead = [v for v in lead if v in values]
    return lead + [v for v in values if v not in lead]


def _target(ctx: dict, square: int, link: str, title: str) -> None:
    ctx["targets"][square] = svg.Target(link, title)
    ctx["target_list"].append({"label": title, "url": link})


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
            text += " (" + "; ".join(extra) + ")"
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


# ----------------------------------------------------------------------- panels
FORECAST_PHASES = ("plan", "repair", "citizens", "income")


def forecast(view: dict) -> dict | None:
    """This turn's income, votes and pollution for the viewer, the district as it stands (its plan
    included while planning) and its citizens staying where they are: SC50-SC51's sure dollars (tourists,
    `$1` places), SC55's votes, SC60's pollution (materials produced counted, Engineer aside)."""
    me = view.get("viewer")
    if me is None or view["phase"] not in FORECAST_PHASES:
        return None
    planned = view.get("planned")
    mine = planned["tiles"] if planned else [t for t in view["tiles"] if t["d"] == me]
    votes = money = people = produced = parks = visitors = 0
    for t in mine:
        own = [i for i, o in enumerate(t["slots"]) if o == me]
        if t["kind"] == "residential":
            votes += len(own) * (len(own) + 1) // 2
        elif t["kind"] == "university" and own:
            votes += 3
        elif t["kind"] == "park":
            parks += len(t["sq"])
        if t["kind"] != "town_hall":
            people += sum(1 for o in t["slots"] if isinstance(o, int))
            visitors += sum(1 for o in t["slots"] if isinstance(o, int) and o != me)  # they pay SC50
        if t["kind"] == "factory":
            produced += sum(1 for o in t["slots"] if isinstance(o, int))
    for t in view["tiles"]:  # the viewer's citizens on `$1` places, wherever they work
        if t["kind"] == "commercial":
            money += sum(1 for i, o in enumerate(t["slots"]) if o == me and t["types"][i] == "$1")
    if view["seats"][me]["card"] == "D":
        produced = 0
    if view["phase"] != "income":  # in Phase 4 the visitors have paid already (the table has it)
        money += visitors
    return {"votes": votes, "money": money, "pollution": max(0, people + produced - parks)}


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
    out = []
    picking = view["phase"] == "pick"
    for card in view["circle"]:
        by = view["picks"].get(card)
        cost = card_cost(view, card) if picking and by is None else None
        out.append({"card": card, "name": texts.CARDS.get(card, card), "power": texts.CARD_POWERS.get(card, ""),
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


def end_rows(view: dict, names: list[str], colours: list[str]) -> list[dict]:
    result = view.get("result")
    if not result:
        return []
    rows = []
    for s, d in enumerate(result["details"]):
        promise = ""
        if d.get("promise") is not None:
            promise = _("#%(n)s %(text)s: %(verdict)s (%(points)+d)") % {
                "n": d["promise"], "text": texts.promise_text(d["promise"]),
                "verdict": _("kept") if d["promise_kept"] else _("failed"), "points": d["promise_points"]}
        specials = "; ".join(
            _("#%(n)s %(text)s: %(verdict)s") % {"n": n, "text": texts.special_text(n),
                                                  "verdict": _("kept") if ok else _("failed (−5)")}
            for n, ok in d.get("specials") or [])
        rows.append({"seat": s, "name": names[s], "colour": colours[s], "rank": result["ranks"][s],
                     "score": result["scores"][s], "votes": d["votes"], "pollution": d["pollution"],
                     "money": d["money"], "promise": promise or "—", "specials": specials,
                     "special_points": d["special_points"], "real_estate": d.get("real_estate"),
                     "citizens": d.get("citizens"), "cultural": d.get("cultural_squares"),
                     "eliminated": d["eliminated"], "note": _("pollution 100%: out") if d["eliminated"] else ""})
    return rows


def solo_end(view: dict) -> str:
    solo = (view.get("result") or {}).get("solo")
    if not solo:
        return ""
    key = solo["label_key"]
    return texts.MESSAGES[key] and str(texts.MESSAGES[key]) % {
        "score": solo["label_params"]["score"],
        "difficulty": texts.DIFFICULTIES.get(solo["label_params"]["difficulty"], "")}


def latest_squares(page, d: int) -> set[int]:
    """The squares of district ``d`` the latest move changed (from the log lines this seat may see)."""
    out = set()
    for line in page.last_move:
        p = line.params
        if p.get("district", line.seat if line.seat is not None else p.get("seat")) != d:
            continue
        for key in ("squares", "street"):
            if isinstance(p.get(key), list):
                out.update(q for q in p[key] if isinstance(q, int))
        if isinstance(p.get("square"), int):
            out.add(p["square"])
        for step in p.get("plan") or []:
            if isinstance(step, dict):
                out.update(q for q in step.get("squares") or [] if isinstance(q, int))
                if isinstance(step.get("square"), int):
                    out.add(step["square"])
    return out


def districts(view: dict, page, step: dict | None) -> list[dict]:
    names, me = page.names, page.seat
    placing_mayor = step is not None and view["phase"] == "mayor"
    first = view["host"] if placing_mayor else me  # the district the move is made on comes first
    order = ([first] if first is not None else []) + [s for s in range(view["players_count"]) if s != first]
    out = []
    planned = view.get("planned")
    for d in order:
        tiles, side = None, None
        if d == me and planned:
            tiles = planned["tiles"]
            side = C.value("start_zone")[view["options"]["board"]] + planned["size"]
        active = step is not None and ((d == view["host"]) if placing_mayor else d == me)
        title = (_("Your district") if d == me else _("%(name)s's district") % {"name": names[d]})
        if d == me and planned and view.get("my_plan"):
            title += " — " + _("as your plan leaves it")
        here = view.get("host") == d and view.get("players_count", 2) > 1  # solo: the Mayor visits the VIPs (SC111)
        label = title + (" — " + _("the Mayor is here") if here else "")
        pic = svg.district(view, d, names, tiles=tiles, side=side, targets=step["targets"] if active else None,
                           selected=step["selected"] if active else set(),
                           marks=set() if page.replay else latest_squares(page, d), label=label)
        out.append({"seat": d, "title": title, "svg": pic, "mine": d == me, "active": active,
                    "host": here, "colour": page.colours[d], "letter": svg.seat_letter(d),
                    "cemeteries": len(view["seats"][d]["cemeteries"])})
    return out


def context(page) -> dict:
    view, names, colours = page.view, page.names, page.colours
    step = None
    if page.legal_moves and not page.replay:
        step = move_step(page.legal_moves, page.step, view, names, page.base_url)
    result = view.get("result")
    waiting = [names[s] for s in view["pending"]]
    boards = districts(view, page, step)
    return {
        "sc": view,
        "sc_step": step,
        "sc_forecast": forecast(view),
        "sc_seat": page.seat,
        "sc_phase": str(texts.PHASES.get(view["phase"], view["phase"])),
        "sc_waiting": waiting,
        "sc_plans": ({"in": [names[s] for s in view.get("plans_in") or []],
                      "out": [names[s] for s in view["pending"]]} if view["phase"] == "plan" else None),
        "sc_seats": seat_rows(view, names, colours),
        "sc_circle": circle(view, names),
        "sc_council": council(view, names, colours),
        "sc_secrets": secrets(view),
        "sc_districts": boards,
        # the district to tap: one copy only, which a phone's stylesheet puts first under the move panel
        "sc_has_targets": bool(step and step["targets"] and any(d["active"] for d in boards)),
        "sc_kinds": [(k, texts.kind_name(k), texts.POWERS[k]) for k in texts.KINDS],
        "sc_end": end_screen.frame("smallcity", result, names, colours, end_rows(view, names, colours),
                                   solo_label=solo_end(view)),
        "sc_victory": str(texts.OPTION_LABELS.get(view["options"]["victory"], "")),
        "sc_promises_on": view["options"]["promises"] == "on",
        "sc_difficulty": str(texts.DIFFICULTIES.get(view["options"].get("difficulty"), "")),
        "sc_supply": [(texts.kind_name(k), sum(v) if isinstance(v, list) else v)
                      for k, v in sorted(view["supply"].items())],
        "sc_materials": ", ".join(f'{n} {texts.MATERIALS[m]}' for m, n in view["materials"].items()),
    }
