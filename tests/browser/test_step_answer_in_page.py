"""Issue 43: in a real browser, each step of a La Città move is answered with the move panel and the board alone
(the answer's heading and side are empty places marked ``data-kept``), and the page puts its own heading, log and
chat back around them: after every step the page still has its heading, the same log lines and the same chat
(the very element: never fetched again), the focus is on the next question, and the move made at the end is the
one built. At a desktop's size and a phone's (390×844)."""

import pytest

from play import services
from play.models import Game
from play.services import SeatSpec
from tests.browser.helpers import log_in
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ON_QUESTION = ("() => { const a = document.activeElement; return !!a && (a.hasAttribute('data-step-focus')"
               " || a.id === 'move-panel'); }")
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
MARK_CHAT = "() => { window.chatSlot = document.querySelector('[id^=chat-slot-]'); return !!window.chatSlot; }"
SAME_CHAT = "() => document.querySelector('[id^=chat-slot-]') === window.chatSlot"
LOG_LINES = "() => Array.from(document.querySelectorAll('#game-body .log-lines li')).map(li => li.textContent)"
CHOICE = "#move-panel [data-choice]"
# Where the move panel is drawn: beside the board on a desktop (its right column, above the log), above it on a phone.
LAYOUT = """() => { const m = document.querySelector('.moves-card').getBoundingClientRect(),
  b = document.querySelector('.board-card').getBoundingClientRect(),
  s = document.querySelector('aside.side').getBoundingClientRect();
  return {beside: m.left >= b.right, above: m.bottom <= b.top, sideUnderPanel: s.top >= m.bottom && s.left === m.left,
          sideInGrid: document.querySelector('aside.side').parentElement.classList.contains('game-grid')}; }"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_each_step_swaps_the_move_panel_and_board_and_keeps_the_rest(browser, live_server, settings, viewport):
    settings.GAME_POLL_INTERVAL_MS = 60_000  # no refresh comes between the steps: what shows is the steps' answers
    user = make_user(f"steps-{viewport['width']}")
    game = services.game_create(creator=user, game_type="lacitta",
                                options={"edition": "modern", "expansion": "none", "setup": "beginner"},
                                seats=[SeatSpec("me"), SeatSpec("bot", bot_level="random")])
    game.refresh_from_db()  # (dealt from the seed tests/conftest.py fixes by the test's name)
    context = browser.new_context(locale="en", extra_http_headers={"Accept-Language": "en"}, viewport=viewport)
    try:
        page = context.new_page()
        page.set_default_timeout(15000)
        answers = []
        page.on("response", lambda r: answers.append(r) if "?m=" in r.url and r.request.headers.get("hx-request")
                else None)
        log_in(page, live_server.url, user.username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector("#game-body[data-your-turn]")
        page.wait_for_function(MARK_CHAT)
        lines = page.evaluate(LOG_LINES)
        heading = page.locator(".game-head h1").inner_text()
        steps = 0
        while page.locator(CHOICE).count() and steps < 6:
            page.locator(CHOICE).first.click()
            steps += 1
            page.wait_for_timeout(50)
            page.wait_for_function(SETTLED)
            page.wait_for_function(ON_QUESTION)
            assert page.locator(".game-head h1").inner_text() == heading
            assert page.evaluate(LOG_LINES) == lines
            assert page.evaluate(SAME_CHAT), "the chat was replaced"
            assert page.locator("#game-body").count() == 1 and page.locator("#game-play").count() == 1
            layout = page.evaluate(LAYOUT)
            if viewport["width"] > 900:
                assert layout["beside"] and layout["sideUnderPanel"] and layout["sideInGrid"], layout
            else:
                assert layout["above"] and not layout["beside"] and layout["sideInGrid"], layout
        assert steps >= 1 and len(answers) == steps
        for answer in answers:
            text = answer.text()
            assert "data-kept" in text and "log-lines" not in text, answer.url
        page.locator("#move-panel form button.primary").first.click()
        page.wait_for_function(f"() => document.getElementById('game-body').dataset.version !== '{game.version}'")
        assert Game.objects.get(pk=game.pk).version > game.version
        assert page.locator(".game-head h1").count() == 1 and page.locator(".log-lines li").count() > len(lines)
    finally:
        context.close()
