"""``ENGINE``: La Città behind the platform's ``kit.base.Engine`` protocol."""

from __future__ import annotations

import functools

from kit.base import GameResult, InvalidOptions, OptionSpec
from kit.contract import Capabilities
from kit.roundtrip import json_roundtrip
from kit.rules_engine import RulesEngine

from . import moves as _moves
from .constants import ADVANCED, AT_ONCE, BEGINNER, CLASSIC, COCAGNE, IN_TURN, MODERN, NO_EXPANSION
from .hidden import reveals_hidden
from .hidden import scramble_unknown as _scramble_unknown
from .hidden_redraw import redraw_hidden as _redraw_hidden
from .invariants import CHEAP
from .phases import advance
from .scoring import game_result
from .setup import geo_for, new_state
from .state import State
from .validate import load_state
from .view import view as _view


class LaCittaEngine(RulesEngine):
    capabilities = Capabilities(hidden_information=True, acts_out_of_turn=False, time_out_rule=False,
                                ranged_moves=False, solo=False)
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

    make_state = staticmethod(new_state)
    apply_decision = staticmethod(_moves.apply_decision)
    advance = staticmethod(advance)
    # The state ``dump`` gave, checked (``validate``): InvalidState for a snapshot that breaks the
    # game's shape or invariants.
    load_state = staticmethod(functools.partial(load_state, geo_factory=geo_for))
    copy_state = staticmethod(State.copy)  # fast; shares only what moves never change in place

    def check_options(self, options: dict, players: int) -> None:
        if options["expansion"] != NO_EXPANSION and options["edition"] != MODERN:
            raise InvalidOptions("The Pays de Cocagne expansion is played with the modern edition only")

    def legal_moves(self, state: State, seat: int) -> list[dict]:
        return _moves.legal_moves(state, seat)

    def pending(self, state: State) -> set[int]:
        return _moves.pending(state)

    # What a seat may not know, drawn afresh (kit.reveal decides from it whether a move may be taken back),
    # and the game's own list of revealing changes, which can only refuse more.
    scramble_unknown = staticmethod(_scramble_unknown)

    def move_reveals_hidden(self, before: State, after: State) -> bool:
        return reveals_hidden(before, after)

    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def result(self, state: State) -> GameResult | None:
        return game_result(state.result) if state.result is not None else None

    redraw_hidden = staticmethod(_redraw_hidden)  # after a moderator's rollback (hidden_redraw.py)


ENGINE = LaCittaEngine()

# Every invariant, and the JSON round trip (not among the engine's own ``invariants``: selfplay adds it).
ALL_CHECKS = CHEAP + (json_roundtrip(ENGINE),)
