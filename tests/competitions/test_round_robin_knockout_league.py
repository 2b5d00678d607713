"""A round robin and a knockout of a 2-player game, and a league's season rolling into the next."""

from collections import Counter
from itertools import combinations

import pytest
from django.core import mail

from competitions import services as cs
from competitions.models import Bye, Competition, Entry, Round, SeasonResult
from notifications.models import Notification
from play.models import Game
from tests.competitions.helpers import pairs, play_round, tables_of
from tests.platform.factories import committed, make_user

pytestmark = pytest.mark.django_db


def _open(kind, *, players, bots, game_type="nim", seats=2, **kwargs):
    organiser = make_user("organiser", staff=True)
    people = [make_user(f"player{i}") for i in range(players)]
    with committed():
        competition = cs.competition_create(creator=organiser, name=f"A {kind}", kind=kind, game_type=game_type,
                                            seats=seats, max_players=players + bots, **kwargs)
        for user in people:
            cs.entry_register(competition_id=competition.pk, user=user)
        for _ in range(bots):
            cs.entry_register(competition_id=competition.pk, user=organiser, bot_level="random")
    competition.refresh_from_db()
    return competition, people


def test_a_round_robin_of_5_every_pair_once_and_one_bye_each():
    competition, people = _open("round_robin", players=1, bots=4)
    entries = [e.pk for e in competition.entries.all()]
    seen = []
    for number in range(1, 6):
        assert competition.status == Competition.Status.RUNNING
        tables = tables_of(competition, number)
        assert len(tables) == 2
        seen.extend(pairs(tables))
        play_round(competition)
    assert competition.status == Competition.Status.FINISHED
    assert sorted(seen, key=sorted) == sorted({frozenset(p) for p in combinations(entries, 2)}, key=sorted)
    assert Counter(Bye.objects.filter(round__competition=competition).values_list("entry_id", flat=True)) == \
        dict.fromkeys(entries, 1)
    rows = cs.standings(competition)
    assert sum(r.points for r in rows) == 10 * 1 + 5 * 0.5  # 10 games of 1 point, 5 byes of 0.5
    assert [r.place for r in rows][0] == 1


def _nim_strategy(state, legal):
    """Leave a multiple of 4 sticks when one can (the winning line of Nim where the last stick wins)."""
    want = state["left"] % 4
    return next((m for m in legal if m["n"] == want), legal[0])


def test_a_knockout_of_6_down_to_one_winner():
    competition, people = _open("knockout", players=1, bots=5)
    seeds = {e.pk: e.seed for e in competition.entries.all()}
    round1 = tables_of(competition, 1)
    assert [sorted(seeds[e] for e in t.entries) for t in round1] == [[1, 6], [2, 5], [3, 4]]
    play_round(competition, _nim_strategy)
    still_in = set(competition.entries.filter(status=Entry.Status.ACTIVE).values_list("pk", flat=True))
    winners = set()
    for t in round1:
        ranks = Game.objects.get(pk=t.game_id).result["ranks"]
        winners.add(t.entries[ranks.index(1)])
    assert still_in == winners and len(still_in) == 3
    # Round 2: three left, the best seed has the bye.
    round2 = tables_of(competition, 2)
    assert len(round2) == 1
    bye = Bye.objects.get(round__competition=competition, round__number=2).entry_id
    assert seeds[bye] == min(seeds[e] for e in still_in)
    play_round(competition, _nim_strategy)
    assert len(tables_of(competition, 3)) == 1  # the final
    play_round(competition, _nim_strategy)
    assert competition.status == Competition.Status.FINISHED
    assert competition.entries.filter(status=Entry.Status.ACTIVE).count() == 1
    assert competition.entries.filter(status=Entry.Status.ELIMINATED).count() == 5
    # Each table's winner that is a person was told "you advanced" (the mail kind of the outbox).
    person = competition.entries.get(user=people[0])
    won = sum(1 for r in Round.objects.filter(competition=competition) for t in r.tables.all()
              if person.pk in t.entries and t.entries[Game.objects.get(pk=t.game_id).result["ranks"].index(1)]
              == person.pk)
    assert Notification.objects.filter(user=people[0], kind="advanced").count() == won
    advanced = [m for m in mail.outbox if m.to == ["player0@example.com"] and "advanced" in m.subject]
    assert len(advanced) == won
    assert won  # playing Nim's winning line against random bots, the person goes through round 1 at least
    assert advanced[0].subject == "A knockout: you advanced"
    assert "You advanced past round 1 of A knockout." in advanced[0].body


def test_a_league_season_with_promotion_and_relegation_rolls_into_the_next():
    competition, people = _open("league", players=2, bots=6, game_type="race", division_size=4, moves=1,
                                seasons=2)
    divisions = {e.pk: e.division for e in competition.entries.all()}
    assert Counter(divisions.values()) == {1: 4, 2: 4}
    # Every round of the season opens at once (3 rounds of a round robin of 4 in each division).
    assert Round.objects.filter(competition=competition, season=1).count() == 3
    for number in (1, 2, 3):
        for t in tables_of(competition, number):
            assert len({divisions[e] for e in t.entries}) == 1  # a division plays within itself
    assert Notification.objects.filter(user=people[0], kind="round_start").count() == 3
    play_round(competition)
    assert competition.season == 2
    results = {r.entry_id: r for r in SeasonResult.objects.filter(competition=competition, season=1)}
    assert len(results) == 8
    top_of_2 = next(r for r in results.values() if r.division == 2 and r.place == 1)
    bottom_of_1 = next(r for r in results.values() if r.division == 1 and r.place == 4)
    assert top_of_2.next_division == 1 and bottom_of_1.next_division == 2
    for r in results.values():
        if r not in (top_of_2, bottom_of_1):
            assert r.next_division == r.division
    now = {e.pk: e.division for e in competition.entries.all()}
    assert now == {pk: results[pk].next_division for pk in now}
    assert Round.objects.filter(competition=competition, season=2).count() == 3
    for t in tables_of(competition, 1, season=2):
        assert len({now[e] for e in t.entries}) == 1
    assert Notification.objects.filter(user=people[0], kind="season_end").count() == 1
    ended = next(m for m in mail.outbox if m.to == ["player0@example.com"] and "season" in m.subject)
    mine = results[competition.entries.get(user=people[0]).pk]
    assert ended.subject == "A league: the season is over"
    assert (f"Season 1 of A league is over: you finished {mine.place} in division {mine.division}. "
            f"Next season you play in division {mine.next_division}.") in ended.body
    play_round(competition)
    assert competition.status == Competition.Status.FINISHED
    assert SeasonResult.objects.filter(competition=competition, season=2).count() == 8
