"""The contract between a game and the platform, in one place: what every engine has (``RequiredEngine``), the
optional parts as small named capabilities a game declares (``Capabilities``, as OpenSpiel's ``GameType``), the
texts catalog's parts, and one ``check(engine)`` / ``check_texts(texts)`` that the system checks
(``play/checks.py``) and selfplay (``kit/selfplay.py``) both run.

A game declares what it does once, on its engine::

    capabilities = Capabilities(hidden_information=True, acts_out_of_turn=False, time_out_rule=False,
                                ranged_moves=False, solo=False)

and ``check`` holds the declaration and the engine's members to each other: a declared capability without its
hooks is an error, and so is a hook whose capability is not declared (it would be used silently, or not at
all). A public member whose name is close to a hook's (``may_acts``) is a warning: a misspelt hook turns a
feature off without a word. Pure Python: the platform turns the findings into Django's check messages."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any, Protocol, runtime_checkable

from .base import ApplyResult, GameResult, Move, OptionSpec, Seat

REQUIRED_ATTRIBUTES = ("slug", "name", "min_players", "max_players", "options")
REQUIRED_METHODS = ("validate_options", "new_game", "legal_moves", "apply", "pending", "view", "is_over", "result",
                    "dump", "load")


@runtime_checkable
class RequiredEngine(Protocol):
    """What every engine has (``kit.base.Engine`` is this protocol: see its docstrings)."""

    slug: str
    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]

    def validate_options(self, options: dict, players: int) -> dict: ...
    def new_game(self, options: dict, players: int, seed: int) -> ApplyResult: ...
    def legal_moves(self, state: Any, seat: Seat) -> list[Move]: ...
    def apply(self, state: Any, seat: Seat, move: Move) -> ApplyResult: ...
    def pending(self, state: Any) -> set[Seat]: ...
    def view(self, state: Any, seat: Seat | None) -> dict: ...
    def is_over(self, state: Any) -> bool: ...
    def result(self, state: Any) -> GameResult | None: ...
    def dump(self, state: Any) -> dict: ...
    def load(self, data: dict) -> Any: ...


@dataclass(frozen=True)
class Capabilities:
    """The optional parts a game has, declared on its engine as ``capabilities``.

    - ``hidden_information``: seats do not see everything (a deck's order, hands, secret choices). Needs
      ``scramble_unknown(state, seat, seed)``: the same position with everything ``seat`` may not know drawn
      afresh, its view unchanged: the game's one answer to "a position this seat cannot tell from the real one"
      (``kit.hidden``: undo, the rollback with ``seat=EVERYONE``, the leak tests). Optional: an older separate
      ``redraw_hidden(state, seed)`` (a moderator's rollback), ``move_reveals_hidden(before, after)``. Without
      hidden information, a game may still offer undo with a ``scramble_unknown`` that returns the state as it
      is, and says so with ``nothing_hidden = True``.
    - ``acts_out_of_turn``: seats may act without owing (offers at any time). Needs ``may_act(state)``;
      optional ``answers(state, seat)``, the moves a bot answers with.
    - ``time_out_rule``: the rules say what a seat whose clock ran out does. Needs ``time_out(state, seat)``.
    - ``ranged_moves``: legal moves may carry ``ranges`` (``kit.params``). Optional
      ``sample_move(state, seat, legal, rng)``.
    - ``solo``: one seat may play alone (``min_players == 1``; its result has a ``SoloOutcome``).
    """

    hidden_information: bool
    acts_out_of_turn: bool
    time_out_rule: bool
    ranged_moves: bool
    solo: bool


# capability -> (hooks it needs, hooks it may have)
HOOKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "hidden_information": (("scramble_unknown",), ("redraw_hidden", "move_reveals_hidden")),
    "acts_out_of_turn": (("may_act",), ("answers",)),
    "time_out_rule": (("time_out",), ()),
    "ranged_moves": ((), ("sample_move",)),
    "solo": ((), ()),
}
# Optional members any engine may have, whatever it declares.
ANY_ENGINE = ("capabilities", "invariants", "ending", "arena_counts", "nothing_hidden", "scramble_unknown",
              "move_reveals_hidden")
# ``kit.rules_engine.RulesEngine``'s parts a game names.
RULES_ENGINE = ("make_state", "apply_decision", "advance", "load_state", "check_options", "copy_state")
KNOWN_ENGINE_NAMES = (*REQUIRED_ATTRIBUTES, *REQUIRED_METHODS, *ANY_ENGINE, *RULES_ENGINE,
                      *(hook for needed, optional in HOOKS.values() for hook in (*needed, *optional)))

TEXT_TABLES = ("MESSAGES", "ERRORS")  # required: message key -> translatable template
OPTIONAL_TEXT_TABLES = ("SEAT_PARAMS", "FIELD_LABELS", "OPTION_LABELS", "TIEBREAKS")
OPTIONAL_TEXT_FUNCTIONS = ("param", "hidden", "move_label", "value_label")
KNOWN_TEXT_NAMES = (*TEXT_TABLES, *OPTIONAL_TEXT_TABLES, *OPTIONAL_TEXT_FUNCTIONS)

CLOSE = 0.8  # difflib's ratio from which a name reads as a misspelling of a hook


@dataclass(frozen=True)
class Finding:
    """One thing ``check`` found: ``error`` breaks the contract, a warning is likely a mistake."""

    error: bool
    message: str
    hint: str = ""


def capabilities(engine: Any) -> Capabilities | None:
    declared = getattr(engine, "capabilities", None)
    return declared if isinstance(declared, Capabilities) else None


def hides_information(engine: Any) -> bool:
    """Whether the game has hidden information (its declaration; an undeclared engine is taken to have some)."""
    declared = capabilities(engine)
    return declared.hidden_information if declared is not None else not getattr(engine, "nothing_hidden", False)


def missing_members(engine: Any) -> list[str]:
    """The required members ``engine`` lacks."""
    missing = [a for a in REQUIRED_ATTRIBUTES if not hasattr(engine, a)]
    return missing + [m for m in REQUIRED_METHODS if not callable(getattr(engine, m, None))]


def check(engine: Any) -> list[Finding]:
    """Every way ``engine`` breaks the contract (errors) or seems to by mistake (warnings)."""
    found: list[Finding] = []
    missing = missing_members(engine)
    if missing:
        found.append(Finding(True, f"the engine lacks {', '.join(missing)}", "See kit/contract.py (RequiredEngine)."))
        return found
    for fn in getattr(engine, "invariants", ()):
        if not callable(fn):
            found.append(Finding(True, f"the engine's invariant {fn!r} is not callable"))
    declared = capabilities(engine)
    if declared is None:
        found.append(Finding(True, "it declares no capabilities",
                             "capabilities = kit.contract.Capabilities(hidden_information=..., acts_out_of_turn=..., "
                             "time_out_rule=..., ranged_moves=..., solo=...)"))
    else:
        found += _capability_findings(engine, declared)
    found += _misspellings(_public_names(engine), KNOWN_ENGINE_NAMES, "hook")
    return found


def _capability_findings(engine: Any, declared: Capabilities) -> list[Finding]:
    found = []
    for capability in (f.name for f in fields(Capabilities)):
        needed, optional = HOOKS[capability]
        has = getattr(declared, capability)
        for hook in needed:
            if has and not callable(getattr(engine, hook, None)):
                found.append(Finding(True, f"it declares {capability} but has no {hook}()"))
        for hook in (*needed, *optional):
            if not has and getattr(engine, hook, None) is not None and hook not in ANY_ENGINE:
                found.append(Finding(True, f"it has {hook}() but does not declare {capability}",
                                     f"Declare {capability}=True, or remove {hook}."))
    if declared.hidden_information and getattr(engine, "nothing_hidden", False):
        found.append(Finding(True, "it declares hidden_information and says nothing_hidden"))
    if not declared.hidden_information and callable(getattr(engine, "scramble_unknown", None)) and not getattr(
            engine, "nothing_hidden", False):
        found.append(Finding(True, "it has scramble_unknown() but declares no hidden_information",
                             "Declare hidden_information=True, or say nothing_hidden = True."))
    if declared.solo != (engine.min_players == 1):
        found.append(Finding(True, f"it declares solo={declared.solo} but min_players is {engine.min_players}"))
    return found


def check_texts(texts: Any) -> list[Finding]:
    """The texts catalog's parts: ``MESSAGES`` and ``ERRORS`` tables; optional tables and functions of the
    names the platform reads (``play.texts``); a name close to one of those is a warning."""
    found = []
    for table in TEXT_TABLES:
        if not isinstance(getattr(texts, table, None), Mapping):
            found.append(Finding(True, f"its texts have no {table} table",
                                 "A catalog maps the engine's keys to sentences."))
    for table in OPTIONAL_TEXT_TABLES:
        value = getattr(texts, table, None)
        if value is not None and not isinstance(value, Mapping | tuple | list | set | frozenset):
            found.append(Finding(True, f"its texts' {table} is not a table"))
    for name in OPTIONAL_TEXT_FUNCTIONS:
        value = getattr(texts, name, None)
        if value is not None and not callable(value):
            found.append(Finding(True, f"its texts' {name} is not a function"))
    found += _misspellings(_public_names(texts), KNOWN_TEXT_NAMES, "texts name")
    return found


def _public_names(obj: Any) -> set[str]:
    return {n for n in dir(obj) if not n.startswith("_")}


def _misspellings(names: Iterable[str], known: tuple[str, ...], what: str) -> list[Finding]:
    found = []
    for name in sorted(set(names) - set(known)):
        close = difflib.get_close_matches(name, known, n=1, cutoff=CLOSE)
        if close:
            found.append(Finding(False, f"{name!r} looks like a misspelt {what} {close[0]!r}",
                                 f"The platform reads {close[0]!r}; {name!r} is never used."))
    return found


def errors(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.error]


def require(engine: Any) -> list[Finding]:
    """``check(engine)``; raises ValueError naming the errors, returns the warnings."""
    found = check(engine)
    broken = errors(found)
    if broken:
        raise ValueError(f"{getattr(engine, 'slug', engine)!r} breaks the engine contract: "
                         + "; ".join(f.message for f in broken))
    return [f for f in found if not f.error]
