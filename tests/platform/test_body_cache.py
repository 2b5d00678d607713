"""The rendered game body is kept per viewer (play/body_cache.py): served again
while nothing it shows changed, never to a viewer it was not made for, never stale.

Each test warms the cache with one viewer's body, then asks as another viewer, or
after a change that leaves the game's version alone, and checks the answer is the
one a fresh rendering gives."""

import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from community import game_moderation
from play import body_cache, page_input, services, views
from play.models import Game, Vacation
from tests.community.helpers import give_seat

from .factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def players():
    return make_user("alice"), make_user("bob")


@pytest.fixture
def game(players):
    alice, bob = players
    return accept_all(race_game(alice, [bob]), [bob])


def client_of(user, **kwargs) -> Client:
    client = Client(**kwargs)
    if user is not None:
        client.force_login(user)
    return client


def page(client, game) -> str:
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def secret(game, seat: int) -> str:
    return f"Your secret card is {Game.objects.get(pk=game.pk).state['secret'][seat]}."


def assert_each_seat_reads_its_own_secret(game, players):
    """Seat 0's body is kept first; seat 1, at the same version, must get its own."""
    alice, bob = players
    assert secret(game, 0) in page(client_of(alice), game)
    bobs = page(client_of(bob), game)
    assert secret(game, 0) not in bobs, "seat 1 was given seat 0's body"
    assert secret(game, 1) in bobs, "seat 1 was not given its own body"


def test_each_seat_gets_its_own_body_from_a_warm_cache(game, players):
    assert_each_seat_reads_its_own_secret(game, players)
    # both kept now: asked again, each still reads its own (and the poll serves the same bodies)
    assert_each_seat_reads_its_own_secret(game, players)
    poll = client_of(players[1]).get(reverse("games:poll", args=[game.pk]), {"v": game.version - 1}, **HTMX)
    assert secret(game, 1) in poll.content.decode() and secret(game, 0) not in poll.content.decode()


def test_the_seat_test_fails_when_the_key_leaves_out_the_seat(game, players, monkeypatch):
    """The test above would catch a key without the viewer's seat."""
    monkeypatch.setattr(page_input, "viewer_of", lambda game, user: ("anyone",))
    with pytest.raises(AssertionError, match="seat 1 was given seat 0's body"):
        assert_each_seat_reads_its_own_secret(game, players)


def test_a_kept_body_is_served_without_rendering_it_again(game, players, monkeypatch):
    alice = client_of(players[0])
    first = page(alice, game)

    def no_rendering(request, game, key=None):
        raise AssertionError("rendered again")

    monkeypatch.setattr(views, "_context", no_rendering)
    # (in the log and in "since your last visit", which tells her the game's opening: she has not moved yet)
    assert page(alice, game).count(secret(game, 0)) == first.count(secret(game, 0)) == 2
    monkeypatch.undo()
    services.move_apply(game_id=game.pk, user=players[0], move={"type": "add", "n": 2}, expected_version=game.version)
    assert "adds 2" in page(alice, game)  # a new version: made again


def test_spectators_who_may_and_may_not_read_undone_moves_get_their_own(game, players):
    alice, bob = players
    mod, carol = make_user("mod", staff=True), make_user("carol")
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    services.move_apply(game_id=game.pk, user=bob, move={"type": "add", "n": 2}, expected_version=2)
    game_moderation.game_rollback(moderator=mod, game_id=game.pk, to_seq=2, reason="misclick")  # undoes 3
    game.refresh_from_db()
    assert "(undone by a moderator)" in page(client_of(mod), game)
    for viewer in (carol, None):  # a signed-in spectator, then an anonymous one
        assert "undone by a moderator" not in page(client_of(viewer), game)
    assert "(undone by a moderator)" in page(client_of(mod), game)


def test_a_new_vacation_shows_though_the_version_did_not_change(game, players):
    alice = client_of(players[0])
    assert "on vacation" not in page(alice, game)
    now = timezone.now()
    Vacation.objects.create(user=players[1], starts_at=now - timedelta(hours=1), ends_at=now + timedelta(days=3))
    assert Game.objects.get(pk=game.pk).version == game.version
    assert "on vacation until" in page(alice, game)


def test_the_clock_text_is_the_one_of_the_moment(game, players, monkeypatch):
    """"… left" is part of what a body shows: a kept body whose clock text reads
    differently now is made again (here time is made to pass by the text itself)."""
    bob = client_of(players[1])
    page(bob, game)
    original = page_input.timeuntil
    monkeypatch.setattr(page_input, "timeuntil", lambda d: "later: " + original(d))

    def rendered(request, game, key, original_context=views._context):
        rendered.count += 1
        return original_context(request, game, key)

    rendered.count = 0
    monkeypatch.setattr(views, "_context", rendered)
    page(bob, game)
    assert rendered.count == 1


def test_a_closed_accounts_name_leaves_the_kept_bodies(game, players, django_capture_on_commit_callbacks):
    """A former occupant's name in the log (a seat given to another player) is not in the
    seats: closing that account still makes the bodies kept before it new."""
    from community.account import account_delete

    alice, bob = players
    carol = make_user("carol")
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 2}, expected_version=1)
    services.move_apply(game_id=game.pk, user=bob, move={"type": "add", "n": 1}, expected_version=2)
    give_seat(moderator=make_user("mod", staff=True), game_id=game.pk, seat_index=1,
                                      username=carol.username, reason="bob asked")
    game.refresh_from_db()
    reader = client_of(alice)
    assert "bob adds 1" in page(reader, game)
    with django_capture_on_commit_callbacks(execute=True):
        account_delete(user=bob)
    shown = page(reader, game)
    assert "bob adds 1" not in shown and f"deleted-{bob.pk} adds 1" in shown


def test_language_is_part_of_the_key(game, players):
    game.seats.update(deadline=None)  # no clock text: only the language differs between the two bodies
    alice = client_of(players[0])
    assert "Game log" in page(alice, game)
    alice.cookies["django_language"] = "fr"
    french = page(alice, game)
    assert "Journal de la partie" in french and "Game log" not in french


def test_each_session_gets_its_own_csrf_token_in_a_kept_body(game, players):
    """The body's forms (resign…) carry the token of the session that reads them, not
    the one that made the body: posting them works from both browsers."""
    alice = players[0]
    browsers = [client_of(alice, enforce_csrf_checks=True) for _ in range(2)]
    for browser in browsers:
        html = page(browser, game)
        token = re.search(r'action="/games/\d+/resign/"[^>]*>\s*<input type="hidden" name="csrfmiddlewaretoken" '
                          r'value="([^"]+)"', html)
        assert token, "the resign form has no token"
        assert body_cache._csrf_placeholder() not in html
    response = browsers[1].post(reverse("games:resign", args=[game.pk]), {"csrfmiddlewaretoken": token.group(1)})
    assert response.status_code == 302
    assert Game.objects.get(pk=game.pk).seats.get(index=0).resigned


def test_unknown_parameters_are_answered_without_the_cache(game, players, monkeypatch):
    """Made-up parameters cannot fill the cache: such a request is rendered and not kept."""
    kept = []

    class Recording:
        def __getattr__(self, name):
            return getattr(cache, name)

        def set(self, key, *args, **kwargs):
            kept.append(key)
            return cache.set(key, *args, **kwargs)

    monkeypatch.setattr(body_cache, "cache", Recording())
    alice = client_of(players[0])
    response = alice.get(reverse("games:detail", args=[game.pk]), {"utm": "x"})
    assert response.status_code == 200 and secret(game, 0) in response.content.decode()
    assert kept == []
    page(alice, game)
    assert len(kept) == 1
