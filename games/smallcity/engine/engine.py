"""``ENGINE``: Small City Deluxe behind the platform's engine protocol (contract v2)."""

from __future__ import annotations

from kit.base import GameResult, InvalidOptions, InvalidState, OptionSpec
from kit.contract import Capabilities
from kit.rules_engine import RulesEngine

from . import components as C
from . import moves as _moves
from .flow import may_act as _may_act
from .flow import pending as _pending
from .hidden import redraw_hidden as _redraw_hidden
from .hidden import reveals_hidden
from .hidden import scramble_unknown as _scramble_unknown
from .invariants import CHEAP
from .params import sample_move as _sample_move
from .scoring import game_result
from .setup import new_state
from .state import State
from .view import view as _view


def load_state(data: dict) -> State:
    try:
        state = State.from_json(data)
    except (ValueError, TypeError, KeyError) as err:
        raise InvalidState(str(err)) from err
    for check in CHEAP:
        try:
            msg = check(state)
        except Exception as err:  # a malformed shape: name it
            raise InvalidState(f"{check.__name__}: {err!r}") from err
        if msg:
            raise InvalidState(msg)
    return state


class SmallCityEngine(RulesEngine):
    capabilities = Capabilities(hidden_information=True, acts_out_of_turn=True, time_out_rule=False,
                                ranged_moves=True, solo=True)
    slug = "smallcity"
    name = "Small City Deluxe"
    min_players = 1
    max_players = 4
    options = (
        OptionSpec("board", ("easy", "expert"), "easy"),          # district side (SC03)
        OptionSpec("council", ("easy", "expert"), "easy"),        # council side; expert = advanced game (SC100)
        OptionSpec("promises", ("on", "off"), "on"),              # G1: house substitute texts
        OptionSpec("victory", ("electoral", "economic", "citizen", "cultural"), "electoral"),  # SC100
        OptionSpec("difficulty", C.DIFFICULTIES, "citizen", players=(1,)),  # solo only (SC110)
    )
    invariants = CHEAP

    make_state = staticmethod(new_state)
    apply_decision = staticmethod(_moves.apply_decision)
    advance = staticmethod(_moves.advance)
    load_state = staticmethod(load_state)
    copy_state = staticmethod(State.copy)  # fast; shares only what moves never change in place

    def check_options(self, options: dict, players: int) -> None:
        """Contract v2 §5: options with the player count."""
        if options["victory"] != "electoral" and options["council"] != "expert":
            raise InvalidOptions("The economic, citizen and cultural victories belong to the advanced game "
                                 "(expert council side).", key="smallcity.error.advanced_victory")
        if players > 1 and options.get("difficulty", "citizen") != "citizen":
            raise InvalidOptions("The solo difficulty applies to a one-player game only.",
                                 key="smallcity.error.solo_difficulty")

    def legal_moves(self, state: State, seat: int) -> list[dict]:
        return _moves.legal_moves(state, seat)

    def pending(self, state: State) -> set[int]:
        return _pending(state)

    def may_act(self, state: State) -> set[int]:
        return _may_act(state)

    def sample_move(self, state: State, seat: int, legal_move: dict, rng) -> dict:
        return _sample_move(state, seat, legal_move, rng)

    def private_step(self, state: State, seat: int, move: dict) -> bool:
        """G4: a step of a Phase-2 plan behind the screen (issue 39.5): others learn only "still planning" and
        "plan in", never how many steps or when. The plan's ``done`` is public, and so is its ``reopen``."""
        return state.phase == "plan" and move.get("type") in ("build", "expand", "demolish", "extend", "undo")

    def move_reveals_hidden(self, before: State, after: State) -> bool:
        return reveals_hidden(before, after)

    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def result(self, state: State) -> GameResult | None:
        return game_result(state.result) if state.result is not None else None

    redraw_hidden = staticmethod(_redraw_hidden)
    scramble_unknown = staticmethod(_scramble_unknown)

    def ending(self, state: State) -> str | None:
        return state.over_reason


ENGINE = SmallCityEngine()
