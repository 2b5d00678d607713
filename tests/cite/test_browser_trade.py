"""Issue 35's done-when in a real browser: two people and a greedy bot play Cité to the end, at desktop
size and at 390×844, clicking like people: round 1's layout by the page (building → highlighted square
→ Confirm), an offer with a binding contract made through the trading window's form and accepted from
the other person's page, an offer the other way declined, a building built by clicks, "I am done" every
round, the final scores. No sideways scroll on the phone. At desktop size every decision is taken with
the keyboard alone (focus, Enter or Space); on the phone by taps."""

import pytest
from playwright.sync_api import Error as PlaywrightError

from games.cite.engine.components import PROFESSIONS
from play.models import Game
from play.services import SeatSpec
from tests.browser.helpers import log_in
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"
MARK = "() => { const b = document.querySelector('#game-body'); if (b) b.dataset.old = '1'; }"
# The answer to a click: a new game body, or a refusal said in the move panel (the body stays).
ANSWERED = """() => { const b = document.querySelector('#game-body');
  const refused = document.querySelector('#move-error .error');
  return (b && !b.dataset.old) || (refused && refused.offsetParent !== null); }"""


class Refused(AssertionError):
    """The page answered a click by refusing the move (its message in the move panel)."""


KEYBOARD = {"on": False}  # the desktop game is played with the keyboard alone: focus, then Enter


def click(page, locator) -> None:
    """Click (or, at desktop size, focus and press Enter), then wait for the game body it asked for (not
    an older poll's); a refusal raises ``Refused`` with the page's message, so a failure says why."""
    page.evaluate("() => { const e = document.querySelector('#move-error .error'); if (e) e.remove(); }")
    page.evaluate(MARK)
    if KEYBOARD["on"]:
        locator.focus()
        page.keyboard.press("Enter")
    else:
        locator.click()
    page.wait_for_function(ANSWERED, timeout=15000)
    refused = page.locator("#move-error .error")
    if refused.count() and refused.first.is_visible():
        raise Refused(refused.first.inner_text())


def fresh(page, base, game) -> None:
    page.goto(f"{base}/games/{game.pk}/")


def state(game) -> dict:
    game.refresh_from_db()
    return game.state


def lay_out(page, base, game) -> None:
    """CT20 by clicks: the large shop on the one highlighted square (the marked one), Confirm, then done."""
    fresh(page, base, game)
    click(page, page.locator(".ct-kinds a", has_text="Large").first)
    target = page.locator("svg.ct-board a.ct-target").first
    click(page, target)
    assert "Place the Large" in page.locator("[data-confirm-text]").inner_text()
    click(page, page.get_by_role("button", name="Confirm"))
    click(page, page.get_by_role("button", name="I am done with my layout"))


def send_offer(page, to: str, give: dict, get: dict, later_get: dict | None = None) -> None:
    form = page.locator("#ct-offer-form")
    if KEYBOARD["on"]:
        form.get_by_label(to).focus()
        page.keyboard.press("Space")
        assert form.get_by_label(to).is_checked()
    else:
        form.get_by_label(to).check()
    for kind, n in give.items():
        form.locator(f"input[name='field:give:{kind}']").fill(str(n))
    for kind, n in get.items():
        form.locator(f"input[name='field:get:{kind}']").fill(str(n))
    if later_get:
        if KEYBOARD["on"]:
            form.locator("details.ct-later summary").focus()
            page.keyboard.press("Enter")
        else:
            form.locator("details.ct-later summary").click()
        for kind, n in later_get.items():
            form.locator(f"input[name='field:later_get:{kind}']").fill(str(n))
    click(page, form.get_by_role("button", name="Send the offer"))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_two_people_and_a_bot_trade_build_and_finish_from_the_browser(browser, live_server, settings, size):
    from play import services

    settings.GAME_POLL_INTERVAL_MS = 60_000  # the pages change only by these clicks (and reloads)
    viewport = {"width": 1280, "height": 800} if size == "desktop" else {"width": 390, "height": 844}
    phone = size == "phone"
    KEYBOARD["on"] = not phone
    alice, bob = make_user(f"alice{size}"), make_user(f"bob{size}")
    game = services.game_create(creator=alice, game_type="cite", options={"first_game_gift": "yes"},
                                seats=[SeatSpec("me"), SeatSpec("open"), SeatSpec("bot", bot_level="greedy")])
    Game.objects.filter(pk=game.pk).update(seed=8)
    services.game_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    base = live_server.url
    contexts, pages = [], {}
    try:
        for seat, user in ((0, alice), (1, bob)):
            context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone, locale="en",
                                          extra_http_headers={"Accept-Language": "en"})
            contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(20000)
            log_in(page, base, user.username)
            pages[seat] = page
        for seat in (0, 1):
            lay_out(pages[seat], base, game)
        assert state(game)["round"] == 2 and state(game)["stage"] == "window"

        # Alice offers Bob her resource for his, with a binding contract (1 Gold to her at round 3).
        s = state(game)
        mine, his = (PROFESSIONS[s["seats"][i]["profession"]] for i in (0, 1))
        fresh(pages[0], base, game)
        if phone:
            assert pages[0].evaluate(NO_SIDEWAYS_SCROLL)
        send_offer(pages[0], "bob" + size, {mine: 2}, {his: 1}, later_get={"gold": 1})
        offer = state(game)["offers"][-1]
        assert offer["from"] == 0 and offer["to"] == [1] and offer["later_get"] == {"gold": 1}
        fresh(pages[1], base, game)
        incoming = pages[1].locator(".ct-incoming .ct-offer", has_text=offer["id"])
        assert "binding contract at the Production of round 3" in incoming.inner_text()  # next round ticked (G12)
        click(pages[1], incoming.get_by_role("button", name=f"Accept offer {offer['id']}"))
        s = state(game)
        assert s["offers"] == [] and s["contracts"][0]["b"] == 1 and s["seats"][1]["res"][mine] >= 2

        # Bob offers Alice the other way; she declines it from her page.
        fresh(pages[1], base, game)
        send_offer(pages[1], "alice" + size, {his: 1}, {"gold": 1})
        back = state(game)["offers"][-1]
        fresh(pages[0], base, game)
        click(pages[0], pages[0].get_by_role("button", name=f"Decline offer {back['id']}"))
        assert not any(o["id"] == back["id"] for o in state(game)["offers"])

        # Every round: build what the page offers (a building → a square → Confirm), then "I am done".
        built = 0
        for _round in range(12):
            if state(game)["stage"] == "over":
                break
            for seat in (0, 1):
                s = state(game)
                if s["stage"] == "over" or s["seats"][seat]["done"]:
                    continue
                page = pages[seat]
                fresh(page, base, game)
                kinds = page.locator(".ct-kinds a")
                if kinds.count():
                    try:
                        click(page, kinds.first)
                        if page.locator(".ct-step a.choice").count() and not page.locator(
                                "svg.ct-board a.ct-target").count():
                            click(page, page.locator(".ct-step a.choice").first)
                        if page.locator("svg.ct-board a.ct-target").count():
                            click(page, page.locator("svg.ct-board a.ct-target").first)
                        if page.locator(".ct-step a.choice").count():  # which way it lies
                            click(page, page.locator(".ct-step a.choice").first)
                        click(page, page.get_by_role("button", name="Confirm"))
                        built += 1
                    except (PlaywrightError, Refused):  # swapped under the click, or refused: look again
                        fresh(page, base, game)
                if phone:
                    assert page.evaluate(NO_SIDEWAYS_SCROLL)
                done = page.locator("button.ct-done")
                if done.count():
                    click(page, done)
            for seat in (0, 1):  # a person who is done may still be asked: answer by declining
                page = pages[seat]
                fresh(page, base, game)
                while page.locator(".ct-incoming button", has_text="Decline").count():
                    try:
                        click(page, page.locator(".ct-incoming button", has_text="Decline").first)
                    except Refused:  # the offer lapsed meanwhile (withdrawn, or its round over): look again
                        fresh(page, base, game)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED and built >= 2
        fresh(pages[0], base, game)
        assert pages[0].locator(".ct-end").is_visible()
        assert "Final scores" in pages[0].locator(".ct-end").inner_text()
        if phone:
            assert pages[0].evaluate(NO_SIDEWAYS_SCROLL)
    finally:
        for context in contexts:
            context.close()
