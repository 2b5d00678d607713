"""Issue 30, "Integrity": hidden means hidden everywhere, tiers hold on lifts and appeals, four eyes on
appeals, one decision per report, sanctions withdrawn or changed, no ban evasion, refused attempts logged."""

import pytest
from django.contrib.auth.models import Group
from rest_framework.test import APIClient

from community import moderation, services
from players import tokens
from tests.community.helpers import give_seat
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def staff(name, group):
    user = make_user(name)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(Group.objects.get(name=group))
    return user


def bearer(user, scopes=("read", "chat")) -> APIClient:
    client = APIClient()
    client.credentials(
        HTTP_AUTHORIZATION=f"Bearer {tokens.token_create(user=user, name='t', scopes=list(scopes))[1]}")
    return client


@pytest.fixture
def game(alice, bob):
    return accept_all(race_game(alice, [bob]), [bob])


# --- 1. a hidden message is hidden on every surface ----------------------------------------------


def test_a_hidden_message_is_not_served_by_the_chat_api_to_players_or_spectators(game, alice, bob):
    """Issue 30 point 1: the chat API served a hidden message's full text, with no hidden flag."""
    mod = staff("cm", "Moderators")
    services.chat_post(game_id=game.pk, user=alice, text="good luck")
    nasty = services.chat_post(game_id=game.pk, user=bob, text="something nasty")
    moderation.message_hide(moderator=mod, message_id=nasty.pk, reason="abuse")
    for reader in (alice, bob, make_user("spectator")):
        lines = bearer(reader).get(f"/api/games/{game.pk}/chat/").json()
        assert "something nasty" not in str(lines)
        hidden = [line for line in lines if line["id"] == nasty.pk]
        assert hidden == [] or (hidden[0]["hidden"] is True and hidden[0]["text"] == "")
        assert [line["text"] for line in lines if not line["hidden"]] == ["good luck"]
    staff_lines = bearer(mod).get(f"/api/games/{game.pk}/chat/").json()
    assert {line["text"]: line["hidden"] for line in staff_lines} == {"good luck": False, "something nasty": True}


def test_hiding_a_message_tells_the_players_streams_to_drop_it(game, alice, bob, settings,
                                                               django_capture_on_commit_callbacks):
    """Issue 30 point 1: the stream had carried the line; hiding it now sends a chatHidden event."""
    from play import events

    settings.REDIS_URL = ""
    nasty = services.chat_post(game_id=game.pk, user=bob, text="something nasty")
    sub = events.HUB.subscribe([events.user_channel(alice.pk)])
    try:
        with django_capture_on_commit_callbacks(execute=True):
            moderation.message_hide(moderator=staff("cm", "Moderators"), message_id=nasty.pk, reason="abuse")
        found = []
        while (event := sub.get(0.01)) is not None:
            found.append({k: v for k, v in event.items() if k != "event_id"})  # ids are the stream's (issue 31)
        assert found == [{"type": "chatHidden", "game": game.pk, "id": nasty.pk}]
    finally:
        sub.close()


def test_a_hidden_message_is_marked_for_staff_and_blank_for_players_in_the_chat_panel(client, game, alice, bob):
    mod = staff("cm", "Moderators")
    nasty = services.chat_post(game_id=game.pk, user=bob, text="something nasty")
    moderation.message_hide(moderator=mod, message_id=nasty.pk, reason="abuse")
    for reader in (alice, make_user("spectator")):
        client.force_login(reader)
        html = client.get(f"/games/{game.pk}/chat/panel/").content.decode()
        assert "something nasty" not in html and "hidden by a moderator" in html
    client.force_login(mod)
    html = client.get(f"/games/{game.pk}/chat/panel/").content.decode()
    assert "something nasty" in html and "hidden by a moderator" in html


# --- 2. lifts and appeals check who imposed the sanction ------------------------------------------


def test_a_moderator_cannot_lift_or_decide_the_appeal_of_an_administrators_ban(alice):
    """Issue 30 point 2: a lower tier lifted a higher tier's ban."""
    from community.models import ModerationAction, Sanction
    from play.errors import NotAllowed

    admin, junior = staff("senior", "Administrators"), staff("junior", "Moderators")
    ban = moderation.user_ban(moderator=admin, user_id=alice.pk, reason="threats")
    with pytest.raises(NotAllowed):
        moderation.sanction_lift(moderator=junior, sanction_id=ban.pk, reason="seems fine")
    services.sanction_appeal(user=alice, sanction_id=ban.pk, text="sorry")
    with pytest.raises(NotAllowed):
        moderation.appeal_decide(moderator=junior, sanction_id=ban.pk, lift=True, reason="ok")
    ban.refresh_from_db()
    assert ban.is_active() and not ban.appeal_decision
    assert not ModerationAction.objects.filter(action__in=["lift", "appeal"]).exists()
    other_admin = staff("senior2", "Administrators")
    moderation.appeal_decide(moderator=other_admin, sanction_id=ban.pk, lift=True, reason="apology accepted")
    assert not Sanction.objects.get(pk=ban.pk).is_active()


# --- 3. four eyes on appeals ---------------------------------------------------------------------


def test_the_moderator_who_imposed_a_sanction_does_not_decide_its_appeal(alice):
    """Issue 30 point 3: the imposing moderator decided the appeal; another moderator does."""
    from play.errors import NotAllowed

    first, second = staff("first", "Moderators"), staff("second", "Moderators")
    mute = moderation.user_mute(moderator=first, user_id=alice.pk, days=3, reason="insults")
    services.sanction_appeal(user=alice, sanction_id=mute.pk, text="it was a joke")
    assert not moderation.team_of_one(mute)
    with pytest.raises(NotAllowed):
        moderation.appeal_decide(moderator=first, sanction_id=mute.pk, lift=True, reason="fine")
    moderation.appeal_decide(moderator=second, sanction_id=mute.pk, lift=False, reason="it was not")


def test_a_team_of_one_decides_its_own_appeals_and_the_appeal_page_says_so(client, alice):
    from community import notices

    only = staff("only", "Administrators")
    suspension = moderation.user_suspend(moderator=only, user_id=alice.pk, days=3, reason="insults")
    assert moderation.team_of_one(suspension)
    page = client.get(f"/account/appeal/link/{notices.appeal_token(suspension)}/").content.decode()
    assert "single moderator" in page
    services.sanction_appeal(user=alice, sanction_id=suspension.pk, text="sorry")
    moderation.appeal_decide(moderator=only, sanction_id=suspension.pk, lift=True, reason="apology accepted")
    staff("second", "Moderators")  # a lower tier cannot review an administrator's decision: still alone
    assert moderation.team_of_one(suspension)


# --- 4. one decision per report --------------------------------------------------------------------


@pytest.fixture
def report(game, alice, bob):
    message = services.chat_post(game_id=game.pk, user=bob, text="you idiot")
    return services.report_message(reporter=alice, message_id=message.pk, reason="insult")


def test_a_report_decided_by_one_moderator_is_refused_to_another_naming_who_decided(client, report, bob):
    """Issue 30 point 4: one moderator dismissed a report, the other's warning still went out."""
    from community.models import Sanction

    first, second = staff("first", "Moderators"), staff("second", "Moderators")
    url = f"/admin/community/report/{report.pk}/change/"
    client.force_login(second)
    client.get(url)  # opened first by the second one, who then leaves it
    client.force_login(first)
    page = client.get(url).content.decode()
    assert "second" in page and "claimed" in page
    refused = client.post(url, {"op": "dismiss", "dismiss-reason": "banter"})
    assert refused.status_code == 400 and "second" in refused.content.decode()
    assert client.post(url, {"op": "take_over", "take_over-reason": "second is away"}).status_code == 302
    assert client.post(url, {"op": "dismiss", "dismiss-reason": "banter"}).status_code == 302
    client.force_login(second)
    late = client.post(url, {"op": "warn", "warn-reason": "insult"})
    assert late.status_code == 400 and "already decided by first" in late.content.decode()
    assert not Sanction.objects.filter(user=bob).exists()


# --- 5. any sanction withdrawn, shortened or extended ---------------------------------------------


def test_a_warning_can_be_withdrawn_with_a_reason_logged_and_the_player_told(client, alice):
    """Issue 30 point 5: a warning could not be withdrawn."""
    from community.models import ModerationAction
    from notifications.models import Notification

    mod = staff("cm", "Moderators")
    warning = moderation.user_warn(moderator=mod, user_id=alice.pk, reason="insults")
    client.force_login(mod)
    url = f"/admin/community/member/{alice.pk}/change/"
    assert client.post(url, {"op": "withdraw", "withdraw-sanction": warning.pk}).status_code == 400  # no reason
    assert client.post(url, {"op": "withdraw", "withdraw-sanction": "x", "withdraw-reason": "r"}).status_code == 400
    response = client.post(url, {"op": "withdraw", "withdraw-sanction": warning.pk,
                                 "withdraw-reason": "wrong player"})
    assert response.status_code == 302
    warning.refresh_from_db()
    assert warning.lifted_at is not None
    entry = ModerationAction.objects.get(action="withdraw")
    assert entry.reason == "wrong player" and entry.sanction == warning and entry.moderator == mod
    mail = Notification.objects.filter(user=alice, kind="sanction", data__change="withdrawn")
    assert mail.exists()


def test_a_suspension_is_shortened_or_extended_with_a_reason_logged(alice):
    from datetime import timedelta

    from django.utils import timezone

    from community.models import ModerationAction
    from play.errors import ServiceError

    mod = staff("cm", "Moderators")
    suspension = moderation.user_suspend(moderator=mod, user_id=alice.pk, days=30, reason="abandons games")
    with pytest.raises(ServiceError):
        moderation.sanction_change_end(moderator=mod, sanction_id=suspension.pk, days=0, reason="x")
    moderation.sanction_change_end(moderator=mod, sanction_id=suspension.pk, days=2, reason="came back")
    suspension.refresh_from_db()
    assert suspension.ends_at - timezone.now() < timedelta(days=2, minutes=1)
    moderation.sanction_change_end(moderator=mod, sanction_id=suspension.pk, days=60, reason="did it again")
    entries = ModerationAction.objects.filter(action="change_end").order_by("pk")
    assert [(e.reason, e.details["days"]) for e in entries] == [("came back", 2), ("did it again", 60)]


# --- 7. refused attempts logged, forbidden panels hidden --------------------------------------------


def test_a_juniors_refused_attempts_are_logged_and_forbidden_panels_not_shown(client, alice):
    """Issue 30 point 7: a junior trying a senior's action left no trace; the panels were all there."""
    from community.models import ModerationAction

    senior, junior = staff("senior", "Administrators"), staff("junior", "Moderators")
    ban = moderation.user_ban(moderator=senior, user_id=alice.pk, reason="threats")
    client.force_login(junior)
    alice_page = client.get(f"/admin/community/member/{alice.pk}/change/").content.decode()
    assert 'id="op-lift"' not in alice_page and 'id="op-deactivate"' not in alice_page
    assert 'id="op-withdraw"' not in alice_page
    senior_page = client.get(f"/admin/community/member/{senior.pk}/change/").content.decode()
    assert 'id="op-ban"' not in senior_page and 'id="op-warn"' not in senior_page
    lift = client.post(f"/admin/community/member/{alice.pk}/change/",
                       {"op": "lift", "lift-sanction": ban.pk, "lift-reason": "seems fine"})
    assert lift.status_code == 400
    deactivate = client.post(f"/admin/community/member/{alice.pk}/change/",
                             {"op": "deactivate", "deact-reason": "x"})
    assert deactivate.status_code == 403
    assert client.post(f"/admin/community/member/{senior.pk}/change/",
                       {"op": "ban", "ban-reason": "revenge"}).status_code == 400
    refused = ModerationAction.objects.filter(action="refused", moderator=junior).order_by("pk")
    assert [(e.details["op"], e.target_user) for e in refused] == [
        ("lift", alice), ("deactivate", alice), ("ban", senior)]
    ban.refresh_from_db()
    assert ban.is_active()
    client.force_login(senior)
    log = client.get("/admin/community/moderationaction/?action__exact=refused").content.decode()
    assert "junior" in log and "Was refused an action" in log


# --- 6. no ban evasion by closing the account -------------------------------------------------------


SIGNUP = {"password1": "a-long-password-9", "password2": "a-long-password-9"}


def test_a_reported_player_who_closes_the_account_cannot_sign_up_again_with_the_same_email(client, report,
                                                                                          bob):
    """Issue 30 point 6: the e-mail hash was kept only if a sanction existed at closing, so a reported
    player closed the account and signed up again, even after a later ban. The refusal names no cause."""
    from django.contrib.auth import get_user_model

    from community.account import account_delete
    from community.models import ClosedAccount

    account_delete(user=bob)
    assert ClosedAccount.objects.get(user_id=bob.pk).email_digest != ""
    again = client.post("/accounts/signup/", {"username": "bobby", "email": "Bob@example.com", **SIGNUP})
    assert again.status_code == 200 and "This e-mail address cannot be used" in again.content.decode()
    for word in ("report", "sanction", "closed", "ban"):
        assert word not in again.content.decode().split("errorlist")[1][:300].lower()
    moderation.user_ban(moderator=staff("cm", "Administrators"), user_id=bob.pk, reason="insults",
                        report_id=report.pk)
    again = client.post("/accounts/signup/", {"username": "bobby", "email": "bob@example.com", **SIGNUP})
    assert again.status_code == 200 and "This e-mail address cannot be used" in again.content.decode()
    assert not get_user_model().objects.filter(username="bobby").exists()


def test_an_account_closed_with_nothing_open_keeps_no_email(client, alice, report):
    from community.account import account_delete
    from community.models import ClosedAccount

    account_delete(user=alice)  # alice reported; nobody reported her
    assert ClosedAccount.objects.get(user_id=alice.pk).email_digest == ""


# --- players told the truth ------------------------------------------------------------------------


def _late(game, seat_index):
    from datetime import timedelta

    from django.utils import timezone

    from play.models import Seat

    Seat.objects.filter(game=game, index=seat_index).update(deadline=timezone.now() - timedelta(minutes=1))


def test_opponents_read_that_a_banned_rival_is_away_not_that_the_account_was_closed(client, game, alice, bob):
    """Issue 30 point 8: the public log said "bob's account was closed; a bot plays for them"."""
    from community.selectors import chat_feed
    from play.models import Game

    moderation.user_ban(moderator=staff("cm", "Moderators"), user_id=bob.pk, reason="threats")
    lines = [i.text for i in chat_feed(Game.objects.get(pk=game.pk), alice) if i.kind == "move"]
    assert any("bob is away; a bot plays for them." in line for line in lines)
    assert not any("closed" in line or "ban" in line.lower() for line in lines)


def test_R_policy_a_suspension_keeps_the_games_and_gives_the_seats_back_on_lift(game, alice, bob):
    """Issue 30 point 12 (docs/moderation.md): a suspension neither cancels the player's open games nor
    hands the running ones to bots at once; the usual time-out does; on lift the seats come back."""
    from play import services as game_services
    from play.models import Game, Seat

    waiting = race_game(bob, [make_user("dora")])
    mod = staff("cm", "Moderators")
    suspension = moderation.user_suspend(moderator=mod, user_id=bob.pk, days=14, reason="insults")
    bob.refresh_from_db()
    assert not bob.is_active
    assert Game.objects.get(pk=waiting.pk).status == Game.Status.OPEN
    seat = Seat.objects.get(game=game, user=bob)
    assert seat.substitute_bot == ""  # no bot yet: the clock runs as for any absent player
    game_services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 3},
                             expected_version=Game.objects.get(pk=game.pk).version)
    _late(game, seat.index)
    assert game_services.seat_timeout(game_id=game.pk, seat_index=seat.index)
    assert Seat.objects.get(pk=seat.pk).substitute_bot  # the usual time-out
    moderation.sanction_lift(moderator=mod, sanction_id=suspension.pk, reason="served enough")
    bob.refresh_from_db()
    assert bob.is_active and Seat.objects.get(pk=seat.pk).substitute_bot == ""  # back by itself


def test_after_an_appeal_lifts_a_suspension_the_banner_no_longer_says_suspended(client, bob):
    """Issue 30 point 11: after an appeal lifted the sanction, the banner still said "Suspended until…"."""
    first, second = staff("first", "Moderators"), staff("second", "Moderators")
    suspension = moderation.user_suspend(moderator=first, user_id=bob.pk, days=7, reason="insults")
    services.sanction_appeal(user=bob, sanction_id=suspension.pk, text="not me")
    moderation.appeal_decide(moderator=second, sanction_id=suspension.pk, lift=True, reason="it was not him")
    client.force_login(bob)
    page = client.get("/").content.decode()
    assert "until" not in page.split("moderation-notice")[1][:600]
    assert "lifted" in page.split("moderation-notice")[1][:600]


def test_the_player_reads_the_public_reason_in_their_language_never_the_internal_note(client, bob):
    """Issue 30 point 9: the moderator's internal text was mailed to the player verbatim."""
    from django.core import mail

    from players.models import Profile

    Profile.objects.update_or_create(user=bob, defaults={"language": "fr"})
    mod = staff("cm", "Moderators")
    from tests.platform.factories import committed

    client.force_login(mod)
    with committed():
        response = client.post(f"/admin/community/member/{bob.pk}/change/",
                               {"op": "mute", "mute-days": "3", "mute-preset": "insults",
                                "mute-reason": "second time this week, see note on the report #12"})
    assert response.status_code == 302
    assert client.post(f"/admin/community/member/{bob.pk}/change/",
                       {"op": "mute", "mute-days": "3", "mute-preset": "made-up", "mute-reason": "x"}
                       ).status_code == 400
    sent = [m for m in mail.outbox if "bob@example.com" in m.to]
    assert sent and "Insultes" in sent[-1].body and "second time" not in sent[-1].body
    client.force_login(bob)
    privacy = client.get("/account/privacy/").content.decode()
    assert "second time" not in privacy
    assert "second time" not in client.get("/account/export/").content.decode()


def test_players_are_mailed_when_a_moderator_changes_their_game_in_their_language(game, alice, bob):
    """Issue 30 point 10: no mail for a seat given to another player (both sides), a rollback, an abort."""
    from community import game_moderation
    from notifications.models import Notification
    from play import services as game_services
    from players.models import Profile
    from tests.platform.factories import committed

    Profile.objects.update_or_create(user=alice, defaults={"language": "fr"})
    gm = staff("gm", "Game moderators")
    make_user("carol")
    for _ in range(2):
        g = game.__class__.objects.get(pk=game.pk)
        seat = g.seats.filter(owes_move=True).first()
        game_services.move_apply(game_id=g.pk, user=seat.user, move={"type": "add", "n": 3},
                                 expected_version=g.version)
    from django.core import mail

    with committed():
        game_moderation.game_rollback(moderator=gm, game_id=game.pk, to_seq=1, reason="bug")
        give_seat(moderator=gm, game_id=game.pk, seat_index=1, username="carol",
                                          reason="bob left")
        game_moderation.game_abort(moderator=gm, game_id=game.pk, reason="broken")
    told = sorted(Notification.objects.filter(kind="mod_game").values_list("user__username", "data__what"))
    assert told == sorted([("alice", "rollback"), ("bob", "rollback"), ("carol", "seat_offered"),
                           ("bob", "seat_lost"), ("carol", "seat_given"), ("alice", "abort"), ("carol", "abort")])
    to_alice = [m for m in mail.outbox if m.to == [alice.email]]
    assert any("Un modérateur a arrêté la partie" in m.body for m in to_alice)


# --- tools a team needs ----------------------------------------------------------------------------


def test_a_game_problem_is_reported_from_the_game_page_and_handled_by_game_moderators(client, game, alice):
    """Issue 30 point 14: a bug report had to accuse a player; game moderators handle game reports,
    the inbox is oldest first with the age, a report is escalated to the administrators."""
    from community.models import ModerationAction, Report

    client.force_login(alice)
    panel = client.get(f"/games/{game.pk}/chat/panel/").content.decode()
    assert f"/games/{game.pk}/report/" in panel
    assert client.post(f"/games/{game.pk}/report/", {"reason": ""}).status_code == 400
    assert client.get(f"/games/{game.pk + 99}/report/").status_code == 404
    assert client.post(f"/games/{game.pk}/report/", {"reason": "the game is stuck"}).status_code == 302
    report = Report.objects.get(category="game")
    assert report.game_id == game.pk and report.reported_user is None
    url = f"/admin/community/report/{report.pk}/change/"
    client.force_login(staff("cm", "Moderators"))
    page = client.get(url).content.decode()
    assert 'id="op-resolve"' not in page and 'id="op-dismiss"' not in page
    assert client.post(url, {"op": "resolve", "resolve-reason": "x"}).status_code == 403
    client.force_login(staff("gm", "Game moderators"))
    page = client.get(url).content.decode()
    assert 'id="op-resolve"' in page and 'id="op-escalate"' in page
    inbox = client.get("/admin/community/report/").content.decode()
    assert "field-age" in inbox
    assert client.post(url, {"op": "escalate", "escalate-reason": "needs a database fix"}).status_code == 302
    assert client.post(url, {"op": "resolve", "resolve-reason": "x"}).status_code == 403  # administrators' now
    client.force_login(staff("adm", "Administrators"))
    assert client.post(url, {"op": "resolve", "resolve-reason": "rolled back"}).status_code == 302
    assert Report.objects.get(pk=report.pk).status == Report.Status.ACTIONED
    assert list(ModerationAction.objects.filter(report=report).exclude(action="refused")
                .values_list("action", flat=True).order_by("pk")) == ["escalate", "resolve"]


def test_a_player_report_has_a_category_and_an_urgent_one_alerts_the_staff_at_once(client, alice, bob):
    """Issue 30 points 14 and 15: categories; an urgent report (threats) mails the moderators at once."""
    from community.models import Report
    from notifications.models import Notification

    staff("cm", "Moderators")
    staff("gm", "Game moderators")
    client.force_login(alice)
    url = f"/players/{bob.username}/report/"
    assert client.post(url, {"category": "nonsense", "reason": "x"}).status_code == 400
    assert client.post(url, {"category": "chat", "reason": "he threatens me", "urgent": "on"}).status_code == 302
    report = Report.objects.get()
    assert report.category == "chat" and report.urgent
    alerted = set(Notification.objects.filter(kind="urgent").values_list("user__username", flat=True))
    assert alerted == {"cm"}  # the chat moderators (not the game moderators)


def test_a_moderator_resets_an_offensive_display_name(client, bob):
    """Issue 30 point 16: the preset existed, the tool did not."""
    from community.models import MemberSettings, ModerationAction

    MemberSettings.objects.create(user=bob, display_name="Rude Word")
    client.force_login(staff("cm", "Moderators"))
    url = f"/admin/community/member/{bob.pk}/change/"
    assert client.post(url, {"op": "reset_name"}).status_code == 400
    assert client.post(url, {"op": "reset_name", "reset_name-preset": "name"}).status_code == 302
    assert MemberSettings.objects.get(user=bob).display_name == ""
    assert ModerationAction.objects.get(action="reset_name").details == {"former": "Rude Word"}


def test_administrators_appoint_and_demote_moderators_and_only_the_superuser_makes_administrators(client, bob,
                                                                                                  admin_user):
    """Issue 30 point 18: only the superuser could appoint moderators."""
    from community import tiers
    from community.models import ModerationAction

    admin, junior = staff("adm", "Administrators"), staff("junior", "Moderators")
    url = f"/admin/community/member/{bob.pk}/change/"
    client.force_login(junior)
    assert 'id="op-staff_role"' not in client.get(url).content.decode()
    assert client.post(url, {"op": "staff_role", "staff_role-role": "moderator",
                             "staff_role-reason": "friend"}).status_code == 403
    client.force_login(admin)
    assert 'id="op-staff_role"' in client.get(url).content.decode()
    assert client.post(url, {"op": "staff_role", "staff_role-role": "moderator",
                             "staff_role-reason": "trusted regular"}).status_code == 302
    bob.refresh_from_db()
    assert bob.is_staff and tiers.may(bob, tiers.MODERATE_CHAT) and tiers.tier(bob) == tiers.MODERATOR
    assert client.post(url, {"op": "staff_role", "staff_role-role": "administrator",
                             "staff_role-reason": "x"}).status_code == 400
    assert client.post(url, {"op": "staff_role", "staff_role-role": "", "staff_role-reason": "stepped down"}
                       ).status_code == 302
    bob.refresh_from_db()
    assert not bob.is_staff and tiers.tier(bob) == tiers.PLAYER
    assert ModerationAction.objects.filter(action="staff_role", moderator=admin).count() == 2
    moderation.staff_role_set(moderator=admin_user, user_id=bob.pk, role="administrator", reason="new admin")
    bob.refresh_from_db()
    assert tiers.tier(bob) == tiers.ADMINISTRATOR


def test_the_staff_pages_in_french_name_reports_and_show_a_finished_games_result_as_words(client, game, alice,
                                                                                         bob):
    """Issue 30 point 19: "Sélectionnez l'objet signaler à changer", a result shown as a dict, raw options,
    "#1 race (active)" as the title, and the abort panel on a finished game."""
    from play import services as game_services

    gm = staff("gm", "Game moderators")
    gm.is_superuser = True
    gm.save(update_fields=["is_superuser"])
    client.force_login(gm)
    inbox = client.get("/admin/community/report/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "signaler à changer" not in inbox and "signalement" in inbox
    report = services.report_user(reporter=alice, user=bob, reason="rude")
    page = client.get(f"/admin/community/report/{report.pk}/change/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Signalé par :" in page and "Motif :" in page and "</b>:" not in page
    game_services.game_resign(game_id=game.pk, user=bob)
    page = client.get(f"/admin/community/moderatedgame/{game.pk}/change/", HTTP_ACCEPT_LANGUAGE="fr")
    html = page.content.decode()
    assert "{&#x27;ranks&#x27;" not in html and "rang 1 : alice" in html
    assert "target=" not in html and "(active)" not in html and "Partie n° " in html
    assert 'id="op-abort"' not in html and 'id="op-rollback"' not in html and 'id="op-annul"' in html
    assert "Résultat :" in html


def test_an_account_staff_make_in_the_admin_logs_in_on_the_site(client, admin_user, rf):
    """Issue 30 point 18: staff made in the admin could not log in on the site (no verified address)."""
    from django.contrib import admin as django_admin
    from django.contrib.auth import get_user_model

    user_model = get_user_model()
    made = user_model(username="newmod", email="newmod@example.com", is_staff=True)
    made.set_password("a-long-password-9")
    request = rf.post("/admin/auth/user/add/")
    request.user = admin_user
    django_admin.site._registry[user_model].save_model(request, made, form=None, change=False)
    response = client.post("/accounts/login/", {"login": "newmod", "password": "a-long-password-9"})
    assert response.status_code == 302 and "confirm-email" not in response.url
    assert client.get("/").wsgi_request.user.username == "newmod"


def test_collusion_evidence_pairs_shared_addresses_and_bulk_annul(client, alice, bob):
    """Issue 30 point 17: per-pair statistics (quick resignations), accounts seen from the same address
    (administrators only), and annulling farmed games in bulk with one reason."""
    from axes.models import AccessLog

    from community.models import ModerationAction
    from play import services as game_services
    from play.models import Game

    games = []
    for _ in range(2):
        game = accept_all(race_game(alice, [bob]), [bob])
        game_services.game_resign(game_id=game.pk, user=bob)
        games.append(game)
    for name in ("alice", "bob"):
        AccessLog.objects.create(username=name, ip_address="203.0.113.7", user_agent="x", http_accept="x",
                                 path_info="/accounts/login/")
    url = f"/admin/community/member/{alice.pk}/change/"
    client.force_login(staff("cm", "Moderators"))
    page = client.get(url).content.decode()
    assert "Quick resignations" in page and "<td>2</td>" in page and "203.0.113.7" not in page
    listing = client.get("/admin/community/moderatedgame/").content.decode()
    assert "annul_selected" not in listing
    admin = staff("adm", "Administrators")
    client.force_login(admin)
    page = client.get(url).content.decode()
    assert "203.0.113.7" in page and "bob" in page.split("203.0.113.7")[1][:100]
    ids = [str(g.pk) for g in games]
    ask = client.post("/admin/community/moderatedgame/", {"action": "annul_selected", "_selected_action": ids})
    assert ask.status_code == 200 and "Annul these games" in ask.content.decode()
    empty = client.post("/admin/community/moderatedgame/", {"action": "annul_selected", "_selected_action": ids,
                                                             "reason": ""})
    assert empty.status_code == 400
    done = client.post("/admin/community/moderatedgame/", {"action": "annul_selected", "_selected_action": ids,
                                                            "reason": "farmed wins"})
    assert done.status_code == 302
    assert all((Game.objects.get(pk=g.pk).result or {}).get("annulled") for g in games)
    assert ModerationAction.objects.filter(action="annul", reason="farmed wins").count() == 2


def test_a_player_whose_clock_ran_out_is_mailed_how_to_take_the_seat_back(game, alice, bob):
    """Issue 30 point 10: no mail when a time-out gave the seat to a bot."""
    from django.core import mail

    from play import services as game_services
    from play.models import Game, Seat
    from tests.platform.factories import committed

    game_services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 3},
                             expected_version=Game.objects.get(pk=game.pk).version)
    seat = Seat.objects.get(game=game, user=bob)
    _late(game, seat.index)
    with committed():
        assert game_services.seat_timeout(game_id=game.pk, seat_index=seat.index)
    [sent] = [m for m in mail.outbox if m.to == [bob.email]]
    assert "A bot plays for you" in sent.subject and "Play my seat again" in sent.body


def test_staff_notes_are_shown_added_and_corrected_on_the_report_page(client, report, bob):
    """Issue 30 point 14: notes shown and editable on the report page (by their author or an administrator)."""
    from community.models import StaffNote

    first, second = staff("first", "Moderators"), staff("second", "Moderators")
    url = f"/admin/community/report/{report.pk}/change/"
    client.force_login(first)
    assert client.post(url, {"op": "note", "note-text": "warned twice on another site"}).status_code == 302
    note = StaffNote.objects.get(user=bob)
    assert "warned twice on another site" in client.get(url).content.decode()
    assert client.post(url, {"op": "edit_note", "edit_note-note": note.pk, "edit_note-text": ""}).status_code == 400
    assert client.post(url, {"op": "edit_note", "edit_note-note": note.pk,
                             "edit_note-text": "warned once on another site"}).status_code == 302
    client.force_login(second)
    assert client.post(url, {"op": "edit_note", "edit_note-note": note.pk,
                             "edit_note-text": "nothing"}).status_code == 400
    assert StaffNote.objects.get(pk=note.pk).text == "warned once on another site"


def test_a_banned_or_reported_player_cannot_sign_up_again_with_a_tagged_or_dotted_address(client, report, bob):
    """Issue 30 point 6, as a new moderator tried it: bob, banned, signed up at once as bob+2@example.com
    (the same mailbox); a reported player who closed the account came back as Bob+again@; on Gmail,
    dots in the name part are the same mailbox too. The refusal names no cause."""
    from django.contrib.auth import get_user_model

    from community import signup_policy
    from community.account import account_delete

    assert signup_policy.mailbox("Jo.Hn+x@GoogleMail.com") == "john@gmail.com"
    assert signup_policy.mailbox("jo.hn+x@example.com") == "jo.hn@example.com"
    moderation.user_ban(moderator=staff("cm", "Administrators"), user_id=bob.pk, reason="insults",
                        public_reason="insults")
    again = client.post("/accounts/signup/", {"username": "bobby", "email": "bob+2@example.com", **SIGNUP})
    assert again.status_code == 200 and "This e-mail address cannot be used" in again.content.decode()
    carol = make_user("carol")
    carol.email = "c.a.rol@gmail.com"
    carol.save(update_fields=["email"])
    services.report_user(reporter=make_user("dora"), user=carol, reason="farming")
    account_delete(user=carol)
    for address in ("Carol+again@gmail.com", "carol@googlemail.com"):
        again = client.post("/accounts/signup/", {"username": "caro", "email": address, **SIGNUP})
        assert again.status_code == 200 and "This e-mail address cannot be used" in again.content.decode(), address
    fine = client.post("/accounts/signup/", {"username": "someone", "email": "bob2@example.com", **SIGNUP})
    assert fine.status_code == 302  # another mailbox signs up as usual
    assert not get_user_model().objects.filter(username__in=["bobby", "caro"]).exists()


def test_bulk_list_actions_above_a_tier_are_not_offered_and_a_forced_one_is_logged(client, game, alice, bob):
    """Issue 30 point 7, as a new moderator found it: the games and seats lists offered a chat moderator
    "Abort the selected games" and "Replace the seat's player by a bot"; chosen, they were refused with
    no trace in the log."""
    from community.models import ModerationAction
    from play.models import Game, Seat

    junior = staff("junior", "Moderators")
    client.force_login(junior)
    games = client.get("/admin/games/game/").content.decode()
    seats = client.get("/admin/games/seat/").content.decode()
    assert 'value="abort_games"' not in games and 'value="replace_by_bot"' not in seats
    assert 'value="annul_selected"' not in client.get("/admin/community/moderatedgame/").content.decode()
    seat = Seat.objects.get(game=game, index=1)
    forced = client.post("/admin/games/seat/", {"action": "replace_by_bot", "_selected_action": [seat.pk]})
    assert forced.status_code == 403
    forced = client.post("/admin/games/game/", {"action": "abort_games", "_selected_action": [game.pk]})
    assert forced.status_code == 403
    assert Game.objects.get(pk=game.pk).status == "active" and Seat.objects.get(pk=seat.pk).user == bob
    refused = ModerationAction.objects.filter(action="refused", moderator=junior)
    assert sorted(refused.values_list("details__op", flat=True)) == ["abort_games", "replace_by_bot"]
    client.force_login(staff("gm", "Game moderators"))
    assert 'value="abort_games"' in client.get("/admin/games/game/").content.decode()
