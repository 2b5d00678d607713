"""Done-when of issue 16: two people and a bot play Infinite City to the end from the browser, at
desktop size and at 390×844, clicking like a person: a tile of the hand, a highlighted cell, each
effect's choice (a highlighted tile or a button), then Confirm. The phone game starts from a game
already under way (the first moves through the services) to keep the test short."""

import random

import pytest
from playwright.sync_api import Error as PlaywrightError

from play.models import Game
from tests.browser.helpers import log_in
from tests.infinitecity.pages.helpers import ic_game, play_one, seat_to_move
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


MARK_BODY = "() => { const b = document.querySelector('#game-body'); if (b) b.dataset.old = '1'; }"
NEW_BODY = "() => { const b = document.querySelector('#game-body'); return b && !b.dataset.old; }"


def _one_click(page) -> str:
    """The next click a person makes on their turn; returns what was clicked once the game body it
    asked for has replaced the old one (waiting for a response instead could take a poll's for it,
    and the next click would land on the old body)."""
    tiles = ".ic-card-link:visible, .turn-tiles a.choice:visible"  # the hand, or on a phone its list by the question
    for selector, what in (("form.move-form button.primary", "confirm"), (tiles, "tile"),
                           ("svg.ic-board a.target", "cell"), (".ic-choices a.choice", "choice")):
        locator = page.locator(selector)
        if locator.count():
            try:
                page.evaluate(MARK_BODY)
                locator.first.click(timeout=5000)
                page.wait_for_function(NEW_BODY, timeout=8000)
            except PlaywrightError:  # a poll swapped the game body under the click: look again
                return "again"
            return what
    return ""


def _play_to_the_end(browser, live_server, game, users, viewport, mobile=False):
    pages = {}
    contexts = []
    try:
        for seat, user in enumerate(users):
            context = browser.new_context(viewport=viewport, is_mobile=mobile, has_touch=mobile, locale="en",
                                          extra_http_headers={"Accept-Language": "en"})
            contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(20000)
            log_in(page, live_server.url, user.username)
            page.goto(f"{live_server.url}/games/{game.pk}/")
            pages[seat] = page
        clicks = {"confirm": 0, "tile": 0, "cell": 0, "choice": 0, "again": 0}
        what_before = ""
        for _ in range(2000):
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                break
            seat = seat_to_move(game)
            if seat not in pages:  # the bot's turn: it moves on its own
                pages[0].wait_for_timeout(300)
                continue
            page = pages[seat]
            if what_before == "again" or page.locator("#game-body").get_attribute("data-version") != str(game.version):
                page.goto(f"{live_server.url}/games/{game.pk}/")  # as a person reloads a stale page
            what = _one_click(page)
            for _retry in range(3):  # caught between a poll's request and its swap: look again
                if what:
                    break
                page.wait_for_timeout(700)
                page.goto(f"{live_server.url}/games/{game.pk}/")
                what = _one_click(page)
            if not what:
                page.screenshot(path="/tmp/ic_stuck.png", full_page=True)
            assert what, f"seat {seat} owes a move but the page offers nothing to click"
            clicks[what] += 1
            what_before = what
            if what == "confirm":
                assert page.evaluate(NO_SIDEWAYS_SCROLL)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        assert clicks["again"] < clicks["confirm"] / 4, clicks
        assert clicks["confirm"] >= 5 and clicks["tile"] >= 5 and clicks["cell"] >= 5
        page = pages[0]
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(".ic-end table")
        text = page.inner_text(".ic-end")
        assert "Final scores" in text and "Groups" in text and "Silver" in text
        assert page.evaluate(NO_SIDEWAYS_SCROLL)
    finally:
        for context in contexts:
            context.close()


def test_two_people_and_a_bot_play_to_the_end_at_desktop(browser, live_server):
    users = [make_user("icdesk0"), make_user("icdesk1")]
    game = ic_game(users, seed=61, bot_seats=1)
    _play_to_the_end(browser, live_server, game, users, {"width": 1280, "height": 900})


def test_two_people_and_a_bot_play_to_the_end_on_a_phone(browser, live_server):
    users = [make_user("icphone0"), make_user("icphone1")]
    game = ic_game(users, seed=62, bot_seats=1)
    rng = random.Random(62)
    for _ in range(25):  # under way: the bot's moves follow each move (Celery runs eagerly in tests)
        game.refresh_from_db()
        if seat_to_move(game) is None or game.status != Game.Status.ACTIVE:
            break
        game = play_one(game, users, rng=rng)
    _play_to_the_end(browser, live_server, game, users, {"width": 390, "height": 844}, mobile=True)
