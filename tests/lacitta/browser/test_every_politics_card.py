"""Issue 13: every politics card of both editions and of the Pays de Cocagne expansion is played by a
person in a browser, by clicking the page's own choices and board targets to Confirm (R40–R45).
Each card gets a fresh game where it lies face up in the row and its player can pay for it (the
position is set up through the services and the engine); the move applied is that card, and the
address after Confirm is the plain game page (defect 2)."""

import pytest

from games.lacitta.engine.constants import BASE_DECK, EXPANSION_DECK
from games.lacitta.texts import card_name
from play import services
from play.models import Game, Move
from tests.browser.helpers import log_in
from tests.lacitta.helpers import ENGINE, lacitta_game
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# a choice of the move panel (the board's targets listed as buttons are clicked on the board here)
CHOICE = ".step .choice:not(.board-choices .choice)"

DECKS = [
    ({"edition": "classic", "expansion": "none", "setup": "beginner"}, BASE_DECK),
    ({"edition": "modern", "expansion": "none", "setup": "beginner"}, BASE_DECK),
    ({"edition": "modern", "expansion": "cocagne", "setup": "beginner"}, EXPANSION_DECK),
]
# Cards that need something in the player's city first: a building with a service, a farm.
PREPARE = {"bread_and_games": "school", "rich_harvest": "farm"}


def service_move(game, seat, move):
    user = game.seats.get(index=seat).user
    return services.move_apply(game_id=game.pk, user=user, move=move, expected_version=game.version)


def game_with_card_up(users, options, card):
    """A fresh game where the first player may take ``card`` from the first slot of the row."""
    game = lacitta_game(users, options=options)
    state = ENGINE.load(game.state)
    me = min(ENGINE.pending(state))
    if card in PREPARE:
        build = next(m for m in ENGINE.legal_moves(state, me)
                     if m["type"] == "build" and m["building"] == PREPARE[card])
        game = service_move(game, me, build)
        other = min(ENGINE.pending(ENGINE.load(game.state)))
        game = service_move(game, other, {"type": "take_gold"})
    state = ENGINE.load(game.state)
    assert ENGINE.pending(state) == {me}
    if state.pol_row[0] != card:
        # Swap the card into the first slot with wherever it lies, so the decks stay whole (load checks them).
        for pile in (state.pol_row, state.pol_deck, state.pol_discard):
            if card in pile:
                pile[pile.index(card)] = state.pol_row[0]
                break
        else:
            raise AssertionError(f"{card} is in no pile")
        state.pol_row[0] = card
    state.players[me] = dict(state.players[me], gold=10)
    assert any(m["type"] == "politics" and m["slot"] == 0 for m in ENGINE.legal_moves(state, me)), card
    Game.objects.filter(pk=game.pk).update(state=ENGINE.dump(state))
    game.refresh_from_db()
    return game, me


def click(page, locator):
    """Click a step link and wait until htmx has swapped the new step in."""
    locator.click()
    page.wait_for_selector(".htmx-request, .htmx-swapping, .htmx-settling", state="detached")


def click_to_confirm(page, label):
    click(page, page.locator(CHOICE, has_text="Take a politics card"))
    click(page, page.locator(CHOICE, has_text=label).first)
    for _ in range(12):
        confirm = page.locator("form.move-form button.primary")
        if confirm.count():
            confirm.first.click()
            return
        if page.locator("svg.board a.target").count():
            click(page, page.locator("svg.board a.target").first)  # a highlighted hex
        else:
            click(page, page.locator(CHOICE).first)
    raise AssertionError(f"no confirmation reached for {label}")


@pytest.mark.parametrize("options,deck", DECKS, ids=["classic", "modern", "cocagne"])
def test_every_politics_card_is_played_in_a_browser(new_page, live_server, options, deck):
    tag = options["edition"][0] + options["expansion"][0]
    users = [make_user(f"card{tag}a"), make_user(f"card{tag}b")]
    pages = {}
    for user in users:
        pages[user.pk] = new_page()
        log_in(pages[user.pk], live_server.url, user.username)
    played = set()
    for card in deck:
        game, seat = game_with_card_up(users, options, card)
        user = game.seats.get(index=seat).user
        page = pages[user.pk]
        page.goto(f"{live_server.url}/games/{game.pk}/")
        before = game.version
        click_to_confirm(page, card_name(card, options["edition"]))
        page.wait_for_selector(f'#game-body:not([data-version="{before}"])')
        move = Move.objects.get(game=game, seq=before + 1)
        assert move.seat == seat and move.by_user_id == user.pk and move.payload["type"] == "politics"
        taken = [e["params"]["card"] for e in move.log if e["key"] == "lacitta.politics"]
        assert taken == [card], (card, move.payload, taken)
        assert "?m=" not in page.url and page.url.rstrip("/").endswith(f"/games/{game.pk}")
        played.add(card)
    assert played == set(deck)
