"""Issue 19: axe-core's WCAG 2.0–2.2 A/AA rules find nothing on the Infinite City game page: the turn
(desktop and 390×844), a tile picked from the hand with its highlighted cells, the page of a seat that
waits, in French, and the end of a game."""

import random

import pytest

from play.models import Game
from tests.browser.axe import Audit
from tests.browser.helpers import log_in
from tests.infinitecity.pages.helpers import ic_game, play_one, seat_to_move
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_page(browser, live_server, user, *, language="en", phone=False):
    size = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True} if phone else \
        {"viewport": {"width": 1280, "height": 900}}
    context = browser.new_context(locale=language, extra_http_headers={"Accept-Language": language}, **size)
    page = context.new_page()
    page.set_default_timeout(15000)
    log_in(page, live_server.url, user.username)
    return context, page


def test_infinite_city_pages_have_no_axe_violation(browser, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 60_000
    audit = Audit()
    users = [make_user("icaxe1"), make_user("icaxe2"), make_user("icaxe3")]
    game = ic_game(users, seed=4)
    url = f"{live_server.url}/games/{game.pk}/"
    mover = seat_to_move(game)
    for phone in (False, True):
        where = "phone" if phone else "desktop"
        context, page = open_page(browser, live_server, users[mover], phone=phone)
        page.goto(url)
        audit.check(page, f"Infinite City turn ({where})")
        tile = page.locator(".ic-card-link:visible, .turn-tiles a.choice:visible")  # on a phone: by the question
        if tile.count():
            tile.first.click()
            page.wait_for_selector(".htmx-request, .htmx-swapping, .htmx-settling", state="detached")
            audit.check(page, f"Infinite City, a tile picked ({where})")
        context.close()
    waiting = users[(mover + 1) % 3]
    context, page = open_page(browser, live_server, waiting, language="fr")
    page.goto(url)
    audit.check(page, "Infinite City, waiting (French)")
    context.close()
    rng = random.Random(1)
    for _ in range(600):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        play_one(game, users, rng=rng)
    assert game.status == Game.Status.FINISHED
    context, page = open_page(browser, live_server, users[0])
    page.goto(url)
    audit.check(page, "Infinite City, the end")
    context.close()
    audit.assert_clean()
