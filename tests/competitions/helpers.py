"""Playing competitions in tests: seeds fixed, people's moves made through the services."""

from __future__ import annotations

from itertools import combinations

from competitions import services as competition_services
from competitions import tasks
from competitions.models import Table
from play import registry
from play import services as game_services
from play.models import Game
from tests.platform.factories import committed


def play_people(games, choose=None) -> int:
    """Each person's owed decision in these games, the first legal move (or ``choose(state, legal)``'s), until
    only bots owe (their turns run on commit). Returns how many moves were made."""
    made = 0
    for _ in range(200):
        progressed = False
        for game in games:
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                continue
            engine = registry.get(game.game_type)
            for seat in game.seats.filter(owes_move=True, kind="human", substitute_bot="").order_by("index"):
                state = game_services.state_load(engine=engine, game=game)
                legal = engine.legal_moves(state, seat.index)
                move = choose(state, legal) if choose else legal[0]
                with committed():
                    game_services.move_apply(game_id=game.pk, user=seat.user, move=move,
                                             expected_version=game.version)
                made += 1
                progressed = True
                break
        if not progressed:
            return made
    raise AssertionError("the games did not end")


def play_round(competition, choose=None) -> None:
    """The open rounds' games played to the end, then the periodic task."""
    games = [t.game for t in Table.objects.filter(round__competition=competition, round__status="open")
             .select_related("game")]
    play_people(games, choose)
    assert all(Game.objects.get(pk=g.pk).status == Game.Status.FINISHED for g in games)
    with committed():
        tasks.advance()
    competition.refresh_from_db()


def tables_of(competition, number, season=1):
    return list(Table.objects.filter(round__competition=competition, round__season=season,
                                     round__number=number).order_by("number"))


def pairs(tables) -> set:
    return {frozenset(p) for t in tables for p in combinations(t.entries, 2)}


__all__ = ["competition_services", "pairs", "play_people", "play_round", "tables_of"]
