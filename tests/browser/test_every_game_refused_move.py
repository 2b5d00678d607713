"""Issue 40: a refused move is answered inside the move panel, in every registered game (La Città, Infinite City,
Small City, Cité, the test games, and any game added later). The player opens a move form (walking a move's steps
where the game has them), types into it, and sends a move the game refuses; the page stays whole (menu, board,
move panel), the reason is in the panel's message box with the focus on it, and the form keeps what was typed.

Twice in each game: a move of a type the game does not have (the service's 400, sent to the message box by the
server) and a field holding a NUL character (a middleware's plain-text 400, which no view words: before the fix
it replaced the game body, board and panel with its bare text)."""

from unittest import mock

import pytest

from play import registry, services
from play.models import Game
from play.services import SeatSpec
from tests.browser.helpers import log_in
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = 40  # the deal of every game here (play.models draws a game's seed from secrets.randbits)
MOVE_FORM = "#move-panel form[action$='/move/']"
STEP = "#game-body [data-choice], #game-body [data-board-target]"
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
FOCUS_ON_MESSAGE = "() => document.activeElement === document.querySelector('#move-error .error')"
# A field a person types into (not the plumbing's hidden ones): the first of the form, its value changed.
TYPE_INTO_FORM = """(form) => {
  const field = form.querySelector("input[type=number], input[type=text], textarea");
  if (!field) { return null; }
  field.value = field.type === "number" ? (field.min && field.max && field.min !== field.max
      ? String(Number(field.min) + 1) : (field.max || "1")) : "typed";
  return field.value;
}"""
# The move the form sends (a list of moves, generic_moves.html's plain form: one more choice, chosen).
SET_MOVE = """(form, move) => {
  const field = form.querySelector("[name=move]");
  if (field.tagName === "SELECT") { field.add(new Option("refused", move, true, true)); }
  field.value = move;
}"""
UNKNOWN_MOVE = '{"type": "no-such-move-40"}'
NUL_MOVE = '{"type": "nul\x00"}'  # a real NUL character: the middleware refuses it before any view


def _started_against_bots(slug: str, user) -> Game:
    definition = registry.definition(slug)
    engine = definition.engine
    players = max(engine.min_players, min(2, engine.max_players))  # a solo game alone
    options = dict(definition.demo_options[0]) if definition.demo_options else {}
    seats = [SeatSpec("me")] + [SeatSpec("bot", bot_level="random") for _ in range(players - 1)]
    with mock.patch("play.models.secrets.randbits", return_value=SEED):
        game = services.game_create(creator=user, game_type=slug, options=options, seats=seats)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def _open_a_move_form(page, slug: str):
    """The game's first move form: at once, or after the steps of a move (the first choice of each)."""
    for _ in range(30):
        page.wait_for_function(SETTLED)
        forms = page.locator(MOVE_FORM)
        if forms.count():
            return forms.first
        page.locator(STEP).first.click()
        page.wait_for_timeout(100)
    raise AssertionError(f"{slug}: no move form after 30 steps")


def _send_refused(page, form, move: str):
    form.evaluate(SET_MOVE, move)
    typed = form.evaluate(TYPE_INTO_FORM)
    page.evaluate("() => { const box = document.getElementById('move-error'); box.replaceChildren(); }")
    form.locator("button").first.click()
    page.wait_for_selector("#move-error .error", state="attached")
    page.wait_for_function(SETTLED)
    return typed


def _assert_whole_with_the_reason(page, form, slug: str, move: str, typed, reason: str | None):
    assert page.locator("header.topbar nav").count() == 1, f"{slug}: the site's menu is gone"
    assert page.locator("#game-body .board-card").count() == 1, f"{slug}: the board is gone"
    assert page.locator("#game-body #move-panel #move-error").count() == 1, f"{slug}: the move panel is gone"
    message = page.locator("#move-panel #move-error .error")
    assert message.count() == 1 and message.is_visible(), f"{slug}: no message in the move panel"
    text = message.inner_text().strip()
    assert text, f"{slug}: an empty message"
    if reason is not None:
        assert text == reason, f"{slug}: {text!r}"
    page.wait_for_function(FOCUS_ON_MESSAGE, timeout=3000)
    assert form.evaluate("(form) => form.isConnected"), f"{slug}: the form was replaced, what was typed lost"
    assert form.evaluate("(form) => form.querySelector('[name=move]').value") == move
    if typed is not None:
        kept = form.evaluate("(form) => form.querySelector('input[type=number], input[type=text], textarea').value")
        assert kept == typed, f"{slug}: typed {typed!r}, the form shows {kept!r}"


@pytest.mark.parametrize("slug", [d.slug for d in registry.definitions()])
def test_a_refused_move_is_answered_in_the_move_panel(new_page, live_server, settings, slug):
    settings.GAME_POLL_INTERVAL_MS = 60_000  # no refresh of the body while the test looks at it
    user = make_user(f"{slug[:8]}-refused")
    game = _started_against_bots(slug, user)
    page = new_page()
    log_in(page, live_server.url, user.username)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    form = _open_a_move_form(page, slug)
    version = game.version

    typed = _send_refused(page, form, UNKNOWN_MOVE)
    _assert_whole_with_the_reason(page, form, slug, UNKNOWN_MOVE, typed, None)

    typed = _send_refused(page, form, NUL_MOVE)
    _assert_whole_with_the_reason(page, form, slug, NUL_MOVE, typed,
                                  "The request contains a NUL character, which no field accepts.")
    game.refresh_from_db()
    assert game.version == version, f"{slug}: a refused move changed the game"
