"""Issue 40: every registered game's end screen on a phone (390×844) shows the platform's frame
(games/partials/end_frame.html): the final table fits the screen or scrolls inside its own box (the page itself
never scrolls sideways: Small City's table was 425 px wide), a solo game says its outcome, never "Rank 1"."""

import pytest

from play import registry
from tests.browser.helpers import log_in
from tests.browser.test_every_game_on_a_phone import HEIGHT, WIDTH, _play_to_the_end, _started_game
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The table's box: its width on screen, how wide its content is, and whether it scrolls sideways.
TABLE_BOX = """() => { const box = document.querySelector('.end-frame .end-table-box');
  const table = box.querySelector('table'); const style = getComputedStyle(box);
  return {box: box.getBoundingClientRect().right, client: box.clientWidth, scroll: box.scrollWidth,
          table: table.scrollWidth, overflow: style.overflowX}; }"""

# The colour of the scroll box's edge covers (site.css's --scroll-cover) and of what is drawn behind the box: when
# they differ, each cover shows as a pale block at the table's edge (Small City's and Infinite City's end boxes).
COVER_AND_BEHIND = """() => { const box = document.querySelector('.end-frame .end-table-box');
  const probe = document.createElement('i');
  probe.style.background = 'var(--scroll-cover, var(--card))'; box.appendChild(probe);
  const cover = getComputedStyle(probe).backgroundColor; probe.remove();
  let at = box.parentElement, behind = '';
  while (at && !behind) { const c = getComputedStyle(at).backgroundColor;
    if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') behind = c; at = at.parentElement; }
  return {cover, behind}; }"""


def _cases():
    """Each game at two seats (a solo game alone), and alone too where it may be played solo (Small City)."""
    for d in registry.definitions():
        engine = d.engine
        yield d.slug, max(engine.min_players, min(2, engine.max_players))
        if engine.min_players == 1 < engine.max_players:
            yield d.slug, 1


@pytest.mark.parametrize(("slug", "players"), list(_cases()))
def test_the_end_table_fits_a_phone(browser, live_server, slug, players):
    users = [make_user(f"{slug[:8]}-end{i}") for i in range(players)]
    game = _play_to_the_end(_started_game(slug, users), users)
    context = browser.new_context(locale="en", extra_http_headers={"Accept-Language": "en"},
                                  viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.set_default_timeout(20000)
        log_in(page, live_server.url, users[0].username)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(".end-frame table.end-scores")
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, "the page scrolls sideways"
        box = page.evaluate(TABLE_BOX)
        colours = page.evaluate(COVER_AND_BEHIND)
        assert colours["cover"] == colours["behind"], f"{slug}: the table's edge covers show: {colours}"
        assert box["box"] <= WIDTH + 0.5, f"{slug}: the table's box sticks out: {box}"
        assert box["table"] <= WIDTH or (box["scroll"] > box["client"] and box["overflow"] in ("auto", "scroll")), \
            f"{slug}: the table is wider than the phone and does not scroll in its box: {box}"
        rows = page.locator(".end-frame tbody tr")
        assert rows.count() == len(users)
        if len(users) == 1:
            first = rows.first.locator("td").first.inner_text().strip()
            assert first != "1" and first, f"{slug}: a solo game's table says {first!r}"
            assert page.locator(".end-frame thead th").first.inner_text().strip() != "Rank"
    finally:
        context.close()
