"""Checks that must hold after every move (selfplay, property tests, ``load``). Each returns
None when it holds, else a short description of the breach. ``ENGINE.invariants`` is ALL."""

from __future__ import annotations

from collections import Counter

from .city import face_up_power_stations, fresh_placement_cells, fresh_protected_cells
from .effects import DECISIONS, frame_moves
from .state import TOKENS, State
from .tiles import POWER_STATIONS_TO_END, TOTAL_TILES, full_set

_FULL = Counter(full_set())


def tokens_conserved(s: State):
    """IC02: 15 tokens per seat, in supply or on face-up tiles (G5)."""
    on_board = [0] * s.nplayers
    for xy, c in s.cells.items():
        if any(n < 0 for n in c[2]):
            return f"negative tokens on {xy}"
        if not c[1] and any(c[2]):
            return f"tokens on the face-down tile at {xy}"
        for seat, n in enumerate(c[2]):
            on_board[seat] += n
    for seat in range(s.nplayers):
        if s.supply[seat] < 0 or s.supply[seat] + on_board[seat] != TOKENS:
            return f"seat {seat}: {s.supply[seat]} in supply + {on_board[seat]} on tiles != {TOKENS}"


def all_tiles(s: State) -> list[str]:
    """Every tile wherever it is: pile, hands, city, and set aside by a Library."""
    out = list(s.pile) + [t for h in s.hands for t in h] + [c[0] for c in s.cells.values()]
    for f in s.stack:
        out += f.get("tiles", [])
    return out


def tiles_conserved(s: State):
    """IC01: the 120 tiles, each exactly once, in pile + hands + city + set aside."""
    found = Counter(all_tiles(s))
    if found != _FULL:
        extra, short = found - _FULL, _FULL - found
        return f"{sum(found.values())} tiles (of {TOTAL_TILES}); extra {dict(extra)}, missing {dict(short)}"


def knowledge_consistent(s: State):
    """G16: what a seat knows of a hand is part of that hand; masks name real seats."""
    if len(s.pile_known) != len(s.pile):
        return "pile and its knowledge differ in length"
    top = s.all_seats
    if any(not 0 <= k <= top for k in s.pile_known):
        return "pile knowledge names no seat"
    for holder, row in enumerate(s.hand_known):
        hand = Counter(s.hands[holder])
        if row[holder]:
            return f"seat {holder} is said to 'know' its own hand"
        for obs, known in enumerate(row):
            if any(n <= 0 or n > hand[t] for t, n in known.items()):
                return f"seat {obs} knows tiles seat {holder} does not hold: {known}"
    for xy, c in s.cells.items():
        if not 0 <= c[3] <= top or (c[1] and c[3]):
            return f"knowledge of the tile at {xy}"


def protection_respected(s: State):
    """IC30–IC33: no answer on offer acts on a protected tile, except the instruction's own
    tile (IC32) and the Capitol (IC31)."""
    if any(s.memo[key] != fresh_placement_cells(s, key[1]) for key in s.memo if key != "protected"):
        return "the placement memo is stale"
    if "protected" in s.memo and s.memo["protected"] != fresh_protected_cells(s):
        return "the protection memo is stale"
    if s.stage != "effects" or not s.stack or s.stack[-1]["k"] not in DECISIONS:
        return None
    f = s.stack[-1]
    if f["k"] in ("capitol", "play", "port", "shopping", "temple", "post_office_to"):
        return _moved_tile_free(s, f)
    prot = fresh_protected_cells(s)
    own = tuple(f["at"]) if f.get("at") else None
    for key in ("target", "from"):
        if f.get(key) and tuple(f[key]) in prot and tuple(f[key]) != own:
            return f"{f['k']} acts on the protected tile {f[key]}"
    for m in frame_moves(s, f):
        cells = [(m["x"], m["y"])] if m["type"] == "target" else []
        if m["type"] == "target2":
            cells = [(m["x1"], m["y1"]), (m["x2"], m["y2"])]
        for xy in cells:
            if xy in prot and xy != own:
                return f"{f['k']} offers the protected tile {xy}"


def _moved_tile_free(s: State, f: dict):
    if f["k"] == "post_office_to":
        frm = tuple(f["from"])
        if frm in fresh_protected_cells(s) and frm != (tuple(f["at"]) if f.get("at") else None):
            return f"post office moves the protected tile {frm}"


def end_conditions(s: State):
    """IC40, IC41, G13: a game goes on only while it may; an ended game says why and is scored."""
    n = s.nplayers
    if s.stage == "over":
        if s.result is None or s.over_reason not in ("last_token", "power_stations", "all_passed"):
            return "a finished game without result or reason"
        if s.stack:
            return "a finished game with effects pending"
        if s.over_reason == "power_stations" and face_up_power_stations(s) < POWER_STATIONS_TO_END:
            return "ended on Power Stations with fewer than all of them face up"
        if s.over_reason == "last_token" and (s.end["mode"] != "final" or s.end["queue"]):
            return "ended on a last token before the final round was played"
        return None
    if face_up_power_stations(s) >= POWER_STATIONS_TO_END:
        return "all Power Stations are face up but the game goes on"
    if s.passes >= n:
        return "a whole round of passes but the game goes on"
    if s.result is not None or s.over_reason is not None:
        return "a result before the end"
    if s.end["mode"] == "none":
        if min(s.supply) == 0:
            return "a seat has no token left but no final round was started"
    else:
        queue = s.end["queue"]
        if s.end["trigger"] in queue or len(set(queue)) != len(queue) or any(not 0 <= p < n for p in queue):
            return f"final round queue {queue} (trigger {s.end['trigger']})"
    if s.stage == "turn" and s.stack:
        return "effects pending at the start of a turn"
    if s.stage == "effects" and (not s.stack or s.stack[-1]["k"] not in DECISIONS):
        return "effects stage without a decision on top"


CHEAP = (tokens_conserved, tiles_conserved, knowledge_consistent, protection_respected, end_conditions)


def check(s: State, checks=CHEAP) -> dict[str, str]:
    """Name -> breach for every failed check (empty when all hold)."""
    return {fn.__name__: msg for fn in checks if (msg := fn(s))}
