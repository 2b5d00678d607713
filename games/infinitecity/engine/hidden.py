"""Hidden information bookkeeping outside the moves themselves.

``reveals_hidden``  did a move show anything hidden (a draw, a flip, a Library or Temple
                    look, a Shopping Complex swap, a face-down tile taken into a hand)? Extra
                    safety beside the platform's rule (``kit.reveal``), which can only refuse
                    more. Every such event bumps ``State.revealed``.
``redraw_hidden``   after a moderator's rollback: the tiles no seat knows (pile positions and
                    face-down tiles nobody has seen) drawn afresh from a new seed; every
                    seat's view stays the same.
``scramble_unknown`` the same position with everything ONE viewer may not know
                    changed consistently: that viewer's view must not change. The platform
                    applies a move to such positions to decide whether it showed its mover
                    anything (``kit.reveal``); the hidden-information tests fetch pages with it.
"""

from __future__ import annotations

import random

from kit.rng import seed_state, shuffle

from .state import State


def reveals_hidden(before: State, after: State) -> bool:
    return after.revealed != before.revealed


def _slots(s: State, unknown) -> list[tuple]:
    """(zone, index) of every tile whose knowledge mask satisfies ``unknown(mask)``."""
    out = [("pile", i) for i, k in enumerate(s.pile_known) if unknown(k)]
    out += [("cell", xy) for xy, c in sorted(s.cells.items()) if not c[1] and unknown(c[3])]
    for fi, f in enumerate(s.stack):
        if "tiles" in f:
            out += [("frame", (fi, i)) for i, k in enumerate(f["known"]) if unknown(k)]
    return out


def _get(s: State, slot) -> str:
    zone, i = slot
    if zone == "pile":
        return s.pile[i]
    if zone == "cell":
        return s.cells[i][0]
    if zone == "frame":
        return s.stack[i[0]]["tiles"][i[1]]
    return s.hands[i[0]][i[1]]


def _put(s: State, slot, tile: str) -> None:
    zone, i = slot
    if zone == "pile":
        s.pile[i] = tile
    elif zone == "cell":
        s.cells[i][0] = tile
    elif zone == "frame":
        s.stack[i[0]]["tiles"][i[1]] = tile
    else:
        s.hands[i[0]][i[1]] = tile


def redraw_hidden(state: State, seed: int) -> State:
    new = state.copy()
    slots = _slots(new, lambda mask: mask == 0)
    tiles = [_get(new, slot) for slot in slots]
    shuffle(seed_state(seed), tiles)
    for slot, tile in zip(slots, tiles):
        _put(new, slot, tile)
    return new


def scramble_unknown(state: State, viewer: int | None, seed: int) -> State:
    """Everything ``viewer`` may not know, shuffled: unknown pile positions, face-down tiles
    and Library tiles, and the tiles of other hands beyond what the viewer knows of them
    (hand order included). What other seats knew is trimmed to what their hands now hold."""
    new = state.copy()
    bit = 0 if viewer is None else 1 << viewer
    slots = _slots(new, lambda mask: not mask & bit)
    for holder, hand in enumerate(new.hands):
        if holder == viewer:
            continue
        known = dict(new.hand_known[holder][viewer]) if viewer is not None else {}
        for i, tile in enumerate(hand):
            if known.get(tile, 0) > 0:
                known[tile] -= 1
            else:
                slots.append(("hand", (holder, i)))
    tiles = [_get(new, slot) for slot in slots]
    rnd = random.Random(seed)
    rnd.shuffle(tiles)
    for slot, tile in zip(slots, tiles):
        _put(new, slot, tile)
    for holder, hand in enumerate(new.hands):
        if holder != viewer:
            rnd.shuffle(hand)  # the order of another hand is not shown either
        for obs, known in enumerate(new.hand_known[holder]):
            if obs != viewer:
                new.hand_known[holder][obs] = {t: min(n, hand.count(t)) for t, n in known.items()
                                               if min(n, hand.count(t)) > 0}
    return new
