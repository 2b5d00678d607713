"""Bluff (pure Python, no Django): the model game of docs/adding-a-game.md.

Each seat is dealt a hidden number from 1 to ``top``. In turn, a seat either bids (claims that the
numbers of all seats add up to at least N, N higher than the last bid) or calls the last bid. On a
call every number is shown: the bidder wins if the claim holds, the caller wins if it does not. A bid
of the highest possible total must be called."""

from __future__ import annotations

import copy
import random
from dataclasses import asdict, dataclass

from kit.base import GameResult, IllegalMove, InvalidState, LogEntry, OptionSpec
from kit.contract import Capabilities
from kit.hidden import EVERYONE
from kit.rules_engine import RulesEngine


@dataclass
class State:
    players: int
    top: int
    numbers: list[int]  # the hidden part: seat i's number, which only seat i sees before the call
    turn: int = 0
    bid: dict | None = None  # {"seat": who bid, "n": the claimed total}
    winner: int | None = None
    schema_version: int = 1

    def copy(self) -> State:
        # RulesEngine.apply changes the copy in place: it must share no list or dict with the original.
        return copy.deepcopy(self)

    def to_json(self) -> dict:
        return asdict(self)


def make_state(options: dict, players: int, seed: int, log: list) -> State:
    top = int(options["top"])
    rng = random.Random(seed)  # used for the deal only: the state carries no RNG
    state = State(players=players, top=top, numbers=[rng.randint(1, top) for _ in range(players)])
    log.append(LogEntry("bluff.start", {"top": top}))
    for seat, n in enumerate(state.numbers):
        log.append(LogEntry("bluff.dealt", {"n": n}, seat=seat, visible_to=(seat,)))  # a private line
    return state


def legal_moves(state: State, seat: int) -> list[dict]:
    if state.winner is not None or seat != state.turn:
        return []
    low = state.bid["n"] + 1 if state.bid else 1
    bids = [{"type": "bid", "n": n} for n in range(low, state.players * state.top + 1)]
    return bids + ([{"type": "call"}] if state.bid else [])


def apply_decision(state: State, seat: int, move: dict, log: list) -> None:
    if seat != state.turn or state.winner is not None:
        raise IllegalMove("It is not your turn.", key="bluff.not_your_turn")
    if move not in legal_moves(state, seat):
        raise IllegalMove("Bid more than the last bid, or call it.", key="bluff.bad_bid",
                          params={"low": state.bid["n"] + 1 if state.bid else 1})
    if move["type"] == "bid":
        state.bid = {"seat": seat, "n": move["n"]}
        log.append(LogEntry("bluff.bid", {"n": move["n"]}, seat=seat))
        state.turn = (seat + 1) % state.players
        return
    total = sum(state.numbers)
    state.winner = state.bid["seat"] if total >= state.bid["n"] else seat
    log.append(LogEntry("bluff.call", {"n": state.bid["n"], "total": total}, seat=seat))
    log.append(LogEntry("bluff.won", {"winner_seat": state.winner}))


def advance(state: State, log: list) -> None:
    """No automatic steps in Bluff (a game with forced moves applies them here)."""


def load_state(data: dict) -> State:
    try:
        state = State(**data)
    except TypeError as exc:
        raise InvalidState(f"not a Bluff state: {exc}") from None
    if len(state.numbers) != state.players or not all(1 <= n <= state.top for n in state.numbers):
        raise InvalidState("each seat holds one number from 1 to the top")
    return state


class BluffEngine(RulesEngine):
    # What the platform may ask of it (kit/contract.py): hidden numbers, and nothing else optional.
    capabilities = Capabilities(hidden_information=True, acts_out_of_turn=False, time_out_rule=False,
                                ranged_moves=False, solo=False)
    slug = "bluff"
    name = "Bluff"
    min_players = 2
    max_players = 4
    options = (OptionSpec("top", ("6", "9"), "6"),)
    make_state = staticmethod(make_state)
    apply_decision = staticmethod(apply_decision)
    advance = staticmethod(advance)
    load_state = staticmethod(load_state)

    def legal_moves(self, state, seat):
        return legal_moves(state, seat)

    def pending(self, state):
        return set() if state.winner is not None else {state.turn}

    def view(self, state, seat):
        """Everything but the others' numbers, until the call shows them all."""
        over = state.winner is not None
        return {"players": state.players, "top": state.top, "turn": state.turn, "bid": copy.deepcopy(state.bid),
                "winner": state.winner, "mine": state.numbers[seat] if seat is not None else None,
                "numbers": list(state.numbers) if over else None}

    def scramble_unknown(self, state, seat, seed):
        """A position ``seat`` cannot tell from this one: the numbers it has not seen drawn afresh. For EVERYONE (a
        moderator's rollback, ``kit.hidden``) nothing: every number was dealt to its seat, which has seen it."""
        new = state.copy()
        if state.winner is None and seat is not EVERYONE:
            rng = random.Random(seed)
            new.numbers = [n if i == seat else rng.randint(1, state.top) for i, n in enumerate(state.numbers)]
        return new

    def is_over(self, state):
        return state.winner is not None

    def result(self, state):
        if state.winner is None:
            return None
        scores = [1 if seat == state.winner else 0 for seat in range(state.players)]
        return GameResult(scores=scores, ranks=[1 if s else 2 for s in scores],
                          details=[{"number": n} for n in state.numbers])


def numbers_in_range(state) -> str | None:
    """The engine's own invariant (selfplay and the every-engine tests run it after every move)."""
    return None if all(1 <= n <= state.top for n in state.numbers) else f"numbers {state.numbers}"


BluffEngine.invariants = (numbers_in_range,)
ENGINE = BluffEngine()
