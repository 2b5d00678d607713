"""Issue 39 point 8: offer notices no longer flood co-players' mailboxes (one seat sent each co-player 24 mails
in 6 s: 12 offers and 12 withdrawals). A reader's notice mails for a game are coalesced: one mail at most every
``NOTICE_MAIL_COALESCE_SECONDS`` listing what changed, and an offer withdrawn while its mail still waits is
never mailed (Celery eager, as the other notification tests; the periodic sweep sends what is due)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from notifications.models import Notification
from notifications.tasks import flush_outbox
from play.models import Game
from tests.cite.test_pages import table, to_round_two  # noqa: F401  (a fixture)
from tests.platform.factories import move_committed

pytestmark = pytest.mark.django_db


_move = move_committed


def _time_passes():
    """The gathering time is over: the sweep sends the mails that are due."""
    Notification.objects.filter(status="pending").update(send_after=timezone.now() - timedelta(seconds=1))
    flush_outbox()


def _to(mailbox, user):
    return [m for m in mailbox if m.to == [user.email]]


def test_twelve_offers_and_twelve_withdrawals_send_no_mail_and_one_kept_offer_one(client, table, mailoutbox):  # noqa: F811
    game, users = table
    to_round_two(client, game, users)
    alice, bob, carol = users
    kind = "gold"  # what the others hold (seed 5)
    mailoutbox.clear()
    for _ in range(11):
        _move(game, alice, {"type": "offer", "to": [1, 2], "get": {kind: 1}})
        offer = game.state["offers"][-1]["id"]
        _move(game, alice, {"type": "cancel", "offer": offer})
    _move(game, alice, {"type": "offer", "to": [1, 2], "get": {kind: 1}})
    kept = game.state["offers"][-1]["id"]
    assert _to(mailoutbox, bob) == [] and _to(mailoutbox, carol) == []  # nothing yet: gathering
    _time_passes()
    for reader in (bob, carol):
        mails = _to(mailoutbox, reader)
        assert len(mails) == 1, reader
        assert kept in mails[0].body and "withdrew" not in mails[0].body
        assert mails[0].body.count("made you an offer") == 1
    assert Notification.objects.filter(kind="notice", user=bob, status="sent").count() == 1

    # The kept offer's mail was sent: its withdrawal now is news, in a mail of its own a few minutes later.
    mailoutbox.clear()
    _move(game, alice, {"type": "cancel", "offer": kept})
    assert _to(mailoutbox, bob) == []
    _time_passes()
    mails = _to(mailoutbox, bob)
    assert len(mails) == 1 and "withdrew offer" in mails[0].body


def test_a_withdrawn_offer_whose_mail_waits_is_never_mailed(client, table, mailoutbox):  # noqa: F811
    game, users = table
    to_round_two(client, game, users)
    alice, bob, _carol = users
    kind = "gold"
    mailoutbox.clear()
    _move(game, alice, {"type": "offer", "to": [1], "get": {kind: 1}})
    _move(game, alice, {"type": "cancel", "offer": game.state["offers"][-1]["id"]})
    assert Notification.objects.get(kind="notice", user=bob).status == "skipped"
    _time_passes()
    assert _to(mailoutbox, bob) == []
    assert Game.objects.get(pk=game.pk).state["offers"] == []


def test_offers_kept_are_listed_in_one_mail(client, table, mailoutbox):  # noqa: F811
    game, users = table
    to_round_two(client, game, users)
    alice, bob, _carol = users
    mailoutbox.clear()
    for n in (1, 2, 3):
        _move(game, alice, {"type": "offer", "to": [1], "get": {"gold": n}})
    _time_passes()
    mails = _to(mailoutbox, bob)
    assert len(mails) == 1 and mails[0].body.count("\n- alice made you an offer") == 3
