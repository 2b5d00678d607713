"""Did a move bring hidden information to light? The platform offers a player's
undo only when it did not (DESIGN: "Taking moves back"): a card drawn from a
deck, a politics row refilled, a face-down card passed to a player, a peek at
the Voice, a Voice revealed at the year's end, or any use of the shuffling RNG."""

from __future__ import annotations

from .state import State

# The parts of the state whose change means something unknown became known to someone.
HIDDEN_FIELDS = ("rng", "pol_deck", "voice_deck", "voice", "voice_revealed")
PRIVATE_PLAYER_KEYS = ("passed", "peeks")


def reveals_hidden(before: State, after: State) -> bool:
    if any(getattr(before, f) != getattr(after, f) for f in HIDDEN_FIELDS):
        return True
    return any(b[k] != a[k] for b, a in zip(before.players, after.players) for k in PRIVATE_PLAYER_KEYS)
