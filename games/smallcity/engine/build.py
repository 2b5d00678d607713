"""Construction (SC30-SC36, SC71, G5-G7, G14): checks and effects of building, expanding, demolishing
and growing the district. Every function validates against the state it is given (contract v2 §3)."""

from __future__ import annotations

from . import components as C
from . import grid as G
from .errors import illegal
from .tiles import send_home, tiles_of, town_hall

SLOTS_PER_SQUARE = {"residential", "commercial", "factory", "park", "school", "library", "museum", "metro",
                    "town_hall"}


def has_kind(state, d: int, kind: str) -> bool:
    return any(t["kind"] == kind for t in tiles_of(state, d))


def blocked(state, d: int) -> set[int]:
    """SC20: the host cannot build on the Mayor's two squares (never in solo, SC111)."""
    if state.n > 1 and d == state.host and state.street and state.phase not in ("setup",):
        return set(state.street)
    return set()


def size_of(kind: str, level: int) -> int:
    if kind in C.GROWABLE or kind == "park":
        return level
    if kind in C.CULTURAL:
        return C.CULTURAL[kind]["size"]
    if kind in C.SPECIAL:
        return C.SPECIAL[kind]["size"]
    return 1  # warehouse


def slot_count(kind: str, level: int) -> int:
    if kind in SLOTS_PER_SQUARE:
        return C.CULTURAL[kind]["slots"] if kind in C.CULTURAL else level
    if kind in C.CULTURAL:
        return C.CULTURAL[kind]["slots"]
    if kind in C.SPECIAL:
        return C.SPECIAL[kind]["slots"]
    return C.value("warehouse_slots")


def stock_kind(state, kind: str) -> bool:
    """Shared stock 1/1/2/3 (setup 5) — in the Cultural victory each player owns all six cultural buildings."""
    if kind in ("police", "fire"):
        return True
    return kind in C.STOCK_CULTURAL and state.options["victory"] != "cultural"


def available(state, kind: str, level: int) -> bool:
    sup = state.supply
    if kind in C.LEVELS:
        return sup[kind][level - 1] > 0
    if kind == "warehouse" or stock_kind(state, kind):
        return sup[kind] > 0
    return True


def take(state, kind: str, level: int) -> None:
    if kind in C.LEVELS:
        state.supply[kind][level - 1] -= 1
    elif kind == "warehouse" or stock_kind(state, kind):
        state.supply[kind] -= 1


def give_back(state, kind: str, level: int) -> None:
    if kind in C.LEVELS:
        state.supply[kind][level - 1] += 1
    elif kind == "warehouse" or stock_kind(state, kind):
        state.supply[kind] += 1


# ------------------------------------------------------------------ influence
def _sources(state, d: int, exclude: str | None = None):
    for t in tiles_of(state, d):
        if t["id"] != exclude:
            yield t, G.zone_of(G.influence_squares(t))


def _category(kind: str) -> str:
    if kind in C.INDUSTRIAL:
        return "industrial"
    if kind in C.CULTURAL:
        return "cultural"
    return kind


def _needs(kind: str, level: int):
    """(what the tile needs: category -> count, the category it may never be influenced by)."""
    if kind == "residential":
        return ({"cultural": level} if level >= 2 else {}), "industrial"
    if kind == "commercial":
        return {"residential": level}, None
    if kind == "factory":
        need = {} if level == 1 else ({"refinery|port": 1} if level == 2 else {"refinery": 1, "port": 1})
        return need, "residential"
    if kind in ("warehouse", "refinery", "port"):
        return {}, "residential"
    return {}, None


def _counts(sources, squares) -> dict:
    squares = set(squares)
    out: dict = {}
    for t, zone in sources:
        if zone & squares:
            for cat in {_category(t["kind"]), t["kind"]}:
                out[cat] = out.get(cat, 0) + 1
            if t["kind"] in ("refinery", "port"):
                out["refinery|port"] = out.get("refinery|port", 0) + 1
    return out


def _meets(counts: dict, need: dict) -> bool:
    return all(counts.get(cat, 0) >= n for cat, n in need.items())


def conditions(state, d, kind, level, squares, water=(), *, mode="build", exclude=None, added=()) -> str | None:
    """SC32-SC34, SC71, G14: None when the tile may stand there, else the failed condition's name.
    mode: build (one square carries every influence), expand (the existing tile as a whole), waived (col-4
    council). ``added``: the squares a growth adds (SC34 « c'est le bâtiment dans son ensemble »: the
    influences a level needs are those of the existing tile ``squares``; the new square only adds what the
    tile must not touch, industry)."""
    need, forbidden = _needs(kind, level)
    target = [s for s in squares if s not in water]
    sources = list(_sources(state, d, exclude))
    whole = _counts(sources, target)
    if forbidden and (whole.get(forbidden, 0) or (added and _counts(sources, added).get(forbidden, 0))):
        return "residential_industry"
    if mode == "waived" or not need:
        return None
    if mode == "expand":
        return None if _meets(whole, need) else "influence"
    return None if any(_meets(_counts(sources, [s]), need) for s in target) else "influence"


def influence_filter(state, d, kind, level, free, *, waived=False) -> tuple[set[int], set[int]]:
    """The squares of ``free`` a new tile of that kind may cover (none influenced by what it must never
    touch) and, among them, the squares that carry every influence it needs (SC32): a tile built there covers
    only the first and at least one of the second. Exactly ``conditions`` (mode build), square by square, so a
    search for a legal shape skips a kind no square allows at once (issue 39.7). Port: its water half is not
    influenced, so every free square is kept."""
    need, forbidden = _needs(kind, level)
    if kind == "port":
        return set(free), set(free)
    sources = list(_sources(state, d))
    ok, carriers = set(), set()
    for q in free:
        counts = _counts(sources, [q])
        if forbidden and counts.get(forbidden, 0):
            continue
        ok.add(q)
        if waived or _meets(counts, need):
            carriers.add(q)
    return ok, carriers


# ------------------------------------------------------------------ costs
def money_cost(state, d, kind, level, *, free=False) -> int:
    if free or kind == "warehouse" or kind in C.CULTURAL:
        return 0
    base = C.SPECIAL[kind]["cost"] if kind in C.SPECIAL else level
    if state.seats[d]["card"] == "C":  # Mediator, G6: every tile paid in money, parks included, min $1
        base = max(1, base - 1)
    return base


def material_cost(state, d, kind, waive=None) -> dict:
    """SC22 B, G6: the Architect's player names the cultural building of the turn that gets the waiver
    (``waive``: a material of its cost; None / "none": no waiver). A waiver that cannot be had is refused."""
    cost = dict(C.CULTURAL[kind]["cost"]) if kind in C.CULTURAL else {}
    if waive in (None, "none"):
        return cost
    seat = state.seats[d]
    if seat["card"] != "B":
        raise illegal("no_architect", "Only the Architect's player waives a material.")
    if seat["architect_used"]:
        raise illegal("architect_used", "The Architect's waiver is already used on another cultural building "
                      "this turn.")
    if waive not in cost:
        raise illegal("bad_waive", "Waive one of the raw materials that building costs.", of=sorted(cost))
    cost[waive] -= 1
    if not cost[waive]:
        del cost[waive]
    return cost


def stored(state, d) -> dict:
    out = {m: 0 for m in C.MATERIALS}
    for t in tiles_of(state, d):
        if t["kind"] in ("warehouse", "town_hall"):
            for o in t["slots"]:
                if isinstance(o, str):
                    out[o] += 1
    return out


def spend(state, d, cost: dict) -> None:
    """Warehouses first, then the town hall (the freed town-hall slots take citizens)."""
    order = sorted(tiles_of(state, d), key=lambda t: (t["kind"] != "warehouse", t["id"]))
    for mat, n in cost.items():
        for t in order:
            if t["kind"] not in ("warehouse", "town_hall"):
                continue
            for i, o in enumerate(t["slots"]):
                if n and o == mat:
                    t["slots"][i] = None
                    state.materials[mat] += 1
                    n -= 1


def store(state, d, mat: str, *, extra_tiles=()) -> bool:
    """A material from the supply into an empty warehouse or town-hall slot of ``d`` (False: no room or none left)."""
    if state.materials[mat] <= 0:
        return False
    places = sorted(tiles_of(state, d), key=lambda t: (t["kind"] != "warehouse", t["id"]))
    for t in list(places) + list(extra_tiles):
        if t["kind"] in ("warehouse", "town_hall"):
            for i, o in enumerate(t["slots"]):
                if o is None:
                    t["slots"][i] = mat
                    state.materials[mat] -= 1
                    return True
    return False


# ------------------------------------------------------------------ validation of a new tile
def check_place(state, d, kind, level, squares, *, side="A", water=(), warehouse=None, council=0) -> None:
    """Every check of SC30-SC33 / SC71 for one new tile; raises IllegalMove. ``council`` = column (0: paid)."""
    seat = state.seats[d]
    if kind not in C.LEVELS and kind not in C.SPECIAL and kind not in C.CULTURAL:
        raise illegal("bad_kind", "That is not a building you can build.")
    if kind == "town_hall":
        raise illegal("bad_kind", "The town hall is never built again.")
    if kind in C.LEVELS and not (1 <= level <= C.LEVELS[kind]):
        raise illegal("bad_level", "No tile of that level exists.")
    if council and kind in C.CULTURAL:
        raise illegal("cultural_council", "The council never builds a cultural building.")
    if not isinstance(squares, list) or not all(isinstance(s, int) for s in squares):
        raise illegal("bad_squares", "Squares must be a list of square numbers.")
    n = size_of(kind, level)
    if len(set(squares)) != n or len(squares) != n:
        raise illegal("bad_size", "That building has another number of squares.", size=n)
    if council and council < 4 and n != council:
        raise illegal("bad_size", "The council builds a tile of exactly this size.", size=council)
    if council == 4 and not (1 <= n <= 4):
        raise illegal("bad_size", "The council builds a tile of 1 to 4 squares.", size=4)
    if not G.shape_ok(kind, squares):
        raise illegal("bad_shape", "Those squares do not form that building's shape.")
    limit = G.side(state, d)
    occ = G.occupied(state, d)
    block = blocked(state, d)
    for s in squares:
        if not (0 <= s < 100) or not G.in_side(s, limit):
            raise illegal("outside", "A tile must lie fully inside the buildable zone.")
        if s in occ:
            raise illegal("taken", "That square is not empty.")
        if s in block:
            raise illegal("mayor", "The Mayor's street blocks that square this turn.")
    if kind in C.SPECIAL or kind in C.CULTURAL:
        if has_kind(state, d, kind) or kind in seat["demolished"]:
            raise illegal("one_each", "You may have only one of that building (never rebuilt once demolished).")
    if not available(state, kind, level):
        raise illegal("shortage", "None of those tiles is left in the supply.")
    if kind in ("commercial", "factory") and side not in ("A", "B"):
        raise illegal("bad_side", "Choose side A or B.")
    if kind == "port":
        if not isinstance(water, list) or len(water) != 2 or not set(water) <= set(squares) or \
                not G.connected(water):
            raise illegal("bad_water", "The Port's water half is two of its squares side by side.")
    mode = "waived" if council == 4 else "build"
    why = conditions(state, d, kind, level, squares, water if kind == "port" else (), mode=mode)
    if why:
        raise illegal("condition", "The building conditions are not met there.", condition=why)
    if kind == "factory" and council != 4:  # SC33 + G5
        if not isinstance(warehouse, int) or warehouse in squares or warehouse in occ or warehouse in block \
                or not G.in_side(warehouse, limit) or warehouse not in G.zone_of(squares):
            raise illegal("warehouse", "A new Factory needs a Warehouse on an empty square of its zone.")
        if state.supply["warehouse"] <= 0:
            raise illegal("shortage", "No Warehouse is left in the supply.")
        if conditions(state, d, "warehouse", 1, [warehouse]):
            raise illegal("warehouse", "The Warehouse may not be influenced by a Residential zone.")


def place(state, d, kind, level, squares, *, side="A", water=(), warehouse=None, new=True) -> dict:
    """Put the tile down (already checked) and take it from the supply."""
    take(state, kind, level)
    tid = f"t{state.next_id}"
    state.next_id += 1
    types = [None] * slot_count(kind, level)
    if kind == "commercial":
        types = list(C.value("commercial_slots")[side][:level])
    elif kind == "factory":
        types = list(C.value("factory_slots")[side][:level])
    tile = {"id": tid, "d": d, "kind": kind, "level": level, "sq": list(squares), "side": side, "types": types,
            "slots": [None] * slot_count(kind, level), "new": new, "water": list(water) if kind == "port" else []}
    state.tiles[tid] = tile
    if kind == "factory" and warehouse is not None:
        take(state, "warehouse", 1)
        wid = f"t{state.next_id}"
        state.next_id += 1
        state.tiles[wid] = {"id": wid, "d": d, "kind": "warehouse", "level": 1, "sq": [warehouse], "side": "A",
                            "types": [None, None], "slots": [None, None], "new": new, "water": []}
    if kind == "residential" and level == 1:  # SC33: one town-hall citizen moves in at once
        th = town_hall(state, d)
        for i, o in enumerate(th["slots"]):
            if o == d:
                th["slots"][i] = None
                tile["slots"][0] = d
                break
    return tile


def build(state, d, move: dict, *, council=0) -> dict:
    kind = move.get("kind")
    level = move.get("level", 1)
    if not isinstance(level, int):
        raise illegal("bad_level", "No tile of that level exists.")
    squares = move.get("squares")
    side = move.get("side", "A")
    water = move.get("water", [])
    check_place(state, d, kind, level, squares, side=side, water=water, warehouse=move.get("warehouse"),
                council=council)
    seat = state.seats[d]
    activator = _activator(state, d, kind, move.get("activate", "none"))
    cost = money_cost(state, d, kind, level, free=bool(council))
    mats = material_cost(state, d, kind, move.get("waive"))
    if seat["money"] < cost:
        raise illegal("money", "You do not have enough money.", cost=cost)
    have = stored(state, d)
    if any(have[m] < n for m, n in mats.items()):
        raise illegal("materials", "You do not have those raw materials stored.")
    seat["money"] -= cost
    if kind in C.CULTURAL and mats != C.CULTURAL[kind]["cost"]:
        seat["architect_used"] = True
    spend(state, d, mats)
    wh = move.get("warehouse") if kind == "factory" and council != 4 else None
    tile = place(state, d, kind, level, squares, side=side, water=water, warehouse=wh,
                 new=state.phase in ("plan", "repair"))
    if activator is not None:  # SC35: a citizen of the district moves on at once
        src, i = activator
        src["slots"][i] = None
        tile["slots"][0] = d
        if kind == "police":
            from .citizens import police_activation
            police_activation(state, d, lambda *a, **k: None)
    return tile


def activators(state, d) -> list[str]:
    """SC35: citizens of the district (not town hall) that may activate a new Fire/Police station."""
    return sorted(f"{t['id']}:{i}" for t in tiles_of(state, d) if t["kind"] != "town_hall"
                  for i, o in enumerate(t["slots"]) if o == d)


def _activator(state, d, kind, key):
    if key in (None, "none"):
        return None
    if kind not in ("fire", "police") or key not in activators(state, d):
        raise illegal("bad_activator", "Only a citizen of your district can activate a new Fire or Police station.")
    tid, _, i = key.partition(":")
    return state.tiles[tid], int(i)


def expand(state, d, move: dict) -> dict:
    """SC34, G5: exactly one level up, covering the old footprint, the whole tile meeting the new condition."""
    t = state.tiles.get(move.get("tile"))
    s = move.get("square")
    if t is None or t["d"] != d or t["kind"] not in C.GROWABLE:
        raise illegal("bad_tile", "Only your Residential, Commercial or Factory tiles can grow.")
    if t["new"]:
        raise illegal("just_built", "A tile built in this phase cannot grow yet.")
    if t["level"] >= C.LEVELS[t["kind"]]:
        raise illegal("max_level", "That tile is at its highest level.")
    if not isinstance(s, int) or not G.in_side(s, G.side(state, d)) or s in G.occupied(state, d) \
            or s in blocked(state, d):
        raise illegal("taken", "The tile must grow onto an empty square of the buildable zone.")
    squares = t["sq"] + [s]
    if not G.connected(squares):
        raise illegal("bad_shape", "The grown tile must be one piece.")
    if not available(state, t["kind"], t["level"] + 1):
        raise illegal("shortage", "None of those tiles is left in the supply.")
    why = conditions(state, d, t["kind"], t["level"] + 1, t["sq"], mode="expand", exclude=t["id"], added=[s])
    if why:
        raise illegal("condition", "The building conditions are not met.", condition=why)
    give_back(state, t["kind"], t["level"])
    take(state, t["kind"], t["level"] + 1)
    t["level"] += 1
    t["sq"] = squares
    t["slots"].append(None)
    if t["kind"] == "commercial":
        t["types"].append(C.value("commercial_slots")[t["side"]][t["level"] - 1])
    elif t["kind"] == "factory":
        t["types"].append(C.value("factory_slots")[t["side"]][t["level"] - 1])
    else:
        t["types"].append(None)
    return t


def check_demolish(state, d, t) -> None:
    """SC36, G7: raises IllegalMove when the tile may not be demolished."""
    if t is None or t["d"] != d:
        raise illegal("bad_tile", "Choose one of your own tiles.")
    if t["kind"] == "town_hall":
        raise illegal("town_hall", "The town hall cannot be demolished.")
    if state.seats[d]["money"] < len(t["sq"]):
        raise illegal("money", "You do not have enough money.", cost=len(t["sq"]))
    need: dict = {}
    for o in t["slots"]:
        if isinstance(o, int):
            need[o] = need.get(o, 0) + 1
    for owner, k in need.items():
        if sum(1 for o in town_hall(state, owner)["slots"] if o is None) < k:
            raise illegal("no_room", "Its citizens would find no room in a town hall.")


def demolish(state, d, move: dict) -> dict:
    """SC36, G7."""
    t = state.tiles.get(move.get("tile"))
    check_demolish(state, d, t)
    n = len(t["sq"])
    seat = state.seats[d]
    seat["money"] -= n
    seat["pollution"] += n
    seat["demolitions"] += 1
    for o in t["slots"]:
        if isinstance(o, int):
            send_home(state, o)
        elif isinstance(o, str):
            state.materials[o] += 1
    del state.tiles[t["id"]]
    state.removed[t["kind"]] = state.removed.get(t["kind"], 0) + 1
    if t["kind"] in C.SPECIAL or t["kind"] in C.CULTURAL:
        seat["demolished"].append(t["kind"])
    return t


def extend(state, d) -> None:
    seat = state.seats[d]
    if seat["size"] >= C.value("size_steps"):
        raise illegal("max_size", "Your district is at its largest.")
    seat["size"] += 1
