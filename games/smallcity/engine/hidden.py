"""``reveals_hidden`` (undo is offered only when a move showed nothing hidden) and ``redraw_hidden``
(after a moderator's rollback: deck orders and the solo face-down cards drawn afresh)."""

from __future__ import annotations

from kit.rng import seed_state, shuffle


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
