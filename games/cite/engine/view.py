"""What a seat sees: everything (CT01: resources are open; offers are public like table talk) but the
RNG (issue 39.9: the secret game seed can be recovered from it), plus what the pages need at hand: each
seat's next production, its squares and what it has left."""

from __future__ import annotations

from .moves import may_act, pending
from .powers import guild_squares, production
from .scoring import breakdown


def view(state, seat: int | None) -> dict:
    data = state.to_json()
    del data["rng"]  # no view carries the RNG
    data["viewer"] = seat
    data["pending"] = sorted(pending(state))
    data["may_act"] = sorted(may_act(state))
    data["forecast"] = [{"production": production(state, i), "guild_squares": guild_squares(state, i),
                         "score": breakdown(state, i)} for i in range(state.players)]
    return data
