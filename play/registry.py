"""Slug → ``GameDefinition``: everything the platform knows about a game.

Each game is a Django app (``games/<slug>/``, one line in ``settings.GAME_APPS``) whose
``AppConfig.ready()`` calls ``register``; the platform finds a game's engine, bots, texts,
page, templates, option labels and rules pages only here, never by importing the game's
modules (an import-linter contract keeps it so). ``play.checks`` validates every
definition when Django starts: a game missing a part fails loudly instead of losing it."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kit.base import Engine, Move
from kit.schemas import GameSchemas

# chooser(engine, view, legal_moves, seat, rng) -> one of legal_moves
Chooser = Callable[[Engine, dict, list[Move], int, random.Random], Move]

# The colour names the platform knows (the site's CSS draws a dot of each); seats take them in order.
SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "teal", "brown")

# The parts of a game page: the board (and what it shows beside it) and the move panel are
# required; the others are optional.
REQUIRED_TEMPLATES = ("board", "moves")
OPTIONAL_TEMPLATES = ("new_game", "replay")


@dataclass(frozen=True)
class RulesPages:
    """A game's rules pages: one per variant, in the reader's language (English as the fallback).

    ``template`` is a template name with ``{variant}`` and ``{language}`` in it; ``variant_of``
    gives the variant a game's options select (its "Rules of this game" link)."""

    variants: Mapping[str, str]  # variant slug → title, in menu order
    variant_of: Callable[[dict], str]
    template: str


@dataclass(frozen=True)
class VisitSummary:
    """How "since your last visit" (``play.visit_summary``, the same box on every game's page) reads
    a game's log. Every field is optional: by default the other seats' moves are grouped by turn.

    - ``round_end``: log keys that tell what followed the moves (a year's end, a round's scoring):
      shown even when the viewer's own move brought them, under "<period> ends".
    - ``period``, ``period_end``: translatable titles of a numbered period's groups, ``%(n)s`` its
      number; the period opens with the definition's ``year_start`` key (its ``year`` parameter).
      Without ``year_start`` the groups are the seats' turns.
    - ``period_now``: ``period_now(view) -> int``, the number of the period running now (counted back
      for lines before the first period start that was read).
    - ``places``: ``places(entry) -> list`` of the board places a log line (``{"key", "params"}``)
      names; the game's page marks them on its board (``PageInput.since_visit.places``); ``places_hint``
      says how they look there (translatable; the platform's words by default).
    - ``addressed``: ``addressed(entry, seat) -> bool``, whether a log line is addressed to that seat (an
      offer made to it): such lines come first, in a group of their own (``addressed_title``, translatable;
      the platform's "Made to you" by default).
    - ``opens``, ``withdraws``: ``opens(entry)`` names what a line puts on the table (an offer's id),
      ``withdraws(entry)`` what a line takes off it again before it was answered (an offer withdrawn or
      lapsed), or None: a thing opened and withdrawn while the reader was away is not told at all."""

    round_end: frozenset[str] = frozenset()
    period: Any = None
    period_end: Any = None
    period_now: Callable[[dict], int] | None = None
    places: Callable[[dict], list] | None = None
    places_hint: Any = None
    addressed: Callable[[dict, int], bool] | None = None
    addressed_title: Any = None
    opens: Callable[[dict], Any] | None = None
    withdraws: Callable[[dict], Any] | None = None


@dataclass(frozen=True)
class GameDefinition:
    """One game's parts.

    - ``engine``: the rules (``kit.base.Engine``, pure Python).
    - ``texts``: the catalog turning the engine's log and error keys into sentences: ``MESSAGES`` and
      ``ERRORS`` (key → translatable template); optional ``SEAT_PARAMS``, ``param(name, value, options)``,
      ``hidden(entry)``, ``move_label(move, names)`` (see ``play.texts``).
    - ``templates``: part → template name. ``board`` and ``moves`` are required; ``new_game`` (shown
      under the game's options on the new-game page) and ``replay`` (above a replay's board) are optional.
    - ``page``: ``context(page: play.page_input.PageInput) -> dict``, what the templates show beyond the
      platform's context (None: nothing more); it is given plain data and reads no database.
    - ``bot_levels``: level → chooser, beyond the ``random`` level every game has.
    - ``option_labels``: every option name and value of the engine in words (translatable).
    - ``rules``: the rules pages, or None.
    - ``stylesheets``: static files the game page links (the board's CSS).
    - ``scripts``: static script files the game page loads (deferred; the content security policy allows no inline
      script). A page must work without them: they only help (steppers beside a number, a live warning).
    - ``seat_colours``: the colour of each seat, names from ``SEAT_COLOURS``.
    - ``log_marks``: log key → CSS class of its line (a year's border, a phase's start).
    - ``year_start``: the log key that opens a numbered year (its ``year`` parameter), or None.
    - ``demo_options``: option sets of the games ``seed_demo`` opens (none: no demo game).
    - ``demo_moves``: ``demo_moves(engine, state, humans) -> (seat, move) | None``, the next move one of
      the people's seats (``humans``) makes in the first demo game, so that ``make run`` opens on a
      position worth seeing (an offer waiting, a decision to take); None: stop. ``seed_demo`` plays them
      through the services, as that seat's player.
    - ``schemas``: the JSON Schemas of its moves and of its view (``kit.schemas``), served by
      the API (``/api/game-types/<slug>/``) so a bot's author reads the shapes, not the engine's code.
    - ``visit_summary``: how its log reads in "since your last visit" (``VisitSummary``).
    - ``own_words``: terms only this game has (its pieces, its context keys' prefix), which the
      platform's code never names; tests/platform/test_no_game_knowledge.py adds the slug and name.
    """

    engine: Engine
    texts: Any
    templates: Mapping[str, str]
    page: Callable[..., dict] | None = None
    bot_levels: Mapping[str, Chooser] = field(default_factory=dict)
    option_labels: Mapping[str, Any] = field(default_factory=dict)
    rules: RulesPages | None = None
    stylesheets: tuple[str, ...] = ()
    scripts: tuple[str, ...] = ()
    seat_colours: tuple[str, ...] = SEAT_COLOURS
    log_marks: Mapping[str, str] = field(default_factory=dict)
    year_start: str | None = None
    demo_options: tuple[dict, ...] = ()
    demo_moves: Callable[..., tuple[int, dict] | None] | None = None
    schemas: GameSchemas | None = None
    own_words: tuple[str, ...] = ()
    visit_summary: VisitSummary = field(default_factory=VisitSummary)

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def name(self) -> str:
        return self.engine.name

    def template(self, part: str) -> str | None:
        return self.templates.get(part)


class AlreadyRegistered(Exception):
    """Two apps claim the same game slug."""


_definitions: dict[str, GameDefinition] = {}


def register(definition: GameDefinition) -> GameDefinition:
    """Called by the game's ``AppConfig.ready()``. A slug taken twice is an error, not an override."""
    slug = definition.slug
    if slug in _definitions and _definitions[slug] is not definition:
        raise AlreadyRegistered(f"game {slug!r} is registered twice")
    _definitions[slug] = definition
    return definition


def unregister(slug: str) -> None:
    """For tests that register a game of their own for a while."""
    _definitions.pop(slug, None)


def definition(slug: str) -> GameDefinition:
    """KeyError for a slug no installed app registered."""
    try:
        return _definitions[slug]
    except KeyError:
        raise KeyError(f"unknown game: {slug}") from None


def definitions() -> list[GameDefinition]:
    """Every registered game, in the order their apps are installed."""
    return list(_definitions.values())


def get(slug: str) -> Engine:
    """The engine of a game (KeyError for an unknown slug)."""
    return definition(slug).engine


def available() -> list[Engine]:
    """The engines of every game that can be opened."""
    return [d.engine for d in _definitions.values()]
