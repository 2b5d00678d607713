"""Hilo (pure Python, no Django): simultaneous hidden choices, then a public roll.

Each round every seat secretly chooses high or low, all at once (every seat owes a choice; nobody sees another's
until the last one is in). Then every choice is shown and a die is rolled: 4 to 6 is high, 1 to 3 low; each seat
that chose the side the die shows scores a point. After the last round (option ``rounds``: 3 or 5) the most
points win; equal points share the rank.

The dice are drawn from the seed with the game (the state carries no RNG): ``dice[r]`` is round r's roll, unknown
to every seat until round r ends, so ``scramble_unknown`` draws the rolls to come afresh for everyone."""

from __future__ import annotations

import copy
import random
from dataclasses import asdict, dataclass, field

from kit.base import GameResult, IllegalMove, InvalidState, LogEntry, OptionSpec
from kit.contract import Capabilities
from kit.hidden import EVERYONE
from kit.rules_engine import RulesEngine

SIDES = ("high", "low")


def side_of(die: int) -> str:
    return "high" if die >= 4 else "low"


@dataclass
class State:
    players: int
    rounds: int
    dice: list[int]  # hidden: the rolls to come (dice[r] is shown when round r ends)
    choices: list[str | None]  # hidden: this round's choices, each seen by its own seat only
    history: list[dict] = field(default_factory=list)  # public: the rounds played, {"choices", "die"}
    scores: list[int] = field(default_factory=list)
    schema_version: int = 1

    @property
    def round(self) -> int:
        return len(self.history)  # 0-based: the round being chosen

    @property
    def over(self) -> bool:
        return len(self.history) >= self.rounds

    def copy(self) -> State:
        return copy.deepcopy(self)  # shares nothing with the original

    def to_json(self) -> dict:
        return asdict(self)


def make_state(options: dict, players: int, seed: int, log: list) -> State:
    rounds = int(options["rounds"])
    rng = random.Random(seed)  # every roll of the game drawn now: the state keeps the rolls, not an RNG
    state = State(players=players, rounds=rounds, dice=[rng.randint(1, 6) for _ in range(rounds)],
                  choices=[None] * players, scores=[0] * players)
    log.append(LogEntry("hilo.start", {"rounds": rounds}))
    return state


def pending(state: State) -> set[int]:
    if state.over:
        return set()
    return {seat for seat, choice in enumerate(state.choices) if choice is None}


def legal_moves(state: State, seat: int) -> list[dict]:
    if seat not in pending(state):
        return []
    return [{"type": "choose", "side": side} for side in SIDES]


def apply_decision(state: State, seat: int, move: dict, log: list) -> None:
    if state.over:
        raise IllegalMove("The game is over.", key="hilo.over")
    if seat not in pending(state):
        raise IllegalMove("You have already chosen this round.", key="hilo.already_chosen",
                          params={"round": state.round + 1})
    if move not in legal_moves(state, seat):
        raise IllegalMove("Choose high or low.", key="hilo.bad_choice")
    state.choices[seat] = move["side"]
    log.append(LogEntry("hilo.chose", {"round": state.round + 1}, seat=seat))  # public: that, not what
    log.append(LogEntry("hilo.mine", {"side": move["side"]}, seat=seat, visible_to=(seat,)))  # its seat's alone


def advance(state: State, log: list) -> None:
    """Once every seat has chosen: show the choices, roll, score, open the next round."""
    if state.over or any(choice is None for choice in state.choices):
        return
    die = state.dice[state.round]
    shown = side_of(die)
    for seat, choice in enumerate(state.choices):
        log.append(LogEntry("hilo.showed", {"player_seat": seat, "side": choice}))
        if choice == shown:
            state.scores[seat] += 1
    log.append(LogEntry("hilo.roll", {"round": state.round + 1, "die": die, "side": shown}))
    state.history.append({"choices": list(state.choices), "die": die})
    state.choices = [None] * state.players


def load_state(data: dict) -> State:
    try:
        state = State(**data)
    except TypeError as exc:
        raise InvalidState(f"not a Hilo state: {exc}") from None
    problem = shape_problem(state)
    if problem:
        raise InvalidState(problem)
    return state


def shape_problem(state: State) -> str | None:
    if not 2 <= state.players <= 4 or state.rounds not in (3, 5):
        return f"{state.players} players, {state.rounds} rounds"
    if len(state.dice) != state.rounds or not all(isinstance(d, int) and 1 <= d <= 6 for d in state.dice):
        return f"the dice {state.dice}"
    if len(state.choices) != state.players or any(c not in (*SIDES, None) for c in state.choices):
        return f"the choices {state.choices}"
    if len(state.history) > state.rounds or len(state.scores) != state.players:
        return "more rounds played than the game has, or a score per seat missing"
    for r, played in enumerate(state.history):
        if played.get("die") != state.dice[r] or sorted(played) != ["choices", "die"] or len(
                played["choices"]) != state.players or any(c not in SIDES for c in played["choices"]):
            return f"round {r + 1} played as {played}"
    counted = [sum(1 for p in state.history if p["choices"][s] == side_of(p["die"])) for s in range(state.players)]
    if counted != state.scores:
        return f"scores {state.scores}, the rounds make {counted}"
    if state.over and any(c is not None for c in state.choices):
        return "a choice after the last round"
    return None


class HiloEngine(RulesEngine):
    capabilities = Capabilities(hidden_information=True, acts_out_of_turn=False, time_out_rule=False,
                                ranged_moves=False, solo=False)
    slug = "hilo"
    name = "Hilo"
    min_players = 2
    max_players = 4
    options = (OptionSpec("rounds", ("3", "5"), "3"),)
    make_state = staticmethod(make_state)
    apply_decision = staticmethod(apply_decision)
    advance = staticmethod(advance)
    load_state = staticmethod(load_state)

    def legal_moves(self, state, seat):
        return legal_moves(state, seat)

    def pending(self, state):
        return pending(state)

    def view(self, state, seat):
        """The rounds played (every choice and roll), who has chosen this round, and the viewer's own choice:
        never another seat's choice of this round, never a roll to come."""
        return {"players": state.players, "rounds": state.rounds, "round": state.round,
                "history": copy.deepcopy(state.history), "scores": list(state.scores),
                "chosen": [choice is not None for choice in state.choices],
                "mine": state.choices[seat] if seat is not None else None,
                "over": state.over}

    def scramble_unknown(self, state, seat, seed):
        """A position ``seat`` cannot tell from this one: the rolls to come (no seat knows them) and this
        round's choices it has not seen (every other seat's that has chosen; a spectator sees none) drawn
        afresh. For EVERYONE (a moderator's rollback) the rolls to come only: each choice was seen by its seat."""
        new = state.copy()
        rng = random.Random(seed)
        for r in range(state.round, state.rounds):
            new.dice[r] = rng.randint(1, 6)
        if seat is not EVERYONE:
            new.choices = [c if c is None or i == seat else rng.choice(SIDES) for i, c in enumerate(state.choices)]
        return new

    def is_over(self, state):
        return state.over

    def result(self, state):
        if not state.over:
            return None
        ranks = [1 + sum(1 for other in state.scores if other > s) for s in state.scores]
        picks = [[played["choices"][seat] for played in state.history] for seat in range(state.players)]
        return GameResult(scores=list(state.scores), ranks=ranks, details=[{"picks": p} for p in picks])


def well_formed(state) -> str | None:
    """The engine's own invariant (selfplay and the every-engine tests run it after every move)."""
    return shape_problem(state)


HiloEngine.invariants = (well_formed,)
ENGINE = HiloEngine()
