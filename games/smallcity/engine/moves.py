"""Legal moves, applying one, and the automatic steps between decisions.

Moves (``type`` and fields; fields under ``ranges`` are filled by the player, contract v2 §4):
  setup     place_town_hall {squares: 2x2} · keep_promise {card}
  phase 1   place_mayor {street: [a, b]} · pick {card, gain?: money|votes (card E)}
  phase 2   build {kind, level, squares, side?, water? (Port), warehouse? (Factory), waive? (Architect),
                   activate? ("none" | "tile:slot" of a district citizen, Fire/Police, SC35)}
            expand {tile, square} · demolish {tile} · extend · undo (last step) · done · reopen
  phase 3   move_citizen {from: "tile:slot", to: "tile:slot" | "home"} · done
  phase 4   income {slot, material? | amount?} · income_done
  phase 5   store {slot} (SC52: the products outnumber the room: the Factory slot whose product is stored next)
  phase 6   kill {slot} · cemetery {square}
  phase 7   council {disc, action: advance|restart, row, pay: money|votes|special, take} · pass
  phase 3   new_home {tile} (SC42: more empty level-1 Residential zones than town-hall citizens)
  subs      keep_special {card} · council_build {build fields} · skip
"""

from __future__ import annotations

from . import build as B
from . import citizens as Z
from . import components as C
from . import grid as G
from .errors import IllegalMove, illegal
from .flow import (
    apply_queue,
    apply_store,
    cemetery_choices,
    council_options,
    do_council,
    do_income,
    end_citizen_seat,
    end_turn,
    enter_council,
    enter_pick,
    enter_plan,
    finish_citizen_seat,
    finish_store,
    income_moves,
    log_line,
    may_act,
    pending,
    pick_cost,
    plan_step,
    pollution_phase,
    production,
    reveal_plans,
    scratch,
    start_turn,
    store_moves,
    street_choices,
    subs,
    victims,
    votes_phase,
)

MAX_SHAPES = 60  # polyomino hints per build offered to bots (the move itself takes any legal shape)


# ======================================================================== legal moves
def legal_moves(state, seat: int) -> list[dict]:
    if seat not in pending(state) | may_act(state):
        return []
    stack = subs(state)
    if stack:
        return _sub_moves(state, stack[-1])
    p = state.phase
    s = state.seats[seat]
    if p == "setup":
        out = []
        if s["town_hall_due"]:
            n = G.side(state, seat)
            out += [{"type": "place_town_hall", "squares": [G.sq(x, y), G.sq(x + 1, y), G.sq(x, y + 1),
                                                            G.sq(x + 1, y + 1)]}
                    for y in range(n - 1) for x in range(n - 1)]
        if s["offer"] and s["promise"] is None:
            out += [{"type": "keep_promise", "card": c} for c in s["offer"]]
        return out
    if p == "mayor":
        return [{"type": "place_mayor", "street": e} for e in street_choices(state)]
    if p == "pick":
        out = []
        for card in state.circle:
            cost = pick_cost(state, card)
            if cost is None or cost > s["money"]:
                continue
            if card == "E":
                out += [{"type": "pick", "card": "E", "gain": g} for g in ("money", "votes")]
            else:
                out.append({"type": "pick", "card": card})
        return out
    if p in ("plan", "repair"):
        if p == "plan" and seat in state.step["done"]:
            return [{"type": "reopen"}]
        return plan_moves(state, seat)
    if p == "citizens":
        return citizen_moves(state, seat)
    if p == "income":
        return income_moves(state, seat)
    if p == "council":
        return council_options(state, seat) + [{"type": "pass"}]
    return []


def _sub_moves(state, sub) -> list[dict]:
    s = sub["seat"]
    k = sub["kind"]
    if k == "keep_special":
        return [{"type": "keep_special", "card": c} for c in sub["cards"]]
    if k == "councillor":
        return council_options(state, s) + [{"type": "skip"}]
    if k == "council_build":
        return build_hints(state, s, council=sub["column"]) + [{"type": "skip"}]
    if k == "victim":
        return [{"type": "kill", "slot": v} for v in victims(state, s)]
    if k == "cemetery":
        return [{"type": "cemetery", "square": q} for q in cemetery_choices(state, s)]
    if k == "new_home":
        return [{"type": "new_home", "tile": tid} for tid in Z.empty_homes(state, s)]
    if k == "store":
        return store_moves(state, sub)
    return []


def _kinds(state, s, council=0):
    """(kind, level) pairs the seat could build now, ignoring squares."""
    seat = state.seats[s]
    out = []
    for kind, top in C.LEVELS.items():
        for level in range(1, top + 1):
            if council and council < 4 and level != council:
                continue
            if council == 4 and level > 4:
                continue
            if B.available(state, kind, level):
                out.append((kind, level))
    for kind in list(C.SPECIAL) + ([] if council else list(C.CULTURAL)):
        if kind == "town_hall" or B.has_kind(state, s, kind) or kind in seat["demolished"]:
            continue
        size = B.size_of(kind, 1)
        if council and ((council < 4 and size != council) or size > 4):
            continue
        if B.available(state, kind, 1):
            out.append((kind, 1))
    return out


def build_hints(state, s, council=0) -> list[dict]:
    """One legal move per buildable (kind, level[, side]) with its squares as a subset range; only
    offered when at least one shape of that size fits somewhere legal (checked on a few shapes)."""
    seat = state.seats[s]
    limit = G.side(state, s)
    occ = G.occupied(state, s)
    blocked = B.blocked(state, s)
    free = {q for q in G.zone_squares(limit) if q not in occ and q not in blocked}
    out = []
    for kind, level in _kinds(state, s, council):
        size = B.size_of(kind, level)
        if not council and seat["money"] < B.money_cost(state, s, kind, level):
            continue
        if kind in C.CULTURAL:
            have = B.stored(state, s)
            cost = C.CULTURAL[kind]["cost"]
            short = sum(max(0, n - have[m]) for m, n in cost.items())
            architect = seat["card"] == "B" and not seat["architect_used"]
            if short > (1 if architect else 0):
                continue
        shape = sample_shape(state, s, kind, level, free, council)
        if shape is None:
            continue
        move = {"type": "council_build" if council else "build", "kind": kind, "level": level}
        ranges = {"squares": {"kind": "subset", "of": sorted(free), "min": size, "max": size}}
        if kind in ("commercial", "factory"):
            ranges["side"] = {"kind": "choice", "of": ["A", "B"]}
        if kind == "factory" and council != 4:
            ranges["warehouse"] = {"kind": "choice", "of": sorted(free)}
        if kind == "port":
            ranges["water"] = {"kind": "subset", "of": sorted(free), "min": 2, "max": 2}
        if kind in ("fire", "police"):  # SC35: activated at once by a citizen of the district, or not
            ranges["activate"] = {"kind": "choice", "of": ["none"] + B.activators(state, s)}
        if kind in C.CULTURAL and seat["card"] == "B" and not seat["architect_used"]:
            ranges["waive"] = {"kind": "choice", "of": _waivers(B.stored(state, s), C.CULTURAL[kind]["cost"])}
        move["ranges"] = ranges
        out.append(move)
    return out


def _waivers(have: dict, cost: dict) -> list[str]:
    """SC22 B, G6: the Architect's choices for a cultural building that the stored materials then pay for
    ("none" only when they pay the whole cost; a material only when they pay the rest without it)."""
    out = ["none"] if all(have[m] >= n for m, n in cost.items()) else []
    return out + [w for w in sorted(cost) if all(have[m] >= n - (m == w) for m, n in cost.items())]


def candidate_shapes(state, s, kind, level, free) -> list[list[int]]:
    size = B.size_of(kind, level)
    if kind in C.SQUARE_SHAPED:  # every 2x2 block of free squares, made directly (not filtered from polyominoes)
        shapes = [sorted(b) for q in sorted(free) if q % G.W < G.W - 1
                  for b in [(q, q + 1, q + G.W, q + G.W + 1)] if free.issuperset(b)]
    elif kind in ("fire", "police"):  # every straight line of free squares, across then up
        shapes = [list(b) for q in sorted(free) for step in (1, G.W)
                  for b in [tuple(q + step * k for k in range(size))]
                  if (step == G.W or q % G.W + size <= G.W) and free.issuperset(b)]
    else:
        shapes = [list(q) for q in G.polyominoes(free, size, 2000)]
    return shapes


def fill(state, s, kind, level, shape, free, council=0) -> dict:
    """A concrete move for ``shape`` (side A, the first legal Warehouse / water half)."""
    move = {"type": "council_build" if council else "build", "kind": kind, "level": level, "squares": list(shape)}
    if kind in ("commercial", "factory"):
        move["side"] = "A"
    if kind == "port":
        xs = sorted(shape)
        move["water"] = xs[2:]  # the upper row
    if kind in C.CULTURAL:
        seat = state.seats[s]
        if seat["card"] == "B" and not seat["architect_used"]:
            have = B.stored(state, s)
            cost = C.CULTURAL[kind]["cost"]
            move["waive"] = next((m for m in cost if have[m] < cost[m]), sorted(cost)[0])
    if kind == "factory" and council != 4:
        for w in sorted(G.zone_of(shape) & free):
            if w not in shape and not B.conditions(state, s, "warehouse", 1, [w]):
                move["warehouse"] = w
                break
    return move


def sample_shape(state, s, kind, level, free, council=0, rng=None, tries=MAX_SHAPES):
    """A legal concrete build of that kind on ``free`` squares, or None. Shapes are only looked for where
    the influence conditions allow (``B.influence_filter``): a kind no square allows costs no search."""
    ok, carriers = B.influence_filter(state, s, kind, level, free, waived=council == 4)
    if not carriers:
        return None
    shapes = [q for q in candidate_shapes(state, s, kind, level, ok) if carriers.intersection(q)]
    if rng is not None:
        rng.shuffle(shapes)
    for shape in shapes[:tries] if rng is not None else shapes:
        move = fill(state, s, kind, level, shape, free, council)
        try:
            B.check_place(state, s, kind, level, move["squares"], side=move.get("side", "A"),
                          water=move.get("water", []), warehouse=move.get("warehouse"), council=council)
        except Exception:
            continue
        return move
    return None


def plan_moves(state, s) -> list[dict]:
    t = scratch(state, s)
    counts = t.memo.get(("plan", s), {"builds": 0, "demolish": 0, "extend": 0})
    out = []
    limit = 1 if counts["extend"] else 3
    if counts["builds"] < limit:
        out += build_hints(t, s)
        if not counts["demolish"]:
            for tile in B.tiles_of(t, s):
                try:
                    B.check_demolish(t, s, tile)
                except IllegalMove:
                    continue
                out.append({"type": "demolish", "tile": tile["id"]})
    if not counts["extend"] and counts["builds"] <= 1 and t.seats[s]["size"] < C.value("size_steps"):
        out.append({"type": "extend"})
    out += expand_moves(t, s)
    if state.step["plans"][str(s)]:
        out.append({"type": "undo"})
    out.append({"type": "done"})
    return out


def expand_moves(t, s) -> list[dict]:
    out = []
    limit = G.side(t, s)
    occ = G.occupied(t, s)
    block = B.blocked(t, s)
    for tile in B.tiles_of(t, s):
        if tile["kind"] not in C.GROWABLE or tile["new"] or tile["level"] >= C.LEVELS[tile["kind"]]:
            continue
        if not B.available(t, tile["kind"], tile["level"] + 1):
            continue
        ring = {q for q in G.zone_of(tile["sq"]) if G.in_side(q, limit) and q not in occ and q not in block
                and any(m in tile["sq"] for m in G.n4(q))}
        for q in sorted(ring):
            if not B.conditions(t, s, tile["kind"], tile["level"] + 1, tile["sq"], mode="expand",
                                exclude=tile["id"], added=[q]):
                out.append({"type": "expand", "tile": tile["id"], "square": q})
    return out


def citizen_moves(state, s) -> list[dict]:
    st = state.step
    held = set(st["held"])
    moved = set(st["moved"])
    out = []
    obliged = False
    for t, i in Z.citizens_of(state, s):
        k = Z.key(t["id"], i)
        if k in moved:
            continue
        if Z.must_move(state, s, t):
            obliged = True
        dests = Z.destinations(state, s, t, i, held)
        if dests == ["home"] and not Z.must_move(state, s, t):
            continue
        out.append({"type": "move_citizen", "from": k, "ranges": {"to": {"kind": "choice", "of": dests}}})
    if not obliged:
        out.append({"type": "done"})
    return out


# ======================================================================== applying
def apply_decision(state, seat: int, move: dict, log: list) -> None:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise illegal("bad_move", "A move is an object with a type.")
    if "ranges" in move:
        raise illegal("bad_fields", "Fill in the move's choices before sending it.")
    if state.phase == "over":
        raise illegal("game_over", "The game is over.")
    if seat not in pending(state) | may_act(state):
        raise illegal("not_your_turn", "You have no decision to make now.")
    stack = subs(state)
    if stack:
        return _apply_sub(state, seat, stack, move, log)
    handler = {"setup": _setup, "mayor": _mayor, "pick": _pick, "plan": _plan, "repair": _plan,
               "citizens": _citizens, "income": _income, "council": _council}.get(state.phase)
    if handler is None:
        raise illegal("bad_move", "No decision is due.")
    handler(state, seat, move, log)


def _want(move, *types):
    if move["type"] not in types:
        raise illegal("wrong_move", "That move does not fit the current decision.", expected=list(types))


def _setup(state, seat, move, log):
    s = state.seats[seat]
    if move["type"] == "place_town_hall" and s["town_hall_due"]:
        squares = move.get("squares")
        if not isinstance(squares, list) or not all(isinstance(q, int) for q in squares) or \
                not G.is_square2(squares) or not all(G.in_side(q, G.side(state, seat)) for q in squares):
            raise illegal("bad_squares", "The town hall is a 2x2 square inside the buildable zone.")
        t = B.place(state, seat, "town_hall", 1, sorted(squares), new=False)
        for i in range(s["town_hall_due"]):
            t["slots"][i] = seat
        s["town_hall_due"] = 0
        log.append(log_line("town_hall", seat=seat, squares=t["sq"]))
        return
    if move["type"] == "keep_promise" and s["offer"] and s["promise"] is None:
        card = move.get("card")
        if card not in s["offer"]:
            raise illegal("bad_card", "Keep one of the three promises you drew.")
        s["promise"] = card
        for other in s["offer"]:
            if other != card:
                state.decks[C.PROMISES[other]].insert(0, other)  # under its pile (SC12)
        s["offer"] = []
        log.append(log_line("promise_kept", seat=seat))
        return
    raise illegal("wrong_move", "That move does not fit the current decision.")


def _mayor(state, seat, move, log):
    _want(move, "place_mayor")
    street = move.get("street")
    if street not in street_choices(state):
        raise illegal("bad_street", "The Mayor stands on a street between two empty squares of the host.")
    state.street = list(street)
    log.append(log_line("mayor_street", seat=seat, street=state.street))
    enter_pick(state, log)


def _pick(state, seat, move, log):
    _want(move, "pick")
    card = move.get("card")
    s = state.seats[seat]
    cost = pick_cost(state, card) if isinstance(card, str) else None
    if cost is None:
        raise illegal("bad_card", "That action card is not free to take.")
    if cost > s["money"]:
        raise illegal("money", "You cannot pay for that card.", cost=cost)
    if card == "E" and move.get("gain") not in ("money", "votes"):
        raise illegal("bad_fields", "The Supporter gives $1 or 2 votes: choose one.")
    s["money"] -= cost
    s["card"] = card
    state.picks[card] = seat
    state.step["prev"] = state.circle.index(card)
    log.append(log_line("pick", seat=seat, card=card, cost=cost))
    if card == "A" and state.n > 1:  # SC22 (solo: nothing, G13)
        state.next_host = seat
    elif card == "E":
        if move["gain"] == "money":
            s["money"] += 1
        else:
            s["votes"] += 2
    elif card == "F" and s["size"] < C.value("size_steps"):
        s["size"] += 1
    elif card == "G" and council_options(state, seat):
        subs(state).append({"seat": seat, "kind": "councillor"})
    state.step["queue"].pop(0)


def _plan(state, seat, move, log):
    st = state.step
    plan = st["plans"].setdefault(str(seat), [])
    typ = move["type"]
    if typ == "reopen":
        if seat not in st.get("done", []):
            raise illegal("wrong_move", "Your plan is still open.")
        st["done"].remove(seat)
        return
    if typ == "undo":
        if not plan:
            raise illegal("wrong_move", "Your plan is empty.")
        plan.pop()
        return
    if typ == "done":
        if state.phase == "repair":
            apply_queue(state, log)
            return
        st["done"].append(seat)
        log.append(log_line("plan_in", seat=seat))
        return
    _want(move, "build", "expand", "demolish", "extend")
    step = {k: v for k, v in move.items()}
    t = scratch(state, seat)  # validates the whole plan so far plus this step
    plan_step(t, seat, step)
    plan.append(step)


def _citizens(state, seat, move, log):
    st = state.step
    if move["type"] == "done":
        if any(m["type"] == "move_citizen" for m in citizen_moves(state, seat)) and \
                {"type": "done"} not in citizen_moves(state, seat):
            raise illegal("must_move", "Some of your citizens must still move.")
        end_citizen_seat(state, log)
        return
    _want(move, "move_citizen")
    t, i = Z.unkey(state, move.get("from"))
    if t is None or t["slots"][i] != seat or t["kind"] == "town_hall" or move["from"] in st["moved"]:
        raise illegal("bad_citizen", "Choose one of your citizens that has not moved yet.")
    dests = Z.destinations(state, seat, t, i, set(st["held"]))
    to = move.get("to")
    if to not in dests:
        raise illegal("bad_slot", "Your citizen cannot go there.")
    t["slots"][i] = None
    if to == "home":
        where = B.send_home(state, seat)
        log.append(log_line("citizen_home", seat=seat, to=where))
        return
    u, j = Z.unkey(state, to)
    u["slots"][j] = seat
    st["moved"].append(to)
    log.append(log_line("citizen_moved", seat=seat, to=to, district=u["d"], kind=u["kind"]))
    if u["kind"] == "police" and u["d"] == seat:
        Z.police_activation(state, seat, lambda k, **p: log.append(log_line(k, **p)))


def _income(state, seat, move, log):
    if move["type"] == "income_done":
        if seat not in state.step["done"]:
            state.step["done"].append(seat)
        return
    _want(move, "income")
    do_income(state, seat, move, log)
    if not income_moves(state, seat, with_done=False):
        state.step["done"].append(seat)


def _council(state, seat, move, log):
    if move["type"] == "pass":
        state.step["queue"].pop(0)
        log.append(log_line("council_pass", seat=seat))
        return
    _want(move, "council")
    state.step["queue"].pop(0)
    do_council(state, seat, move, log)


def _apply_sub(state, seat, stack, move, log):
    sub = stack[-1]
    k = sub["kind"]
    if k == "keep_special":
        _want(move, "keep_special")
        if move.get("card") not in sub["cards"]:
            raise illegal("bad_card", "Keep one of the Special Promises you drew.")
        state.seats[seat]["specials"].append(move["card"])
        for c in sub["cards"]:
            if c != move["card"]:
                state.decks["special"].insert(0, c)
        stack.pop()
        log.append(log_line("special_kept", seat=seat))
    elif k == "councillor":
        stack.pop()
        if move["type"] == "skip":
            return
        _want(move, "council")
        do_council(state, seat, move, log)
    elif k == "council_build":
        if move["type"] == "skip":
            stack.pop()
            return
        _want(move, "council_build")
        B.build(state, seat, move, council=sub["column"])
        stack.pop()
        if move["kind"] in C.LEVELS:
            log.append(log_line("council_build", seat=seat, kind=move["kind"], level=move.get("level", 1),
                                squares=move["squares"]))
        else:  # a building without levels is never "level 1"
            log.append(log_line("council_build_one", seat=seat, kind=move["kind"], squares=move["squares"]))
    elif k == "victim":
        _want(move, "kill")
        if move.get("slot") not in victims(state, seat):
            raise illegal("bad_slot", "Choose a citizen in your district that may die.")
        t, i = Z.unkey(state, move["slot"])
        owner = t["slots"][i]
        t["slots"][i] = None
        stack.pop()
        if owner != seat and Z.active(state, owner, "fire"):  # SC62, G12
            where = B.send_home(state, owner)
            log.append(log_line("fire_saves", seat=owner, district=seat, to=where))
            return
        state.seats[owner]["dead"] += 1
        log.append(log_line("death", seat=owner, district=seat))
        choices = cemetery_choices(state, seat)
        if choices:
            stack.append({"seat": seat, "kind": "cemetery", "owner": owner})
    elif k == "new_home":  # SC42: the player sends one town-hall citizen at a time while homes outnumber them
        _want(move, "new_home")
        if move.get("tile") not in Z.empty_homes(state, seat):
            raise illegal("bad_tile", "Choose one of your empty level-1 Residential zones.")
        Z.move_in(state, seat, move["tile"])
        sub["placed"] += 1
        if not Z.homes_to_choose(state, seat):
            stack.pop()
            finish_citizen_seat(state, log, placed=sub["placed"])
    elif k == "store":  # SC52: the player stores its products in the order of its choice
        _want(move, "store")
        if apply_store(state, seat, sub, move, log):
            stack.pop()
    elif k == "cemetery":
        _want(move, "cemetery")
        if move.get("square") not in cemetery_choices(state, seat):
            raise illegal("bad_square", "That square cannot take the cemetery.")
        state.seats[seat]["cemeteries"].append(move["square"])
        stack.pop()
        log.append(log_line("cemetery", seat=seat, square=move["square"]))


# ======================================================================== automatic steps
def advance(state, log: list) -> None:
    """Run every step that needs nobody; take decisions that have exactly one answer (logged as auto)."""
    for _ in range(10_000):
        if state.phase == "over":
            return
        stack = subs(state)
        if stack:
            top = stack[-1]
            moves = _sub_moves(state, top)
            if top["kind"] in ("victim", "cemetery", "keep_special", "store") and len(moves) == 1:
                apply_decision(state, top["seat"], moves[0], log)
                continue
            if not moves:
                if top["kind"] == "store":
                    finish_store(state, top, log)
                stack.pop()
                continue
            return
        p = state.phase
        if p == "setup":
            if pending(state):
                return
            start_turn(state, log)
        elif p == "mayor":
            return
        elif p == "pick":
            if state.step["queue"]:
                return
            enter_plan(state, log)
        elif p == "plan":
            if pending(state):
                return
            reveal_plans(state, log)
        elif p == "repair":
            return
        elif p == "citizens":
            if not state.step["queue"]:
                return
            s = state.step["queue"][0]
            moves = citizen_moves(state, s)
            if moves == [{"type": "done"}]:
                end_citizen_seat(state, log)
                continue
            return
        elif p == "income":
            if pending(state):
                return
            if not production(state, log):
                continue
            votes_phase(state, log)
            pollution_phase(state, log)
        elif p == "pollution":
            deaths = state.step["deaths"]
            if not deaths:
                enter_council(state, log)
                continue
            s = deaths.pop(0)
            if state.seats[s]["eliminated"] or not victims(state, s):
                continue  # SC61: « si possible »
            stack.append({"seat": s, "kind": "victim"})
        elif p == "council":
            if state.step["queue"]:
                return
            end_turn(state, log)
    raise RuntimeError("advance did not settle")

