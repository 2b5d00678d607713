"""What the Infinite City game page shows: the city, the hand, the step of the move being
built (pick a tile, then a highlighted cell, then each effect's choice, then confirm), what
only this seat has seen, and the end screen — all from ``view(state, seat)`` and the seat's
legal moves."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from play import end_screen, move_builder

from . import svg, texts

# The page asks a cell as one field ("x,y"), where the engine has two (x and y).
FIELD_ORDER = {"play": ["tile", "cell"], "target2": ["cell", "cell2"]}
BOARD_KEYS = ("cell", "cell2")
BOARD_TYPES = ("target", "place", "hotel")

PROMPTS = {
    "tile": gettext_lazy("Which tile do you play?"),
    "cell": gettext_lazy("Choose a highlighted cell on the board."),
    "cell2": gettext_lazy("Choose the second tile to swap."),
    "owner": gettext_lazy("Whose token?"),
    "seat": gettext_lazy("Which player?"),
}

FRAME_PROMPTS = {
    "turn": gettext_lazy("Your turn: pick a tile of your hand, then a highlighted cell."),
    "arboretum": gettext_lazy("Arboretum: take back one of your tokens (tap it), or stop."),
    "bank": gettext_lazy("Bank: choose a tile with a token to swap with your token on the Bank."),
    "bank_owner": gettext_lazy("Bank: whose token do you take?"),
    "capitol": gettext_lazy("Capitol: choose the next adjacent tile to put a token on."),
    "play": gettext_lazy("Play another tile."),
    "disaster": gettext_lazy("Disaster Site: choose the tile to put at the bottom of the draw pile."),
    "embassy": gettext_lazy("Embassy: choose an adjacent tile to put one of your tokens on."),
    "housing": gettext_lazy("Housing: choose a tile with no token to put one of your tokens on."),
    "mausoleum": gettext_lazy("Mausoleum: choose an adjacent tile to take into your hand."),
    "port": gettext_lazy("Port: choose where the top tile of the draw pile goes, face down."),
    "post_office": gettext_lazy("Post Office: choose the tile to move."),
    "post_office_to": gettext_lazy("Post Office: choose where it goes."),
    "security": gettext_lazy("Security Guard: choose a tile whose tokens go back to their owners."),
    "shopping": gettext_lazy("Shopping Complex: choose the player you swap hands with."),
    "stadium": gettext_lazy("Stadium: choose an adjacent tile whose tokens move onto the Stadium."),
    "stadium_tokens": gettext_lazy("Stadium: move one token, or all of them?"),
    "temple": gettext_lazy("Temple: choose the player whose hand you look at."),
    "transit": gettext_lazy("Transit Station: choose the two tiles to swap."),
}


def _cell_key(x: int, y: int) -> str:
    return f"{x},{y}"


def _xy(key) -> tuple[int, int] | None:
    try:
        x, y = str(key).split(",")
        return int(x), int(y)
    except (TypeError, ValueError):
        return None


def ui_move(move: dict) -> list[dict]:
    """The page's form(s) of an engine move: cells as one "x,y" field; a swap in both orders."""
    t = move["type"]
    if t in ("play", "target", "place", "hotel"):
        out = {k: v for k, v in move.items() if k not in ("x", "y")}
        out["cell"] = _cell_key(move["x"], move["y"])
        return [out]
    if t == "target2":
        a, b = _cell_key(move["x1"], move["y1"]), _cell_key(move["x2"], move["y2"])
        return [{"type": t, "cell": a, "cell2": b}, {"type": t, "cell": b, "cell2": a}]
    return [dict(move)]


def engine_move(ui: dict) -> dict:
    t = ui.get("type")
    out = {k: v for k, v in ui.items() if k not in ("cell", "cell2", move_builder.DONE)}
    if "cell" in ui:
        (x, y) = _xy(ui["cell"])
        if t == "target2":
            (x2, y2) = _xy(ui["cell2"])
            out.update(x1=x, y1=y, x2=x2, y2=y2)
        else:
            out.update(x=x, y=y)
    return out


def _cells(view: dict) -> dict[tuple[int, int], dict]:
    return {(c["x"], c["y"]): c for c in view["cells"]}


def _top_frame(view: dict) -> dict | None:
    return view["stack"][-1] if view.get("stage") == "effects" and view["stack"] else None


def _frame_at(frame: dict | None) -> tuple[int, int] | None:
    at = (frame or {}).get("at")
    return (at[0], at[1]) if isinstance(at, list) and len(at) == 2 else None


def _tile_at(cells, xy) -> str:
    cell = cells.get(xy)
    if cell is None:
        return _("an empty cell")
    if cell["face_up"]:
        return texts.tile_name(cell["tile"]["kind"])
    return _("face-down tile")


def _where(cells, xy) -> str:
    """"the Bank at C4" / "the face-down tile at C4"."""
    return _("the %(tile)s at %(cell)s") % {"tile": _tile_at(cells, xy), "cell": texts.cell_name(*xy)}


def _owners_text(tokens: list[int], names: list[str], skip: int | None = None) -> str:
    parts = [ngettext("%(name)s's %(n)d token", "%(name)s's %(n)d tokens", n) % {"name": names[s], "n": n}
             for s, n in enumerate(tokens) if n and s != skip]
    return _(" and ").join(parts)


def describe(ui: dict, view: dict, names: list[str]) -> str:
    """The whole decision in words, for the confirmation ("Security Guard: return Blue's 2 tokens from
    the Bank at C4.")."""
    move = engine_move(ui)
    t = move["type"]
    cells = _cells(view)
    me = view.get("viewer")
    frame = _top_frame(view)
    kind = frame["kind"] if frame else "turn"
    xy = (move["x"], move["y"]) if "x" in move else None
    if t == "pass":
        return _("Pass: you can neither play a tile nor use a Hotel.")
    if t == "hotel":
        return _("Put one of your tokens on the Hotel at %(cell)s instead of playing a tile (its instruction "
                 "is not resolved).") % {"cell": texts.cell_name(*xy)}
    if t == "play":
        name = texts.tile_name(move["tile"])
        source = {"library": _("Library: play the %(tile)s you saw at %(cell)s"),
                  "temple": _("Temple: play %(holder)s's %(tile)s at %(cell)s")}.get((frame or {}).get("src"))
        if source is None:
            source = (_("Construction Site: play your %(tile)s at %(cell)s") if frame
                      else _("Play your %(tile)s at %(cell)s"))
        holder = (frame or {}).get("holder")
        text = source % {"tile": name, "cell": texts.cell_name(*xy),
                         "holder": names[holder] if isinstance(holder, int) and holder < len(names) else ""}
        return _("%(action)s and put one of your tokens on it. Then: %(instruction)s") % {
            "action": text, "instruction": texts.instruction(texts.KIND_OF.get(move["tile"], move["tile"]))}
    if t == "target2":
        a, b = (move["x1"], move["y1"]), (move["x2"], move["y2"])
        return _("Transit Station: swap %(a)s and %(b)s, with all their tokens.") % {
            "a": _where(cells, a), "b": _where(cells, b)}
    if t == "stop":
        return _("Arboretum: take back no more tokens.")
    if t == "all_tokens":
        src = tuple(frame["from"]) if frame and frame.get("from") else None
        tokens = cells[src]["tokens"] if src in cells else []
        return _("Stadium: move all the tokens from %(where)s onto the Stadium (%(who)s).") % {
            "where": _where(cells, src) if src else "?", "who": _owners_text(tokens, names)}
    if t == "pick_token":
        owner = names[move["owner"]]
        if kind == "bank_owner":
            return _("Bank: swap your token on the Bank with %(name)s's token.") % {"name": owner}
        src = tuple(frame["from"]) if frame and frame.get("from") else None
        return _("Stadium: move one of %(name)s's tokens from %(where)s onto the Stadium.") % {
            "name": owner, "where": _where(cells, src) if src else "?"}
    if t == "pick_player":
        seat = move["seat"]
        count = view["players"][seat]["hand_count"]
        if kind == "shopping":
            mine = view["players"][me]["hand_count"] if me is not None else 0
            return _("Shopping Complex: swap your hand (%(mine)s) with %(name)s's hand (%(theirs)s).") % {
                "mine": texts.tiles_count(mine), "name": names[seat], "theirs": texts.tiles_count(count)}
        return _("Temple: look at %(name)s's hand (%(theirs)s), then play one of their tiles; they draw a "
                 "tile.") % {"name": names[seat], "theirs": texts.tiles_count(count)}
    cell = cells.get(xy)
    tokens = cell["tokens"] if cell else []
    others = _owners_text(tokens, names, skip=me if kind in ("embassy", "capitol", "housing") else None)
    flip = (_(" It is turned face up and you resolve its instruction.") if cell and not cell["face_up"]
            and kind in ("embassy", "capitol", "housing") else "")
    back = (" " + _("%(who)s go back.") % {"who": others}) if others else ""
    if t == "place":
        if kind == "port":
            return _("Port: place the top tile of the draw pile face down at %(cell)s.") % {
                "cell": texts.cell_name(*xy)}
        src = tuple(frame["from"]) if frame and frame.get("from") else None
        return _("Post Office: move %(what)s to %(cell)s, with its tokens.") % {
            "what": _where(cells, src) if src else "?", "cell": texts.cell_name(*xy)}
    where = _where(cells, xy)
    sentences = {
        "security": _("Security Guard: return %(who)s from %(where)s.") % {
            "who": _owners_text(tokens, names) or _("the tokens"), "where": where},
        "embassy": _("Embassy: put one of your tokens on %(where)s.") % {"where": where} + back + flip,
        "capitol": _("Capitol: put one of your tokens on %(where)s.") % {"where": where} + back + flip,
        "housing": _("Housing: put one of your tokens on %(where)s.") % {"where": where} + flip,
        "disaster": _("Disaster Site: put %(where)s at the bottom of the draw pile.") % {"where": where} + back,
        "mausoleum": _("Mausoleum: take %(where)s into your hand.") % {"where": where} + back,
        "bank": _("Bank: swap your token on the Bank with a token on %(where)s.") % {"where": where},
        "arboretum": _("Arboretum: take back your token from %(where)s.") % {"where": where},
        "post_office": _("Post Office: pick up %(where)s to move it.") % {"where": where},
        "stadium": _("Stadium: move tokens from %(where)s onto the Stadium.") % {"where": where},
    }
    return sentences.get(kind, texts.move_label(move, names))


def target_title(ui: dict, view: dict, names: list[str]) -> str:
    """What tapping a highlighted cell does (its accessible name and tooltip)."""
    cell = _xy(ui.get("cell2") or ui.get("cell"))
    where = texts.cell_name(*cell)
    t = ui.get("type")
    if t == "play" and "tile" in ui:
        return _("Play the %(tile)s at %(cell)s") % {"tile": texts.tile_name(ui["tile"]), "cell": where}
    if t == "hotel":
        return _("Put a token on the Hotel at %(cell)s") % {"cell": where}
    if t == "place":
        return _("Put it at %(cell)s") % {"cell": where}
    cells = _cells(view)
    label = svg.cell_label(cells[cell], names) if cell in cells else where
    return _("Choose %(cell)s") % {"cell": label}


def option_label(key: str, value, names: list[str]) -> str:
    if key == "owner":
        return _("%(colour)s: %(name)s") % {"colour": svg.seat_colour_name(value), "name": names[value]}
    if key == "seat":
        return names[value]
    if key == "type":
        return str(TYPE_LABELS.get(value, value))
    return str(value)


TYPE_LABELS = {
    "pass": gettext_lazy("Pass"),
    "stop": gettext_lazy("Take back no more tokens"),
    "all_tokens": gettext_lazy("Move all the tokens"),
    "pick_token": gettext_lazy("Move one token"),
    "hotel": gettext_lazy("Put a token on a Hotel"),
}


def move_step(legal: list[dict], raw: str | None, view: dict, names: list[str], base_url: str) -> dict:
    """The step of the move being built: its question, the tiles to pick, the board targets, the
    buttons, or the confirmation."""
    ui_legal, seen = [], set()
    for move in legal:
        for ui in ui_move(move):
            tag = move_builder.encode(ui)
            if tag not in seen:
                seen.add(tag)
                ui_legal.append(ui)
    builder = move_builder.build(ui_legal, move_builder.decode(raw), FIELD_ORDER)
    step = builder.step
    frame = _top_frame(view)
    kind = frame["kind"] if frame else "turn"
    url = lambda partial: f"{base_url}?m={move_builder.encode(partial)}"  # noqa: E731
    ctx = {"targets": {}, "target_list": [], "tiles": [], "buttons": [], "confirm": None,
           "prompt": str(FRAME_PROMPTS.get(kind, "")), "question": "", "selected": set(),
           "cancel_url": base_url, "started": bool(move_builder.decode(raw)), "frame": kind}
    for key in BOARD_KEYS:
        xy = _xy(builder.partial.get(key)) if key in builder.partial else None
        if xy:
            ctx["selected"].add(xy)
    if frame and _frame_at(frame):
        ctx["selected"].add(_frame_at(frame))
    if builder.move is not None:
        move = move_builder.move_of(builder.move)
        ctx["confirm"] = {"json": move_builder.encode(engine_move(move)), "text": describe(move, view, names)}
        return ctx
    if step is None:
        return ctx
    ctx["question"] = str(PROMPTS.get(step.key, ""))
    if step.key == "type":
        # Every way to answer at once: the hand's tiles, the highlighted cells, the buttons.
        for option in step.options:
            t = option.value
            if t == "play":
                _hand_options(ctx, [m for m in builder.remaining if m["type"] == "play"], view, url)
            elif t in BOARD_TYPES:
                for m in builder.remaining:
                    if m["type"] == t:
                        _add_target(ctx, {"type": t, "cell": m["cell"]}, view, names, url)
            else:
                ctx["buttons"].append({"label": option_label("type", t, names), "url": url(option.partial)})
    elif step.key == "tile":
        _hand_options(ctx, builder.remaining, view, url, partial=builder.partial)
    elif step.key in BOARD_KEYS:
        for option in step.options:
            _add_target(ctx, option.partial, view, names, url)
    else:
        ctx["buttons"] = [{"label": option_label(step.key, o.value, names), "url": url(o.partial)}
                          for o in step.options]
    return ctx


def _add_target(ctx: dict, partial: dict, view: dict, names: list[str], url) -> None:
    xy = _xy(partial.get("cell2") or partial.get("cell"))
    title = target_title(partial, view, names)
    ctx["targets"][xy] = svg.Target(url(partial), title)
    ctx["target_list"].append({"label": title, "url": url(partial)})


def _hand_options(ctx: dict, moves: list[dict], view: dict, url, partial: dict | None = None) -> None:
    """The tiles that can be played now, each a link to the step that asks where."""
    keys = []
    for m in moves:
        if m.get("tile") not in keys:
            keys.append(m["tile"])
    held = {t["key"]: t for p in view.get("players") or [] for t in p.get("hand") or [] if isinstance(t, dict)}
    kinds = [texts.KIND_OF.get(key, key) for key in keys]
    for key, kind in zip(keys, kinds, strict=True):
        choice = dict(partial or {"type": "play"}, tile=key)
        ctx["tiles"].append({"key": key, "kind": kind, "name": texts.tile_name(kind),
                             "instruction": texts.instruction(kind), "url": url(choice)})
    _tell_apart(ctx["tiles"], lambda tile: svg.marks_text(held.get(tile["key"], {})), add_marks=True)


def _tell_apart(tiles: list[dict], marks_of, *, add_marks: bool) -> None:
    """Two tiles of one kind in the hand: each choice's name says how they differ (their printed marks,
    added to the name unless the list shows them beside it), else which of them it is: a list of choices
    never names two alike."""
    by_kind: dict[str, list[dict]] = {}
    for tile in tiles:
        by_kind.setdefault(tile["kind"], []).append(tile)
    for same in by_kind.values():
        if len(same) < 2:
            continue
        if add_marks:
            for tile in same:
                tile["name"] = f'{tile["name"]} ({marks_of(tile) or _("no printed marks")})'
        names = [(t["name"], marks_of(t)) for t in same]
        for n, tile in enumerate(same, 1):
            if names.count((tile["name"], marks_of(tile))) > 1:
                tile["name"] = _("%(name)s, tile %(n)s of %(count)s") % {
                    "name": tile["name"], "n": n, "count": len(same)}


def hand(view: dict, seat: int | None, playable: set[str], chosen: str | None) -> list[dict]:
    """The seat's own hand, in its order, with what each tile does."""
    if seat is None:
        return []
    out = []
    for tile in view["players"][seat]["hand"] or []:
        out.append({"key": tile["key"], "kind": tile["kind"], "name": texts.tile_name(tile["kind"]),
                    "instruction": texts.instruction(tile["kind"]), "marks": svg.marks_text(tile),
                    "playable": tile["key"] in playable, "chosen": tile["key"] == chosen})
    _tell_apart(out, lambda tile: tile["marks"], add_marks=False)  # (the list shows the marks)
    return out


def sights(view: dict, seat: int | None, names: list[str]) -> list[dict]:
    """What only this seat has seen: the Library's tiles, another player's hand (Temple, Shopping
    Complex, a tile it saw go there), the pile positions it knows."""
    if seat is None:
        return []
    out = []
    for frame in view["stack"]:
        tiles = [t for t in frame.get("tiles") or [] if t]
        if tiles:
            out.append({"title": _("The Library shows you"), "tiles": _named(tiles)})
    for player in view["players"]:
        if player["seat"] != seat and player["known"]:
            out.append({"title": _("You know %(name)s holds (%(n)s in all)") % {
                "name": names[player["seat"]], "n": player["hand_count"]}, "tiles": _named(player["known"])})
    known = view["pile"]["known"]
    if known:
        out.append({"title": _("You know these tiles of the draw pile (1 = the top)"),
                    "tiles": [dict(t, name=f'{k["depth"] + 1}: {texts.tile_name(t["kind"])}')
                              for k in known for t in [k["tile"]]]})
    return out


def _named(tiles: list[dict]) -> list[dict]:
    return [dict(t, name=texts.tile_name(t["kind"]), instruction=texts.instruction(t["kind"])) for t in tiles]


def players(view: dict, names: list[str], colours: list[str]) -> list[dict]:
    return [{"seat": p["seat"], "name": names[p["seat"]], "colour": colours[p["seat"]],
             "letter": svg.seat_letter(p["seat"]), "supply": p["supply"], "on_board": p["on_board"],
             "hand_count": p["hand_count"], "turn": p["seat"] == view.get("turn")} for p in view["players"]]


def latest_marks(page) -> dict[tuple[int, int], str]:
    """The cells the latest move changed (from the log lines this seat may see)."""
    marks = {}
    for line in page.last_move:
        for kx, ky in (("x", "y"), ("to_x", "to_y"), ("x1", "y1"), ("x2", "y2")):
            x, y = line.params.get(kx), line.params.get(ky)
            if isinstance(x, int) and isinstance(y, int) and not isinstance(x, bool):
                marks[(x, y)] = "last"
    return marks


def end_rows(view: dict, names: list[str], colours: list[str]) -> list[dict]:
    result = view.get("result")
    if not result:
        return []
    rows = []
    for seat, detail in enumerate(result["details"]):
        rows.append({**detail, "seat": seat, "name": names[seat], "colour": colours[seat],
                     "rank": result["ranks"][seat], "score": result["scores"][seat],
                     # after the detail, whose "groups" is the list of sizes: "7 + 3"
                     "groups": " + ".join(str(g) for g in detail["groups"]) or "—"})
    rows.sort(key=lambda r: (r["rank"], r["seat"]))
    return rows


def context(page) -> dict:
    view, seat, names, colours, replay = page.view, page.seat, page.names, page.colours, page.replay
    step = None
    if page.legal_moves and not replay:
        step = move_step(page.legal_moves, page.step, view, names, page.base_url)
    marks = {} if replay else latest_marks(page)
    # The cells "since your last visit" names (the platform's box), outlined; the latest move's dashes
    # win where both apply.
    for cell in page.since_visit.places if page.since_visit is not None and not replay else ():
        marks.setdefault(cell, "changed")
    board = svg.render(view, names=names, targets=step["targets"] if step else None,
                       selected=step["selected"] if step else None, marks=marks)
    playable = {t["key"] for t in step["tiles"]} if step else set()
    chosen = None
    if step and page.step:
        chosen = move_builder.decode(page.step).get("tile")
    result = view.get("result")
    return {
        "ic": view,
        "ic_svg": board,
        "ic_step": step,
        "ic_seat": seat,
        "ic_hand": hand(view, seat, playable if step and not step["confirm"] else set(), chosen),
        "ic_sights": sights(view, seat, names),
        "ic_players": players(view, names, colours),
        "ic_kinds": [(k, texts.tile_name(k), texts.instruction(k)) for k in texts.TILE_NAMES],
        "ic_end": end_screen.frame("infinitecity", result, names, colours, end_rows(view, names, colours)),
        "ic_end_reason": str(texts.END_REASONS.get(result["reason"], "")) if result else "",
        "ic_final": view["end"]["mode"] == "final",
    }
