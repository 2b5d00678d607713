"""Issue 39 point 1: a staff member who holds a seat in a game reads it as its player on every staff surface
that shows a move — the Move admin (change form, list filters), the moderation game page's payload column,
the rollback form's move labels, the account export — as ``game_state_viewed`` already refuses them the full
state. A game moderator seated nowhere in the game still reads everything."""

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from community import account
from play.models import Move
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db

PLAN = "secret-plan-of-bob-7731"
PEEK = "peek-only-bob-reads-4410"


def game_moderator(name):
    user = make_user(name, staff=True)
    user.groups.add(Group.objects.get(name="Game moderators"))
    return user


@pytest.fixture
def game_with_a_hidden_move():
    """Seat 0 is a game moderator; seat 1 (bob) made a move whose payload holds his hidden plan and whose log
    holds a line only his seat reads."""
    mod, bob = game_moderator("seatedmod"), make_user("bob")
    game = accept_all(race_game(mod, [bob]), [bob])
    last = game.moves.order_by("-seq").first()
    for seq in (last.seq + 1, last.seq + 2):  # two: the rollback form offers every move but the last
        Move.objects.create(game=game, seq=seq, seat=1, kind="move", by_user=bob,
                            payload={"type": "plan", "plan": PLAN},
                            log=[{"key": "race.peek", "params": {"card": PEEK}, "visible_to": [1]}])
    game.version = last.seq + 2
    game.save(update_fields=["version"])
    return game, mod, Move.objects.filter(game=game, seat=1).order_by("seq").first()


def pages(client, game, move) -> dict[str, str]:
    return {
        "move change form": client.get(f"/admin/games/move/{move.pk}/change/"),
        "moderation game page": client.get(f"/admin/community/moderatedgame/{game.pk}/change/"),
    }


def test_seated_staff_read_no_other_seats_payload_or_private_line(game_with_a_hidden_move):
    game, mod, move = game_with_a_hidden_move
    client = Client()
    client.force_login(mod)
    for name, response in pages(client, game, move).items():
        assert response.status_code == 200, name
        html = response.content.decode()
        assert PLAN not in html and PEEK not in html, name
    # The rollback form's labels: the move is there, worded without its payload or the private line.
    html = client.get(f"/admin/community/moderatedgame/{game.pk}/change/").content.decode()
    assert f"#{move.seq} · bob: a move" in html
    # No filtering the list by what payloads or logs hold (an oracle): refused, whoever asks.
    probe = client.get(f"/admin/games/move/?game__id__exact={game.pk}&payload__icontains={PLAN[:10]}")
    assert probe.status_code in (302, 400) or PLAN not in probe.content.decode()
    assert "1 move" not in probe.content.decode()


def test_a_game_moderator_seated_nowhere_still_reads_them(game_with_a_hidden_move):
    game, _mod, move = game_with_a_hidden_move
    client = Client()
    client.force_login(game_moderator("outsider"))
    found = pages(client, game, move)
    assert PLAN in found["move change form"].content.decode() and PEEK in found["move change form"].content.decode()
    assert PLAN in found["moderation game page"].content.decode()


def test_a_moderators_export_holds_no_rollback_seed(game_with_a_hidden_move):
    """A row made as a moderator (a rollback's redraw seed) is no part of their own data."""
    game, mod, _move = game_with_a_hidden_move
    Move.objects.create(game=game, seq=game.version + 1, seat=None, kind="rollback", by_user=mod,
                        payload={"type": "rollback", "seed": 987654321}, log=[])
    exported = account.account_export(user=mod)
    assert "987654321" not in str(exported["moves"]) and any(m["kind"] == "rollback" for m in exported["moves"])
