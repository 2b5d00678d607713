"""Pairing a round of a 1,000-player Swiss of 4-player tables (issue 46): the pure pairing's time, and the
statements the services spend per table opening a round, on SQLite through the test settings. Not collected
by the suite; run it by name:

    .venv/bin/python -m pytest bench/competition_pairing.py -q -s -p no:randomly

1. ``competitions.pairing.swiss`` alone: 1,000 players, 4 seats, six rounds in a row, each round's results drawn
   from a fixed seed (the standings reshuffled), the meetings of the rounds before to avoid; time per round.
2. Through the services: a Swiss of N bot entries opened (``competition_start``: round 1 paired, its games
   opened through ``play.services.game_create``), its games then ended (``game_adjudicate``), and round 2
   paired by the periodic step (``competition_advance``): the statements of each pairing step counted
   (``CaptureQueriesContext``) for N = 100 and 1,000, and divided by the tables."""

import random
import time
from itertools import combinations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from competitions import pairing
from competitions import services as cs
from competitions.models import Competition, Entry, Table
from play import services as game_services
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def test_pure_swiss_pairing_of_1000_players():
    rng = random.Random(46)
    players = list(range(1000))
    points = dict.fromkeys(players, 0.0)
    met, had_bye = set(), set()
    times, rematches = [], []
    for _ in range(6):
        order = sorted(players, key=lambda p: (-points[p], p))  # the standings: points, then the seed
        start = time.perf_counter()
        round_ = pairing.swiss(order, 4, met, had_bye)
        times.append(time.perf_counter() - start)
        rematches.append(sum(pairing.table_rematches(t, met) for t in round_.tables))
        met |= {frozenset(p) for t in round_.tables for p in combinations(t, 2)}
        for table in round_.tables:  # a result drawn from the fixed seed: 3, 2, 1, 0 points
            ranks = rng.sample(range(4), 4)
            for player, rank in zip(table, ranks):
                points[player] += 3 - rank
    print(f"\npure pairing, 1,000 players at 4-player tables: {', '.join(f'{t * 1000:.0f} ms' for t in times)}"
          f" a round; rematches {rematches}")
    assert max(times) < 2.0


def _swiss_of(n: int):
    organiser = make_user(f"organiser{n}", staff=True)
    competition = cs.competition_create(creator=organiser, name=f"Bench {n}", kind="swiss", game_type="race",
                                        seats=4, rounds=3, max_players=n, start_when_full=False)
    Entry.objects.bulk_create([Entry(competition=competition, bot_level="random", seed=i + 1) for i in range(n)])
    return competition, organiser


@pytest.mark.parametrize("n", [100, 1000])
def test_statements_per_table(n):
    competition, organiser = _swiss_of(n)
    with CaptureQueriesContext(connection) as first:
        start = time.perf_counter()
        cs.competition_start(competition_id=competition.pk, by_user=organiser)
        opened = time.perf_counter() - start
    tables = Table.objects.filter(round__competition=competition)
    count = tables.count()
    for table in tables:
        game_services.game_adjudicate(game_id=table.game_id, ranks=[1, 2, 3, 4], by_user=None)
    with CaptureQueriesContext(connection) as second:
        start = time.perf_counter()
        did = cs.competition_advance(competition_id=competition.pk)
        advanced = time.perf_counter() - start
    assert did == "closed,paired"
    assert Competition.objects.get(pk=competition.pk).round_set.count() == 2
    print(f"\n{n} entries, {count} tables: round 1 opened in {opened:.2f} s, {len(first)} statements "
          f"({len(first) / count:.1f} a table); round 2 closed and paired in {advanced:.2f} s, "
          f"{len(second)} statements ({len(second) / count:.1f} a table)")


def test_league_season_rolls_over_in_one_task():
    """A league of DIVISIONS (env BENCH_DIVISIONS, 20 by default; the issue's scale is 100) divisions of 8 at
    2-player tables: season 1's games (28 a division) ended, then the one periodic step that keeps the results,
    promotes and relegates, and opens all of season 2's games."""
    import os

    divisions = int(os.environ.get("BENCH_DIVISIONS", "20"))
    organiser = make_user("league-organiser", staff=True)
    competition = cs.competition_create(creator=organiser, name="Bench league", kind="league", game_type="race",
                                        seats=2, max_players=8 * divisions, division_size=8, moves=2, seasons=2,
                                        start_when_full=False)
    Entry.objects.bulk_create([Entry(competition=competition, bot_level="random", seed=i + 1)
                               for i in range(8 * divisions)])
    start = time.perf_counter()
    cs.competition_start(competition_id=competition.pk, by_user=organiser)
    opened = time.perf_counter() - start
    tables = list(Table.objects.filter(round__competition=competition))
    rng = random.Random(46)
    for table in tables:
        game_services.game_adjudicate(game_id=table.game_id, ranks=rng.choice([[1, 2], [2, 1]]), by_user=None)
    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        did = cs.competition_advance(competition_id=competition.pk)
        rolled = time.perf_counter() - start
    assert did.endswith("new season")
    season_two = Table.objects.filter(round__competition=competition, round__season=2).count()
    assert season_two == len(tables) == 28 * divisions
    print(f"\nleague of {divisions} divisions of 8: season 1 opened ({len(tables)} games) in {opened:.1f} s; the "
          f"roll-over (results, promotion and relegation, season 2's {season_two} games opened) in one step: "
          f"{rolled:.1f} s, {len(queries)} statements ({len(queries) / season_two:.1f} a game)")
