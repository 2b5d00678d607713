"""Issue 19: axe-core's WCAG 2.0–2.2 A/AA rules find nothing on La Città's game page in every state a
player meets: a turn and each step of a move (desktop and 390×844), each kind of decision (castle
placement, the 2–2 Voice, feeding, demolition), the French page, a spectator, the end screen and the
replay."""

import json
import re

import pytest

from play.models import Game
from tests.browser.axe import Audit
from tests.browser.helpers import log_in
from tests.lacitta.helpers import find_decision, lacitta_game, play_until
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COCAGNE = {"edition": "modern", "expansion": "cocagne", "setup": "beginner"}
ADVANCED = {"edition": "classic", "expansion": "none", "setup": "advanced"}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def open_page(browser, live_server, user, *, language="en", phone=False):
    options = dict(PHONE) if phone else {"viewport": {"width": 1280, "height": 900}}
    context = browser.new_context(locale=language, extra_http_headers={"Accept-Language": language},
                                  **options)
    page = context.new_page()
    page.set_default_timeout(15000)
    if user is not None:
        log_in(page, live_server.url, user.username)
    return context, page


def settle(page):
    page.wait_for_selector(".htmx-request, .htmx-swapping, .htmx-settling", state="detached")


def to_move(game):
    return next(s for s in game.seats.order_by("index") if s.owes_move)


def test_game_page_in_every_state_has_no_axe_violation(browser, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 60_000
    audit = Audit()
    users = [make_user("axe1"), make_user("axe2"), make_user("axe3")]
    game = lacitta_game(users, options=COCAGNE, seed=5)
    mover = to_move(game).user
    waiting = next(u for u in users if u != mover)
    base = f"{live_server.url}/games/{game.pk}/"
    for phone in (False, True):
        where = "phone" if phone else "desktop"
        context, page = open_page(browser, live_server, mover, phone=phone)
        page.goto(base)
        audit.check(page, f"turn ({where})")
        page.locator(".choice", has_text="Build a small building").click()
        settle(page)
        page.locator(".choice", has_text="Farmhouse").click()
        settle(page)
        page.wait_for_selector("svg.board a.target")
        audit.check(page, f"board step: where to build ({where})")
        page.locator(".board-choices .choice").first.click()
        settle(page)
        page.wait_for_selector("form.move-form")
        audit.check(page, f"confirmation ({where})")
        context.close()
    context, page = open_page(browser, live_server, mover, language="fr")
    page.goto(base + "?m=" + json.dumps({"type": "politics"}))
    audit.check(page, "French: choosing a politics card")
    context.close()
    context, page = open_page(browser, live_server, waiting)
    page.goto(base)
    audit.check(page, "another seat's turn (waiting)")
    context.close()
    context, page = open_page(browser, live_server, None)
    page.goto(base)
    audit.check(page, "spectator, not logged in")
    context.close()
    audit.assert_clean()


@pytest.mark.parametrize("kind", ["voice_choice", "feeding", "demolish"])
def test_each_decision_has_no_axe_violation(browser, live_server, settings, kind):
    settings.GAME_POLL_INTERVAL_MS = 60_000
    audit = Audit()
    game, seat, _users = find_decision(kind)
    user = game.seats.get(index=seat).user
    for phone in (False, True):
        context, page = open_page(browser, live_server, user, phone=phone)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        audit.check(page, f"{kind} ({'phone' if phone else 'desktop'})")
        choice = page.locator(".moves-card .choice")
        if choice.count():  # the next step of the decision too
            choice.first.click()
            settle(page)
            audit.check(page, f"{kind}, next step ({'phone' if phone else 'desktop'})")
        context.close()
    audit.assert_clean()


def test_castle_placement_end_screen_and_replay_have_no_axe_violation(browser, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 60_000
    audit = Audit()
    users = [make_user("axeadv1"), make_user("axeadv2")]
    game = lacitta_game(users, options=ADVANCED, seed=3)
    mover = to_move(game).user
    context, page = open_page(browser, live_server, mover)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    audit.check(page, "placing a castle (advanced setup)")
    context.close()

    users = [make_user("axeend1"), make_user("axeend2")]
    game = lacitta_game(users, seed=7)
    game, seat = play_until(game, users, "no such decision: play to the end")
    assert seat is None and game.status == Game.Status.FINISHED
    for phone in (False, True):
        where = "phone" if phone else "desktop"
        context, page = open_page(browser, live_server, users[0], phone=phone)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(".lc-end table")
        audit.check(page, f"end screen ({where})")
        page.goto(f"{live_server.url}/games/{game.pk}/replay/?at=20&seat=0")
        audit.check(page, f"replay ({where})")
        page.goto(f"{live_server.url}/players/{users[1].username}/history/")
        audit.check(page, f"a player's history, ranks of finished games ({where})")
        context.close()
    context, page = open_page(browser, live_server, users[1], language="fr")
    page.goto(f"{live_server.url}/players/{users[0].username}/")
    audit.check(page, "French profile")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    audit.check(page, "French end screen")
    assert re.search(r"Citoyens", page.inner_text(".lc-end"))
    context.close()
    audit.assert_clean()
