"""Issue 29: every registered game (La Città, Infinite City, the test games, and any game added later) on a
phone (390×844), walked like a person through a move: at each step the page never scrolls sideways, every
control on screen is a finger's size (44×44 CSS px; a link inside a sentence excepted), the next thing to
press is on screen, the focus is on the next question, and axe (WCAG 2.2 A/AA and best practices) finds
nothing. The platform gives these to every game: its shell, the move panel's focus, the zoom bar."""

import random

import pytest

from kit import params
from play import registry, services
from play.models import Game
from play.services import SeatSpec
from tests.browser.axe import describe
from tests.browser.helpers import log_in
from tests.platform.factories import make_user, race_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH, HEIGHT = 390, 844
TAP = 43.5  # 44 CSS px, less the rounding of fractional layouts

# Every control that is visible on screen and smaller than a finger, with why it is not excepted.
SMALL_TARGETS = """tap => {
  const out = [];
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]';
  for (const el of document.querySelectorAll(controls)) {
    if (!el.getClientRects().length || el.closest('.visually-hidden, [hidden]')) { continue; }
    const box0 = el.getBoundingClientRect(); if (!box0.width || !box0.height) { continue; }  // nothing to tap
    if (getComputedStyle(el).visibility === 'hidden') { continue; }
    if (el.classList.contains('skip-link') && document.activeElement !== el) { continue; }  // shown on focus
    const r = el.getBoundingClientRect();
    const box = el.closest('[data-board]');  // on the board: only what the box shows
    if (box && box !== el) {
      const b = box.getBoundingClientRect();
      if (r.right <= b.left || r.left >= b.right || r.bottom <= b.top || r.top >= b.bottom) { continue; }
    }
    if (r.width >= tap && r.height >= tap) { continue; }
    const style = getComputedStyle(el);
    const parent = el.parentElement;
    if (el.tagName === 'A' && style.display === 'inline' && parent
        && parent.textContent.trim().length > el.textContent.trim().length) { continue; }  // in a sentence
    if (el.labels && [...el.labels].some(l => { const q = l.getBoundingClientRect();
        return q.width >= tap && q.height >= tap; })) { continue; }  // a label a finger's size
    const text = (el.textContent || el.value || '').trim().slice(0, 30);
    const size = `${Math.round(r.width)}×${Math.round(r.height)}`;
    out.push(`${el.tagName}.${el.getAttribute('class') || ''} "${text}" ${size}`);
  }
  return out;
}"""

# What sticks out at the right (the innermost elements first: the culprits).
WIDE = """w => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w + 0.5)
  .filter(e => ![...e.children].some(c => c.getBoundingClientRect().right > w + 0.5)).slice(0, 5)
  .map(e => { const path = []; for (let a = e; a && a !== document.body; a = a.parentElement) {
      const cls = a.getAttribute('class') ? '.' + a.getAttribute('class').split(' ')[0] : '';
      path.push(a.tagName + (a.id ? '#' + a.id : '') + cls + ':' + Math.round(a.getBoundingClientRect().right)); }
    return `${path.slice(0, 12).join(' < ')} ${Math.round(e.getBoundingClientRect().right)}`; })"""

ON_SCREEN = """el => { const r = el.getBoundingClientRect();
  const box = el.closest('[data-board]'); const b = box ? box.getBoundingClientRect() : null;
  const inBox = !b || (r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom);
  return r.width > 0 && r.bottom > 0 && r.top < window.innerHeight && inBox; }"""

# The next thing to press: Confirm, or one of the step's choices (listed, or highlighted on the board).
CONFIRM = "#move-panel button.primary"
CHOICES = "#game-body [data-choice], #game-body [data-board-target]"
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa",
                                                     "best-practice"]}, "resultTypes": ["violations"]}


# What the board shows or offers under a zoom button at the board's top (the box scrolled to its top for the
# look, then put back): its words (column letters, city names, numbers) and the hexes to tap. On a phone the
# buttons float over the box's top right corner (site.css); panned, the board passes under them as a map does.
# 2 px: a glyph box's leading.
UNDER_ZOOM = """() => { const out = [];
  for (const bar of document.querySelectorAll('[data-zoom-bar]')) {
    const box = bar.parentElement.querySelector('[data-board]'); if (!box) { continue; }
    const kept = box.scrollTop; box.scrollTop = 0;
    const b = box.getBoundingClientRect();
    const buttons = [...bar.querySelectorAll('button')].map(x => x.getBoundingClientRect()).filter(r => r.width);
    for (const t of box.querySelectorAll('svg text, [data-board-target]')) {
      const r = t.getBoundingClientRect();
      if (!r.width || r.bottom <= b.top || r.top >= b.bottom || r.right <= b.left || r.left >= b.right) { continue; }
      const under = x => r.left < x.right - 2 && r.right > x.left + 2 && r.top < x.bottom - 2 && r.bottom > x.top + 2;
      if (buttons.some(under)) { out.push(t.textContent.trim().slice(0, 20) || t.getAttribute('aria-label')); } }
    box.scrollTop = kept; }
  return out; }"""


def _check(page, where: str, problems: list[str], *, axe: bool = True) -> None:
    covered = page.evaluate(UNDER_ZOOM)
    if covered:
        problems.append(f"{where}: the zoom buttons cover the board's {covered}")
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > WIDTH:
        wide = page.evaluate(WIDE, WIDTH)
        problems.append(f"{where}: the page is {width} px wide: {wide}")
    for small in page.evaluate(SMALL_TARGETS, TAP):
        problems.append(f"{where}: under 44 px: {small}")
    if axe:
        from axe_playwright_python.sync_playwright import Axe

        found = Axe().run(page, options=AXE_OPTIONS).response["violations"]
        if found:
            problems.append(f"{where}: axe:\n{describe(found)}")


def _visible_one(page, selector: str):
    """The first element of ``selector`` that is on screen, else None."""
    for handle in page.query_selector_all(selector):
        if handle.evaluate(ON_SCREEN):
            return handle
    return None


def _started_game(slug: str, users) -> Game:
    definition = registry.definition(slug)
    engine = definition.engine
    options = dict(definition.demo_options[0]) if definition.demo_options else {}
    seats = [SeatSpec("me")] + [SeatSpec("open") for _ in users[1:]]
    game = services.game_create(creator=users[0], game_type=slug, options=options, seats=seats)
    Game.objects.filter(pk=game.pk).update(seed=3)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and engine.min_players <= len(users)
    return game


def _seat_to_move(game: Game) -> int:
    engine = registry.get(game.game_type)
    return min(engine.pending(engine.load(game.state)))


def _play_to_the_end(game: Game, users, max_moves: int = 4000) -> Game:
    engine, rng = registry.get(game.game_type), random.Random(7)
    for _ in range(max_moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        state = engine.load(game.state)
        seat = min(engine.pending(state))
        move = params.concrete(engine, state, seat, rng.choice(engine.legal_moves(state, seat)), rng)
        services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("slug", [d.slug for d in registry.definitions()])
def test_a_move_on_a_phone_then_the_end(browser, live_server, settings, slug):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    settings.GAME_POLL_INTERVAL_MS = 60_000  # the page changes only by this test's taps
    engine = registry.get(slug)
    players = max(engine.min_players, min(2, engine.max_players))  # a solo game too
    users = [make_user(f"{slug[:8]}-phone{i}") for i in range(players)]
    game = _started_game(slug, users)
    seat = _seat_to_move(game)
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True,
                                  locale="en", extra_http_headers={"Accept-Language": "en"})
    problems: list[str] = []
    try:
        page = context.new_page()
        page.set_default_timeout(15000)
        log_in(page, live_server.url, users[seat].username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        _check(page, "the game page", problems)
        menu = page.locator(".menu-toggle")  # the top bar is a menu
        menu.click()
        assert page.locator(".site-menu a", has_text="My games").is_visible()
        menu.click()
        for step in range(1, 9):
            confirm = _visible_one(page, CONFIRM)
            if confirm is not None:
                before = game.version
                confirm.click()
                page.wait_for_selector(f'#game-body:not([data-version="{before}"])')
                _check(page, f"after the move (step {step})", problems)
                break
            choice = _visible_one(page, CHOICES)
            assert choice is not None, f"step {step}: nothing to press on screen\n" + "\n".join(problems)
            url = page.url
            choice.click()
            page.wait_for_url(lambda now, url=url: now != url)
            try:  # htmx settles, site.js moves the focus (on this loaded machine, not always in 150 ms)
                page.wait_for_function("() => { const a = document.activeElement;"
                                       " return a.hasAttribute('data-step-focus') || a.id === 'move-panel'; }",
                                       timeout=3000)
            except PlaywrightTimeout:
                problems.append(f"step {step}: the focus is not on the next question")
            if _visible_one(page, CONFIRM) is None and _visible_one(page, CHOICES) is None:
                problems.append(f"step {step}: the next thing to press is off screen")
            _check(page, f"step {step}", problems, axe=step == 1)
        else:
            problems.append("no Confirm after 8 steps")
        game.refresh_from_db()
        game = _play_to_the_end(game, users)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        _check(page, "the end", problems)
    finally:
        context.close()
    assert not problems, "\n".join(problems)


SITE_PAGES = ["/", "/games/mine/", "/games/new/", "/ratings/", "/me/preferences/"]


def test_the_site_pages_on_a_phone(browser, live_server):
    """The shell's own pages at 390 px (and the log-in page at 320 px, WCAG's reflow width): no sideways scroll,
    every control a finger's size, the top bar a menu."""
    user = make_user("site-phone")
    race_game(user, bots=("random",))  # a row in "My games" and the lobby's "your turn": its link a finger's size
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True,
                                  locale="en", extra_http_headers={"Accept-Language": "en"})
    problems: list[str] = []
    try:
        page = context.new_page()
        page.set_default_timeout(15000)
        for path in ("/accounts/login/", "/accounts/signup/"):
            page.goto(live_server.url + path)
            _check(page, path, problems, axe=False)
        log_in(page, live_server.url, user.username)
        for path in SITE_PAGES + [f"/players/{user.username}/", f"/players/{user.username}/history/"]:
            page.goto(live_server.url + path)
            _check(page, path, problems, axe=False)
        page.set_viewport_size({"width": 320, "height": 700})
        page.goto(live_server.url + "/games/new/")
        if page.evaluate("document.documentElement.scrollWidth") > 320:
            problems.append("the new-game form is wider than 320 px")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
