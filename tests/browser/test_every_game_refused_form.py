"""Issue 40: a move refused from a game's OWN form never blanks the page. In each of the four games the player
fills the game's real form the way testers did, so that the game refuses it: Cité's offer with nothing in it and
an offer with no recipient, Small City's Factory with its Warehouse on a square its conditions refuse (the page
offers it), Infinite City's and La Città's confirmation of a move the game refuses (their pages offer only legal
moves, so the confirmation's move is changed to one of the game's own type it refuses).

With htmx: the page stays whole (menu, board, move panel), the reason is in the move panel's message box with
the focus on it, and the form keeps what was typed. This runs with DEBUG on, as the demo (`make run`) does: there
django-htmx's htmx_script tag added django-htmx.js, which swapped any 400 answer in for the whole document — the
testers' 90 bytes (`<p class="error" …>Choose one or more other players to make the offer to.</p>`) on a blank
page, with nothing typed left and the focus on <body>.

Without JavaScript (a plain POST of the same form's fields, no htmx header): the whole game page with the reason
in its move panel, status 400, HTML and never plain text."""

import json
import re
from unittest import mock
from urllib.parse import urlencode

import pytest

from games.cite import demo as cite_demo
from play import registry, services
from play.models import Game
from play.services import SeatSpec
from tests.browser.helpers import log_in
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = 40  # every game's deal (play.models draws a game's seed from secrets.randbits)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
FOCUS_ON_MESSAGE = "() => document.activeElement === document.querySelector('#move-error .error')"
MARK = "() => { const b = document.querySelector('#game-body'); if (b) b.dataset.old = '1'; }"
FRESH = "() => { const b = document.querySelector('#game-body'); return b && !b.dataset.old; }"
# The form's fields as the browser would send them (every checked box, every typed number).
FORM_FIELDS = "(form) => Array.from(new FormData(form).entries())"


def _game(slug: str, user, players: int) -> Game:
    seats = [SeatSpec("me")] + [SeatSpec("bot", bot_level="random") for _ in range(players - 1)]
    with mock.patch("play.models.secrets.randbits", return_value=SEED):
        game = services.game_create(creator=user, game_type=slug, options={}, seats=seats)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.seed == SEED
    return game


def _my_moves(game: Game, user, choose, until) -> Game:
    """The player's own moves through the services (the bots answer as in play) until ``until(state)``."""
    engine = registry.get(game.game_type)
    for _ in range(20):
        game.refresh_from_db()
        state = engine.load(game.state)
        if until(state):
            return game
        services.move_apply(game_id=game.pk, user=user, move=choose(engine, state), expected_version=game.version)
    raise AssertionError(f"{game.game_type}: not there after 20 moves")


def _click(page, locator) -> None:
    page.evaluate(MARK)
    locator.click()
    page.wait_for_function(FRESH)
    page.wait_for_function(SETTLED)


def _open(page, base: str, game: Game) -> None:
    page.goto(f"{base}/games/{game.pk}/")
    page.wait_for_function(SETTLED)


# Each game: the game on the server, then the page walked to its form (returns the form, and the move the form
# will send when it is changed by the test), then the form filled to be refused (returns what was typed).

def cite_window(user) -> Game:
    """Cité's round 2 (the trading window), among three people (no bot thinks meanwhile): round 1's layout made
    by each as the demo makes it (games/cite/demo.py)."""
    others = [make_user(f"ct-other-{n}") for n in (1, 2)]
    seats = [SeatSpec("me")] + [SeatSpec("invite", username=other.username) for other in others]
    with mock.patch("play.models.secrets.randbits", return_value=SEED):
        game = services.game_create(creator=user, game_type="cite", options={}, seats=seats)
    for other in others:
        services.game_join(game_id=game.pk, user=other)
    engine = registry.get("cite")
    people = [user, *others]
    for _ in range(20):
        game.refresh_from_db()
        state = engine.load(game.state)
        if state.stage != "layout":
            assert game.status == Game.Status.ACTIVE and game.seed == SEED
            return game
        seat, move = cite_demo.next_move(engine, state, {0, 1, 2})
        services.move_apply(game_id=game.pk, user=people[seat], move=move, expected_version=game.version)
    raise AssertionError("Cité: round 1 not over after 20 moves")


def smallcity_plan(user) -> Game:
    """A solo Small City game at its first plan (town hall, Promise and card taken: the first legal moves)."""
    return _my_moves(_game("smallcity", user, 1), user,
                     lambda engine, state: engine.legal_moves(state, 0)[0],
                     lambda state: state.phase == "plan")


def _confirm_form(page):
    form = page.locator("#move-panel form.move-form:has(button.primary)")
    assert form.count() == 1, "no confirmation form"
    return form


def _walk_to_confirm(page, first_choice: str):
    """The first choice named so, then the first choice (or highlighted place) of each step, to the confirm."""
    _click(page, page.locator("#move-panel [data-choice]", has_text=first_choice).first)
    for _ in range(10):
        if page.locator("#move-panel form.move-form:has(button.primary)").count():
            return _confirm_form(page)
        _click(page, page.locator("#game-body [data-choice], #game-body [data-board-target]").first)
    raise AssertionError("no confirmation after 10 steps")


def _changed_move(form) -> str:
    """The confirmation's move with each of its numbers out of the board: one of the game's own moves, refused."""
    move = json.loads(form.locator("[name=move]").input_value())
    changed = {k: (9999 if isinstance(v, int) and not isinstance(v, bool) else v) for k, v in move.items()}
    assert changed != move, move
    text = json.dumps(changed)
    form.locator("[name=move]").evaluate("(field, value) => { field.value = value; }", text)
    return text


def _send(page, form) -> None:
    page.evaluate("() => document.getElementById('move-error').replaceChildren()")
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/move/")) as answer:
        form.locator("button.primary, button.ct-send").first.click()
    assert answer.value.status == 400, answer.value.status
    page.wait_for_timeout(200)  # the answer's swap (or, before the fix, django-htmx.js's whole document)
    page.wait_for_function(SETTLED)


def _assert_whole_with_the_reason(page, form, what: str, reason: str | None) -> str:
    assert page.locator("header.topbar nav").count() == 1, f"{what}: the site's menu is gone"
    assert page.locator("#game-body .board-card").count() == 1, f"{what}: the board is gone"
    assert page.locator("#game-body #move-panel #move-error").count() == 1, f"{what}: the move panel is gone"
    message = page.locator("#move-panel #move-error .error")
    assert message.count() == 1 and message.is_visible(), f"{what}: no message in the move panel"
    text = message.inner_text().strip()
    assert text, f"{what}: an empty message"
    if reason is not None:
        assert text == reason, f"{what}: {text!r}"
    page.wait_for_function(FOCUS_ON_MESSAGE, timeout=3000)
    assert form.evaluate("(form) => form.isConnected"), f"{what}: the form was replaced, what was typed lost"
    return text


def _assert_plain_post_answers_the_page(page, base: str, game: Game, fields: list, reason: str, what: str):
    """The same form's fields POSTed as a browser without JavaScript sends them (no htmx header)."""
    response = page.request.post(f"{base}/games/{game.pk}/move/", data=urlencode([tuple(pair) for pair in fields]),
                                 headers={"Content-Type": "application/x-www-form-urlencoded"},
                                 max_redirects=0)
    html = response.text()
    assert response.status == 400, f"{what} without JavaScript: {response.status}"
    assert response.headers["content-type"].startswith("text/html"), f"{what}: {response.headers['content-type']}"
    assert "<header class=\"topbar\"" in html and "<nav" in html, f"{what} without JavaScript: no menu"
    assert "board-card" in html, f"{what} without JavaScript: no board"
    box = re.search(r'<div id="move-error"[^>]*>(.*?)</div>', html, re.S)
    assert box, f"{what} without JavaScript: no move panel"
    assert reason in box.group(1).replace("&#x27;", "'").replace("&quot;", '"'), box.group(1)


def _page_for(browser, live_server, user, viewport, javascript=True):
    context = browser.new_context(viewport=viewport, locale="en", extra_http_headers={"Accept-Language": "en"},
                                  java_script_enabled=javascript)
    page = context.new_page()
    page.set_default_timeout(15000)
    log_in(page, live_server.url, user.username)
    return context, page


@pytest.fixture
def demo_settings(settings):
    settings.GAME_POLL_INTERVAL_MS = 60_000  # no refresh of the body while the test looks at it
    settings.DEBUG = True  # as the demo (make run) serves the pages
    return settings


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
def test_cite_offer_with_nothing_in_it_or_no_recipient(browser, live_server, demo_settings, viewport):
    """CT: an offer must give or get something and go to someone; both refusals are said in the panel."""
    user = make_user("ct-refused")
    game = cite_window(user)
    version = game.version
    context, page = _page_for(browser, live_server, user, viewport)
    try:
        _open(page, live_server.url, game)
        form = page.locator("#ct-offer-form")
        recipients = form.locator("fieldset.ct-to:not(.ct-rounds) input[type=checkbox]")
        assert recipients.count() >= 1
        # 1. Nothing filled in: the recipients as the page offers them, every count 0.
        for i in range(recipients.count()):
            recipients.nth(i).check()
        _send(page, form)
        empty = _assert_whole_with_the_reason(page, form, "an empty offer", None)
        assert all(recipients.nth(i).is_checked() for i in range(recipients.count())), "the recipients were lost"
        fields = form.evaluate(FORM_FIELDS)
        _assert_plain_post_answers_the_page(page, live_server.url, game, fields, empty, "an empty offer")
        # 2. Something to give and to get, but no recipient.
        _open(page, live_server.url, game)
        form = page.locator("#ct-offer-form")
        recipients = form.locator("fieldset.ct-to:not(.ct-rounds) input[type=checkbox]")
        for i in range(recipients.count()):
            recipients.nth(i).uncheck()
        give = form.locator("input[name^='field:give:']:not([max='0'])").first
        get = form.locator("input[name^='field:get:']:not([max='0'])").first
        give.fill("1")
        get.fill("1")
        _send(page, form)
        _assert_whole_with_the_reason(page, form, "an offer to no one",
                                      "Choose one or more other players to make the offer to.")
        assert (give.input_value(), get.input_value()) == ("1", "1"), "what was typed was lost"
        fields = form.evaluate(FORM_FIELDS)
        _assert_plain_post_answers_the_page(page, live_server.url, game, fields,
                                            "Choose one or more other players to make the offer to.",
                                            "an offer to no one")
    finally:
        context.close()
    # 3. The same offer to no one from a browser without JavaScript: the form's own submission.
    context, page = _page_for(browser, live_server, user, viewport, javascript=False)
    try:
        page.goto(f"{live_server.url}/games/{game.pk}/")
        form = page.locator("#ct-offer-form")
        for box in form.locator("fieldset.ct-to:not(.ct-rounds) input[type=checkbox]").all():
            box.uncheck()
        form.locator("input[name^='field:give:']:not([max='0'])").first.fill("1")
        with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/move/")) as answer:
            form.get_by_role("button", name="Send the offer").click()
        assert answer.value.status == 400 and answer.value.headers["content-type"].startswith("text/html")
        page.wait_for_load_state()
        assert page.locator("header.topbar nav").count() == 1 and page.locator("#game-body .board-card").count() == 1
        assert page.locator("#move-panel #move-error .error").inner_text().strip() == \
            "Choose one or more other players to make the offer to."
    finally:
        context.close()
    game.refresh_from_db()
    assert game.version == version, "a refused offer changed the game"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
def test_smallcity_factory_with_its_warehouse_where_the_rules_refuse(browser, live_server, demo_settings, viewport):
    """SC33: a new Factory and its Warehouse walked on the page (only squares the rules allow are lit), the
    confirmation then sent with its squares off the board: the game refuses it."""
    user = make_user("sc-refused")
    game = smallcity_plan(user)
    version = game.version
    context, page = _page_for(browser, live_server, user, viewport)
    try:
        _open(page, live_server.url, game)
        _click(page, page.locator("#move-panel a.choice", has_text="Build").first)
        _click(page, page.locator("#move-panel a.choice", has_text="Factory").first)
        targets = page.locator("svg a.sc-target")
        _click(page, targets.first)  # the Factory's square (C1)
        _click(page, page.locator("svg a.sc-target").first)  # its Warehouse, on a square the rules allow
        _click(page, page.locator("#move-panel a.choice").first)  # side A
        form = _confirm_form(page)
        assert "Warehouse" in page.locator("[data-confirm-text]").inner_text()
        move = _changed_move(form)
        _send(page, form)
        reason = _assert_whole_with_the_reason(page, form, "Small City", None)
        assert form.locator("[name=move]").input_value() == move
        _assert_plain_post_answers_the_page(page, live_server.url, game, form.evaluate(FORM_FIELDS), reason,
                                            "Small City")
    finally:
        context.close()
    game.refresh_from_db()
    assert game.version == version and not game.seats.get().draft, "a refused build went into the plan"


@pytest.mark.parametrize(("slug", "first_choice"), [("infinitecity", ""), ("lacitta", "Build a small building")])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
def test_a_confirmed_move_the_game_refuses(browser, live_server, demo_settings, viewport, slug, first_choice):
    """IC and La Città: the confirmation form of a move walked by the page, sent changed so the game refuses it."""
    user = make_user(f"{slug[:6]}-confirm")
    game = _game(slug, user, 2)
    version = game.version
    context, page = _page_for(browser, live_server, user, viewport)
    try:
        _open(page, live_server.url, game)
        form = _walk_to_confirm(page, first_choice)
        move = _changed_move(form)
        _send(page, form)
        reason = _assert_whole_with_the_reason(page, form, slug, None)
        assert form.locator("[name=move]").input_value() == move
        _assert_plain_post_answers_the_page(page, live_server.url, game, form.evaluate(FORM_FIELDS), reason, slug)
    finally:
        context.close()
    game.refresh_from_db()
    assert game.version == version, f"{slug}: a refused move changed the game"
