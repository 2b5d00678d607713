"""Issue 46 in a browser: a player registers for a Swiss, plays her round-1 game on its page, and reads the
standings, at desktop size and on a phone (390×844: nothing scrolls sideways but the standings' own box)."""

import os
from pathlib import Path

import pytest

from competitions import services as cs
from competitions import tasks
from competitions.models import Competition, Entry, Table
from play.models import Game
from tests.browser.helpers import log_in
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIDEWAYS = "() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"


def _shots_dir(tmp_path) -> Path:
    # COMPETITION_SCREENSHOTS=<folder> keeps them (to look at); otherwise the test's own folder.
    return Path(os.environ.get("COMPETITION_SCREENSHOTS") or tmp_path)


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_register_play_a_round_and_read_the_standings(new_page, live_server, tmp_path, size):
    organiser = make_user("organiser", staff=True)
    alice = make_user("alice")
    competition = cs.competition_create(creator=organiser, name="Winter cup", kind="swiss", game_type="race",
                                        seats=2, rounds=2, max_players=4)
    for _ in range(3):
        cs.entry_register(competition_id=competition.pk, user=organiser, bot_level="random")
    page = new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    base = live_server.url
    log_in(page, base, "alice")
    page.goto(f"{base}/competitions/")
    page.click("text=Winter cup")
    page.click("button:has-text('Register')")
    page.wait_for_selector("text=You are registered.")
    competition.refresh_from_db()
    assert competition.status == Competition.Status.RUNNING  # the fourth entry filled it
    entry = Entry.objects.get(competition=competition, user=alice)
    table = next(t for t in Table.objects.filter(round__competition=competition) if entry.pk in t.entries)
    # Her game, from the round's list on the competition's page.
    page.goto(f"{base}/competitions/{competition.pk}/")
    assert page.evaluate(SIDEWAYS) <= 0
    page.click(f"a[href='/games/{table.game_id}/']:has-text('Table')")
    page.wait_for_url(f"**/games/{table.game_id}/")
    for _ in range(30):
        game = Game.objects.get(pk=table.game_id)
        if game.status == Game.Status.FINISHED:
            break
        if game.seats.filter(user=alice, owes_move=True).exists():
            page.wait_for_selector("form.move-form button")
            version = game.version
            page.click("form.move-form button")
            for _ in range(50):  # the move lands (the bot answers on commit)
                if Game.objects.get(pk=table.game_id).version > version:
                    break
                page.wait_for_timeout(100)
        else:
            page.wait_for_timeout(200)
    assert Game.objects.get(pk=table.game_id).status == Game.Status.FINISHED
    # The round's other game is bots' only; once every game is over the periodic task closes the round.
    for _ in range(50):
        if not Game.objects.filter(competition_table__round__competition=competition,
                                   status=Game.Status.ACTIVE).exists():
            break
        page.wait_for_timeout(200)
    assert tasks.advance() == {competition.pk: "closed,paired"}
    # "My games" names the competition and round of her new game.
    page.goto(f"{base}/games/mine/")
    assert page.locator("a.competition-badge", has_text="Winter cup, round 2").count() == 1
    page.goto(f"{base}/competitions/{competition.pk}/")
    standings = page.locator("#standings")
    assert standings.locator("th", has_text="Buchholz").count() == 1
    assert standings.locator("th", has_text="Head-to-head").count() == 1
    rows = standings.locator("tbody tr")
    assert rows.count() == 4
    mine = standings.locator("tr.me")
    game = Game.objects.get(pk=table.game_id)
    my_rank = game.result["ranks"][table.entries.index(entry.pk)]
    assert mine.locator("td").nth(2).inner_text() == ("1" if my_rank == 1 else "0")
    assert mine.locator(f"a[href='/games/{table.game_id}/']").inner_text() == f"#{my_rank}"
    assert page.evaluate(SIDEWAYS) <= 0  # the page never scrolls sideways (the table scrolls in its box)
    name = "desktop" if size[0] > 700 else "phone"
    page.screenshot(path=str(_shots_dir(tmp_path) / f"competition-standings-{name}.png"), full_page=True)
