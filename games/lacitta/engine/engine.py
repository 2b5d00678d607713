"""``ENGINE``: La Città behind the platform's ``games.engines.base.Engine`` protocol."""

from __future__ import annotations

from games.engines.base import ApplyResult, GameResult, InvalidOptions, OptionSpec

from . import moves as _moves
from .constants import ADVANCED, AT_ONCE, BEGINNER, CLASSIC, COCAGNE, IN_TURN, MODERN, NO_EXPANSION
from .hidden import reveals_hidden
from .hidden_redraw import redraw_hidden as _redraw_hidden
from .invariants import CHEAP
from .phases import advance
from .scoring import game_result
from .setup import geo_for, new_state
from .state import State
from .validate import load_state
from .view import view as _view


class LaCittaEngine:
    slug = "lacitta"
    name = "La Città"
    min_players = 2
    max_players = 5
    options = (
        OptionSpec("edition", (CLASSIC, MODERN), MODERN),
        OptionSpec("expansion", (NO_EXPANSION, COCAGNE), NO_EXPANSION),  # with the new edition only
        OptionSpec("setup", (BEGINNER, ADVANCED), BEGINNER),
        # R50 2–2: each player on their migration turn (the books) or everybody at once beforehand.
        OptionSpec("voice_tie", (IN_TURN, AT_ONCE), IN_TURN),
    )
    # What must hold after every move (selfplay and the every-engine tests check them).
    invariants = CHEAP

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
        if out["expansion"] != NO_EXPANSION and out["edition"] != MODERN:
            raise InvalidOptions("The Pays de Cocagne expansion is played with the modern edition only")
        if isinstance(players, bool) or not isinstance(players, int) or not (
                self.min_players <= players <= self.max_players):
            raise InvalidOptions(f"La Città is played by {self.min_players} to {self.max_players} players")
        return out

    def new_game(self, options: dict, players: int, seed: int) -> ApplyResult:
        options = self.validate_options(options, players)
        log: list = []
        state = new_state(options, players, seed, log)
        advance(state, log)
        return ApplyResult(state, log)

    def legal_moves(self, state: State, seat: int) -> list[dict]:
        return _moves.legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: dict) -> ApplyResult:
        new = state.copy()
        log: list = []
        _moves.apply_decision(new, seat, move, log)
        advance(new, log)
        return ApplyResult(new, log)

    def pending(self, state: State) -> set[int]:
        return _moves.pending(state)

    def move_reveals_hidden(self, before: State, after: State) -> bool:
        return reveals_hidden(before, after)

    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def result(self, state: State) -> GameResult | None:
        return game_result(state.result) if state.result is not None else None

    redraw_hidden = staticmethod(_redraw_hidden)  # after a moderator's rollback (hidden_redraw.py)

    def dump(self, state: State) -> dict:
        return state.to_json()

    def load(self, data: dict) -> State:
        """The state ``dump`` gave, checked (``validate``): raises ``InvalidState`` naming
        what is wrong for a snapshot that breaks the game's shape or invariants."""
        return load_state(data, geo_for)


ENGINE = LaCittaEngine()
