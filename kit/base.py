"""The contract every game engine implements.

Engines are pure Python: this package, and every game's ``engine`` and ``bots``, never
import Django (an import-linter contract in pyproject.toml keeps it so).
The platform only ever talks to a game through an ``Engine`` instance taken from
``play.registry``; it never reads an engine's state directly, except to
store the JSON that ``dump`` returns and give it back to ``load``.

Conventions (see ../shared/DESIGN.md):
- A *seat* is an int, 0-based, in the order of the players given to ``new_game``.
- A *move* is a plain JSON-able dict with a ``"type"`` key (a small tagged value).
- A *state* is whatever the engine likes in memory; ``dump(state)`` must give a
  JSON-able dict with a ``schema_version`` and ``load(dump(s))`` must equal ``s``.
- Randomness comes only from the game's seed: drawn ahead in the first state (a hidden part) or from a
  seeded RNG kept in the state (``kit.rng``), so replaying the move log from the seed rebuilds the same
  state. Either is hidden from every seat: no view, log line or error carries it.
- Text for people stays out of engines: log entries and errors carry a message
  ``key`` and ``params`` that the site translates (an English ``message`` is
  kept as a fallback for programs).
- Optional ``invariants``: a tuple of callables ``fn(state) -> str | None`` (a message
  when broken) that must hold after every move; selfplay (``kit.selfplay``)
  and the every-engine tests run them. Optional ``ending(state) -> str``: how a finished
  game ended, counted by selfplay.
- Moves with parameters: a legal move may carry ``"ranges"`` (``kit.params``): a field's range instead
  of every value. ``apply`` always validates the concrete move against the state it is given: the
  platform re-applies a move made on an older version when only other seats acted since.
- ``kit.rules_engine.RulesEngine`` holds the part every board game writes the
  same way (options, copy-apply-advance, dump/load); a game's ``engine.py`` subclasses it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

JSON = Any
Seat = int
Move = dict[str, Any]


class IllegalMove(Exception):
    """A move the rules forbid. ``message`` is readable English for a player;
    ``key`` + ``params`` let the site show it in the player's language.

    The message must never contain hidden information (R80-style secrets)."""

    def __init__(self, message: str, *, key: str = "illegal", params: dict | None = None):
        super().__init__(message)
        self.message = message
        self.key = key
        self.params = params or {}


class InvalidOptions(ValueError):
    """Options for ``new_game`` that the game does not accept, perhaps for this player count (message is
    for people); optional ``key`` + ``params`` let the site word it in the player's language (the game's
    ``ERRORS``)."""

    def __init__(self, message: str, *, key: str = "", params: dict | None = None):
        super().__init__(message)
        self.key = key
        self.params = params or {}


class InvalidState(ValueError):
    """A stored state (``load``) that breaks the game's own rules or shape; the message
    names what is wrong. The platform refuses to store or serve such a snapshot."""


@dataclass(frozen=True)
class LogEntry:
    """One line of the game log.

    ``visible_to`` is None for a public line, or the seats that may read it
    (a private peek, a card drawn face down). The platform filters on it.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    seat: Seat | None = None
    visible_to: tuple[Seat, ...] | None = None

    def to_json(self) -> dict:
        data = {"key": self.key, "params": self.params, "seat": self.seat}
        if self.visible_to is not None:
            data["visible_to"] = list(self.visible_to)
        return data


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts at creation, so the site can build its form."""

    name: str
    choices: tuple[str, ...]
    default: str
    # The player counts the option applies to (empty: every count). For another count it is left out of the
    # game's options (no "Solo difficulty" on a 3-player game), and a value other than the default is refused.
    players: tuple[int, ...] = ()


@dataclass(frozen=True)
class Notice:
    """What a seat should be told after a move ("Bob made you an offer"): a message key of the game's
    texts and its parameters. The platform turns it into the seat's notification (page, stream, mail)."""

    seat: Seat
    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class ApplyResult:
    state: Any
    log: list[LogEntry]
    notices: list[Notice] = field(default_factory=list)


@dataclass(frozen=True)
class SoloOutcome:
    """How a one-seat game ended: won or lost against the game itself, and the rank reached (a message key
    of the game's texts, "Mégalopole")."""

    won: bool
    label_key: str
    label_params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameResult:
    """Final outcome. ``ranks[seat]`` is 1 for a winner; equal ranks share. A one-seat game has
    ``scores=[s]``, ``ranks=[1]`` and ``solo`` (it is never a win against anyone)."""

    scores: list[float]
    ranks: list[int]
    details: list[dict] = field(default_factory=list)  # per seat breakdown
    tiebreak: str | None = None  # message key of the tie-break applied, if any
    solo: SoloOutcome | None = None


@runtime_checkable
class Engine(Protocol):
    """The members every engine has (``kit.contract.RequiredEngine`` lists the same; ``kit.contract.check``
    checks them). The optional parts are named capabilities a game declares (``kit.contract.Capabilities``)."""

    slug: str
    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]

    def validate_options(self, options: dict, players: int) -> dict:
        """Return the complete, normalised options or raise InvalidOptions."""

    def new_game(self, options: dict, players: int, seed: int) -> ApplyResult:
        """A fresh state (forced opening decisions already taken) and its log."""

    def legal_moves(self, state: Any, seat: Seat) -> list[Move]:
        """Every move ``seat`` may make now (empty when it owes nothing)."""

    def apply(self, state: Any, seat: Seat, move: Move) -> ApplyResult:
        """A new state (the old one is untouched) or IllegalMove. Forced single-
        choice decisions that follow are applied too and appear in the log."""

    def pending(self, state: Any) -> set[Seat]:
        """The seats that OWE a decision now (several at once is normal). Only these have a running clock,
        are sent "your turn", wake a bot and can time out."""

    # The optional parts, each with the capability that names it (``kit.contract.Capabilities``):
    # ``acts_out_of_turn``: ``may_act(state) -> set[Seat]``, the seats that MAY act now without owing (answer
    # an offer, make one): no clock, no "your turn", no bot take-over. ``legal_moves`` answers for
    # ``pending | may_act``. Optional with it: ``answers(state, seat) -> list[Move]``, what a seat that may act
    # without owing answers (offers made to it): the moves a bot plays there (``kit.base.answers``).
    # ``time_out_rule``: ``time_out(state, seat) -> ApplyResult``, the rules' answer to a seat whose clock ran
    # out (it stops owing: marked done, its open offers lapse…); the platform applies it instead of a bot.
    # ``ranged_moves``: legal moves may carry ``ranges`` (``kit.params``); optional with it:
    # ``sample_move(state, seat, legal_move, rng) -> Move`` when uniform sampling plays poorly.

    # ``hidden_information``:
    # ``scramble_unknown(state, seat, seed) -> state``: the same position with everything ``seat`` may not know
    # drawn afresh from ``seed`` (deck orders, face-down cards it has not seen, other seats' secrets: a secret
    # between two values is changed), consistently, so that ``view(result, seat) == view(state, seat)``. The
    # platform applies a move to such positions to decide whether it showed its mover anything (``kit.reveal``:
    # only then may the move be taken back). An engine without it never offers undo; an engine with no hidden
    # information may return ``state`` and say so with a class attribute ``nothing_hidden = True``.
    # ``move_reveals_hidden(before, after) -> bool``, extra safety beside ``scramble_unknown``: did the move bring
    # anything hidden to light (a card drawn, a peek, a shuffle), even if nobody sees it yet? It can only refuse
    # an undo that ``kit.reveal`` would allow, never allow one it refuses.

    def view(self, state: Any, seat: Seat | None) -> dict:
        """What ``seat`` (None: a spectator) may see. The only way hidden
        information leaves the engine."""

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> GameResult | None:
        """Final scores once the game is over, else None."""

    def dump(self, state: Any) -> dict: ...

    def load(self, data: dict) -> Any: ...


def may_act(engine: Engine, state: Any) -> set[Seat]:
    """The seats that MAY act now without owing (the optional engine method; none by default)."""
    method = getattr(engine, "may_act", None)
    return set() if method is None else set(method(state))


def time_out(engine: Engine, state: Any, seat: Seat) -> ApplyResult | None:
    """The optional engine method ``time_out(state, seat) -> ApplyResult``: what the game's rules do with a
    seat whose clock ran out (e.g. it is done for the round and its open offers lapse). None when the
    engine has none: the platform then applies its own rule (a substitute bot, or a forfeit)."""
    method = getattr(engine, "time_out", None)
    return None if method is None else method(state, seat)


def answers(engine: Engine, state: Any, seat: Seat) -> list[Move]:
    """The optional engine method ``answers(state, seat) -> list[Move]``: the moves by which a seat that
    may act without owing answers what is addressed to it (accept or decline an offer made to it), a
    subset of its legal moves. A bot seat that owes nothing plays one of these and nothing else; each
    must settle what it answers (that offer is answered no more), so a bot answers each offer once and
    never loops. None by default: a bot that owes nothing does nothing."""
    method = getattr(engine, "answers", None)
    return [] if method is None else list(method(state, seat))


def acting(engine: Engine, state: Any) -> set[Seat]:
    """Every seat whose move the platform accepts now: those that owe one and those that may act."""
    return set(engine.pending(state)) | may_act(engine, state)


def redraw_hidden(engine: Engine, state: Any, seed: int) -> Any:
    """After a moderator's rollback: the same position with everything no seat has
    legitimately seen (deck orders, face-down cards nobody looked at, the RNG) drawn
    afresh from ``seed``, so the undone moves tell nothing about the hidden future.

    The game's one answer ``scramble_unknown(state, EVERYONE, seed)`` (``kit.hidden``), or its older
    ``redraw_hidden(state, seed)`` when it has one (every seat's ``view`` must stay the same)."""
    from .hidden import EVERYONE, resample

    return resample(engine, state, EVERYONE, seed)
