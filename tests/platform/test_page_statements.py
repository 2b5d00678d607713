"""Issue 43: the SQL statements one game body costs, named, for every registered game, so that their
number cannot grow silently (bench/page_cpu.py measures the CPU the same views cost).

For each game of the registry (the site's and the test games): a game between people after a few random
legal moves, then the views a page makes, each rendered (a parameter the body cache does not keep,
play/body_cache.py) — the player to move's page, a signed-out spectator's page, one step of the move
builder (the htmx GET of the first ``?m=`` choice the page offers) and the changed poll of a page whose
version is behind. Each statement is named by the table it reads; the lists below are what a body needs:

- the game and its seats (``selectors.game_with_seats``: two statements), the signed-in user;
- the log's tail (one statement, which also gives the latest move and "since your last visit": the seat's
  own last move and the rows after it are taken from it, ``selectors.unseen_moves(newest=…)``);
- the seat changes since the tail's first row (``texts.names_at_rows``: the names as they were).
The full page's shell asks the player's moderation notice once, then keeps "none" (community.notices,
tests/community/test_sanction_notices.py), so a page the player opens again asks nothing more."""

import random
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from play import bots, registry, services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
RENDERED = "bench=1"  # any parameter but the body's own: rendered, not kept
MOVES = 12

GAME, SEATS, USER, MOVE = "games_game", "games_seat", "auth_user", "games_move"
TAIL_AND_NAMES = [MOVE, MOVE]  # the log's tail, the seat changes since its first row
EXPECTED = {
    "player's page": [GAME, SEATS, USER, *TAIL_AND_NAMES],  # the moderation notice: kept ("none")
    "spectator's page": [GAME, SEATS, *TAIL_AND_NAMES],
    "builder step": [GAME, SEATS, USER, *TAIL_AND_NAMES],
    "builder step from the page": [GAME, SEATS, USER, *TAIL_AND_NAMES],  # the move panel and board (issue 43)
    "changed poll": [GAME, GAME, SEATS, USER, *TAIL_AND_NAMES],  # the version first (an unchanged poll stops there)
}


def table_of(sql: str) -> str:
    found = re.match(r'SELECT (?:DISTINCT )?"(\w+)"\.', sql) or re.search(r'\bFROM "(\w+)"', sql)
    return found.group(1) if found else sql.split()[0]


def statements(client, url: str, **headers) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **headers)
    assert response.status_code == 200, (url, response.status_code)
    return [table_of(q["sql"]) for q in queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]


def started(slug: str, moves: int, tag: int):
    """A game of ``slug`` between people after ``moves`` random legal moves and the person to move, or
    (None, the moves it lasted) when it ended first."""
    definition = registry.definition(slug)
    engine = definition.engine
    players = max(engine.min_players, min(4, engine.max_players))
    users = [make_user(f"{slug[:12]}-{tag}-{i}") for i in range(players)]
    options = dict(definition.demo_options[0]) if definition.demo_options else {}
    game = services.game_create(creator=users[0], game_type=slug, options=options,
                                seats=[SeatSpec("me")] + [SeatSpec("open") for _ in users[1:]])
    Game.objects.filter(pk=game.pk).update(seed=43)  # the same deal every time (it starts with the last join)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game = Game.objects.get(pk=game.pk)
    by_seat = {s.index: s.user for s in game.seats.all()}
    rng = random.Random(43)
    for k in range(moves):
        state = engine.load(game.state)
        seat = rng.choice(sorted(engine.pending(state)))
        move = bots.choose_move(slug, "random", engine, state, seat, seed=k)
        services.move_apply(game_id=game.pk, user=by_seat[seat], move=move, expected_version=game.version)
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return None, k
    return game, next(s.user for s in game.seats.all() if s.owes_move and s.user_id)


def position(slug: str):
    moves = MOVES
    for tag in range(6):
        game, who = started(slug, moves, tag)
        if game is not None:
            return game, who
        moves = who  # the game ended at that move: stop before it
    pytest.fail(f"{slug}: no running position")


@pytest.mark.parametrize("slug", [d.slug for d in registry.definitions()])
def test_a_game_body_costs_a_constant_named_set_of_statements(slug):
    game, player = position(slug)
    url = reverse("games:detail", args=[game.pk])
    mine = Client()
    mine.force_login(player)
    page = mine.get(url).content.decode()  # (the page the player has open; its shell asked the notice)
    got = {"player's page": statements(mine, f"{url}?{RENDERED}"),
           "spectator's page": statements(Client(), f"{url}?{RENDERED}"),
           "changed poll": statements(mine, reverse("games:poll", args=[game.pk]) + f"?v=0&{RENDERED}")}
    step = re.search(r'(?:href|hx-get)="' + re.escape(url) + r'\?m=([^"#]+)', page)
    if step:
        from html import unescape

        got["builder step"] = statements(mine, f"{url}?m={unescape(step.group(1))}&{RENDERED}", **HTMX)
        got["builder step from the page"] = statements(mine, f"{url}?m={unescape(step.group(1))}&{RENDERED}",
                                                       **HTMX, HTTP_X_GAME_VERSION=str(game.version))
    expected = {view: tables for view, tables in EXPECTED.items() if view in got}
    assert got == expected


@pytest.mark.parametrize("slug", ["lacitta", "race"])
def test_since_your_last_visit_from_the_log_tail_reads_what_its_own_statements_read(slug):
    """``selectors.unseen_moves(newest=…)`` (the page's tail given) finds the same rows, the same "earlier"
    and the same start as it does reading them itself, whether the tail covers them or not (a short tail:
    it reads what the tail does not cover)."""
    from play import selectors

    game, _player = position(slug)
    for seat in game.seats.all():
        for seen in (0, game.version - 3, game.version):
            seat.seen_seq = max(0, seen)
            for limit in (2, 40):
                alone = selectors.unseen_moves(game, seat, limit)
                for tail in (60, 5, 1):
                    newest = selectors.moves_for(game, seat.index, limit=tail, include_undone=True)
                    given = selectors.unseen_moves(game, seat, limit, newest=newest, newest_limit=tail)
                    if alone is None:
                        assert given is None
                        continue
                    assert ([r.seq for r in given.rows], given.start, given.earlier) == (
                        [r.seq for r in alone.rows], alone.start, alone.earlier), (seat.index, seen, limit, tail)
                    assert [r.visible for r in given.rows] == [r.visible for r in alone.rows]
