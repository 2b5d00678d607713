"""Pairing, in pure Python (no Django): who sits at which table in a round.

Players are any hashable ids, given in standings order (best first). Every function is
deterministic: the same standings give the same tables (no randomness to seed).

- ``swiss``: tables of ``seats`` formed by standings, rematches avoided where they can be, byes fair.
- ``round_robin``: every pair (2 seats, circle method) or every table (3+ seats) exactly once.
- ``knockout``: single elimination, top seeds kept apart; a table of one is a bye.
- ``league_next``: the next season's divisions after promotion and relegation.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

Player = Hashable


@dataclass
class Pairing:
    """One round: its tables (seat order = standings order at the table) and the players with a bye."""

    tables: list[list[Player]] = field(default_factory=list)
    byes: list[Player] = field(default_factory=list)


def _met_count(player: Player, table: Iterable[Player], met: set[frozenset]) -> int:
    return sum(1 for other in table if frozenset((player, other)) in met)


def table_rematches(table: Sequence[Player], met: set[frozenset]) -> int:
    """How many pairs at this table have met before."""
    return sum(1 for a, b in combinations(table, 2) if frozenset((a, b)) in met)


def swiss_byes(order: Sequence[Player], seats: int, had_bye: set) -> list[Player]:
    """Who sits out: ``len(order) % seats`` players, the lowest in the standings that have had no bye
    yet (a player gets a second bye only once everybody has had one)."""
    count = len(order) % seats
    if not count:
        return []
    fresh = [p for p in reversed(order) if p not in had_bye]
    again = [p for p in reversed(order) if p in had_bye]
    return (fresh + again)[:count]


def swiss(order: Sequence[Player], seats: int, met: set[frozenset], had_bye: set | None = None,
          improve_passes: int = 3) -> Pairing:
    """A Swiss round of tables of ``seats``.

    Byes first (``swiss_byes``). Then tables are filled top down: a table opens with the best player
    left and takes, in standings order, the first players who met nobody at it yet (the player who met
    the fewest when everyone has). The last tables may be forced into rematches: swaps between tables
    then take them away where some swap can (``improve_passes`` rounds of swaps, each swap lowering the
    rematches without raising any), so that a rematch is left only where it cannot be avoided by this
    search. Linear-ish: each table looks at a window of the players left."""
    if seats < 1:
        raise ValueError("a table has at least one seat")
    had_bye = had_bye or set()
    byes = swiss_byes(order, seats, had_bye)
    left = [p for p in order if p not in set(byes)]
    tables: list[list[Player]] = []
    while left:
        table = [left.pop(0)]
        while len(table) < seats:
            best_index, best_cost = 0, None
            for index, candidate in enumerate(left):
                cost = _met_count(candidate, table, met)
                if best_cost is None or cost < best_cost:
                    best_index, best_cost = index, cost
                if cost == 0:
                    break  # the first fresh player in standings order
            table.append(left.pop(best_index))
        tables.append(table)
    for _ in range(improve_passes):
        if not _swap_out_rematches(tables, met):
            break
    rank = {p: i for i, p in enumerate(order)}
    return Pairing(tables=[sorted(t, key=rank.__getitem__) for t in tables], byes=byes)


def _swap_out_rematches(tables: list[list[Player]], met: set[frozenset]) -> bool:
    """One pass: for each table with a rematch, the swap of one of its players with a player of another
    table (the nearest tables first: the standings stay close) that lowers the two tables' rematches the
    most. Returns whether anything changed."""
    changed = False
    for t, table in enumerate(tables):
        if not table_rematches(table, met):
            continue
        order = sorted(range(len(tables)), key=lambda u: abs(u - t))
        for i, player in enumerate(table):
            if not _met_count(player, table, met):
                continue
            best = None
            for u in order:
                if u == t:
                    continue
                other = tables[u]
                before = table_rematches(table, met) + table_rematches(other, met)
                for j, candidate in enumerate(other):
                    mine = table[:i] + [candidate] + table[i + 1:]
                    theirs = other[:j] + [player] + other[j + 1:]
                    gain = before - table_rematches(mine, met) - table_rematches(theirs, met)
                    if gain > 0 and (best is None or gain > best[0]):
                        best = (gain, u, j)
                if best is not None:
                    break  # the nearest table that helps
            if best is not None:
                _, u, j = best
                table[i], tables[u][j] = tables[u][j], table[i]
                changed = True
    return changed


def round_robin(players: Sequence[Player], seats: int = 2) -> list[Pairing]:
    """Every round of a round robin.

    Two seats: the circle method (Berger tables): ``n - 1`` rounds for an even ``n``, ``n`` for an odd
    one (each player one bye), every pair meets once, seat order alternating so nobody always starts.
    Three seats or more: every table of ``seats`` players meets once (all the combinations, for small
    groups), packed greedily into rounds of tables that share no player; who is at no table sits out."""
    players = list(players)
    if seats == 2:
        return _circle(players)
    rounds: list[Pairing] = []
    remaining = [list(t) for t in combinations(players, seats)]
    while remaining:
        busy: set = set()
        tables = []
        rest = []
        for table in remaining:
            if busy.isdisjoint(table):
                tables.append(table)
                busy.update(table)
            else:
                rest.append(table)
        remaining = rest
        rounds.append(Pairing(tables=tables, byes=[p for p in players if p not in busy]))
    return rounds


_NOBODY = object()


def _circle(players: list[Player]) -> list[Pairing]:
    ring = players + ([_NOBODY] if len(players) % 2 else [])
    n = len(ring)
    rounds = []
    for r in range(n - 1):
        tables, byes = [], []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is _NOBODY or b is _NOBODY:
                byes.append(b if a is _NOBODY else a)
                continue
            tables.append([a, b] if (r + i) % 2 == 0 else [b, a])
        rounds.append(Pairing(tables=tables, byes=byes))
        ring = [ring[0], ring[-1], *ring[1:-1]]  # the first stays, the others turn
    return rounds


def knockout(seeded: Sequence[Player], seats: int = 2) -> Pairing:
    """One round of single elimination. ``seeded``: the players still in, best seed first. The round has
    ``ceil(n / seats)`` tables; seeds are dealt over them as a snake (1, 2, … then back), so the top seeds
    sit at different tables and the tables' sizes differ by one at most. A table of one is a bye (that
    player goes through): with 5 players and 2 seats, seed 1."""
    n = len(seeded)
    if n <= 1:
        return Pairing(byes=list(seeded))
    count = -(-n // seats)
    tables: list[list[Player]] = [[] for _ in range(count)]
    for index, player in enumerate(seeded):
        lap, place = divmod(index, count)
        tables[place if lap % 2 == 0 else count - 1 - place].append(player)
    return Pairing(tables=[t for t in tables if len(t) > 1], byes=[t[0] for t in tables if len(t) == 1])


def league_next(divisions: Sequence[Sequence[Player]], size: int, moves: int,
                leaving: set | None = None, joining: Sequence[Player] = ()) -> list[list[Player]]:
    """The next season's divisions (top division first). Each division is given in its final standings
    order. The top ``moves`` players of every division but the first go up one division, the bottom
    ``moves`` of every division but the last go down one; ``leaving`` players are dropped, ``joining``
    ones start at the bottom. The ladder this makes is then cut into divisions of ``size`` (the last one
    may be smaller; one smaller than ``moves + 1`` joins the one above)."""
    leaving = leaving or set()
    count = len(divisions)
    down_from: list[list[Player]] = [[] for _ in range(count + 1)]  # relegated into division d
    up_from: list[list[Player]] = [[] for _ in range(count + 1)]  # promoted into division d
    stayed: list[list[Player]] = []
    for d, standings in enumerate(divisions):
        standings = list(standings)
        k = min(moves, len(standings) // 2)
        up = standings[:k] if d > 0 else []
        down = standings[len(standings) - k:] if d < count - 1 and k else []
        up_from[d - 1 if d > 0 else 0].extend(up)
        down_from[d + 1].extend(down)
        stayed.append([p for p in standings if p not in up and p not in down])
    ladder: list[Player] = []
    for d in range(count):
        # Those relegated start the division on top, those promoted into it at its bottom.
        ladder.extend(down_from[d] + stayed[d] + up_from[d])
    ladder = [p for p in ladder if p not in leaving] + [p for p in joining if p not in leaving]
    if size < 1:
        raise ValueError("a division holds at least one player")
    cut = [ladder[i:i + size] for i in range(0, len(ladder), size)]
    if len(cut) > 1 and len(cut[-1]) < max(moves + 1, 2):
        cut[-2].extend(cut.pop())
    return cut

