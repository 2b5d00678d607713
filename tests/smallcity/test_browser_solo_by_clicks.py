"""Done-when of issue 41: a whole solo game on a phone (390×844) played by clicking the way a person does — a
button of the move panel, then each square of a building on the lit squares of the district, then Confirm — with
a fixed seed, where every building placed on lit squares is accepted (no refusal in the whole game: the page
lights only squares some whole build the engine takes, SC30-SC33), then the end screen read: the score and how
it is made (SC90), the solo outcome and the book's rank ladder with the rank reached (SC113), no "Rank 1"."""

import random
from urllib.parse import unquote

import pytest
from playwright.sync_api import Error as PlaywrightError

from games.smallcity.engine import components as C
from play.models import Game
from tests.browser.helpers import log_in
from tests.platform.factories import make_user
from tests.smallcity.pages import sc_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/sc4_shots"
MARK_BODY = "() => { const b = document.querySelector('#game-body'); if (b) b.dataset.old = '1'; }"
ANSWERED = ("() => { const b = document.querySelector('#game-body');"
            " return (b && !b.dataset.old) || !!document.querySelector('#move-error .error'); }")
REFUSED = "() => { const e = document.querySelector('#move-error .error'); return e ? e.textContent.trim() : ''; }"
SQUARES = "svg.sc-district a.sc-target:visible"
BUTTONS = ".sc-choices a.choice:visible"
ENDING = ("done", "pass", "skip", "income_done")  # what ends a part of the turn ("Done", "Pass"…)


def _answer(page, control) -> str:
    page.evaluate(MARK_BODY)
    control.click(timeout=5000)
    page.wait_for_function(ANSWERED, timeout=10000)
    return page.evaluate(REFUSED)


def _one_step(page, rng: random.Random, count: dict) -> None:
    """What a person does next: confirm a move that is whole, else go on with the building on the lit squares
    (never taking a square back out), else press one of the move panel's buttons."""
    confirm = page.locator("form.move-form button.primary")
    if confirm.count():
        what = page.locator("[data-confirm-text]").inner_text() if page.locator("[data-confirm-text]").count() else ""
        url = page.url
        refused = _answer(page, confirm.first)
        assert not refused, f"a move made on lit squares was refused: {refused} ({what}; {unquote(url)}; {count})"
        count["confirm"] += 1
        return
    squares = page.locator(SQUARES)
    lit = [i for i in range(squares.count()) if "take it out" not in (squares.nth(i).get_attribute("aria-label") or "")]
    if lit:
        refused = _answer(page, squares.nth(rng.choice(lit)))
        assert not refused, refused
        count["square"] += 1
        return
    buttons = page.locator(BUTTONS)
    n = buttons.count()
    assert n, "the page offers nothing to press although the game waits for the player"
    hrefs = [buttons.nth(i).get_attribute("href") or "" for i in range(n)]
    hrefs = [unquote(h) for h in hrefs]
    ending = [i for i, h in enumerate(hrefs) if any(f'"{w}"' in h for w in ENDING)]
    building = [i for i, h in enumerate(hrefs) if '"type":"build"' in h and i not in ending]
    draw = rng.random()
    if building and draw < 0.8:  # in the building phase a person builds before saying "Done"
        i = rng.choice(building)
    elif ending and draw < 0.95:
        i = rng.choice(ending)
    else:
        i = rng.randrange(n)
    refused = _answer(page, buttons.nth(i))
    assert not refused, refused
    count["button"] += 1


def _rank(score: int) -> str | None:
    reached = [key for floor, key in sorted(C.SOLO_RANKS) if score >= floor]
    return reached[-1] if reached else None


@pytest.mark.timeout(1500)
def test_SC113_a_solo_game_clicked_on_the_board_on_a_phone_to_its_end_screen(browser, live_server):
    user = make_user("scsoloclick")
    game = sc_game([user], seed=41, options={"difficulty": "mayor"})
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  locale="en", extra_http_headers={"Accept-Language": "en"})
    rng = random.Random(41)
    count = {"confirm": 0, "square": 0, "button": 0, "again": 0}
    try:
        page = context.new_page()
        page.set_default_timeout(20000)
        log_in(page, live_server.url, user.username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        for _ in range(3000):
            if page.locator(".sc-end").count():
                break
            try:
                _one_step(page, rng, count)
            except PlaywrightError:  # the page refreshed itself under the click: look again
                count["again"] += 1
                page.goto(f"{live_server.url}/games/{game.pk}/")
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED, count
        assert count["confirm"] >= 20 and count["square"] >= 6 and count["again"] <= 3, count
        print(f"\nsolo by clicks: {count}")

        page.goto(f"{live_server.url}/games/{game.pk}/")
        end = page.locator(".sc-end")
        end.wait_for()
        end.scroll_into_view_if_needed()
        end.screenshot(path=f"{SHOTS}/solo_clicked_end_phone.png")
        text = end.inner_text()
        score = game.result["scores"][0]
        assert "Final scores" in text and "Rank 1" not in text
        assert page.locator(".sc-sums li").count() == 1
        assert page.locator(".sc-sums li").inner_text().split(".")[0].endswith(f"= {score}")
        assert page.locator(".sc-ladder li").count() == len(C.SOLO_RANKS)
        rank = _rank(score)
        reached = page.locator(".sc-ladder li[aria-current=true]")
        if rank is None:
            assert reached.count() == 0 and "Under 50 points: no rank reached." in text
        else:
            assert reached.count() == 1 and "your rank" in reached.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.locator(".sc-end .end-table-box").evaluate("b => b.scrollWidth <= b.clientWidth + 1")
    finally:
        context.close()
