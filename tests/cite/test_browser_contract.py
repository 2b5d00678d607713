"""Issue 42's done-when in a real browser at 390×844, by taps: three people play Cité to round 6. In round 2
Alice offers Bob a trade with a recurring contract (G12: Bob pays her 1 of her kind at the Productions of rounds
3, 4, 5 and 6, named in the form), Bob accepts, and neither page offers to take the acceptance back (a trade once
made stays made); Carol's empty offer is refused inside the form, what she ticked kept. The engine pays the
contract at rounds 3, 4 and 5; in round 5 Bob gives Carol the last he holds of that kind (a trade), so round
6's payment is short: a breach, shown to everyone round by round."""

import pytest

from games.cite.engine.components import PROFESSIONS
from play.models import Game
from play.services import SeatSpec
from tests.browser.helpers import log_in
from tests.cite.test_browser_trade import KEYBOARD, NO_SIDEWAYS_SCROLL, Refused, click, fresh, lay_out, state
from tests.platform.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = 8  # the deal of professions and quarters
UNDO = "Take back my last move"
# Text drawn over other text: a seat's resource counts spilling out of their boxes or over each other, and
# the floating zoom buttons over the text naming the quarters (both seen on a phone: a picture's class
# shared with the counts, the key under the bar).
OVERLAPS = """() => {
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const found = [];
  for (const line of document.querySelectorAll('.ct-res')) {
    for (const e of line.children) {
      if (e.scrollWidth > e.clientWidth + 1) found.push('spills: ' + e.textContent.trim());
    }
    const boxes = Array.from(line.children).map(e => [e.textContent.trim(), e.getBoundingClientRect()]);
    boxes.forEach(([t, a], i) => boxes.slice(i + 1).forEach(([u, b]) => { if (hit(a, b)) found.push(t + ' / ' + u); }));
  }
  const key = document.querySelector('.ct-quarters-key');
  for (const button of document.querySelectorAll('.zoom-bar button')) {
    if (key && hit(button.getBoundingClientRect(), key.getBoundingClientRect())) found.push('zoom over the quarters');
  }
  return found;
}"""


def all_done(pages, base, game) -> None:
    """Everyone presses "I am done" (the round's Production follows the last one)."""
    before = state(game)["round"]
    for page in pages.values():
        fresh(page, base, game)
        click(page, page.locator("button.ct-done"))
    assert state(game)["round"] == before + 1 and state(game)["stage"] == "window"


def offer_form(page):
    return page.locator("#ct-offer-form")


def test_a_contract_paid_at_three_productions_then_breached_among_three_people_on_a_phone(
        browser, live_server, settings):
    from play import services

    settings.GAME_POLL_INTERVAL_MS = 60_000  # the pages change only by these taps (and reloads)
    KEYBOARD["on"] = False
    alice, bob, carol = (make_user(n) for n in ("alicect", "bobct", "carolct"))
    game = services.game_create(creator=alice, game_type="cite", options={"first_game_gift": "yes"},
                                seats=[SeatSpec("me"), SeatSpec("open"), SeatSpec("open")])
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    base, contexts, pages = live_server.url, [], {}
    try:
        for seat, user in enumerate((alice, bob, carol)):
            context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                          locale="en", extra_http_headers={"Accept-Language": "en"})
            contexts.append(context)
            pages[seat] = context.new_page()
            pages[seat].set_default_timeout(20000)
            log_in(pages[seat], base, user.username)
        for seat in pages:
            lay_out(pages[seat], base, game)
        s = state(game)
        assert s["round"] == 2 and s["stage"] == "window"
        kind = PROFESSIONS[s["seats"][0]["profession"]]  # Alice's resource: what Bob will owe her

        # Round 2: Alice's offer, its contract paid at rounds 3 (ticked by default), 4 and 5.
        page = pages[0]
        fresh(page, base, game)
        form = offer_form(page)
        form.get_by_label("bobct").check()
        form.locator(f"input[name='field:give:{kind}']").fill("4")
        form.locator("details.ct-later summary").click()
        form.locator(f"input[name='field:later_get:{kind}']").fill("1")
        rounds = form.locator("fieldset.ct-rounds")
        assert rounds.get_by_label("round 3").is_checked()
        rounds.get_by_label("round 4").check()
        rounds.get_by_label("round 5").check()
        rounds.get_by_label("round 6").check()
        assert page.evaluate(NO_SIDEWAYS_SCROLL)
        click(page, form.get_by_role("button", name="Send the offer"))
        offer = state(game)["offers"][-1]
        assert offer["to"] == [1] and offer["later_get"] == {kind: 1} and offer["later_rounds"] == [3, 4, 5, 6]

        page = pages[1]
        fresh(page, base, game)
        incoming = page.locator(".ct-incoming .ct-offer", has_text=offer["id"])
        assert "rounds 3, 4, 5 and 6" in incoming.inner_text()
        click(page, incoming.get_by_role("button", name=f"Accept offer {offer['id']}"))
        (contract,) = state(game)["contracts"]
        assert contract["rounds"] == [3, 4, 5, 6] and (contract["a"], contract["b"]) == (0, 1)
        # A trade once made stays made: neither side is offered to take it back.
        for seat in (1, 0):
            fresh(pages[seat], base, game)
            assert pages[seat].get_by_role("button", name=UNDO).count() == 0, seat

        # Carol's empty offer: refused in the form's move panel, her recipient still ticked.
        page = pages[2]
        fresh(page, base, game)
        form = offer_form(page)
        form.get_by_label("alicect").check()
        with pytest.raises(Refused) as refused:
            click(page, form.get_by_role("button", name="Send the offer"))
        assert "offer" in str(refused.value).lower()
        assert offer_form(page).get_by_label("alicect").is_checked()
        assert page.locator("#game-body").count() == 1 and page.evaluate(NO_SIDEWAYS_SCROLL)
        assert state(game)["offers"] == []

        all_done(pages, base, game)  # round 3's Production pays the contract
        assert state(game)["contracts"][0]["payments"]["3"]["b_pays"]["short"] == {}
        all_done(pages, base, game)  # round 4's
        assert state(game)["contracts"][0]["payments"]["4"]["b_pays"]["short"] == {}
        all_done(pages, base, game)  # round 5's
        s = state(game)
        assert s["contracts"][0]["payments"]["5"]["b_pays"]["short"] == {}

        # Round 5: Bob gives Carol all he holds of Alice's kind; Carol accepts.
        assert s["seats"][1]["res"][kind] == 1  # the 4 Alice gave, less 3 paid back (he makes none of it)
        page = pages[1]
        fresh(page, base, game)
        form = offer_form(page)
        form.get_by_label("carolct").check()
        form.locator(f"input[name='field:give:{kind}']").fill("1")
        click(page, form.get_by_role("button", name="Send the offer"))
        gift = state(game)["offers"][-1]
        fresh(pages[2], base, game)
        click(pages[2], pages[2].get_by_role("button", name=f"Accept offer {gift['id']}"))
        assert state(game)["seats"][1]["res"][kind] == 0

        all_done(pages, base, game)  # round 6's Production: Bob has nothing of it left to pay
        s = state(game)
        contract = s["contracts"][0]
        assert contract["breached"] and contract["payments"]["6"]["b_pays"]["short"] == {kind: 1}
        # Everyone reads it, round by round (the breach is public).
        page = pages[2]
        fresh(page, base, game)
        line = page.locator(".ct-contracts .ct-contract").first.inner_text()
        assert all(f"round {r}: paid" in line for r in (3, 4, 5)) and "round 6: BREACHED" in line
        assert page.locator(".ct-contracts .ct-breach").is_visible() and page.evaluate(NO_SIDEWAYS_SCROLL)
        assert page.evaluate(OVERLAPS) == []
        page.locator(".ct-contracts").scroll_into_view_if_needed()
        page.screenshot(path="/tmp/cite_contract_breached.png")
    finally:
        for context in contexts:
            context.close()
