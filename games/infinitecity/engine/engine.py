"""``ENGINE``: Infinite City behind the platform's ``kit.base.Engine`` protocol."""

from __future__ import annotations

from kit.base import GameResult, OptionSpec
from kit.contract import Capabilities
from kit.roundtrip import json_roundtrip
from kit.rules_engine import RulesEngine

from . import moves as _moves
from .hidden import redraw_hidden as _redraw_hidden
from .hidden import reveals_hidden
from .hidden import scramble_unknown as _scramble_unknown
from .invariants import CHEAP
from .scoring import game_result
from .setup import new_state
from .state import State
from .tiles import MARKS_CHOICES, MARKS_KNOWN_ONLY
from .validate import load_state
from .view import view as _view


class InfiniteCityEngine(RulesEngine):
    capabilities = Capabilities(hidden_information=True, acts_out_of_turn=False, time_out_rule=False,
                                ranged_moves=False, solo=False)
    slug = "infinitecity"
    name = "Infinite City"
    min_players = 2
    max_players = 6
    # G1: which printed marks count (the tile table in tiles.py says where each comes from).
    options = (OptionSpec("marks", MARKS_CHOICES, MARKS_KNOWN_ONLY),)
    # What must hold after every move (selfplay: ``--checks all`` adds the JSON round trip).
    invariants = CHEAP

    make_state = staticmethod(new_state)
    apply_decision = staticmethod(_moves.apply_decision)
    advance = staticmethod(_moves.advance)
    load_state = staticmethod(load_state)  # checked: InvalidState naming what is wrong
    copy_state = staticmethod(State.copy)  # fast; shares only what moves never change in place

    def legal_moves(self, state: State, seat: int) -> list[dict]:
        return _moves.legal_moves(state, seat)

    def pending(self, state: State) -> set[int]:
        return _moves.pending(state)

    # What a seat may not know, drawn afresh (kit.reveal decides from it whether a move may be taken back),
    # and the game's own count of reveals, which can only refuse more.
    scramble_unknown = staticmethod(_scramble_unknown)

    def move_reveals_hidden(self, before: State, after: State) -> bool:
        return reveals_hidden(before, after)

    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.stage == "over"

    def result(self, state: State) -> GameResult | None:
        return game_result(state.result) if state.result is not None else None

    redraw_hidden = staticmethod(_redraw_hidden)  # after a moderator's rollback (hidden.py)

    def ending(self, state: State) -> str | None:
        """How the game ended (selfplay counts them): last_token, power_stations or all_passed."""
        return state.over_reason


ENGINE = InfiniteCityEngine()

# Every invariant, and the JSON round trip (not among the engine's own ``invariants``: selfplay adds it).
ALL_CHECKS = CHEAP + (json_roundtrip(ENGINE),)
