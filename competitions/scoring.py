"""Tournament points and tie-breaks, in pure Python (no Django).

Points, the same for every kind (Swiss, round robin, a league's divisions; a knockout's tables decide
only who goes through, the top of each table):

- At a table of ``n`` seats, the player ranked ``r`` scores ``n - r`` points: 1 / 0 at a 2-player table,
  3 / 2 / 1 / 0 at a 4-player one. Players tied share the places they cover: two tied first at a
  2-player table score 0.5 each, two tied second at a 4-player table (places 2 and 3) 1.5 each.
- A bye scores the mean of a table, ``(seats - 1) / 2``: 0.5 with 2 seats, 1.5 with 4.
- An annulled game counts for nobody (no points, no tie-break).

Tie-breaks, in this order, named on the standings page:

1. **Head-to-head**: among the players tied on points, at the tables they shared, the tied players one
   finished ahead of, less those one finished behind.
2. **Buchholz** (its table-game form): for each table played, the mean final points of the other
   players at it, summed (who one met, and how strong they turned out).
3. **Game score**: the sum of one's own scores in the games (the game's own points).
4. The seed (registration order) when all of these are equal.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

Player = Hashable

TIE_BREAKS = ("head_to_head", "buchholz", "game_score")


@dataclass(frozen=True)
class TableResult:
    players: tuple  # seat order
    ranks: tuple  # per seat, 1 = first
    scores: tuple = ()  # per seat, the game's own points (None when it has none)


@dataclass
class Row:
    player: Player
    points: float = 0.0
    head_to_head: float = 0.0
    buchholz: float = 0.0
    game_score: float = 0.0
    played: int = 0
    byes: int = 0
    place: int = 0
    tables: list = field(default_factory=list)


def table_points(ranks: Sequence[int]) -> list[float]:
    """Each seat's tournament points from the table's ranks (see the module's notes)."""
    n = len(ranks)
    points = []
    for rank in ranks:
        tied = sum(1 for other in ranks if other == rank)
        places = range(rank, rank + tied)
        points.append(sum(n - p for p in places) / tied)
    return points


def bye_points(seats: int) -> float:
    return (seats - 1) / 2


def standings(players: Sequence[Player], tables: Sequence[TableResult], byes: dict | None = None,
              seats: int = 2) -> list[Row]:
    """The standings, best first, each row with its points, tie-breaks and place (equal rows share it)."""
    byes = byes or {}
    rows = {p: Row(player=p) for p in players}
    for table in tables:
        points = table_points(table.ranks)
        for i, player in enumerate(table.players):
            row = rows.get(player)
            if row is None:
                continue
            row.points += points[i]
            row.played += 1
            score = table.scores[i] if i < len(table.scores) else None
            if isinstance(score, int | float):
                row.game_score += score
            row.tables.append(table)
    for player, count in byes.items():
        if player in rows:
            rows[player].byes += count
            rows[player].points += count * bye_points(seats)
    for row in rows.values():
        for table in row.tables:
            mates = [p for p in table.players if p != row.player and p in rows]
            if mates:
                row.buchholz += sum(rows[p].points for p in mates) / len(mates)
    groups: dict[float, list[Row]] = defaultdict(list)
    for row in rows.values():
        groups[row.points].append(row)
    for group in groups.values():
        if len(group) < 2:
            continue
        tied = {r.player for r in group}
        for row in group:
            for table in row.tables:
                mine = table.ranks[table.players.index(row.player)]
                for p, rank in zip(table.players, table.ranks, strict=True):
                    if p != row.player and p in tied:
                        row.head_to_head += (rank > mine) - (rank < mine)
    seed = {p: i for i, p in enumerate(players)}
    ordered = sorted(rows.values(), key=lambda r: (-r.points, -r.head_to_head, -r.buchholz, -r.game_score,
                                                   seed[r.player]))
    for index, row in enumerate(ordered):
        previous = ordered[index - 1] if index else None
        same = previous is not None and _key(previous) == _key(row)
        row.place = previous.place if same else index + 1
    return ordered


def _key(row: Row) -> tuple:
    return (row.points, row.head_to_head, round(row.buchholz, 9), round(row.game_score, 9))


def table_winner(table: TableResult, seed: dict) -> Player:
    """Who goes through from a knockout table: the one ranked first; among several tied first, the
    better seed."""
    best = min(table.ranks)
    return min((p for p, r in zip(table.players, table.ranks, strict=True) if r == best),
               key=seed.__getitem__)
