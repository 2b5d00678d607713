"""The turn (SC20-SC75, SC110-SC112): who owes what, the legal moves, applying one, automatic steps.

Sub-decisions that interrupt a phase (the Councillor's council move, a council build, Special Promises
to keep, a pollution victim and its cemetery) sit on ``state.step["sub"]`` (a stack; the top owes).
"""

from __future__ import annotations

from kit.rng import shuffle

from . import build as B
from . import citizens as Z
from . import components as C
from . import grid as G
from .errors import illegal
from .logs import log_line


def order(state) -> list[int]:
    return [(state.host + i) % state.n for i in range(state.n)]


def alive(state) -> list[int]:
    return [s for s in order(state) if not state.seats[s]["eliminated"]]


def subs(state) -> list:
    return state.step.setdefault("sub", [])


# ======================================================================== pending / may_act
def pending(state) -> set[int]:
    if state.phase == "over":
        return set()
    if subs(state):
        return {subs(state)[-1]["seat"]}
    p = state.phase
    st = state.step
    if p == "setup":
        return {s for s in range(state.n) if state.seats[s]["town_hall_due"] or
                (state.seats[s]["offer"] and state.seats[s]["promise"] is None)}
    if p == "mayor":
        return {st["decider"]}
    if p in ("pick", "citizens", "council"):
        return {st["queue"][0]} if st["queue"] else set()
    if p == "plan":
        return set(alive(state)) - set(st["done"])
    if p == "repair":
        return {st["seat"]}
    if p == "income":
        return {s for s in alive(state) if s not in st["done"]}
    return set()


def may_act(state) -> set[int]:
    """Contract v2 §1: a seat whose plan is in may take it back until the last plan is in (G4)."""
    if state.phase == "plan" and not subs(state):
        return set(state.step["done"])
    return set()


# ======================================================================== phases: entering them
def start_turn(state, log) -> None:
    for seat in state.seats:
        seat["card"] = None
        seat["architect_used"] = False
        seat["pollution_start"] = seat["pollution"]
        seat["produced"] = 0
        seat["generated"] = 0
    state.picks = {}
    state.next_host = None
    # SC111: in solo the Mayor visits the VIPs of the action cards, never the district
    log.append(log_line("turn", turn=state.turn, host=state.host) if state.n > 1 else
               log_line("turn_solo", turn=state.turn))
    if state.n == 1:
        state.street = None  # SC111: the Mayor never blocks squares in solo
        enter_pick(state, log)
        return
    state.phase = "mayor"
    prev = state.step.get("prev_host")
    keep = prev == state.host and state.street and all(
        s not in G.occupied(state, state.host) for s in state.street)
    if keep:  # SC20: the same host keeps the Mayor on its street
        enter_pick(state, log)
        return
    streets = street_choices(state)
    decider = prev if prev is not None and prev != state.host else order(state)[-1]  # G3
    state.step = {"decider": decider, "prev_host": prev}
    if len(streets) <= 1:
        state.street = streets[0] if streets else None
        log.append(log_line("mayor_street", seat=decider, street=state.street, auto=True))
        enter_pick(state, log)


def street_choices(state) -> list[list[int]]:
    """SC20: edges between two empty squares of the host's zone; else of the next strip; else none."""
    h = state.host
    occ = G.occupied(state, h)
    n = G.side(state, h)

    def edges(cells):
        out = []
        for a in sorted(cells):
            x, y = G.xy(a)
            for b in (G.sq(x + 1, y) if x + 1 < G.W else None, G.sq(x, y + 1) if y + 1 < G.W else None):
                if b is not None and b in cells:
                    out.append([a, b])
        return out

    inner = {s for s in G.zone_squares(n) if s not in occ}
    found = edges(inner)
    if found or n >= G.max_side(state):
        return found
    strip = set(G.zone_squares(n + 1)) - set(G.zone_squares(n))
    return edges(strip)


def enter_pick(state, log) -> None:
    state.phase = "pick"
    prev_host = state.step.get("prev_host") if state.phase == "mayor" else state.host
    if state.n == 1:  # SC111
        if state.turn % 2 == 1:
            cards = list(C.CARDS)
            state.rng = shuffle(state.rng, cards)
            state.circle, state.hidden_cards = cards[:4], cards[4:]
        else:
            state.circle, state.hidden_cards = state.hidden_cards, []
        state.revealed += 1
        state.picks = {state.circle[0]: -1}  # the Mayor's card: an imaginary first player's
        state.step = {"queue": [0], "prev": 0, "prev_host": prev_host}
    else:
        cards = list(C.CARDS)
        state.rng = shuffle(state.rng, cards)
        state.circle = cards
        state.revealed += 1
        state.step = {"queue": alive(state), "prev": None, "prev_host": state.host}
    log.append(log_line("circle", cards=list(state.circle)))


def pick_cost(state, card: str) -> int | None:
    """SC21 / SC111: None when the card is not free to take."""
    if card not in state.circle or card in state.picks:
        return None
    if state.n == 1:
        i = state.circle.index(card)
        return {1: 0, 3: 0, 2: 2}.get(i)
    prev = state.step["prev"]
    if prev is None:
        return 0
    n = len(state.circle)
    target = state.circle.index(card)
    best = None
    for direction in (1, -1):
        skipped, i = 0, prev
        while True:
            i = (i + direction) % n
            if i == target:
                break
            if state.circle[i] not in state.picks:
                skipped += 1
        best = skipped if best is None else min(best, skipped)
    return best


def enter_plan(state, log) -> None:
    state.phase = "plan"
    state.step = {"plans": {str(s): [] for s in alive(state)}, "done": [], "prev_host": state.step.get("prev_host")}


def reveal_plans(state, log) -> None:
    """G4: every plan is in — revealed, then applied in turn order; a plan broken by a shortage goes back."""
    state.revealed += 1
    plans = state.step["plans"]
    for s in alive(state):
        log.append(log_line("plan_revealed", seat=s, plan=plans[str(s)]))
    queue = alive(state)
    state.step = {"queue": queue, "plans": plans, "prev_host": state.step.get("prev_host")}
    apply_queue(state, log)


def apply_queue(state, log) -> None:
    st = state.step
    while st["queue"]:
        s = st["queue"][0]
        trial = state.copy()
        trial.phase = "repair"
        try:
            for step in st["plans"][str(s)]:
                plan_step(trial, s, step)
        except Exception as err:  # an IllegalMove: a shortage made by an earlier plan (G4)
            state.phase = "repair"
            st["plans"][str(s)] = []
            st["seat"] = s
            log.append(log_line("plan_broken", seat=s, reason=getattr(err, "key", "illegal")))
            return
        for f in ("tiles", "next_id", "seats", "supply", "removed", "materials"):
            setattr(state, f, getattr(trial, f))
        log.append(log_line("plan_applied", seat=s, plan=st["plans"][str(s)]))
        st["queue"].pop(0)
    for t in state.tiles.values():
        t["new"] = False
    check_eliminations(state, log)
    enter_citizens(state, log)


def enter_citizens(state, log) -> None:
    state.phase = "citizens"
    state.step = {"queue": alive(state), "prev_host": state.step.get("prev_host")}
    start_citizen_seat(state)


def start_citizen_seat(state) -> None:
    st = state.step
    if st["queue"]:
        s = st["queue"][0]
        st["held"] = sorted(Z.key(t["id"], i) for t, i in Z.citizens_of(state, s)
                            if t["kind"] in ("factory", "commercial"))
        st["moved"] = []


def end_citizen_seat(state, log) -> None:
    """The seat's moves are over: SC42 new homes (the player chooses when homes outnumber citizens), then the
    next seat, or SC43 once every seat has moved."""
    st = state.step
    s = st["queue"][0]
    if Z.homes_to_choose(state, s):
        subs(state).append({"seat": s, "kind": "new_home", "placed": 0})
        return
    finish_citizen_seat(state, log)


def finish_citizen_seat(state, log, placed: int = 0) -> None:
    st = state.step
    s = st["queue"].pop(0)
    n = Z.fill_level1(state, s) + placed
    if n:
        log.append(log_line("new_homes", seat=s, count=n))
    if st["queue"]:
        start_citizen_seat(state)
        return
    for s in alive(state):
        n = Z.factory_arrivals(state, s)
        if n:
            log.append(log_line("arrivals", seat=s, count=n))
    enter_income(state, log)


def enter_income(state, log) -> None:
    state.phase = "income"
    for s in alive(state):  # SC50
        visitors = sum(1 for t in B.tiles_of(state, s) if t["kind"] != "town_hall"
                       for o in t["slots"] if isinstance(o, int) and o != s)
        if visitors:
            state.seats[s]["money"] += visitors
            log.append(log_line("tourist_income", seat=s, money=visitors))
    state.step = {"used": [], "done": [], "prev_host": state.step.get("prev_host")}
    for s in alive(state):
        if not income_moves(state, s, with_done=False):
            state.step["done"].append(s)


def products(state, s: int) -> list[str]:
    """SC52: the Factory slots (any district) where a citizen of ``s`` works, in tile order."""
    return [Z.key(t["id"], i) for t in sorted(state.tiles.values(), key=lambda t: int(t["id"][1:]))
            if t["kind"] == "factory" for i, o in enumerate(t["slots"]) if o == s]


def room(state, s: int) -> int:
    """Empty warehouse and town-hall slots of ``s``."""
    return sum(1 for t in B.tiles_of(state, s) if t["kind"] in ("warehouse", "town_hall")
               for o in t["slots"] if o is None)


def store_choice_needed(state, s: int, keys: list[str]) -> bool:
    """SC52 « Dans l'ordre de votre choix »: the order matters when the products outnumber the room or a
    material's supply runs short; the player then chooses which are stored (the rest overflow or are lost)."""
    need: dict = {}
    for k in keys:
        t, i = Z.unkey(state, k)
        need[t["types"][i]] = need.get(t["types"][i], 0) + 1
    return len(keys) > room(state, s) or any(state.materials[m] < n for m, n in need.items())


def produce_one(state, s: int, key: str, log, *, home_only=False) -> None:
    """One product of the citizen of ``s`` on the Factory slot ``key``: stored at home (warehouses first, then
    the town hall, E3); a tourist's product with no room at home may use an empty warehouse of the producing
    district; else it goes back to the supply (SC52 b)."""
    t, i = Z.unkey(state, key)
    mat = t["types"][i]
    if state.materials[mat] <= 0:
        return
    state.seats[t["d"]]["produced"] += 1
    extra = [w for w in B.tiles_of(state, t["d"]) if w["kind"] == "warehouse"] if t["d"] != s else []
    kept = B.store(state, s, mat, extra_tiles=() if home_only else extra)
    log.append(log_line("produced" if t["d"] == s else "produced_tourist", seat=s, district=t["d"], material=mat,
                        stored=kept))


def production(state, log) -> bool:
    """SC52: seat by seat in turn order (short materials: turn order), each citizen on a Factory slot produces
    its printed material. When the order matters (``store_choice_needed``) the seat chooses (the ``store``
    decision) and this returns False; called again once the choice is made, it goes on with the next seat."""
    st = state.step
    queue = st.setdefault("producing", alive(state))
    while queue:
        s = queue[0]
        keys = products(state, s)
        if store_choice_needed(state, s, keys) and len(keys) > 1:
            subs(state).append({"seat": s, "kind": "store", "left": keys})
            return False
        for k in keys:
            produce_one(state, s, k, log)
        queue.pop(0)
    return True


def _product(state, key: str) -> str:
    t, i = Z.unkey(state, key)
    return t["types"][i]


def store_moves(state, sub) -> list[dict]:
    """One move per product still to store whose material the supply still has (``material`` names it)."""
    return [{"type": "store", "slot": k, "material": _product(state, k)} for k in sub["left"]
            if state.materials[_product(state, k)] > 0]


def apply_store(state, seat: int, sub: dict, move: dict, log) -> bool:
    """The ``store`` decision: the product of that Factory slot is stored now. True when the seat's
    production is over (no room left or nothing left to choose): the rest overflow or are lost."""
    key = move.get("slot")
    if move.get("type") != "store" or key not in [m["slot"] for m in store_moves(state, sub)] or \
            move.get("material", _product(state, key)) != _product(state, key):
        raise illegal("bad_slot", "Choose one of your products still to store.")
    sub["left"].remove(key)
    produce_one(state, seat, key, log, home_only=True)
    if room(state, seat) and store_moves(state, sub) and store_choice_needed(state, seat, sub["left"]):
        return False
    finish_store(state, sub, log)
    return True


def finish_store(state, sub: dict, log) -> None:
    """The seat's remaining products, as they come (no choice is left in them), and the next seat."""
    for k in list(sub["left"]):
        produce_one(state, sub["seat"], k, log)
    sub["left"] = []
    state.step["producing"].pop(0)


def votes_phase(state, log) -> None:
    """SC55: the k-th citizen of a Residential gives k votes; an active University +3."""
    for s in alive(state):
        gained = 0
        for t in B.tiles_of(state, s):
            if t["kind"] == "residential":
                k = sum(1 for o in t["slots"] if o == s)
                gained += k * (k + 1) // 2
        if Z.active(state, s, "university"):
            gained += 3
        state.seats[s]["votes"] += gained
        log.append(log_line("votes", seat=s, votes=gained))


def pollution_phase(state, log) -> None:
    """SC60, SC61, SC64, SC112."""
    for s in alive(state):
        seat = state.seats[s]
        people = sum(1 for t in B.tiles_of(state, s) if t["kind"] != "town_hall"
                     for o in t["slots"] if isinstance(o, int))
        produced = 0 if seat["card"] == "D" else seat["produced"]
        parks = sum(len(t["sq"]) for t in B.tiles_of(state, s) if t["kind"] == "park")
        seat["generated"] = max(0, people + produced - parks)
        seat["pollution"] += seat["generated"]
        log.append(log_line("pollution", seat=s, generated=seat["generated"], level=seat["pollution"]))
    check_eliminations(state, log)
    state.phase = "pollution"
    deaths = []
    live = alive(state)
    if state.n == 1:
        if live:
            s = live[0]
            rise = state.seats[s]["pollution"] - state.seats[s]["pollution_start"]
            k = {"citizen": 0, "mayor": int(rise > 5), "deputy": int(rise > 2), "senator": int(rise > 0),
                 "president": max(0, rise)}[state.options["difficulty"]]
            deaths = [s] * k
    elif any(state.seats[s]["pollution"] >= 10 for s in live):
        top = max(state.seats[s]["generated"] for s in live)
        tied = [s for s in live if state.seats[s]["generated"] == top]
        high = max(state.seats[s]["pollution"] for s in tied)
        deaths = [s for s in tied if state.seats[s]["pollution"] == high]
    state.step = {"deaths": deaths, "prev_host": state.step.get("prev_host")}


def victims(state, s: int) -> list[str]:
    """SC62: your citizens in your district (not with an active Clinic) or visiting tourists."""
    clinic = Z.active(state, s, "clinic") is not None
    out = []
    for t in B.tiles_of(state, s):
        if t["kind"] == "town_hall":
            continue
        for i, o in enumerate(t["slots"]):
            if isinstance(o, int) and (o != s or not clinic):
                out.append(Z.key(t["id"], i))
    return sorted(out)


def cemetery_choices(state, s: int) -> list[int]:
    """SC63: an empty square of the zone, next to a cemetery if possible; else the next strip; else none."""
    n = G.side(state, s)
    occ = G.occupied(state, s)
    free = [q for q in G.zone_squares(n) if q not in occ]
    if not free and n < G.max_side(state):
        free = [q for q in G.zone_squares(n + 1) if q not in occ and not G.in_side(q, n)]
    near = [q for q in free if any(m in state.seats[s]["cemeteries"] for m in G.n4(q))]
    return near or free


def enter_council(state, log) -> None:
    state.phase = "council"
    state.step = {"queue": alive(state), "prev_host": state.step.get("prev_host")}


def end_turn(state, log) -> None:
    """SC75, SC102, G11."""
    live = alive(state)
    for s in live:
        seat = state.seats[s]
        if state.options["victory"] == "economic":
            seat["real_estate"] += sum(t["level"] ** 2 if t["kind"] == "residential" else len(t["sq"]) ** 2
                                       for t in B.tiles_of(state, s)
                                       if t["kind"] == "residential" or t["kind"] in C.CULTURAL)
        if state.options["victory"] == "citizen":
            seat["citizen_total"] += len(Z.citizens_of(state, s))
    prev = state.host
    if state.next_host is not None and state.n > 1:
        state.host = state.next_host
    elif state.n > 1:
        nxt = (state.host + 1) % state.n
        while state.seats[nxt]["eliminated"] and nxt != state.host:
            nxt = (nxt + 1) % state.n
        state.host = nxt
    state.turn += 1
    log.append(log_line("mayor_moves", seat=state.host, turn=state.turn))
    if state.turn > C.TURNS or not live:
        from .scoring import finish
        finish(state, log)
        return
    state.step = {"prev_host": prev}
    start_turn(state, log)


def check_eliminations(state, log) -> None:
    """SC64 + G10: level 100 loses at once."""
    for s in alive(state):
        if state.seats[s]["pollution"] < 100:
            continue
        seat = state.seats[s]
        seat["eliminated"] = True
        log.append(log_line("eliminated", seat=s, pollution=seat["pollution"]))
        for t in B.tiles_of(state, s):
            if t["kind"] == "town_hall":
                continue
            for i, o in enumerate(t["slots"]):
                if o == s:
                    t["slots"][i] = None
                    seat["dead"] += 1
                elif isinstance(o, int):
                    t["slots"][i] = None
                    B.send_home(state, o)
        for t in list(state.tiles.values()):
            if t["d"] != s:
                for i, o in enumerate(t["slots"]):
                    if o == s:
                        t["slots"][i] = None
                        seat["quarry"] += 1  # G10 ruling: the eliminated player's tourist leaves play
                        host = t["d"]
                        th = B.town_hall(state, host)
                        j = next((j for j, x in enumerate(th["slots"]) if x == host), None)
                        if j is not None:
                            th["slots"][j] = None
                            t["slots"][i] = host
                        elif state.seats[host]["quarry"] > 0:
                            state.seats[host]["quarry"] -= 1
                            t["slots"][i] = host


# ======================================================================== council helpers
def council_options(state, s: int, pay_choices=None) -> list[dict]:
    seat = state.seats[s]
    out = []
    expert = state.options["council"] == "expert" and state.options["promises"] == "on"
    for d, (row, col) in enumerate(seat["discs"]):
        other = seat["discs"][1 - d][0]
        if col == 4:
            continue
        targets = []
        if col == 0:
            targets = [("advance", r, 1) for r in C.ROWS if r != other]
        else:
            targets = [("advance", row, col + 1)] + [("restart", r, 1) for r in C.ROWS if r != other]
        for action, r, newcol in targets:
            pays = []
            if seat["money"] >= newcol:
                pays.append("money")
            if seat["votes"] >= newcol:
                pays.append("votes")
            if expert and len(state.decks["special"]) >= 1:
                pays.append("special")
            for pay in pays:
                takes = 2 if (r == "economy" or (r == "industry" and newcol in (2, 3))) else 1
                for take in range(takes):
                    out.append({"type": "council", "disc": d, "action": action, "row": r, "pay": pay,
                                "take": take})
    return out


def do_council(state, s: int, move: dict, log) -> None:
    seat = state.seats[s]
    legal = council_options(state, s)
    probe = {k: move.get(k) for k in ("type", "disc", "action", "row", "pay", "take")}
    if probe not in legal:
        raise illegal("council", "That council move is not possible.")
    d, row = move["disc"], move["row"]
    col = 1 if move["action"] == "restart" or seat["discs"][d][1] == 0 else seat["discs"][d][1] + 1
    if move["pay"] == "money":
        seat["money"] -= col
    elif move["pay"] == "votes":
        seat["votes"] -= col
    seat["discs"][d] = [row, col]
    log.append(log_line("council", seat=s, row=row, column=col, pay=move["pay"]))
    if move["pay"] == "special":  # SC101: draw 4/3/2/1, keep one
        k = C.value("special_draws")[col - 1]
        drawn = [state.decks["special"].pop() for _ in range(min(k, len(state.decks["special"])))]
        state.revealed += 1
        subs(state).append({"seat": s, "kind": "keep_special", "cards": drawn})
        log.append(log_line("special_drawn", seat=s, count=len(drawn)))
        log.append(log_line("special_seen", seat=s, visible_to=(s,), cards=drawn))
    # the bonus comes after the special promise is kept (pushed first: it runs once the keep is done)
    bonus(state, s, row, col, move.get("take", 0), log)


def bonus(state, s, row, col, take, log) -> None:
    """SC71 (and G14 for column 4)."""
    seat = state.seats[s]
    if row == "industry":
        got = C.INDUSTRY[col][take]
        for mat, n in got.items():
            for _ in range(n):
                B.store(state, s, mat)
        log.append(log_line("bonus_materials", seat=s, materials=got))
    elif row == "economy":
        if take == 0:
            seat["money"] += C.ECONOMY[col]
        else:
            seat["votes"] += C.ECONOMY[col]
        log.append(log_line("bonus_economy", seat=s, amount=C.ECONOMY[col], kind=("money", "votes")[take]))
    elif row == "tourism":
        n = C.TOURISM[col]
        came = 0
        for _ in range(n):
            pool = "quarry" if state.options["victory"] == "citizen" else "reserve"  # SC103
            if seat[pool] <= 0:
                break
            seat[pool] -= 1
            th = B.town_hall(state, s)
            j = next((j for j, o in enumerate(th["slots"]) if o is None), None)
            if j is None:
                seat["quarry"] += 1
            else:
                th["slots"][j] = s
            came += 1
        log.append(log_line("bonus_citizens", seat=s, count=came))
    else:
        sub = {"seat": s, "kind": "council_build", "column": col}
        stack = subs(state)
        # a kept special promise is chosen first, then the build (the keep sits on top)
        if stack and stack[-1]["kind"] == "keep_special" and stack[-1]["seat"] == s:
            stack.insert(len(stack) - 1, sub)
        else:
            stack.append(sub)


# ======================================================================== plans
def plan_step(state, s: int, step: dict) -> None:
    """One step of a Phase-2 plan on ``state`` (SC30-SC36), checking the plan's limits."""
    kind = step.get("type")
    counts = state.memo.setdefault(("plan", s), {"builds": 0, "demolish": 0, "extend": 0})
    if kind in ("build", "demolish"):
        limit = 1 if counts["extend"] else 3
        if counts["builds"] >= limit:
            raise illegal("too_many", "You may build up to 3 tiles, or 1 tile and grow your district.")
        if kind == "demolish" and counts["demolish"]:
            raise illegal("one_demolition", "Only one of your builds may be a demolition.")
        if kind == "build":
            B.build(state, s, step)
        else:
            B.demolish(state, s, step)
            counts["demolish"] += 1
        counts["builds"] += 1
    elif kind == "expand":
        B.expand(state, s, step)
    elif kind == "extend":
        if counts["extend"] or counts["builds"] > 1:
            raise illegal("too_many", "You may build up to 3 tiles, or 1 tile and grow your district.")
        B.extend(state, s)
        counts["extend"] += 1
    else:
        raise illegal("bad_move", "That is not a construction step.")


def scratch(state, s: int):
    """The seat's district as its own plan leaves it (the plan is the seat's secret until revealed)."""
    t = state.copy()
    t.phase = "plan"
    for step in state.step["plans"][str(s)] if state.phase == "plan" else state.step["plans"][str(s)]:
        plan_step(t, s, step)
    return t


# ======================================================================== income helpers
def income_moves(state, s: int, with_done=True) -> list[dict]:
    used = set(state.step["used"])
    have = B.stored(state, s)
    mats = [m for m in C.MATERIALS if have[m] > 0]
    money = state.seats[s]["money"]
    out = []
    for t, i in Z.citizens_of(state, s):
        if t["kind"] != "commercial" or Z.key(t["id"], i) in used:
            continue
        k = Z.key(t["id"], i)
        typ = t["types"][i]
        if typ == "$1":
            out.append({"type": "income", "slot": k})
        elif typ in ("mat>$", "mat>votes") and mats:
            out.append({"type": "income", "slot": k, "ranges": {"material": {"kind": "choice", "of": mats}}})
        elif typ == "$>votes" and money >= 1:
            out.append({"type": "income", "slot": k,
                        "ranges": {"amount": {"kind": "int", "min": 1, "max": min(4, money)}}})
    if with_done and (out or s not in state.step["done"]):
        out.append({"type": "income_done"})
    return out


def do_income(state, s: int, move: dict, log) -> None:
    t, i = Z.unkey(state, move.get("slot"))
    if t is None or t["kind"] != "commercial" or t["slots"][i] != s or move["slot"] in state.step["used"]:
        raise illegal("bad_slot", "None of your citizens can work on that slot now.")
    seat = state.seats[s]
    typ = t["types"][i]
    if typ == "$1":
        seat["money"] += 1
        got = {"money": 1}
    elif typ in ("mat>$", "mat>votes"):
        mat = move.get("material")
        if mat not in C.MATERIALS or B.stored(state, s)[mat] <= 0:
            raise illegal("materials", "You have no such raw material stored.")
        B.spend(state, s, {mat: 1})
        if typ == "mat>$":
            seat["money"] += C.SELL_PRICE[mat]
            got = {"money": C.SELL_PRICE[mat]}
        else:
            seat["votes"] += C.MAT_VOTES[mat]
            got = {"votes": C.MAT_VOTES[mat]}
    else:
        amount = move.get("amount")
        if amount not in C.MONEY_VOTES or seat["money"] < amount:
            raise illegal("money", "Pay $1 to $4 that you have.")
        seat["money"] -= amount
        seat["votes"] += C.MONEY_VOTES[amount]
        got = {"votes": C.MONEY_VOTES[amount]}
    state.step["used"].append(move["slot"])
    log.append(log_line("income", seat=s, slot=typ, gain=dict(got), **got))
