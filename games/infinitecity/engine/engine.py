"""``ENGINE``: Infinite City behind the platform's ``games.engines.base.Engine`` protocol."""

from __future__ import annotations

from games.engines.base import ApplyResult, GameResult, InvalidOptions, OptionSpec

from . import moves as _moves
from .hidden import redraw_hidden as _redraw_hidden
from .hidden import reveals_hidden
from .invariants import ALL as _INVARIANTS
from .scoring import game_result
from .setup import new_state
from .state import State
from .tiles import MARKS_CHOICES, MARKS_KNOWN_ONLY
from .validate import load_state
from .view import view as _view


class InfiniteCityEngine:
    slug = "infinitecity"
    name = "Infinite City"
    min_players = 2
    max_players = 6
    # G1: which printed marks count (the tile table in tiles.py says where each comes from).
    options = (OptionSpec("marks", MARKS_CHOICES, MARKS_KNOWN_ONLY),)
    invariants = _INVARIANTS

    def validate_options(self, options: dict, players: int) -> dict:
        options = dict(options or {})
        unknown = set(options) - {o.name for o in self.options}
        if unknown:
            raise InvalidOptions(f"Unknown option(s): {', '.join(sorted(unknown))}")
        out = {}
        for spec in self.options:
            value = options.get(spec.name, spec.default)
            if value not in spec.choices:
                raise InvalidOptions(f"{spec.name} must be one of {', '.join(spec.choices)} (got {value!r})")
            out[spec.name] = value
        if isinstance(players, bool) or not isinstance(players, int) or not (
                self.min_players <= players <= self.max_players):
            raise InvalidOptions(f"Infinite City is played by {self.min_players} to {self.max_players} players")
        return out

    def new_game(self, options: dict, players: int, seed: int) -> ApplyResult:
        options = self.validate_options(options, players)
        log: list = []
        state = new_state(options, players, seed, log)
        _moves.advance(state, log)
        return ApplyResult(state, log)

    def legal_moves(self, state: State, seat: int) -> list[dict]:
        return _moves.legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: dict) -> ApplyResult:
        new = state.copy()
        log: list = []
        _moves.apply_decision(new, seat, move, log)
        _moves.advance(new, log)
        return ApplyResult(new, log)

    def pending(self, state: State) -> set[int]:
        return _moves.pending(state)

    def move_reveals_hidden(self, before: State, after: State) -> bool:
        return reveals_hidden(before, after)

    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.stage == "over"

    def result(self, state: State) -> GameResult | None:
        return game_result(state.result) if state.result is not None else None

    redraw_hidden = staticmethod(_redraw_hidden)  # after a moderator's rollback (hidden.py)

    def dump(self, state: State) -> dict:
        return state.to_json()

    def load(self, data: dict) -> State:
        """The state ``dump`` gave, checked: raises ``InvalidState`` naming what is wrong."""
        return load_state(data)


ENGINE = InfiniteCityEngine()
