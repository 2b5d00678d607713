"""Playing a tile, putting tokens, and every tile's instruction as a stack of pending
decisions (IC20–IC27, IC30–IC33, IC40, IC41, G2–G23).

A *frame* is one pending effect, a JSON-ready dict ``{"k": kind, ...}`` on ``State.stack``
(top = last). Decision frames wait for a move of the active seat (``frame_moves`` lists
them, ``apply_frame`` answers one); *continuations* (``library_rest``, ``temple_draw``) run
by themselves when they reach the top, after everything stacked above them is resolved.
A decision frame with no legal answer has no effect (G22: compulsory only when possible)
and is dropped by ``fizzle``.

Frames (cells are ``[x, y]``; ``at`` is the tile whose instruction it is, followed when a
Post Office or Transit Station moves it, ``None`` once it has left the city):

arboretum {at, left, done}        target (one of your tokens back) … or stop (IC27, G15)
bank {at}                         target: a tile holding none of your tokens (G7)
bank_owner {at, target}           pick_token: whose token, when several share the tile
capitol {at, cells, done}         target: the next adjacent tile (G6: you pick the order)
play {src, via, tiles?, known?, holder?}
                                  play: a tile from your hand (Construction Site), from the
                                  tiles looked at (Library) or from a hand (Temple)
disaster {at}                     target (G8, G23)
embassy {at}                      target: an adjacent tile
housing {at}                      target: a tile with no token (face-down ones too, G5)
mausoleum {at}                    target: an adjacent tile, into your hand (G12)
port {}                           place: where the top tile of the pile goes, face down
post_office {at}                  target: the tile to move (G9) …
post_office_to {at, from}         … place: where it goes
security {at}                     target: a tile holding tokens (G23)
shopping {}                       pick_player (G14)
stadium {at}                      target: an adjacent tile holding tokens …
stadium_tokens {at, from}         … pick_token (one of that owner's) or all_tokens (G15)
temple {}                         pick_player: a player holding tiles (G11)
transit {at}                      target2: two tiles to swap (G9)
library_rest {seat, tiles, known} continuation: the tiles not played go to the bottom (G19)
temple_draw {holder}              continuation: the robbed player draws one tile (G18)
"""

from __future__ import annotations

from kit.base import LogEntry

from . import tiles as T
from .city import (
    adjacent_tiles,
    city_changed,
    draw,
    face_up_power_stations,
    hand_add,
    hand_remove,
    kind_at,
    learn_hand,
    placement_cells,
    protected_cells,
    return_tokens,
    to_bottom,
)
from .state import State

CONTINUATIONS = frozenset({"library_rest", "temple_draw"})
LIBRARY_LOOK = 5
FACTORY_DRAWS = 5
ARBORETUM_TAKES = 3


def _xy(c) -> tuple[int, int] | None:
    return None if c is None else (c[0], c[1])


def _pos(xy) -> list[int]:
    return [xy[0], xy[1]]


def _log(log: list, key: str, params: dict, seat: int | None = None, visible_to=None) -> None:
    log.append(LogEntry(f"infinitecity.{key}", params, seat, visible_to))


def _target(xy) -> dict:
    return {"type": "target", "x": xy[0], "y": xy[1]}


def _place(xy) -> dict:
    return {"type": "place", "x": xy[0], "y": xy[1]}


# ------------------------------------------------------------------ the end (IC40, IC41)

def finish(s: State, reason: str, log: list) -> None:
    from .scoring import compute_result

    s.stage = "over"
    for f in reversed(s.stack):  # tiles a Library set aside still go under the pile (G19)
        if f.get("tiles"):
            to_bottom(s, f["tiles"], f["known"])
    s.stack = []
    s.over_reason = reason
    s.result = compute_result(s)
    _log(log, "game_over", {"reason": reason, "scores": list(s.result["scores"]),
                            "ranks": list(s.result["ranks"]), "tiebreak": s.result["tiebreak"]})


def _check_power_stations(s: State, log: list) -> None:
    """IC41: all five face up in the city: the game ends at once."""
    if face_up_power_stations(s) >= T.POWER_STATIONS_TO_END:
        finish(s, "power_stations", log)


def _last_token(s: State, seat: int, log: list) -> None:
    """IC40 / G2 / G3 / G20: no further tile is played this turn; the first time, every
    other player (the interrupted active player included, last) gets one more turn."""
    s.no_more_plays = True
    if s.end["mode"] == "none":
        n = s.nplayers
        order = [(s.turn + 1 + i) % n for i in range(n)]
        s.end = {"mode": "final", "trigger": seat, "queue": [p for p in order if p != seat]}
        _log(log, "final_round", {"seat": seat, "queue": list(s.end["queue"])}, seat)
    else:
        _log(log, "last_token", {"seat": seat}, seat)


# ------------------------------------------------------------------ tokens, tiles, flips

def put_token(s: State, seat: int, xy, log: list) -> bool:
    """One token of ``seat`` onto the tile at ``xy``; a face-down tile flips and the active
    player resolves it (IC21). False when the seat has no token left."""
    if s.supply[seat] <= 0:
        return False
    cell = s.cells[xy]
    s.supply[seat] -= 1
    cell[2][seat] += 1
    if s.supply[seat] == 0:
        _last_token(s, seat, log)
    if not cell[1]:
        cell[1] = True
        cell[3] = 0
        city_changed(s)
        s.revealed += 1
        _log(log, "flip", {"seat": seat, "x": xy[0], "y": xy[1], "tile": cell[0], "kind": T.KIND_OF[cell[0]]}, seat)
        if T.KIND_OF[cell[0]] == T.POWER_STATION:
            _check_power_stations(s, log)
            if s.stage == "over":
                return True
        resolve(s, xy, log)
    return True


def play_tile(s: State, tile: str, xy, log: list, via: str, auto: bool = False) -> None:
    """IC20/IC22: the tile face up on an empty cell, one of the active player's tokens on
    it, then its instruction."""
    seat = s.turn
    s.cells[xy] = [tile, True, [0] * s.nplayers, 0]
    city_changed(s)
    _log(log, "play", {"seat": seat, "tile": tile, "kind": T.KIND_OF[tile], "x": xy[0], "y": xy[1],
                       "via": via, "auto": auto}, seat)
    put_token(s, seat, xy, log)
    if s.stage == "over":
        return
    if T.KIND_OF[tile] == T.POWER_STATION:
        _check_power_stations(s, log)
        if s.stage == "over":
            return
    resolve(s, xy, log)


def resolve(s: State, xy, log: list) -> None:
    """The instruction of the tile at ``xy`` (just played or flipped), by the active player."""
    kind = kind_at(s, xy)
    at = _pos(xy)
    push = s.stack.append
    if kind == T.ARBORETUM:
        push({"k": "arboretum", "at": at, "left": ARBORETUM_TAKES, "done": 0})
    elif kind == T.BANK:
        push({"k": "bank", "at": at})
    elif kind == T.CAPITOL:
        push({"k": "capitol", "at": at, "cells": [_pos(c) for c in sorted(adjacent_tiles(s, xy))], "done": 0})
    elif kind == T.CONSTRUCTION_SITE:
        push({"k": "play", "src": "hand", "via": T.CONSTRUCTION_SITE})
    elif kind == T.DISASTER_SITE:
        push({"k": "disaster", "at": at})
    elif kind == T.EMBASSY:
        push({"k": "embassy", "at": at})
    elif kind == T.FACTORY:
        s.factory += FACTORY_DRAWS
        _log(log, "factory", {"seat": s.turn, "draws": FACTORY_DRAWS}, s.turn)
    elif kind == T.HOUSING:
        push({"k": "housing", "at": at})
    elif kind == T.LIBRARY:
        _library_look(s, log)
    elif kind == T.MAUSOLEUM:
        push({"k": "mausoleum", "at": at})
    elif kind == T.POLICE_HQ:
        _police(s, xy, log)
    elif kind == T.PORT:
        push({"k": "port"})
    elif kind == T.POST_OFFICE:
        push({"k": "post_office", "at": at})
    elif kind == T.SECURITY_GUARD:
        push({"k": "security", "at": at})
    elif kind == T.SHOPPING_COMPLEX:
        push({"k": "shopping"})
    elif kind == T.STADIUM:
        push({"k": "stadium", "at": at})
    elif kind == T.TEMPLE:
        push({"k": "temple"})
    elif kind == T.TRANSIT_STATION:
        push({"k": "transit", "at": at})
    # Hotel (IC24), Plaza (IC25) and Power Station (IC30) act through rules, not when played.


def _police(s: State, xy, log: list) -> None:
    """G2: every other player with a token in supply puts one on it, clockwise (no choice)."""
    n = s.nplayers
    seats = []
    for i in range(1, n):
        seat = (s.turn + i) % n
        if put_token(s, seat, xy, log):
            seats.append(seat)
    _log(log, "police", {"seat": s.turn, "x": xy[0], "y": xy[1], "seats": seats}, s.turn)


def _library_look(s: State, log: list) -> None:
    """G10: the top five tiles (all of them when fewer) leave the pile; only the player sees them."""
    seat = s.turn
    count = min(LIBRARY_LOOK, len(s.pile))
    if count == 0:
        _log(log, "no_effect", {"seat": seat, "kind": T.LIBRARY}, seat)
        return
    seen = [s.pile.pop() for _ in range(count)]
    known = [s.pile_known.pop() | (1 << seat) for _ in range(count)]
    s.revealed += 1
    _log(log, "library_look", {"seat": seat, "count": count}, seat)
    _log(log, "library_seen", {"seat": seat, "tiles": seen}, seat, visible_to=(seat,))
    s.stack.append({"k": "play", "src": "library", "via": T.LIBRARY, "tiles": seen, "known": known})


# ------------------------------------------------------------------ frames follow their tiles

def relocate(s: State, moves: dict) -> None:
    """Tiles moved (``{old: new}``): frames pointing at them follow."""
    for f in s.stack:
        for key in ("at", "target", "from"):
            c = f.get(key)
            if c is not None and (c[0], c[1]) in moves:
                f[key] = _pos(moves[(c[0], c[1])])
        if "cells" in f:
            f["cells"] = [_pos(moves.get((c[0], c[1]), (c[0], c[1]))) for c in f["cells"]]


def forget(s: State, xy) -> None:
    """A tile left the city (Disaster Site, Mausoleum): frames pointing at it lose it."""
    for f in s.stack:
        for key in ("at", "target", "from"):
            c = f.get(key)
            if c is not None and (c[0], c[1]) == xy:
                f[key] = None
        if "cells" in f:
            f["cells"] = [c for c in f["cells"] if (c[0], c[1]) != xy]


# ------------------------------------------------------------------ legal answers

def _targets(cells) -> list[dict]:
    return [_target(xy) for xy in cells]


def frame_moves(s: State, f: dict) -> list[dict]:
    return _MOVES[f["k"]](s, f)


def _arboretum_moves(s: State, f: dict) -> list[dict]:
    me, at = s.turn, _xy(f["at"])
    prot = protected_cells(s)
    cells = [xy for xy in sorted(s.cells) if s.cells[xy][2][me] > 0 and (xy == at or xy not in prot)]
    if not cells or f["left"] <= 0:
        return []
    return _targets(cells) + [{"type": "stop"}]  # G22: "up to" is optional


def _bank_moves(s: State, f: dict) -> list[dict]:
    me, at = s.turn, _xy(f["at"])
    if at is None or s.cells[at][2][me] <= 0:
        return []
    prot = protected_cells(s)
    return _targets(xy for xy in sorted(s.cells)
                    if xy != at and xy not in prot and s.cells[xy][2][me] == 0 and any(s.cells[xy][2]))


def _owner_moves(s: State, f: dict) -> list[dict]:
    tokens = s.cells[_xy(f["target"])][2]
    return [{"type": "pick_token", "owner": o} for o, n in enumerate(tokens) if n > 0]


def _capitol_moves(s: State, f: dict) -> list[dict]:
    at = _xy(f["at"])
    if at is None or s.supply[s.turn] <= 0:
        return []
    near = set(adjacent_tiles(s, at))
    return _targets(sorted(xy for xy in map(_xy, f["cells"]) if xy in near))  # IC31: protection ignored


def _play_moves(s: State, f: dict) -> list[dict]:
    if s.no_more_plays or s.supply[s.turn] <= 0:
        return []
    src = f["src"]
    if src == "hand":
        options = s.hands[s.turn]
    elif src == "library":
        options = [t for t in f["tiles"] if T.KIND_OF[t] != T.LIBRARY]
    else:
        options = s.hands[f["holder"]]
    return play_moves(s, sorted(set(options)))


def play_moves(s: State, tiles: list[str]) -> list[dict]:
    if not tiles:
        return []
    cells = placement_cells(s)
    return [{"type": "play", "tile": t, "x": x, "y": y} for t in tiles for x, y in cells]


def _disaster_moves(s: State, f: dict) -> list[dict]:
    at, prot = _xy(f["at"]), protected_cells(s)
    return _targets(xy for xy in sorted(s.cells) if xy != at and xy not in prot)


def _adjacent_unprotected(s: State, f: dict) -> list:
    at = _xy(f["at"])
    if at is None:
        return []
    prot = protected_cells(s)
    return sorted(xy for xy in adjacent_tiles(s, at) if xy not in prot)


def _embassy_moves(s: State, f: dict) -> list[dict]:
    if s.supply[s.turn] <= 0:
        return []
    return _targets(_adjacent_unprotected(s, f))


def _housing_moves(s: State, f: dict) -> list[dict]:
    if s.supply[s.turn] <= 0:
        return []
    prot = protected_cells(s)
    return _targets(xy for xy in sorted(s.cells) if xy not in prot and not any(s.cells[xy][2]))


def _mausoleum_moves(s: State, f: dict) -> list[dict]:
    return _targets(_adjacent_unprotected(s, f))


def _port_moves(s: State, f: dict) -> list[dict]:
    if not s.pile:
        return []
    return [_place(xy) for xy in placement_cells(s)]


def _post_office_moves(s: State, f: dict) -> list[dict]:
    if len(s.cells) < 2:  # a lone tile has nowhere else to touch another tile
        return []
    at, prot = _xy(f["at"]), protected_cells(s)
    return _targets(xy for xy in sorted(s.cells) if xy == at or xy not in prot)  # IC32: itself always


def _post_office_to_moves(s: State, f: dict) -> list[dict]:
    return [_place(xy) for xy in placement_cells(s, lifted=_xy(f["from"]))]


def _security_moves(s: State, f: dict) -> list[dict]:
    at, prot = _xy(f["at"]), protected_cells(s)
    return _targets(xy for xy in sorted(s.cells) if any(s.cells[xy][2]) and (xy == at or xy not in prot))


def _shopping_moves(s: State, f: dict) -> list[dict]:
    return [{"type": "pick_player", "seat": p} for p in range(s.nplayers) if p != s.turn]


def _stadium_moves(s: State, f: dict) -> list[dict]:
    return _targets(xy for xy in _adjacent_unprotected(s, f) if any(s.cells[xy][2]))


def _stadium_token_moves(s: State, f: dict) -> list[dict]:
    tokens = s.cells[_xy(f["from"])][2]
    out = [{"type": "pick_token", "owner": o} for o, n in enumerate(tokens) if n > 0]
    if sum(tokens) > 1:
        out.append({"type": "all_tokens"})
    return out


def _temple_moves(s: State, f: dict) -> list[dict]:
    return [{"type": "pick_player", "seat": p} for p in range(s.nplayers) if p != s.turn and s.hands[p]]


def _transit_moves(s: State, f: dict) -> list[dict]:
    at, prot = _xy(f["at"]), protected_cells(s)
    cells = [xy for xy in sorted(s.cells) if xy == at or xy not in prot]
    return [{"type": "target2", "x1": a[0], "y1": a[1], "x2": b[0], "y2": b[1]}
            for i, a in enumerate(cells) for b in cells[i + 1:]]


_MOVES = {
    "arboretum": _arboretum_moves, "bank": _bank_moves, "bank_owner": _owner_moves, "capitol": _capitol_moves,
    "play": _play_moves, "disaster": _disaster_moves, "embassy": _embassy_moves, "housing": _housing_moves,
    "mausoleum": _mausoleum_moves, "port": _port_moves, "post_office": _post_office_moves,
    "post_office_to": _post_office_to_moves, "security": _security_moves, "shopping": _shopping_moves,
    "stadium": _stadium_moves, "stadium_tokens": _stadium_token_moves, "temple": _temple_moves,
    "transit": _transit_moves,
}
DECISIONS = frozenset(_MOVES)
# The tile whose instruction a frame carries out (for views and "no effect" lines).
FRAME_KIND = {
    "arboretum": T.ARBORETUM, "bank": T.BANK, "bank_owner": T.BANK, "capitol": T.CAPITOL,
    "disaster": T.DISASTER_SITE, "embassy": T.EMBASSY, "housing": T.HOUSING, "mausoleum": T.MAUSOLEUM,
    "port": T.PORT, "post_office": T.POST_OFFICE, "post_office_to": T.POST_OFFICE,
    "security": T.SECURITY_GUARD, "shopping": T.SHOPPING_COMPLEX, "stadium": T.STADIUM,
    "stadium_tokens": T.STADIUM, "temple": T.TEMPLE, "transit": T.TRANSIT_STATION,
    "library_rest": T.LIBRARY, "temple_draw": T.TEMPLE,
}


def frame_kind(f: dict) -> str:
    return f["via"] if f["k"] == "play" else FRAME_KIND[f["k"]]


# ------------------------------------------------------------------ answers

def apply_frame(s: State, move: dict, log: list, auto: bool = False) -> None:
    """Answer the top frame with ``move`` (already checked to be one of ``frame_moves``)."""
    f = s.stack[-1]
    _APPLY[f["k"]](s, f, move, log, auto)


def _cell_of(move: dict):
    return move["x"], move["y"]


def _apply_arboretum(s, f, move, log, auto):
    me = s.turn
    if move["type"] == "stop":
        s.stack.pop()
        _log(log, "arboretum_stop", {"seat": me, "taken": f["done"], "auto": auto}, me)
        return
    xy = _cell_of(move)
    s.cells[xy][2][me] -= 1
    s.supply[me] += 1
    f["left"] -= 1
    f["done"] += 1
    _log(log, "arboretum", {"seat": me, "x": xy[0], "y": xy[1], "auto": auto}, me)
    if f["left"] <= 0:
        s.stack.pop()


def _apply_bank(s, f, move, log, auto):
    xy = _cell_of(move)
    owners = [o for o, n in enumerate(s.cells[xy][2]) if n > 0]
    if len(owners) == 1:
        s.stack.pop()
        _bank_swap(s, _xy(f["at"]), xy, owners[0], log, auto)
    else:
        s.stack[-1] = {"k": "bank_owner", "at": f["at"], "target": _pos(xy)}
        _log(log, "bank_target", {"seat": s.turn, "x": xy[0], "y": xy[1], "auto": auto}, s.turn)


def _apply_bank_owner(s, f, move, log, auto):
    s.stack.pop()
    _bank_swap(s, _xy(f["at"]), _xy(f["target"]), move["owner"], log, auto)


def _bank_swap(s: State, at, xy, owner: int, log: list, auto: bool) -> None:
    """G7: your token on the Bank and ``owner``'s token on the other tile change places."""
    me = s.turn
    s.cells[at][2][me] -= 1
    s.cells[at][2][owner] += 1
    s.cells[xy][2][owner] -= 1
    s.cells[xy][2][me] += 1
    _log(log, "bank", {"seat": me, "owner": owner, "x": xy[0], "y": xy[1], "bank_x": at[0], "bank_y": at[1],
                       "auto": auto}, me)


def _apply_capitol(s, f, move, log, auto):
    xy = _cell_of(move)
    f["cells"] = [c for c in f["cells"] if (c[0], c[1]) != xy]
    f["done"] += 1
    back = return_tokens(s, xy)
    _log(log, "capitol", {"seat": s.turn, "x": xy[0], "y": xy[1], "returned": back, "auto": auto}, s.turn)
    if not f["cells"]:
        s.stack.pop()
    put_token(s, s.turn, xy, log)  # a face-down tile flips and resolves above the Capitol (G6)


def _apply_play(s, f, move, log, auto):
    tile, xy = move["tile"], _cell_of(move)
    src = f["src"]
    if src == "hand":
        s.stack.pop()
        hand_remove(s, s.turn, tile)
    elif src == "library":
        rest, known = list(f["tiles"]), list(f["known"])
        i = rest.index(tile)
        del rest[i], known[i]
        # G19: the others go to the bottom once the played tile is resolved ("ensuite").
        s.stack[-1] = {"k": "library_rest", "seat": s.turn, "tiles": rest, "known": known}
    else:
        holder = f["holder"]
        hand_remove(s, holder, tile)
        s.stack[-1] = {"k": "temple_draw", "holder": holder}  # G18: after the whole chain
    play_tile(s, tile, xy, log, via=f["via"], auto=auto)


def _apply_disaster(s, f, move, log, auto):
    s.stack.pop()
    xy = _cell_of(move)
    back = return_tokens(s, xy)
    tile, up, _tokens, known = s.cells.pop(xy)
    city_changed(s)
    forget(s, xy)
    to_bottom(s, [tile], [s.all_seats if up else known])
    params = {"seat": s.turn, "x": xy[0], "y": xy[1], "returned": back, "auto": auto}
    if up:
        params.update(tile=tile, kind=T.KIND_OF[tile])
    _log(log, "disaster", params, s.turn)


def _apply_token_onto(s, f, move, log, auto):
    """Embassy and Housing: tokens there go back (Embassy), then one of yours (IC21 flips)."""
    s.stack.pop()
    xy = _cell_of(move)
    back = return_tokens(s, xy)
    _log(log, f["k"], {"seat": s.turn, "x": xy[0], "y": xy[1], "returned": back, "auto": auto}, s.turn)
    put_token(s, s.turn, xy, log)


def _apply_mausoleum(s, f, move, log, auto):
    s.stack.pop()
    me = s.turn
    xy = _cell_of(move)
    back = return_tokens(s, xy)
    tile, up, _tokens, known = s.cells.pop(xy)
    city_changed(s)
    forget(s, xy)
    hand_add(s, me, tile, s.all_seats if up else known)
    params = {"seat": me, "x": xy[0], "y": xy[1], "returned": back, "face_up": up, "auto": auto}
    if up:
        params.update(tile=tile, kind=T.KIND_OF[tile])
    else:
        s.revealed += 1  # G12: the taker now sees the face-down tile
        _log(log, "mausoleum_seen", {"seat": me, "tile": tile, "kind": T.KIND_OF[tile]}, me, visible_to=(me,))
    _log(log, "mausoleum", params, me)


def _apply_port(s, f, move, log, auto):
    s.stack.pop()
    xy = _cell_of(move)
    tile, known = s.pile.pop(), s.pile_known.pop()
    s.cells[xy] = [tile, False, [0] * s.nplayers, known]  # face down: nobody looks (G5)
    city_changed(s)
    _log(log, "port", {"seat": s.turn, "x": xy[0], "y": xy[1], "auto": auto}, s.turn)


def _apply_post_office(s, f, move, log, auto):
    xy = _cell_of(move)
    s.stack[-1] = {"k": "post_office_to", "at": f["at"], "from": _pos(xy)}
    _log(log, "post_office_pick", {"seat": s.turn, "x": xy[0], "y": xy[1], "auto": auto}, s.turn)


def _apply_post_office_to(s, f, move, log, auto):
    s.stack.pop()
    frm, to = _xy(f["from"]), _cell_of(move)
    s.cells[to] = s.cells.pop(frm)
    city_changed(s)
    relocate(s, {frm: to})
    _log(log, "post_office", {"seat": s.turn, "x": frm[0], "y": frm[1], "to_x": to[0], "to_y": to[1],
                              "auto": auto}, s.turn)


def _apply_security(s, f, move, log, auto):
    s.stack.pop()
    xy = _cell_of(move)
    back = return_tokens(s, xy)
    _log(log, "security", {"seat": s.turn, "x": xy[0], "y": xy[1], "returned": back, "auto": auto}, s.turn)


def _apply_shopping(s, f, move, log, auto):
    """G14: the hands change owners; each of the two sees the hand it gets (and so knows the
    other's new hand: its own old one); what third players knew follows the tiles."""
    s.stack.pop()
    me, other = s.turn, move["seat"]
    s.hands[me], s.hands[other] = s.hands[other], s.hands[me]
    known = s.hand_known
    known[me], known[other] = known[other], known[me]
    for seat in (me, other):
        known[seat][seat] = {}
    learn_hand(s, me, other)
    learn_hand(s, other, me)
    s.revealed += 1
    _log(log, "shopping", {"seat": me, "other": other, "auto": auto}, me)
    for seat in (me, other):
        _log(log, "hand_received", {"seat": seat, "tiles": list(s.hands[seat])}, seat, visible_to=(seat,))


def _apply_stadium(s, f, move, log, auto):
    xy = _cell_of(move)
    s.stack[-1] = {"k": "stadium_tokens", "at": f["at"], "from": _pos(xy)}
    _log(log, "stadium_pick", {"seat": s.turn, "x": xy[0], "y": xy[1], "auto": auto}, s.turn)


def _apply_stadium_tokens(s, f, move, log, auto):
    s.stack.pop()
    at, frm = _xy(f["at"]), _xy(f["from"])
    src, dst = s.cells[frm][2], s.cells[at][2]
    moved = [0] * s.nplayers
    if move["type"] == "all_tokens":
        moved = src[:]
    else:
        moved[move["owner"]] = 1
    for seat, n in enumerate(moved):
        src[seat] -= n
        dst[seat] += n
    _log(log, "stadium", {"seat": s.turn, "x": frm[0], "y": frm[1], "to_x": at[0], "to_y": at[1],
                          "moved": moved, "auto": auto}, s.turn)


def _apply_temple(s, f, move, log, auto):
    """G11: only the player sees the hand; then they play one of its tiles (G20: not after a
    last token — the look still happens)."""
    s.stack.pop()
    me, holder = s.turn, move["seat"]
    learn_hand(s, holder, me)
    s.revealed += 1
    _log(log, "temple", {"seat": me, "holder": holder, "auto": auto}, me)
    _log(log, "temple_seen", {"seat": me, "holder": holder, "tiles": sorted(s.hands[holder])}, me,
         visible_to=(me,))
    s.stack.append({"k": "play", "src": "temple", "via": T.TEMPLE, "holder": holder})


def _apply_transit(s, f, move, log, auto):
    s.stack.pop()
    a, b = (move["x1"], move["y1"]), (move["x2"], move["y2"])
    s.cells[a], s.cells[b] = s.cells[b], s.cells[a]
    city_changed(s)
    relocate(s, {a: b, b: a})
    _log(log, "transit", {"seat": s.turn, "x1": a[0], "y1": a[1], "x2": b[0], "y2": b[1], "auto": auto}, s.turn)


_APPLY = {
    "arboretum": _apply_arboretum, "bank": _apply_bank, "bank_owner": _apply_bank_owner,
    "capitol": _apply_capitol, "play": _apply_play, "disaster": _apply_disaster, "embassy": _apply_token_onto,
    "housing": _apply_token_onto, "mausoleum": _apply_mausoleum, "port": _apply_port,
    "post_office": _apply_post_office, "post_office_to": _apply_post_office_to, "security": _apply_security,
    "shopping": _apply_shopping, "stadium": _apply_stadium, "stadium_tokens": _apply_stadium_tokens,
    "temple": _apply_temple, "transit": _apply_transit,
}


# ------------------------------------------------------------------ no answer, continuations

def fizzle(s: State, f: dict, log: list) -> None:
    """The top frame has no legal answer: it ends with no (further) effect (G22)."""
    s.stack.pop()
    me = s.turn
    if f["k"] == "play" and f["src"] == "library":
        # G10/G19/G20: nothing playable (all Libraries, or a last token): all go to the bottom.
        to_bottom(s, f["tiles"], f["known"])
        _log(log, "library_bottom", {"seat": me, "count": len(f["tiles"]), "played": False}, me)
        return
    if f.get("done"):
        return  # a Capitol or Arboretum that already acted: nothing left to do
    _log(log, "no_effect", {"seat": me, "kind": frame_kind(f)}, me)


def run_continuation(s: State, f: dict, log: list) -> None:
    s.stack.pop()
    if f["k"] == "library_rest":
        to_bottom(s, f["tiles"], f["known"])
        _log(log, "library_bottom", {"seat": f["seat"], "count": len(f["tiles"]), "played": True}, f["seat"])
    elif f["k"] == "temple_draw":
        holder = f["holder"]
        tile = draw(s, holder)
        _log_draws(log, holder, [tile] if tile else [])


def _log_draws(log: list, seat: int, drawn: list[str]) -> None:
    _log(log, "draw", {"seat": seat, "count": len(drawn)}, seat)
    if drawn:
        _log(log, "drawn", {"seat": seat, "tiles": drawn}, seat, visible_to=(seat,))
