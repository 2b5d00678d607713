"""``RulesEngine``: the part of the ``Engine`` protocol that every board game here writes the same way.

A game's ``engine.py`` subclasses it and names its own functions; the base class holds the shape:
options checked against the ``OptionSpec``s (then the game's own cross-option rule, if any), a new
game and every move on a copy of the state followed by the game's forced decisions, ``dump`` and
``load`` through the state's JSON. What differs from game to game stays in the game's folder.

    class MyEngine(RulesEngine):
        slug, name, min_players, max_players = "mygame", "My Game", 2, 4
        options = (OptionSpec("variant", ("a", "b"), "a"),)
        make_state = staticmethod(new_state)          # (options, players, seed, log) -> state
        apply_decision = staticmethod(apply_decision)  # (state, seat, move, log) -> None, in place
        advance = staticmethod(advance)                # (state, log) -> None: automatic steps and forced moves
        load_state = staticmethod(load_state)          # (data) -> state, checked (InvalidState)
        copy_state = staticmethod(State.copy)          # optional: a faster copy than copy.deepcopy
        # and legal_moves, pending, view, is_over, result as the protocol asks

``apply`` works on ``copy_state(state)``: a deep copy unless the game names a faster one. A faster copy
may share what the game never changes in place, nothing else: ``kit.selfplay.apply_leaving_input`` (run by
the every-engine test and ``selfplay --checks all``) checks after every accepted move that ``dump`` of the
state given is unchanged. The platform re-applies moves to old and scrambled states (undo, overtaken moves,
search bots), which a copy that shares too much would silently corrupt.
"""

from __future__ import annotations

import copy
from typing import Any

from .base import ApplyResult, InvalidOptions, Notice, OptionSpec


class RulesEngine:
    slug: str
    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    invariants: tuple = ()

    def check_options(self, options: dict, players: int) -> None:
        """A rule between options, or between an option and the player count (raise InvalidOptions);
        none by default."""

    def validate_options(self, options: dict, players: int) -> dict:
        options = dict(options or {})
        unknown = set(options) - {o.name for o in self.options}
        if unknown:
            raise InvalidOptions(f"Unknown option(s): {', '.join(sorted(unknown))}")
        if isinstance(players, bool) or not isinstance(players, int) or not (
                self.min_players <= players <= self.max_players):
            raise InvalidOptions(f"{self.name} is played by {self.min_players} to {self.max_players} players")
        out = {}
        for spec in self.options:
            value = options.get(spec.name, spec.default)
            if value not in spec.choices:
                raise InvalidOptions(f"{spec.name} must be one of {', '.join(spec.choices)} (got {value!r})")
            out[spec.name] = value
        self.check_options(out, players)  # (an engine may refuse an option of another player count its own way)
        for spec in self.options:
            if getattr(spec, "players", ()) and players not in spec.players:
                if out[spec.name] != spec.default:
                    raise InvalidOptions(f"{spec.name} applies to games of "
                                         f"{' or '.join(map(str, spec.players))} player(s) only")
                del out[spec.name]  # not an option of this game: left out of its options
        return out

    def new_game(self, options: dict, players: int, seed: int) -> ApplyResult:
        options = self.validate_options(options, players)
        log: list = []
        state = self.make_state(options, players, seed, log)
        self.advance(state, log)
        return ApplyResult(state, log)

    def copy_state(self, state: Any) -> Any:
        """A copy ``apply`` may change freely (deep by default; a game may name a faster one)."""
        return copy.deepcopy(state)

    def apply(self, state: Any, seat: int, move: dict) -> ApplyResult:
        new = self.copy_state(state)  # the old state stays untouched (the protocol's promise)
        log: list = []
        self.apply_decision(new, seat, move, log)
        self.advance(new, log)
        # ``apply_decision`` and ``advance`` may append a ``Notice`` (what a seat should be told) to the log:
        # it becomes one of the result's notices, not a log line.
        notices = [entry for entry in log if isinstance(entry, Notice)]
        return ApplyResult(new, [entry for entry in log if not isinstance(entry, Notice)], notices)

    def private_step(self, state: Any, seat: int, move: dict) -> bool:
        """Whether ``move`` (legal for ``seat`` on ``state``) is a private step: a step of a secret the seat
        builds alone (a hidden plan) whose number and timing the other seats may not learn. The platform then
        writes no row and moves no version for it: the step waits as the seat's draft and is written with the
        seat's next move (``play.replay``). The engine promises that a private step commutes with the other
        seats' moves until then (they never depend on it) and that the seat's next row is not private."""
        return False

    def dump(self, state: Any) -> dict:
        return state.to_json()

    def load(self, data: dict) -> Any:
        """The state ``dump`` gave, checked: raises ``InvalidState`` naming what is wrong."""
        return self.load_state(data)
