"""A heuristic value of a La Città position for every seat, in "expected final points".

``evaluate(s, know, w)`` returns one number per seat, built from what decides the
final score (R64: one point per citizen, 3 per city with a whole arch of every
service, −5 for a famine in the last feeding; gold breaks ties):

citizens        counted now;
migration       this year's expected gain/loss (R52) over the Voice outcomes the
                deciding seat believes in (``Knowledge.outcomes``: exact odds from
                the face-up card, its own peeks and the unseen cards), and a smaller
                term for later years (each service equally likely);
feeding         the expected shortfall at this year's feeding (R60/R61) and its
                penalty (a lost turn next year, or −5 in the last year, R62/R64);
growth          citizens the cities can still grow (R22, room under the limit R30)
                as far as the food in hand and a food rate for future farms allow;
service bonus   3 per city with the bonus, part of it for cities one or two
                services short while there is time to build them;
gold            gold, quarry/port income for the years left, and unused action cards
                while turns are left this year;
demolition      buildings that will be lost when a city has fewer citizens than
                buildings (R53/R54).

The state is only ever one the bot built itself (``determinize.sample_state``) or
reached from one by applying moves: never the real game's state. Hidden parts of it
(face-down Voice cards, decks) are never read here; the Voice odds come from
``Knowledge``, which is computed from the view.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.cities import cities
from ..engine.constants import (
    LIMIT_BASE,
    LIMIT_MARKET,
    MARKET,
    PORT,
    QUARRY,
    ROAD,
    SERVICE_HALVES,
    SVC_INDEX,
    UNLIMITED,
    WAVE,
    YEARS,
)
from ..engine.migration import in_turn
from ..engine.state import State

MIGRATION_AHEAD = frozenset({"setup", "actions", "choice"})
FEEDING_AHEAD = frozenset({"setup", "actions", "choice", "demolish_migration", "feeding"})


@dataclass
class Weights:
    grow: float = 0.55          # per citizen the cities can still grow (and feed)
    food_rate: float = 1.5      # food a player is assumed to add per future year
    food_hand: float = 0.25     # extra per food in hand that future growth needs
    starve: float = 1.0         # per citizen short at this year's feeding (on top of losing it)
    famine_turn: float = 1.5    # a lost turn next year (R62)
    bonus2: float = 1.4         # city with 2 of the 3 services (while there is time)
    bonus1: float = 0.4         # city with 1 of the 3 services
    mig_now: float = 1.0        # this year's expected migration
    mig_later: float = 0.35     # per later year, per pair and service advantage (odds 1/3)
    gold: float = 0.35          # per gold while it can still be spent
    card: float = 0.6           # per unused action card while turns are left
    shortfall: float = 0.7      # per building a city must demolish
    empty_city: float = 2.0     # per city with no room to grow and no market (soft)
    rel_max: float = 0.5        # weight of the best opponent in the relative value
    rel_mean: float = 0.5       # weight of the opponents' mean


DEFAULT = Weights()


@dataclass
class Knowledge:
    """What the deciding seat believes about this year's Voice: [(p, winners)]."""

    outcomes: list = field(default_factory=list)


def near_pairs(s: State, all_cities: dict) -> dict[int, list]:
    """City -> opponent cities within R51's distance (2 or fewer empty hexes along a
    path through buildable hexes). One pass over the empty hexes next to a city: two
    cities are neighbours when one empty hex touches both, or two adjacent empty
    hexes touch one each. Same answer as ``migration.neighbours`` (a test checks).
    Memoised on the board (which hex belongs to which city)."""
    board = s.geo.board
    key = (id(board), s.geo.players, tuple(s.city))
    found = _NEAR.get(key)
    if found is None:
        if len(_NEAR) > 5000:
            _NEAR.clear()
        _BOARDS[id(board)] = board  # keeps the id from being reused by another board
        found = _NEAR[key] = _near_any(s, all_cities)
    owner = s.owner
    near = {}
    for cid, others in found.items():
        mine = owner[cid]
        near[cid] = [o for o in others if owner[o] != mine]
    return near


_NEAR: dict = {}
_BOARDS: dict = {}


def _near_any(s: State, all_cities: dict) -> dict[int, tuple]:
    """City -> every other city within R51's distance, whoever owns it."""
    nbr, city = s.geo.nbr, s.city
    touch: dict[int, set] = {}
    for cid, members in all_cities.items():
        for m in members:
            for d in nbr[m]:
                if city[d] < 0:
                    x = touch.get(d)
                    if x is None:
                        touch[d] = {cid}
                    else:
                        x.add(cid)
    near: dict[int, set] = {cid: set() for cid in all_cities}
    for e, here in touch.items():
        if len(here) > 1:
            for a in here:
                near[a].update(here)
        for d in nbr[e]:
            there = touch.get(d)
            if there is not None and there is not here:
                for a in here:
                    near[a].update(there)
    for cid, found in near.items():
        found.discard(cid)
        near[cid] = tuple(sorted(found))
    return near


def _migration(s: State, outcomes, all_cities, near, points, limits, n: int) -> list[float]:
    """Expected citizens each seat gains (loses) at this year's migration (R50–R52),
    service points frozen as they are now; a 2–2 city takes the service that beats
    most neighbours unless its owner has chosen already."""
    delta = [0.0] * n
    if not outcomes:
        return delta
    owner, pop = s.owner, s.pop
    chosen = {cid: SVC_INDEX[svc] for cid, _seat, svc in s.choice_made}
    # In-turn 2–2: the seats before the migrating one have migrated already (it shows in pop).
    done = set(s.queue[:s.qi]) if s.phase == "choice" and in_turn(s) else ()
    # per city that beats someone: (city, owner, room, [beaten cities per service])
    rows = []
    for cid in all_cities:
        opp = near[cid]
        if not opp or owner[cid] in done:
            continue
        a = points[cid]
        row = ([], [], [])
        hit = False
        for o in opp:
            if pop[o] > 0:
                b = points[o]
                if a[0] > b[0]:
                    row[0].append(owner[o])
                    hit = True
                if a[1] > b[1]:
                    row[1].append(owner[o])
                    hit = True
                if a[2] > b[2]:
                    row[2].append(owner[o])
                    hit = True
        if hit:
            rows.append((cid, owner[cid], pop[cid] < limits[cid], row))
    for p, winners in outcomes:
        if len(winners) == 1:
            i = SVC_INDEX[winners[0]]
            for _cid, own, room, row in rows:
                got = row[i]
                if got:
                    if room:
                        delta[own] += p * len(got)
                    for o in got:
                        delta[o] -= p
        else:
            i, j = SVC_INDEX[winners[0]], SVC_INDEX[winners[1]]
            for cid, own, room, row in rows:
                c = chosen.get(cid)
                if c == i or c == j:
                    got = row[c]
                else:
                    got = row[i] if len(row[i]) >= len(row[j]) else row[j]
                if got:
                    if room:
                        delta[own] += p * len(got)
                    for o in got:
                        delta[o] -= p
    return delta


def _later_migration(near, points, owner, n: int) -> list[float]:
    """Per later year: expected net citizens from service advantages, odds 1/3 each."""
    out = [0.0] * n
    for cid, opp in near.items():
        a = points[cid]
        for o in opp:
            b = points[o]
            adv = (a[0] > b[0]) + (a[1] > b[1]) + (a[2] > b[2])
            if adv:
                out[owner[cid]] += adv / 3.0
                out[owner[o]] -= adv / 3.0
    return out


def _city_stats(s: State, all_cities: dict):
    """Per city: (base service halves, buildings needing a citizen, limit, income)."""
    kind, mountains = s.kind, s.geo.mountains
    stats = {}
    for cid, members in all_cities.items():
        c = e = h = 0
        count = 0
        market = wave = False
        gold = 0
        for x in members:
            k = kind[x]
            if k != ROAD:
                count += 1
            sv = SERVICE_HALVES.get(k)
            if sv is not None:
                c += sv[0]
                e += sv[1]
                h += sv[2]
            if k == MARKET:
                market = True
            elif k in WAVE:
                wave = True
                if k == PORT:
                    gold += 1
            elif k == QUARRY:
                gold += min(2, mountains[x])
        lim = (UNLIMITED if wave else LIMIT_MARKET) if market else LIMIT_BASE
        stats[cid] = ([c, e, h], count, lim, gold)
    return stats


def evaluate(s: State, know: Knowledge, w: Weights = DEFAULT) -> list[float]:
    """Heuristic value (expected final points) of every seat."""
    n = s.nplayers
    if s.phase == "over" and s.result is not None:
        return [sc + 0.01 * p["gold"] for sc, p in zip(s.result["scores"], s.players)]
    all_cities = cities(s)
    owner, pop = s.owner, s.pop
    stats = _city_stats(s, all_cities)
    near = near_pairs(s, all_cities)
    points = {}
    for cid, st in stats.items():
        points[cid] = st[0][:]
    for _seat, cell, svc, k in s.cubes:
        cid = s.city[cell]
        if cid in points:
            points[cid][SVC_INDEX[svc]] += 2 * k
    limits = {cid: st[2] for cid, st in stats.items()}

    ph = s.phase
    final = s.final
    growth_left = 0 if final else (YEARS if ph == "setup" else max(0, YEARS - s.year))
    mig = _migration(s, know.outcomes, all_cities, near, points, limits, n) if ph in MIGRATION_AHEAD else [0.0] * n
    later = _later_migration(near, points, owner, n) if growth_left else [0.0] * n
    in_actions = ph in ("setup", "actions")
    turns_left = [0] * n
    if ph == "actions":
        for seat in s.queue[s.qi:]:
            turns_left[seat] += 1

    per_seat: list[list[int]] = [[] for _ in range(n)]
    for cid in all_cities:
        per_seat[owner[cid]].append(cid)
    values = []
    for i in range(n):
        p = s.players[i]
        mine = per_seat[i]
        if not mine:
            # R65 (modern) out of the game; classic: nothing left to score.
            values.append(-30.0 + p["gold"] * 0.01)
            continue
        C = sum(pop[c] for c in mine)
        F = p["food"]
        v = float(C)
        m = mig[i]
        v += w.mig_now * m

        # Feeding this year
        if ph in FEEDING_AHEAD:
            short = max(0.0, C + m - F)
            if short > 0:
                penalty = 5.0 if final else w.famine_turn
                v -= short * (1.0 + w.starve) + penalty * min(1.0, short)
            after = C + m - short
        else:
            after = C
            if s.famine[i] > 0 and final:
                v -= 5.0
        if p["penalty"] and not final:
            v -= w.famine_turn  # R62: a turn already lost next year

        left = turns_left[i]
        time_left = growth_left > 0 or left > 0
        gold_income = 0
        raw = 0
        for c in mine:
            h, count, lim, gold = stats[c]
            gold_income += gold
            if growth_left:
                room = growth_left if lim >= UNLIMITED else max(0, lim - pop[c])
                raw += min(room, growth_left)
            whole = (h[0] >= 2) + (h[1] >= 2) + (h[2] >= 2)
            if whole == 3:
                v += 3.0
            elif time_left:
                v += w.bonus2 if whole == 2 else w.bonus1 if whole == 1 else 0.0
            if count > pop[c]:
                v -= w.shortfall * (count - pop[c])  # R53/R54: buildings that must go

        if growth_left:
            head = max(0.0, F - after)
            useful = min(raw, head + w.food_rate * growth_left)
            v += w.grow * useful + w.food_hand * min(head, raw)
            v += w.mig_later * later[i] * growth_left
            v += w.gold * gold_income * growth_left
        v += (w.gold if time_left else 0.01) * p["gold"]
        if in_actions:
            v += w.card * min(p["cards_up"], left)
        values.append(v)
    return values


def relative(values: list[float], seat: int, w: Weights = DEFAULT) -> float:
    """The seat's value against the field: own value minus a mix of the best and the
    mean opponent (what wins is beating the others, not a high score)."""
    others = [v for i, v in enumerate(values) if i != seat]
    if not others:
        return values[seat]
    return values[seat] - w.rel_max * max(others) - w.rel_mean * (sum(others) / len(others))


def knowledge_from_view(view: dict) -> Knowledge:
    from .determinize import voice_outcomes

    return Knowledge(voice_outcomes(view))


__all__ = ["Weights", "DEFAULT", "Knowledge", "evaluate", "relative", "knowledge_from_view", "near_pairs"]
