"""Issue 29: a whole game of every registered game (La Città, Infinite City, the test games, and any game
added later) played with the keyboard alone against the random bot: the skip link to the move panel,
then at every step Tab to the next thing to press (a choice, a highlighted place, the move's button) and
Enter; after each step and each move the focus is on the next question (the game's ``data-step-focus``,
else its move panel), never lost to the page; the other seats' moves are read out by the live region.
The platform gives these to every game: its shell, site.js's focus after each swap, the live region.

What a screen reader says is checked on the way (issue 41): each thing focused to be pressed has a name in words,
the news read out and the end are words too (no text key of a game, no unfilled placeholder), and axe-core's
WCAG rules hold at the first question, every 40th press and at the end."""

import re

import pytest

from play import registry, services
from play.models import Game
from play.services import SeatSpec
from tests.browser.axe import Audit
from tests.browser.helpers import log_in
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What a player presses to make a move: a step's choice, a place on the board, the move's own button.
ACTION = "#game-body [data-choice], #game-body [data-board-target], #move-panel form button.primary"
# (functions, not expressions: the site's content security policy forbids eval, which a string needs)
FOCUSED_ON = "(sel) => !!document.activeElement && document.activeElement.matches(sel)"
ON_QUESTION = ("() => { const a = document.activeElement; return !!a && (a.hasAttribute('data-step-focus')"
               " || a.id === 'move-panel'); }")
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
YOUR_TURN_OR_END = "#game-body[data-your-turn], .game-head .status.finished"
MAX_ACTIONS = 1500  # presses of Enter in one game: a game that needs more is stuck
AXE_EVERY = 40  # presses between two axe audits of the page
# What a screen reader reads for the focused element: its aria-label, the text it is labelled by, else its text.
FOCUSED_NAME = """() => { const a = document.activeElement; if (!a) return '';
  const by = a.getAttribute('aria-labelledby');
  const named = by && by.split(/\\s+/).map(id => document.getElementById(id)).filter(Boolean)
    .map(e => e.textContent).join(' ');
  return (a.getAttribute('aria-label') || named || a.textContent || a.getAttribute('title') || '').trim(); }"""


def _unworded(text: str) -> list[str]:
    """What in a text a person should never hear: a game's text key (``slug.key``), a placeholder left unfilled."""
    slugs = "|".join(re.escape(d.slug) for d in registry.definitions())
    return re.findall(rf"\b(?:{slugs})\.[a-z_]+\b|%\(\w+\)s|\{{\{{|\}}\}}", text)


def _started_against_bots(slug: str, user) -> Game:
    definition = registry.definition(slug)
    engine = definition.engine
    players = max(engine.min_players, min(2, engine.max_players))  # a solo game alone
    options = dict(definition.demo_options[0]) if definition.demo_options else {}
    seats = [SeatSpec("me")] + [SeatSpec("bot", bot_level="random") for _ in range(players - 1)]
    game = services.game_create(creator=user, game_type=slug, options=options, seats=seats)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def _tab_to(page, selector: str, limit: int = 200) -> int:
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_ON, selector):
            return presses
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("slug", [d.slug for d in registry.definitions()])
def test_a_whole_game_keyboard_only(browser, live_server, settings, slug):

    settings.GAME_POLL_INTERVAL_MS = 300  # the bots' answers that come after the move's own answer
    user = make_user(f"{slug[:8]}-keys")
    game = _started_against_bots(slug, user)
    others = game.seats.count() > 1
    context = browser.new_context(locale="en", extra_http_headers={"Accept-Language": "en"},
                                  viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    lost: list[str] = []
    try:
        page = context.new_page()
        page.set_default_timeout(20000)
        log_in(page, live_server.url, user.username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        news = page.locator("#game-news")
        assert news.get_attribute("role") == "log" and news.get_attribute("aria-live") == "polite"
        _tab_to(page, "a.skip-link[href='#move-panel']", limit=5)  # among the page's first stops
        page.keyboard.press("Enter")
        assert page.evaluate(FOCUSED_ON, "#move-panel"), "the skip link leads to the move panel"
        actions = tabs = 0
        audit, unworded = Audit(), []
        while actions < MAX_ACTIONS:
            page.wait_for_selector(YOUR_TURN_OR_END, timeout=30000)
            if page.locator(".game-head .status.finished").count():
                break
            if actions % AXE_EVERY == 0:
                audit.check(page, f"{slug}, press {actions + 1}")
            tabs += _tab_to(page, ACTION)
            name = page.evaluate(FOCUSED_NAME)
            if not name or _unworded(name):
                unworded.append(f"action {actions + 1}: the focused control is read as {name!r}")
            page.keyboard.press("Enter")
            actions += 1
            page.wait_for_timeout(50)
            page.wait_for_function(SETTLED)
            try:
                page.wait_for_function(ON_QUESTION, timeout=5000)
            except Exception:
                where = page.evaluate("(() => { const a = document.activeElement;"
                                      " return a.tagName + '.' + a.className + ' ' + (a.textContent || '').trim()"
                                      ".slice(0, 40); })()")
                lost.append(f"action {actions}: the focus is on {where}, not the next question")
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED, f"not over after {actions} presses of Enter"
        assert not lost, "\n".join(lost[:10])
        page.wait_for_function(SETTLED)
        audit.check(page, f"{slug}, the end")
        audit.assert_clean()
        for where, text in (("the news", news.inner_text()), ("the end", page.locator("main").inner_text())):
            unworded += [f"{where}: {found!r}" for found in _unworded(text)]
        assert not unworded, "\n".join(unworded[:10])
        if others:  # the bots' moves were read out (with the answers to the player's own moves, or refreshes)
            assert news.locator("p").count() > 0
        print(f"\n{slug}: a whole game keyboard-only, {actions} presses of Enter, {tabs} of Tab")
    finally:
        context.close()
