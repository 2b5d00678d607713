""""Since your last visit", the same for every game: what happened after the seat's own last move
(or after the summary it dismissed), in the log's words, grouped by turn or by numbered period, with
the board places those lines name. Which moves are unseen is ``selectors.unseen_moves`` (given in
``PageInput.unseen``); how a game's log reads here is its ``registry.VisitSummary``. The box itself
is ``templates/games/partials/since_visit.html``, shown by the platform's game page; a game's page
only marks ``places`` on its board."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from .registry import GameDefinition


@dataclass(frozen=True)
class Group:
    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Summary:
    groups: tuple[Group, ...]
    places: dict  # a place the game's ``places`` named → the latest line that named it
    places_hint: str  # how the board marks them
    version: int  # what "Seen, hide this" dismisses up to
    earlier: bool  # more moves were unseen than were read


def _seat_index(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _turn_title(actor, names) -> str:
    if _seat_index(actor) and 0 <= actor < len(names):
        return _("%(name)s's turn") % {"name": names[actor]}
    return _("On the site")  # the site's own events: a resignation, a time-out


def build(definition: GameDefinition, unseen, *, seat: int | None, names: list[str], version: int,
          period_now: int | None = None) -> Summary | None:
    """``unseen``: ``PageInput.unseen`` (its lines, oldest first). The viewer's own lines are left out
    (they know them) except the ones that tell what followed (``round_end``). ``period_now``: the
    number of the period running now (a game with ``year_start``), from which the first line's is
    counted back. None when nothing is left to tell."""
    if unseen is None:
        return None
    rules = definition.visit_summary
    periods = definition.year_start is not None
    period = None
    if periods:
        begun = sum(1 for line in unseen.lines if line.key == definition.year_start)
        period = (period_now or 0) - begun
    groups: list[dict] = []
    places: dict = {}
    ended_period = None
    gone = _withdrawn(rules, unseen.lines)
    lines = [line for i, line in enumerate(unseen.lines) if i not in gone]
    first = _addressed_group(rules, lines, seat)
    if first is not None:
        groups.append(first)
    for line in lines:
        if first is not None and _is_addressed(rules, line, seat):
            for place in (rules.places(line.entry) if rules.places else ()):
                places[place] = line.text
            continue  # told first, in its own group
        ending = line.key in rules.round_end
        if periods and line.key == definition.year_start:
            number = line.params.get("year")
            period = number if _seat_index(number) else (period or 0) + 1
        if line.seat == seat and not ending:
            continue
        if periods:
            # Once a period's end is told, what follows until the next period belongs to that end
            # (a question the end asked, answered by another seat).
            ended = ending or (ended_period == period and period is not None)
            ended_period = period if ended else ended_period
            template = rules.period_end if ended else rules.period
            template = template or (_("Round %(n)s ends") if ended else _("Round %(n)s"))
            title = str(template) % {"n": period}
        else:
            title = _turn_title(line.seat, names)
        if not groups or groups[-1]["title"] != title:
            groups.append({"title": title, "lines": []})
        groups[-1]["lines"].append(line.text)
        for place in (rules.places(line.entry) if rules.places else ()):
            places[place] = line.text
    if not groups:
        return None
    hint = str(rules.places_hint or _("Solid outlines on the board mark the places that changed."))
    return Summary(groups=tuple(Group(g["title"], tuple(g["lines"])) for g in groups), places=places,
                   places_hint=hint, version=version, earlier=unseen.earlier)


def _withdrawn(rules, lines) -> set[int]:
    """The positions of the lines that opened something withdrawn later among ``lines``, and of the lines
    that withdrew it (``VisitSummary.opens`` / ``withdraws``): nothing of it is left to tell."""
    if rules.opens is None or rules.withdraws is None:
        return set()
    opened: dict = {}
    gone: set[int] = set()
    for i, line in enumerate(lines):
        taken = rules.withdraws(line.entry)
        if taken is not None and taken in opened:
            gone.update((opened.pop(taken), i))
            continue
        what = rules.opens(line.entry)
        if what is not None:
            opened[what] = i
    return gone


def _is_addressed(rules, line, seat) -> bool:
    return rules.addressed is not None and seat is not None and line.seat != seat and bool(
        rules.addressed(line.entry, seat))


def _addressed_group(rules, lines, seat) -> dict | None:
    """The lines addressed to the viewer (``VisitSummary.addressed``: offers made to them), oldest first,
    as the summary's first group; None when there are none."""
    mine = [line.text for line in lines if _is_addressed(rules, line, seat)]
    if not mine:
        return None
    return {"title": str(rules.addressed_title or _("Made to you")), "lines": mine}
