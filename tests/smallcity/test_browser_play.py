"""Done-when of issue 28: Small City Deluxe played to the end from the browser, clicking like a person — two
people and a bot at desktop size (1280×800), and a solo game on a phone (390×844): a button of the move panel,
a highlighted square of the district (a building's squares one tap at a time), then Confirm. Choices are drawn
at random from what the page offers (seeded), ending a part of the turn ("Done", "Pass") more often so the
games reach their end; a shape the rules refuse is answered with a message and the page is reloaded."""

import random

import pytest
from playwright.sync_api import Error as PlaywrightError

from play.models import Game
from tests.browser.helpers import log_in
from tests.platform.factories import make_user
from tests.smallcity.pages import ENGINE, sc_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"
MARK_BODY = "() => { const b = document.querySelector('#game-body'); if (b) b.dataset.old = '1'; }"
NEW_BODY = "() => { const b = document.querySelector('#game-body'); return b && !b.dataset.old; }"
CHOICES = ".sc-choices a.choice:visible, svg.sc-district a.sc-target:visible"
QUIET = ("%22done%22", '"done"', "pass", "skip", "income_done")


def _one_click(page, rng: random.Random) -> str:
    confirm = page.locator("form.move-form button.primary")
    try:
        page.evaluate(MARK_BODY)
        if confirm.count():
            confirm.first.click(timeout=5000)
            page.wait_for_function(NEW_BODY, timeout=8000)
            return "confirm"
        links = page.locator(CHOICES)
        n = links.count()
        if not n:
            return ""
        hrefs = [links.nth(i).get_attribute("href") or "" for i in range(n)]
        squares = [i for i in range(n) if "sc-target" in (links.nth(i).get_attribute("class") or "")]
        quiet = [i for i, h in enumerate(hrefs) if any(q in h for q in QUIET)]
        if squares and rng.random() < 0.75:  # a building being placed: go on placing it, as a person would
            i = rng.choice(squares)
        else:
            i = rng.choice(quiet) if quiet and rng.random() < 0.65 else rng.randrange(n)
        what = "square" if i in squares else "choice"
        links.nth(i).click(timeout=5000)
        page.wait_for_function(NEW_BODY, timeout=8000)
        return what
    except PlaywrightError:  # a poll swapped the game body under the click, or a refused move: look again
        refused = page.locator("#move-error .error")
        return "refused" if refused.count() and refused.first.is_visible() else "again"


def _owing_person(game, seats: dict) -> int | None:
    owing = [s for s in sorted(ENGINE.pending(ENGINE.load(game.state))) if s in seats]
    return owing[0] if owing else None


def _play_to_the_end(browser, live_server, game, users, viewport, mobile=False, seed=0, min_squares=3,
                     refusals_allowed=True):
    rng = random.Random(seed)
    pages, contexts = {}, []
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
        clicks = {"confirm": 0, "square": 0, "choice": 0, "again": 0, "refused": 0}
        before = ""
        for _ in range(4000):
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                break
            seat = _owing_person(game, pages)
            if seat is None:  # the bot's turn: it moves on its own
                pages[0].wait_for_timeout(300)
                continue
            page = pages[seat]
            if before in ("again", "refused", "") or page.locator("#game-body").get_attribute("data-version") != str(
                    game.version) and before == "confirm":
                page.goto(f"{live_server.url}/games/{game.pk}/")  # as a person reloads a stale page
            before = _one_click(page, rng)
            if not before:
                page.wait_for_timeout(500)
                continue
            clicks[before] += 1
            if before == "confirm":
                assert page.evaluate(NO_SIDEWAYS_SCROLL)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED, clicks
        assert clicks["confirm"] >= 20 and clicks["square"] >= min_squares, clicks
        assert clicks["again"] < clicks["confirm"] / 2, clicks
        assert refusals_allowed or not clicks["refused"], clicks  # every lit square clicked was accepted (SC30)
        page = pages[0]
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(".sc-end table")
        assert "Final scores" in page.inner_text(".sc-end")
        assert page.evaluate(NO_SIDEWAYS_SCROLL)
        return page
    finally:
        for context in contexts:
            context.close()


@pytest.mark.timeout(1500)
def test_two_people_and_a_bot_play_to_the_end_at_desktop(browser, live_server):
    users = [make_user("scdesk0"), make_user("scdesk1")]
    game = sc_game(users, seed=71, bot_seats=1)
    _play_to_the_end(browser, live_server, game, users, {"width": 1280, "height": 800}, seed=71)


@pytest.mark.timeout(1500)
def test_two_people_and_a_bot_play_to_the_end_on_a_phone_with_every_click_accepted(browser, live_server):
    """Issue 41's done-when: a whole 3-player game at 390×844 where no confirmation reached by the page's lit
    squares and buttons is refused (only squares some accepted build holds are lit, SC30-SC33)."""
    users = [make_user("scph0"), make_user("scph1")]
    game = sc_game(users, seed=73, bot_seats=1)
    _play_to_the_end(browser, live_server, game, users, {"width": 390, "height": 844}, mobile=True, seed=73,
                     refusals_allowed=False)


@pytest.mark.timeout(1500)
def test_a_solo_game_played_to_its_rank_on_a_phone(browser, live_server):
    user = make_user("scphone")
    game = sc_game([user], seed=72, options={"difficulty": "deputy"})
    _play_to_the_end(browser, live_server, game, [user], {"width": 390, "height": 844}, mobile=True, seed=72,
                             min_squares=2)  # a solo game places fewer buildings square by square
    game.refresh_from_db()
    assert game.result["solo"]["label_params"]["difficulty"] == "deputy"
