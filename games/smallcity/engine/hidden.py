"""``reveals_hidden`` (extra safety for undo beside ``kit.reveal``), ``redraw_hidden`` (after a moderator's
rollback: deck orders and the solo face-down cards drawn afresh) and ``scramble_unknown`` (everything one
viewer may not know drawn afresh: undo's rule and the hidden-information tests)."""

from __future__ import annotations

import random

from kit.rng import seed_state, shuffle

from . import components as C


def reveals_hidden(before, after) -> bool:
    return after.revealed != before.revealed


def redraw_hidden(state, seed: int):
    """Everything nobody has seen: each deck's order, the solo face-down cards (their set is known:
    the 4 cards not on the table) and the RNG."""
    new = state.copy()
    rng = seed_state(seed)
    for pile in sorted(new.decks):
        rng = shuffle(rng, new.decks[pile])
    rng = shuffle(rng, new.hidden_cards)
    new.rng = rng
    return new


def scramble_unknown(state, viewer, seed: int):
    """The same position with everything ``viewer`` (a seat, or None for a spectator) may not know drawn afresh
    from ``seed``, consistently (every seat's counts unchanged, so ``view(result, viewer)`` is the same):
    each deck's order; the other seats' kept Promises, offered Promises and Special Promises (kept or drawn)
    exchanged with unseen cards of the same pile; the solo face-down cards' order; the other seats' Phase-2
    plans while they are behind the screens (an empty plan is as legal as any); the RNG. The platform
    applies a move to such positions to decide whether it showed its mover anything (``kit.reveal``)."""
    new = state.copy()
    rnd = random.Random(seed)
    over = new.phase == "over"
    others = [s for s in range(new.n) if s != viewer]
    for pile in C.PILES:  # promises: decks, others' offers, others' kept promise of that pile
        slots = [("deck", pile, i) for i in range(len(new.decks[pile]))]
        for s in others:
            seat = new.seats[s]
            slots += [("offer", s, i) for i, c in enumerate(seat["offer"]) if C.PROMISES[c] == pile]
            if not over and seat["promise"] is not None and C.PROMISES[seat["promise"]] == pile:
                slots.append(("promise", s, 0))
        _shuffle_slots(new, slots, rnd)
    slots = [("deck", "special", i) for i in range(len(new.decks["special"]))]
    if not over:
        for s in others:
            slots += [("special", s, i) for i in range(len(new.seats[s]["specials"]))]
    for j, sub in enumerate((new.step or {}).get("sub") or []):
        if "cards" in sub and sub["seat"] != viewer:
            slots += [("sub", j, i) for i in range(len(sub["cards"]))]
    _shuffle_slots(new, slots, rnd)
    rnd.shuffle(new.hidden_cards)
    if new.phase == "plan":
        plans = new.step.get("plans", {})
        for key in plans:
            if key != str(viewer):
                plans[key] = []
    new.rng = seed_state(rnd.getrandbits(63))
    return new


def _get(state, slot):
    zone, a, i = slot
    if zone == "deck":
        return state.decks[a][i]
    if zone == "promise":
        return state.seats[a]["promise"]
    if zone == "sub":
        return state.step["sub"][a]["cards"][i]
    return state.seats[a]["offer" if zone == "offer" else "specials"][i]


def _put(state, slot, card) -> None:
    zone, a, i = slot
    if zone == "deck":
        state.decks[a][i] = card
    elif zone == "promise":
        state.seats[a]["promise"] = card
    elif zone == "sub":
        state.step["sub"][a]["cards"][i] = card
    else:
        state.seats[a]["offer" if zone == "offer" else "specials"][i] = card


def _shuffle_slots(state, slots, rnd) -> None:
    cards = [_get(state, slot) for slot in slots]
    rnd.shuffle(cards)
    for slot, card in zip(slots, cards):
        _put(state, slot, card)
