"""Issue 19: La Città played with the keyboard alone, and read by a screen reader.

- Each kind of move (take gold, build on a highlighted hex, a politics card, pass, place a castle, the
  2–2 Voice's choice, feeding, demolition) is made with Tab and Enter only, in a bounded number of key
  presses: the skip link to the move panel, then after each step the focus is on the next question, and
  the first choice is one Tab away.
- A whole game against a bot is played keyboard-only.
- The accessibility tree (Playwright's aria snapshot) names the places a player must choose between, on
  the board (a named group, not an image) and in the move panel.
- A polite live region reads the other seat's move and "your move"; the title says it; the focus stays
  where it was when the page refreshes itself.
"""

import re

import pytest

from community.services import chat_post
from play import services
from play.models import Game
from play.services import SeatSpec, game_create
from tests.browser.helpers import log_in
from tests.lacitta.helpers import ENGINE, find_decision, lacitta_game
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOCUSED = """([sel, text]) => { const e = document.activeElement; return !!e && e.matches(sel) &&
    (!text || (e.textContent || '').includes(text)); }"""
# (functions, not expressions: the site's content security policy forbids eval, which a string needs)
ON_PROMPT = "() => !!document.activeElement && document.activeElement.hasAttribute('data-step-focus')"
NEW_VERSION = "(v) => document.getElementById('game-body').dataset.version !== v"


class Keyboard:
    """Key presses on one page, counted (Tab and the others apart)."""

    def __init__(self, page):
        self.page, self.tabs, self.presses = page, 0, 0

    def press(self, key):
        self.page.keyboard.press(key)
        self.presses += 1
        self.tabs += key == "Tab"

    def tab_to(self, selector, text="", limit=120):
        for _ in range(limit):
            self.press("Tab")
            if self.page.evaluate(FOCUSED, [selector, text]):
                return
        raise AssertionError(f"Tab never reached {selector} {text!r}")

    def has(self, selector, text=""):
        locator = self.page.locator(selector)
        return (locator.filter(has_text=text) if text else locator).count() > 0


def open_game(browser, live_server, user, game, *, poll_ms=60_000, settings=None):
    context = browser.new_context(locale="en", extra_http_headers={"Accept-Language": "en"},
                                  viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(15000)
    log_in(page, live_server.url, user.username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    return context, page


def keyboard_move(page, wanted=(), *, prefer=()) -> Keyboard:
    """One whole move, keyboard only, from a freshly loaded page: the skip link, then at each step the
    choice whose text is the next of ``wanted`` (else one of ``prefer``, else the first), then Confirm."""
    keys = Keyboard(page)
    keys.tab_to("a.skip-link", "move panel")
    keys.press("Enter")
    wanted = list(wanted)
    for _ in range(12):
        if keys.has("form.move-form button.primary"):
            keys.tab_to("form.move-form button.primary")
            version = page.locator("#game-body").get_attribute("data-version")
            keys.press("Enter")
            page.wait_for_function(NEW_VERSION, arg=version)
            page.wait_for_function(ON_PROMPT)  # the focus is on the next question (or "waiting")
            return keys
        text = wanted.pop(0) if wanted else next((t for t in prefer if keys.has(".step .choice", t)), "")
        keys.tab_to(".step .choice", text)
        keys.press("Enter")
        page.wait_for_function(ON_PROMPT)
        page.wait_for_selector(".htmx-request, .htmx-swapping, .htmx-settling", state="detached")
    raise AssertionError("no confirmation reached")


def last_move(game):
    return game.moves.order_by("-seq").first().payload


def owes(game):
    return next(s for s in game.seats.order_by("index") if s.owes_move)


def test_each_kind_of_turn_move_keyboard_only(browser, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 60_000
    users = [make_user("kb1"), make_user("kb2")]
    game = lacitta_game(users, seed=11)
    plans = [("build", ["Build a small building", "Farmhouse", "Build a farmhouse here"], 16),
             ("take_gold", ["Take 2 gold"], 10),
             ("politics", ["Take a politics card"], 18),
             ("pass", ["Pass"], 12)]
    counts = {}
    for kind, wanted, bound in plans:
        game.refresh_from_db()
        seat = owes(game)
        context, page = open_game(browser, live_server, seat.user, game)
        keys = keyboard_move(page, wanted)
        context.close()
        game.refresh_from_db()
        assert last_move(game)["type"] == kind
        counts[kind] = (keys.tabs, keys.presses)
        assert keys.presses <= bound, (kind, keys.tabs, keys.presses)
    print("\nkeyboard moves (Tab presses, all key presses):", counts)


@pytest.mark.parametrize("kind, move_type", [("voice_choice", "voice_choice"), ("feeding", "feeding_loss"),
                                             ("demolish", "demolish")])
def test_each_decision_keyboard_only(browser, live_server, settings, kind, move_type):
    settings.GAME_POLL_INTERVAL_MS = 60_000
    game, seat, _users = find_decision(kind)
    context, page = open_game(browser, live_server, game.seats.get(index=seat).user, game)
    keys = keyboard_move(page)
    context.close()
    game.refresh_from_db()
    mine = game.moves.filter(seat=seat).order_by("-seq").first()
    assert mine.payload["type"] == move_type
    assert keys.presses <= 12, (kind, keys.tabs, keys.presses)
    print(f"\n{kind}: {keys.tabs} Tab, {keys.presses} key presses")


def test_castle_placement_keyboard_only(browser, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 60_000
    users = [make_user("kbadv1"), make_user("kbadv2")]
    advanced = {"edition": "classic", "expansion": "none", "setup": "advanced"}
    game = lacitta_game(users, options=advanced, seed=3)
    context, page = open_game(browser, live_server, owes(game).user, game)
    keys = keyboard_move(page)
    context.close()
    game.refresh_from_db()
    assert last_move(game)["type"] == "place_castle"
    assert keys.presses <= 8


def test_a_whole_game_against_a_bot_keyboard_only(browser, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 250
    user = make_user("kbwhole")
    game = game_create(creator=user, game_type="lacitta",
                       options={"edition": "modern", "expansion": "none", "setup": "beginner"},
                       seats=[SeatSpec("me"), SeatSpec("bot", bot_level="greedy")])
    context, page = open_game(browser, live_server, user, game)
    moves = announced = 0
    try:
        for _ in range(300):
            page.wait_for_selector("#game-body[data-your-turn], .lc-end")
            if page.locator(".lc-end").count():
                break
            page.reload()  # each move starts from a loaded page, as the counted moves do
            keyboard_move(page, prefer=("Take 2 gold", "Pass"))
            moves += 1
            announced += page.locator("#game-news p").count()
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED, game.status
        assert page.locator(".lc-end table.chart-data").count() == 1  # the end screen, with its chart's table
        assert moves >= 20
        # the bot's moves were read out (they come with the answers to the player's own moves)
        assert announced > 0
        print(f"\nwhole game keyboard-only: {moves} moves")
    finally:
        context.close()


def test_accessibility_tree_names_the_places_to_choose_between(browser, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 60_000
    users = [make_user("tree1"), make_user("tree2")]
    game = lacitta_game(users, seed=11)
    seat = owes(game)
    context, page = open_game(browser, live_server, seat.user, game)
    page.locator(".choice", has_text="Build a small building").click()
    page.locator(".choice", has_text="Farmhouse").click()
    page.wait_for_selector("svg.board a.target")
    board = page.get_by_role("group", name="The board")
    tree = board.aria_snapshot()
    state = ENGINE.load(Game.objects.get(pk=game.pk).state)
    targets = {m["cell"] for m in ENGINE.legal_moves(state, seat.index)
               if m["type"] == "build" and m["building"] == "farm"}
    board_buttons = re.findall(r'- button "(Build a farmhouse here[^"]*)"', tree)
    assert len(board_buttons) == len(targets) > 1
    assert all("free hex next to your city" in name and "touching" in name for name in board_buttons)
    # the buildings say what, where and whose
    assert re.search(rf'- img "Castle of \w+ \(seat [AB], {users[0].username}\), \d+ citizens', tree)
    assert "farmland" in tree
    panel = page.locator(".moves-card").aria_snapshot()
    panel_buttons = re.findall(r'- button "(Build a farmhouse here[^"]*)"', panel)
    assert len(panel_buttons) == len(targets)
    # the move panel comes before the board in reading order
    order = page.evaluate("""() => { const p = document.querySelector('.board-choices button');
        const b = document.querySelector('svg.board');
        return !!(p.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING); }""")
    assert order
    # a target on the board is a button: Space presses it
    page.locator("svg.board a.target").first.focus()
    page.keyboard.press(" ")
    page.wait_for_selector("form.move-form button.primary")
    context.close()


def test_other_seats_move_is_announced_and_focus_stays_put(browser, live_server, settings):
    settings.GAME_POLL_INTERVAL_MS = 300
    users = [make_user("news1"), make_user("news2")]
    game = lacitta_game(users, seed=11)
    mover = owes(game)
    watcher = game.seats.exclude(index=mover.index).get()
    context, page = open_game(browser, live_server, watcher.user, game)
    assert "(Your move)" not in page.title()
    page.locator(".lc-cities").focus()  # reading the cities table while waiting
    services.move_apply(game_id=game.pk, user=mover.user, move={"type": "take_gold"},
                        expected_version=game.version)
    news = page.locator("#game-news")
    page.wait_for_function("() => document.getElementById('game-news').textContent.includes('takes 2 gold')")
    assert news.get_attribute("role") == "log" and news.get_attribute("aria-live") == "polite"
    game.refresh_from_db()
    assert owes(game).index == watcher.index
    page.wait_for_function("() => document.title.includes('(Your move)')")
    assert "It is your move." in news.inner_text()
    assert page.evaluate("document.activeElement.classList.contains('lc-cities')")  # not lost to <body>
    # a chat message from the other player is read out too (the chat polls on its own, every 5 s)
    page.wait_for_selector(".chat-lines", state="attached")
    chat_post(game_id=game.pk, user=mover.user, text="Nice castle!")
    page.wait_for_function("() => document.getElementById('game-news').textContent.includes('Nice castle!')",
                           timeout=12000)
    assert f"{mover.user.username}: Nice castle!" in news.inner_text()
    context.close()
