"""Issue 42: the quarters on the district sheet carry the names the rulebook's sheet gives them (« Quartier du
joueur 1 » bottom left … « 4 » top right) with whose they are (player and profession), in full inside the sheet
(never cut off at its edge or running into the next quarter, at 390×844 and 1280×800), for a screen reader too,
and said beside the sheet whatever part of it is scrolled into view."""

import re

import pytest

from tests.browser.helpers import log_in
from tests.browser.test_every_game_refused_form import DESKTOP, PHONE, _open, _page_for, cite_window
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each label's box, its quarter's box and the sheet's, in the picture's own units (whatever is scrolled).
BOXES = """() => Array.from(document.querySelectorAll('svg.ct-board .ct-qname')).map(t => {
  const q = +t.dataset.quarter, r = t.getBBox(), sheet = t.ownerSVGElement.viewBox.baseVal;
  const quarter = document.querySelectorAll('svg.ct-board rect.ct-q')[q].getBBox();
  const seen = t.getBoundingClientRect(), box = document.querySelector('div.ct-board').getBoundingClientRect();
  return {q, text: Array.from(t.querySelectorAll('tspan')).map(s => s.textContent),
          label: [r.x, r.y, r.x + r.width, r.y + r.height],
          quarter: [quarter.x, quarter.y, quarter.x + quarter.width, quarter.y + quarter.height],
          sheet: [0, 0, sheet.width, sheet.height],
          buildings: Array.from(document.querySelectorAll('svg.ct-board .ct-b rect')).map(b => {
            const o = b.getBBox(); return [o.x, o.y, o.x + o.width, o.y + o.height]; }),
          seen: [seen.left, seen.top, seen.right, seen.bottom], box: [box.left, box.top, box.right, box.bottom]};
})"""


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(inner, outer) -> bool:
    return inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_quarters_are_labelled_as_the_rulebook_names_them_in_full_inside_the_sheet(browser, live_server,
                                                                                        settings, size):
    settings.GAME_POLL_INTERVAL_MS = 60_000  # no refresh of the body while the test looks at it
    user = make_user("ct-a-rather-long-player-name")
    game = cite_window(user)
    seats = {s["quarter"]: (game.seats.get(index=i).user.username, s["profession"])
             for i, s in enumerate(game.state["seats"])}
    professions = {"sawyer": "Sawyer", "stonecutter": "Stonecutter", "smith": "Smith", "weaver": "Weaver"}
    context, page = _page_for(browser, live_server, user, size)
    try:
        _open(page, live_server.url, game)
        labels = page.evaluate(BOXES)
        assert sorted(label["q"] for label in labels) == [0, 1, 2, 3]
        for label in labels:
            q = label["q"]
            assert label["text"][0] == f"Player {q + 1}'s quarter"
            if q in seats:
                name, profession = seats[q]
                whole = f"{name}, {professions[profession]}"
                # in full, or (too long for the quarter) cut with "…": the title says it whole
                assert label["text"][1] == whole or (label["text"][1].endswith("…")
                                                     and whole.startswith(label["text"][1][:-1])), label
            else:
                assert label["text"][1] == "empty (3 players)"
            assert inside(label["label"], label["quarter"]) and inside(label["label"], label["sheet"]), label
            assert not any(overlap(label["label"], b) for b in label["buildings"]), label  # never under one
            if size == DESKTOP:  # the sheet as it opens (scrolled to the player's buildings) shows every label
                assert inside(label["seen"], label["box"]), label
        # Read out: the sheet's accessible tree has each quarter's name and owner; the key beside it says them all.
        tree = page.locator("div.ct-board").aria_snapshot()
        key = page.locator(".ct-quarters-key").inner_text()
        for n in (1, 2, 3, 4):
            assert f"Player {n}'s quarter" in tree and f"Player {n}'s quarter" in key
        for name, profession in seats.values():
            assert f"{name}, {professions[profession]}" in key
        assert re.search(r"Player 1's quarter \(bottom left\): ", key) and "Player 4's quarter (top right)" in key
        page.locator("div.ct-board").screenshot(path=f"/tmp/ct-quarters-{size['width']}.png")
    finally:
        context.close()
    context = browser.new_context(viewport=size, locale="fr", extra_http_headers={"Accept-Language": "fr"})
    try:
        page = context.new_page()
        log_in(page, live_server.url, user.username)
        _open(page, live_server.url, game)
        texts = [label["text"][0] for label in page.evaluate(BOXES)]
        assert sorted(texts) == [f"Quartier du joueur {n}" for n in (1, 2, 3, 4)]
        assert "Les quartiers :" in page.locator(".ct-quarters-key").inner_text()
    finally:
        context.close()
