"""Issue 20: the chat-abuse incident end to end, in browsers — a player reports an
insult, the moderation queue counts it, a plain moderator (the "Moderators" group,
not a superuser) hides the message and mutes the offender, the offender and the
reporter are told, the offender appeals from the e-mail's link without logging
in, and the moderator finds the waiting appeal and decides it."""

import re

import pytest
from django.contrib.auth.models import Group
from django.core import mail

from community import services
from community.models import ChatMessage, Report, Sanction
from tests.browser.helpers import TEST_PASSWORD, log_in
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def mails_to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def test_chat_abuse_report_hide_mute_tell_appeal_decide(new_page, live_server, settings):
    base = live_server.url
    settings.SITE_URL = base
    alice, bob = make_user("alice"), make_user("bob")
    helper = make_user("helper")
    helper.is_staff = True
    helper.save(update_fields=["is_staff"])
    helper.groups.add(Group.objects.get(name="Moderators"))
    game = accept_all(race_game(alice, [bob]), [bob])
    insult = services.chat_post(game_id=game.pk, user=bob, text="you play like an idiot")

    # Alice reports the message from the game page.
    player = new_page()
    log_in(player, base, "alice")
    player.goto(f"{base}/games/{game.pk}/")
    player.click(f"a[href='/chat/{insult.pk}/report/']")
    player.fill("textarea[name=reason]", "insult in the chat")
    player.click("button.primary")
    player.wait_for_url(re.compile(rf".*/games/{game.pk}/$"))
    report = Report.objects.get()

    # The moderator's admin index says a report is waiting.
    staff = new_page()
    staff.goto(f"{base}/admin/login/?next=/admin/")
    staff.fill("input[name=username]", "helper")
    staff.fill("input[name=password]", TEST_PASSWORD)
    staff.click("input[type=submit]")
    assert staff.text_content("#queue-reports").strip() == "1"
    staff.click("text=Open reports")
    staff.click(f"#result_list a[href*='/admin/community/report/{report.pk}/change/']")

    # Hide the message, then mute the offender, each with a reason.
    staff.fill("#op-hide textarea[name=hide-reason]", "insult")
    staff.click("#op-hide input[type=submit]")
    staff.wait_for_selector("text=The message is hidden.")
    staff.fill("#op-mute input[name=mute-days]", "3")
    staff.select_option("#op-mute select[name=mute-preset]", "insults")  # what the player reads (issue 30)
    staff.fill("#op-mute textarea[name=mute-reason]", "insulted another player")  # the internal note
    staff.click("#op-mute input[type=submit]")
    staff.wait_for_selector("text=The player is muted.")
    assert ChatMessage.objects.get(pk=insult.pk).hidden_by == helper
    sanction = Sanction.objects.get(user=bob, kind="mute")
    assert staff.goto(f"{base}/admin/").ok and staff.text_content("#queue-reports").strip() == "0"

    # The reporter is told by e-mail; the offender by e-mail and on the site.
    assert any("handled" in m.subject for m in mails_to(alice))
    [notice] = [m for m in mails_to(bob) if "Insults or harassment in the chat" in m.body]
    assert not any("insulted another player" in m.body for m in mails_to(bob))
    offender = new_page()
    log_in(offender, base, "bob")
    assert "Insults or harassment in the chat" in offender.text_content(".moderation-notice")

    # The appeal, from the e-mail's link, in a browser that is not logged in.
    link = re.search(r"https?://\S+/account/appeal/link/\S+/", notice.body).group(0)
    stranger = new_page()
    stranger.goto(link)
    stranger.fill("textarea[name=text]", "he called me names first")
    stranger.click("button.primary")
    stranger.wait_for_selector("text=Your appeal is noted")

    # The moderator sees the appeal waiting and decides it.
    staff.goto(f"{base}/admin/")
    assert staff.text_content("#queue-appeals").strip() == "1"
    staff.click("text=Appeals waiting for a decision")
    staff.click("#result_list tbody tr a")
    staff.goto(f"{base}/admin/community/member/{bob.pk}/change/")
    staff.select_option("#op-appeal select[name=appeal-sanction]", str(sanction.pk))
    staff.check("#op-appeal input[name=appeal-lift]")
    staff.fill("#op-appeal textarea[name=appeal-reason]", "provoked: lifted, but keep it civil")
    staff.click("#op-appeal input[type=submit]")
    staff.wait_for_selector("text=The appeal is decided.")
    sanction.refresh_from_db()
    assert sanction.lifted_at is not None and sanction.appeal_decision.startswith("provoked")
    assert any("keep it civil" in m.body for m in mails_to(bob))
