"""``State``: JSON-native fields only (dicts with string keys, lists, ints, strings); cheap deep copy,
JSON with ``schema_version``. Field meanings are listed in ``FIELDS``; ``engine/__init__`` has the overview."""

from __future__ import annotations

SCHEMA_VERSION = 1

FIELDS = (
    "options",    # the normalised options
    "n",          # number of seats
    "turn",       # 1..8 (9 once over)
    "phase",      # setup | mayor | pick | plan | repair | citizens | income | pollution | council | over
    "step",       # the phase's bookkeeping (who decides what)
    "host",       # the Mayor's host (first player this turn)
    "next_host",  # who takes the Mayor in Phase 8 (card A), or None
    "street",     # the Mayor's street [a, b] in the host's district, or None (beside the board)
    "circle",     # the action cards face up, in circle order
    "picks",      # card -> seat this turn
    "hidden_cards",  # solo: the 4 face-down cards kept for the even turn (hidden)
    "tiles",      # tile id -> tile {id, d, kind, level, sq, side, types, slots, new, water}
    "next_id",
    "seats",      # per seat: money, votes, pollution, ... (see setup.new_seat)
    "supply",     # tiles left: kind -> count, or list per level
    "removed",    # tiles out of the game (demolished): kind -> count
    "materials",  # raw materials left in the supply
    "decks",      # promise piles {easy, medium, hard}, special deck (orders hidden)
    "rng",        # splitmix64 state
    "revealed",   # bumped by every reveal: move_reveals_hidden
    "result",     # final result dict once over
    "over_reason",
)


def _deep(v):
    if isinstance(v, list):
        return [_deep(x) for x in v]
    if isinstance(v, dict):
        return {k: _deep(x) for k, x in v.items()}
    return v


class State:
    __slots__ = FIELDS + ("memo",)

    def __init__(self):
        for f in FIELDS:
            setattr(self, f, None)
        self.memo = {}

    def copy(self) -> State:
        new = State.__new__(State)
        for f in FIELDS:
            setattr(new, f, _deep(getattr(self, f)))
        new.memo = {}
        return new

    def to_json(self) -> dict:
        data = {"schema_version": SCHEMA_VERSION}
        for f in FIELDS:
            data[f] = _deep(getattr(self, f))
        return data

    @classmethod
    def from_json(cls, data: dict) -> State:
        if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
            raise ValueError(f"unsupported Small City state schema {data.get('schema_version')!r}"
                             if isinstance(data, dict) else "a state is a JSON object")
        s = cls()
        for f in FIELDS:
            if f not in data:
                raise ValueError(f"missing field {f}")
            setattr(s, f, _deep(data[f]))
        return s

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"<Small City state turn={self.turn} phase={self.phase}>"
