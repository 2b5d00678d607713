"""Issue 20 points 3 and 4: moderators see that work is waiting (counts on the
dashboard and the admin index, filters for undecided appeals and late seats, an
opt-in daily staff digest e-mail), a plain moderator finds late seats, and hides a
message nobody reported."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.core import mail
from django.utils import timezone

from community import moderation, queue, services
from community.models import ChatMessage, ModerationAction
from play.models import Seat
from tests.platform.factories import accept_all, committed, make_user, race_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def plain_mod(db):
    user = make_user("helper")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(Group.objects.get(name="Moderators"))
    return user


@pytest.fixture
def waiting(mod, alice, bob, carol):
    """One open report, one appeal without a decision, one late seat (and one game on time)."""
    late = accept_all(race_game(alice, [bob]), [bob])
    on_time = accept_all(race_game(carol, [bob]), [bob])
    Seat.objects.filter(game=late, owes_move=True).update(deadline=timezone.now() - timedelta(hours=2))
    message = services.chat_post(game_id=late.pk, user=bob, text="loser")
    services.report_message(reporter=alice, message_id=message.pk, reason="rude")
    sanction = moderation.user_warn(moderator=mod, user_id=carol.pk, reason="spam")
    services.sanction_appeal(user=carol, sanction_id=sanction.pk, text="not me")
    decided = moderation.user_warn(moderator=mod, user_id=alice.pk, reason="spam too")
    services.sanction_appeal(user=alice, sanction_id=decided.pk, text="sorry")
    moderation.appeal_decide(moderator=mod, sanction_id=decided.pk, lift=False, reason="stands")
    return late, on_time, sanction


def test_counts_on_the_dashboard_and_the_admin_index(client, plain_mod, waiting):
    assert queue.counts() == {"open_reports": 1, "pending_appeals": 1, "late_seats": 1}
    client.force_login(plain_mod)
    for url in ("/staff/dashboard/", "/admin/"):
        text = client.get(url).content.decode()
        assert '<b id="queue-reports">1</b>' in text or '<td id="queue-reports">1</td>' in text, url
        assert 'id="queue-appeals">1<' in text and 'id="queue-late">1<' in text, url


def test_filters_for_undecided_appeals_and_late_seats(client, plain_mod, waiting, carol, alice):
    late, on_time, sanction = waiting
    client.force_login(plain_mod)
    appeals = client.get("/admin/community/sanction/", {"appeal": "pending"})
    assert appeals.status_code == 200 and list(appeals.context["cl"].result_list) == [sanction]
    games = client.get("/admin/community/moderatedgame/", {"seats": "late"})
    assert [g.pk for g in games.context["cl"].result_list] == [late.pk]
    # The Seats list is no longer superuser-only.
    seats = client.get("/admin/games/seat/", {"late": "yes"})
    assert seats.status_code == 200
    assert [(s.game_id, s.owes_move) for s in seats.context["cl"].result_list] == [(late.pk, True)]


def test_a_moderator_hides_a_message_nobody_reported(client, plain_mod, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    message = services.chat_post(game_id=game.pk, user=bob, text="unreported insult")
    client.force_login(plain_mod)
    url = f"/admin/community/chatmessage/{message.pk}/change/"
    page = client.get(url)
    assert page.status_code == 200 and "unreported insult" in page.content.decode()
    assert client.post(url, {"op": "hide", "hide-reason": ""}).status_code == 400
    assert client.post(url, {"op": "hide", "hide-reason": "insult"}).status_code == 302
    assert ChatMessage.objects.get(pk=message.pk).hidden_by == plain_mod
    assert ModerationAction.objects.get(action="hide_message").report is None


def test_the_staff_digest_is_opt_in_and_only_sent_when_work_waits(client, plain_mod, mod, waiting):
    assert queue.staff_digest_send() == 0  # nobody asked
    client.force_login(plain_mod)
    assert client.post("/staff/dashboard/", {"staff_digest": "on"}).status_code == 302
    with committed():
        assert queue.staff_digest_send() == 1
    [digest] = [m for m in mail.outbox if m.to == [plain_mod.email]]
    assert "Open reports: 1" in digest.body and "Appeals waiting for a decision: 1" in digest.body
    assert "Late seats (past their deadline): 1" in digest.body
    assert queue.staff_digest_send() == 0  # once a day
    client.post("/staff/dashboard/", {})
    assert not plain_mod.member.__class__.objects.get(user=plain_mod).staff_digest
