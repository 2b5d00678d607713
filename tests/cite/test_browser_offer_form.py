"""Issue 42's trade form in a real browser at 390×844 (BGA's trade window is the bar): the − and + beside a count
(44 px, shown by the game's static script) change the number that is sent; the warning that someone is asked for
more than they hold comes and goes with the count and the recipients, in words and in the count's description."""

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.test_every_game_refused_form import PHONE, _open, _page_for, cite_window
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_steppers_and_the_live_warning_of_the_offer_form(browser, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 60_000  # no refresh of the body while the test looks at it
    user = make_user("ct-stepper")
    game = cite_window(user)
    res = [s["res"] for s in game.state["seats"]]
    kind = next(k for k in res[1] if res[1][k] != res[2][k])
    rich, poor = (1, 2) if res[1][kind] > res[2][kind] else (2, 1)
    context, page = _page_for(browser, live_server, user, PHONE)
    try:
        _open(page, live_server.url, game)
        form = page.locator("#ct-offer-form")
        count = form.locator(f"#ct-of-get-{kind}")
        stepper = form.locator(f".ct-stepper:has(#ct-of-get-{kind})")
        plus, minus = stepper.locator("button[data-step='1']"), stepper.locator("button[data-step='-1']")
        for button in (plus, minus):
            box = button.bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44, box
        warn = form.locator(f"#ct-of-get-{kind}-warn")
        assert count.input_value() == "0" and not warn.is_visible()
        minus.click()
        assert count.input_value() == "0"  # never below 0
        for _ in range(res[poor][kind] + 1):
            plus.click()
        assert count.input_value() == str(res[poor][kind] + 1)
        assert warn.is_visible() and poor_name(game, poor) in warn.inner_text() and "Warning" in warn.inner_text()
        assert f"ct-of-get-{kind}-warn" in count.get_attribute("aria-describedby")
        form.locator("details.ct-later summary").click()  # the contract's grid open too
        assert_accessible(page, "the offer form with its steppers, a warning and the contract's grid")
        # No recipient ticked yet: whoever it may go to. Only the richer one ticked: no one is short.
        form.locator(f"input[name='field:to'][value='{rich}']").check()
        assert not warn.is_visible() and count.get_attribute("aria-describedby") == f"ct-of-get-{kind}-stock"
        form.locator(f"input[name='field:to'][value='{poor}']").check()
        assert warn.is_visible()
        minus.click()
        assert count.input_value() == str(res[poor][kind]) and not warn.is_visible()
        for _ in range(res[rich][kind] + 3):
            plus.click()
        assert count.input_value() == str(res[rich][kind])  # never above what the richest holds
    finally:
        context.close()


def poor_name(game, seat: int) -> str:
    return game.seats.get(index=seat).user.username


def test_each_resource_of_the_offer_form_has_its_picture_beside_its_name(browser, live_server, settings):
    """Issue 42: every count of the offer (you give, you want, the contract's grid) has its resource's picture
    beside the name, drawn (the sprite loads under the site's CSP), hidden from screen readers (the name says it)."""
    settings.GAME_POLL_INTERVAL_MS = 60_000
    user = make_user("ct-pictures")
    game = cite_window(user)
    context, page = _page_for(browser, live_server, user, PHONE)
    refused = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        _open(page, live_server.url, game)
        form = page.locator("#ct-offer-form")
        form.locator("details.ct-later summary").click()
        pictures = form.locator("svg.ct-pic")
        rows = form.locator(".ct-item, .ct-contract-grid tbody tr")
        assert rows.count() and all(
            row.locator("svg.ct-pic").count() == 1 for row in rows.all()), "one picture per resource row"
        for pic in pictures.all():
            assert pic.get_attribute("aria-hidden") == "true"
            box = pic.bounding_box()
            assert box and box["width"] >= 12 and box["height"] >= 12, box
        drawn = page.evaluate("""async () => {
          const href = document.querySelector('#ct-offer-form svg.ct-pic use').getAttribute('href');
          const answer = await fetch(href.split('#')[0]);
          const text = await answer.text();
          return answer.ok && text.includes('id="' + href.split('#')[1] + '"'); }""")
        assert drawn, "the sprite holds the picture each <use> names"
        page.screenshot(path="/tmp/ct_pictures_phone.png", full_page=False)
        assert not refused, refused
    finally:
        context.close()
