"""Issue 42, screen readers and keyboard in a real browser: when the stream pushes a new round to an open page
(the others said done after me), the focus does not fall to <body> though the control it was on (an answer to an
offer that lapsed with the round) is gone: it goes where the player goes on, the move panel's question; and the
"Counter offer" summary is a finger's target (44×44 CSS px) on a phone (390×844)."""

import pytest

from play import services
from play.models import Game
from tests.browser.test_every_game_refused_form import DESKTOP, PHONE, SETTLED, _open, _page_for, cite_window
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WHERE = """() => { const a = document.activeElement; const panel = document.getElementById('move-panel');
  return {tag: a.tagName, id: a.id, text: (a.textContent || '').trim().slice(0, 60),
          step: a.hasAttribute('data-step-focus'), inPanel: !!panel && panel.contains(a)}; }"""


def _offer_to_me(game: Game, others) -> int:
    game.refresh_from_db()
    services.move_apply(game_id=game.pk, user=others[0], expected_version=game.version,
                        move={"type": "offer", "to": [0], "give": {}, "get": {}, "later_give": {},
                              "later_get": {}} | _small_gift(game))
    game.refresh_from_db()
    return game.state["offers"][-1]["id"]


def _small_gift(game: Game) -> dict:
    """One of what seat 1 holds, for one of what seat 0 holds (a fair little trade)."""
    res = [s["res"] for s in game.state["seats"]]
    give = next(k for k, n in res[1].items() if n)
    get = next(k for k, n in res[0].items() if n)
    return {"give": {give: 1}, "get": {get: 1}}


def _others(game: Game):
    return [game.seats.get(index=i).user for i in (1, 2)]


def test_a_pushed_new_round_keeps_the_focus_in_the_move_panel(browser, live_server, settings):
    user = make_user("ct-focus-round")
    game = cite_window(user)
    others = _others(game)
    offer = _offer_to_me(game, others)
    context, page = _page_for(browser, live_server, user, DESKTOP)
    try:
        _open(page, live_server.url, game)
        page.locator("#move-panel button", has_text="I am done for round 2").click()
        page.wait_for_function("() => !document.querySelector('.ct-done')")
        page.wait_for_function(SETTLED)
        decline = page.get_by_role("button", name=f"Decline offer {offer}")
        decline.focus()
        assert page.evaluate(WHERE)["text"] == "Decline"
        version = page.locator("#game-body").get_attribute("data-version")
        game.refresh_from_db()
        for other in others:  # the others say done: round 3 begins, the offer lapses
            game.refresh_from_db()
            services.move_apply(game_id=game.pk, user=other, expected_version=game.version, move={"type": "done"})
        game.refresh_from_db()
        assert game.state["round"] == 3
        page.wait_for_function(f"() => document.querySelector('#game-body').dataset.version !== '{version}'"
                               " && document.querySelector('.ct-done')")
        page.wait_for_function(SETTLED)
        page.wait_for_timeout(300)
        where = page.evaluate(WHERE)
        assert where["tag"] != "BODY" and where["inPanel"], where
        assert where["step"] and where["id"] == "ct-move-title", where  # the panel's question: "Your move"
    finally:
        context.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_counter_offer_summary_is_a_fingers_target(browser, live_server, settings, size):
    """44×44 on a phone (390×844) and with a mouse too (axe's target-size wants 24 there: it was 23)."""
    settings.GAME_POLL_INTERVAL_MS = 60_000  # no refresh of the body while the test looks at it
    user = make_user("ct-counter-size")
    game = cite_window(user)
    offer = _offer_to_me(game, _others(game))
    context, page = _page_for(browser, live_server, user, size)
    try:
        _open(page, live_server.url, game)
        summary = page.locator("details.ct-counter summary", has_text=f"Counter offer {offer}")
        summary.scroll_into_view_if_needed()
        box = summary.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
        summary.click()
        assert page.locator("details.ct-counter").get_attribute("open") is not None
        if size == PHONE:
            page.locator("li.ct-offer.to-me").first.screenshot(path="/tmp/ct-counter-390.png")
    finally:
        context.close()
