"""Cité through its pages (issue 35, "Trading by post" and "Play"): the layout placed by clicks
(building → highlighted square → confirm), an offer made through the page's form (recipients,
bundles, a binding contract), answered from the other seat's page (accept / decline / withdraw),
the notices the people concerned receive, the payment helper's drafted offer, the refusals with the
engine's reason (CT22, G12), and French pages in the rulebook's terms."""

import json
import re
from html import unescape

import pytest
from django.urls import reverse

from games.cite.engine.limits import MAX_OPEN_OFFERS
from notifications.models import Notification
from play import services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import accept_all, committed, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(alice, bob):
    carol = make_user("carol")
    with committed():
        game = services.game_create(creator=alice, game_type="cite", options={"first_game_gift": "yes"},
                                    seats=[SeatSpec("me"), SeatSpec("invite", username="bob"),
                                           SeatSpec("invite", username="carol")])
        Game.objects.filter(pk=game.pk).update(seed=5)
        accept_all(game, [bob, carol])
    return Game.objects.get(pk=game.pk), [alice, bob, carol]


def page(client, user, game, step: str = "", lang: str = "en") -> str:
    client.force_login(user)
    url = reverse("games:detail", args=[game.pk]) + (f"?m={step}" if step else "")
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


def post_move(client, user, game, move: str, **fields):
    client.force_login(user)
    game.refresh_from_db()
    data = {"version": str(game.version), "move": move, **fields}
    return client.post(reverse("games:move", args=[game.pk]), data)


def hrefs(html: str, cls: str = "[^\"]*") -> list[str]:
    return [unescape(h) for h in re.findall(rf'<a class="{cls}" href="([^"]+)"', html)]


def links(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'href="([^"]+)"', html)]


def hidden_moves(html: str) -> list[dict]:
    return [json.loads(unescape(m)) for m in re.findall(r'name="move" value="([^"]+)"', html)]


def lay_out_by_clicks(client, user, game, seat):
    """CT20 by the page: pick the large shop, tap the only highlighted square (the marked one), confirm;
    then "I am done with my layout"."""
    html = page(client, user, game)
    link = next(h for h in links(html) if "large_shop" in h)
    html = page(client, user, game, link.split("?m=")[1])
    targets = hrefs(html, "ct-target")
    assert len(targets) >= 1
    html = page(client, user, game, targets[0].split("?m=")[1])
    assert "Place the Large" in unescape(html) and "Confirm" in unescape(html)
    place = next(m for m in hidden_moves(html) if m["type"] == "place")
    assert post_move(client, user, game, json.dumps(place)).status_code == 302
    html = page(client, user, game)
    assert "I am done with my layout" in unescape(html)
    assert post_move(client, user, game, json.dumps({"type": "done"})).status_code == 302


def to_round_two(client, game, users):
    for seat, user in enumerate(users):
        lay_out_by_clicks(client, user, game, seat)
    game.refresh_from_db()
    assert game.state["round"] == 2 and game.state["stage"] == "window"



def test_ct20_layout_by_clicks_then_ct22_an_offer_made_and_accepted_through_the_pages(client, table):
    game, users = table
    to_round_two(client, game, users)
    alice, bob, carol = users
    game.refresh_from_db()
    res = [s["res"] for s in game.state["seats"]]
    give_kind = next(k for k, n in res[0].items() if n and k != "gold")
    want_kind = next(k for k, n in res[1].items() if n and k != "gold")
    html = page(client, alice, game)
    assert "Make an offer" in unescape(html) and "binding" in unescape(html).lower()
    offer_legal = next(m for m in hidden_moves(html) if m["type"] == "offer")
    response = post_move(client, alice, game, json.dumps(offer_legal), **{
        "field:to": ["1"], f"field:give:{give_kind}": "2", f"field:get:{want_kind}": "1",
        "field:later_get:gold": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.state["offers"][0]["give"] == {give_kind: 2} and game.state["offers"][0]["later_get"] == {"gold": 1}
    # Bob is told (a notice through the platform), and his page has accept/decline one click away.
    note = Notification.objects.filter(user=bob, kind=Notification.Kind.NOTICE).latest("pk")
    assert note.data["key"] == "cite.offer_made"
    html = page(client, bob, game)
    assert "Offers made to you" in unescape(html) and "Accept offer o" in unescape(html)
    accept = next(m for m in hidden_moves(html) if m["type"] == "accept")
    # Carol sees the offer (public like table talk) but has no button for it.
    assert accept["offer"] in page(client, carol, game)
    assert not any(m["type"] == "accept" for m in hidden_moves(page(client, carol, game)))
    before = {k: dict(s["res"]) for k, s in enumerate(game.state["seats"])}
    assert post_move(client, bob, game, json.dumps(accept)).status_code == 302
    game.refresh_from_db()
    after = game.state["seats"]
    assert after[0]["res"][give_kind] == before[0][give_kind] - 2
    assert after[1]["res"][give_kind] == before[1][give_kind] + 2
    assert after[1]["res"][want_kind] == before[1][want_kind] - 1
    assert after[0]["res"][want_kind] == before[0][want_kind] + 1
    assert game.state["contracts"][0]["rounds"] == [3]  # next round ticked by default (G12)
    assert Notification.objects.filter(user=alice, kind=Notification.Kind.NOTICE,
                                       data__key="cite.offer_accepted").exists()
    html = page(client, carol, game)
    assert "Contracts" in unescape(html) and "at the Production of round 3" in unescape(html)


def test_ct22_decline_and_withdraw_through_the_pages_and_a_withdrawn_offer_is_refused_with_the_reason(client, table):
    game, users = table
    to_round_two(client, game, users)
    alice, bob, carol = users
    game.refresh_from_db()
    kind = next(k for k, n in game.state["seats"][0]["res"].items() if n)
    offer_legal = next(m for m in hidden_moves(page(client, alice, game)) if m["type"] == "offer")
    post_move(client, alice, game, json.dumps(offer_legal), **{"field:to": ["1", "2"], f"field:give:{kind}": "1"})
    html = page(client, carol, game)
    decline = next(m for m in hidden_moves(html) if m["type"] == "decline")
    accept_seen_by_bob = next(m for m in hidden_moves(page(client, bob, game)) if m["type"] == "accept")
    assert post_move(client, carol, game, json.dumps(decline)).status_code == 302
    assert Notification.objects.filter(user=alice, data__key="cite.offer_declined").exists()
    html = page(client, alice, game)
    assert "Your open offers" in unescape(html) and "Withdraw offer" in unescape(html)
    cancel = next(m for m in hidden_moves(html) if m["type"] == "cancel")
    assert post_move(client, alice, game, json.dumps(cancel)).status_code == 302
    # Bob's mail of the offer still waited: a withdrawn offer is never mailed (issue 39 point 8).
    assert Notification.objects.get(user=bob, kind="notice").status == Notification.Status.SKIPPED
    # Bob's page was drawn before the withdrawal: his accept is refused with the engine's reason.
    client.force_login(bob)
    game.refresh_from_db()
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"version": str(game.version - 1), "move": json.dumps(accept_seen_by_bob)},
                           HTTP_HX_REQUEST="true")
    assert response.status_code in (400, 409)
    assert "no longer open" in unescape(response.content.decode())
    game.refresh_from_db()
    assert game.state["offers"] == []


def test_a_seat_that_is_done_may_still_answer_an_offer_without_a_clock(client, table):
    game, users = table
    to_round_two(client, game, users)
    alice, bob, carol = users
    post_move(client, bob, game, json.dumps({"type": "done"}))
    game.refresh_from_db()
    kind = next(k for k, n in game.state["seats"][0]["res"].items() if n)
    offer_legal = next(m for m in hidden_moves(page(client, alice, game)) if m["type"] == "offer")
    post_move(client, alice, game, json.dumps(offer_legal), **{"field:to": ["1"], f"field:give:{kind}": "1"})
    seat = Game.objects.get(pk=game.pk).seats.get(index=1)
    assert not seat.owes_move and seat.deadline is None
    html = page(client, bob, game)
    assert "You may answer offers" in unescape(html) and "Make an offer" not in unescape(html)
    assert {m["type"] for m in hidden_moves(html)} == {"accept", "decline", "counter"}


def test_payment_helper_drafts_an_offer_for_what_is_lacking(client, table):
    game, users = table
    to_round_two(client, game, users)
    alice = users[0]
    html = page(client, alice, game)
    draft = next(d for d in links(html) if '"type":"offer"' in d)
    assert "you lack" in unescape(html)
    html = page(client, alice, game, draft.split("?m=")[1].split("#")[0])
    assert "Drafted from what you lack" in unescape(html)
    assert re.search(r'name="field:get:\w+" min="0" max="\d+" value="[1-9]', html)


def test_the_page_in_french_uses_the_rulebooks_terms(client, table):
    game, users = table
    html = page(client, users[0], game, lang="fr")
    text = unescape(html)
    assert "Feuille des Quartiers" in text and "Grande" in text and "Échoppe" in text
    assert "Substituts" in unescape(html)
    rules = client.get(reverse("games:game_rules", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr",
                       follow=True).content.decode()
    assert "Les promesses, engagements et autres contrats" in unescape(rules)
    assert "ne sont pas inventées" in unescape(rules)


def test_the_new_game_form_says_what_is_a_substitute(client, alice):
    client.force_login(alice)
    html = unescape(client.get(reverse("games:new") + "?game=cite").content.decode())
    assert "Substitutes" in unescape(html) and "advanced game" in unescape(html)


def test_g5_the_confirmation_names_the_buildings_a_placement_will_be_linked_to(client, table):
    """Adjacency links shown while placing (G5: an edge, or a Paved street both touch): the confirmation
    says them and the sheet outlines them."""
    game, users = table
    alice = users[0]
    target = hrefs(page(client, alice, game, '{"kind":"large_shop","type":"place"}'), "ct-target")[0]
    lay = next(m for m in hidden_moves(page(client, alice, game, target.split("?m=")[1])) if m["type"] == "place")
    assert post_move(client, alice, game, json.dumps(lay)).status_code == 302
    html = page(client, alice, game, '{"kind":"bank","type":"place"}')
    target = hrefs(html, "ct-target")[0]
    html = page(client, alice, game, target.split("?m=")[1])
    assert "It will be linked to: Large" in unescape(html)
    assert re.search(r'class="ct-b prof-(green|yellow|blue|red) linked"', html)  # CT02: the profession's colour


def move_panel(html: str) -> str:
    return html.split('id="move-panel"', 1)[1].split('class="card board-card"', 1)[0]


def test_while_placing_the_move_panel_holds_only_that_buildings_step(client, table):
    """The keyboard path (issue 29's whole game by keyboard looped here): with a building picked, the next
    thing to press is one of its squares, not another building or the same one again (the list of squares
    is folded when long, so the panel's other choices came first); the step's Cancel brings them back. The
    offer form's "Send" is not a primary button: sending it blank is no way forward."""
    game, users = table
    alice = users[0]
    whole = move_panel(page(client, alice, game))
    # CT20: no "done" before the marked square is built; the panel says so.
    assert 'class="ct-kinds"' in whole and "I am done with my layout" not in whole
    assert "build on your quarter's marked square first" in whole
    step = move_panel(page(client, alice, game, '{"kind":"large_shop","type":"place"}'))
    assert "ct-step" in step and "Cancel this building" in step
    assert 'class="ct-kinds"' not in step and "ct-done" not in step and "ct-offer-form" not in step
    to_round_two(client, game, users)
    panel = move_panel(page(client, alice, game))
    assert 'id="ct-offer-form"' in panel and "Send the offer" in panel
    form = panel.split('id="ct-offer-form"', 1)[1].split("</form>", 1)[0]
    assert 'class="primary"' not in form and 'class="primary ct-done"' in panel


def test_no_page_nor_api_answer_carries_the_rng(client, table):
    """Issue 39.9 / 42 "Privacy": the game's API answer (its view) and the game page carry no RNG."""
    game, users = table
    client.force_login(users[0])
    answer = client.get(f"/api/games/{game.pk}/")
    assert answer.status_code == 200 and '"rng"' not in answer.content.decode()
    assert "rng" not in answer.json()["view"]
    assert '"rng"' not in page(client, users[0], game)


def test_the_offer_form_gives_way_to_the_limits_message(client, table):
    """Issue 42: the open-offer limit is a flood limit only (10 at once, not the 4 the book never set), and at
    it the move panel says so where the form was (it vanished silently)."""
    game, users = table
    to_round_two(client, game, users)
    alice = users[0]
    game.refresh_from_db()
    want = next(k for k, n in game.state["seats"][1]["res"].items() if n)
    for _ in range(MAX_OPEN_OFFERS):
        move = {"type": "offer", "to": [1], "give": {}, "get": {want: 1}}
        assert post_move(client, alice, game, json.dumps(move)).status_code == 302
    game.refresh_from_db()
    assert len(game.state["offers"]) == MAX_OPEN_OFFERS == 10
    panel = move_panel(page(client, alice, game))
    assert 'id="ct-offer-form"' not in panel
    assert "You have 10 open offers, the most at once: withdraw one to make another." in panel
    assert "Vous avez 10 offres ouvertes" in move_panel(page(client, alice, game, lang="fr"))


def test_ct02_the_sheet_shows_professions_in_the_books_colours(client, table):
    """CT02 (« Verts pour le Scieur, Jaunes pour le Tailleur, Bleus pour le Forgeron et Rouges pour le
    Tisserand », issue 42): each quarter and building is tinted by its profession, not by the seat's colour
    (the Smith was red, yellow never showed); the seat's colour stays beside the player's name."""
    game, users = table
    lay_out_by_clicks(client, users[0], game, 0)
    game.refresh_from_db()
    html = page(client, users[1], game)
    book = {"sawyer": "green", "stonecutter": "yellow", "smith": "blue", "weaver": "red"}
    for seat in game.state["seats"]:
        assert f'class="ct-q prof-{book[seat["profession"]]}"' in html
    mine = game.state["seats"][0]["profession"]
    assert re.search(rf'<g class="ct-b prof-{book[mine]}[ "]', html)
    assert not re.search(r'class="ct-[qb] (red|blue|green|yellow|purple|orange|teal|brown)\b', html)
    assert f'class="ct-prof prof-{book[mine]}"' in html
    assert '<span class="dot ' in html  # the seat's colour, by the name


def test_g12_the_offer_form_names_several_productions_and_the_sheet_shows_each(client, table):
    """G12 (issue 42): the offer form's contract ticks the Productions it is paid at (next round's by default,
    any later ones); the trading window lists the contract's schedule round by round."""
    game, users = table
    to_round_two(client, game, users)
    alice, bob = users[0], users[1]
    html = page(client, alice, game)
    form = move_panel(html).split('id="ct-offer-form"', 1)[1].split("</form>", 1)[0]
    assert 'name="field:later_rounds" value="3" checked' in form and 'name="field:later_rounds" value="7"' in form
    game.refresh_from_db()
    give_kind = next(k for k, n in game.state["seats"][0]["res"].items() if n)
    offer_legal = next(m for m in hidden_moves(html) if m["type"] == "offer")
    response = post_move(client, alice, game, json.dumps(offer_legal), **{
        "field:to": ["1"], f"field:give:{give_kind}": "1", "field:later_get:gold": "1",
        "field:later_rounds": ["3", "5"]})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.state["offers"][0]["later_rounds"] == [3, 5]
    accept = next(m for m in hidden_moves(page(client, bob, game)) if m["type"] == "accept")
    assert post_move(client, bob, game, json.dumps(accept)).status_code == 302
    game.refresh_from_db()
    assert game.state["contracts"][0]["rounds"] == [3, 5]
    html = unescape(page(client, users[2], game))
    assert "at the Production of rounds 3 and 5" in html and "round 3: due" in html and "round 5: due" in html


def test_an_acceptance_cannot_be_taken_back_alone_but_an_offer_can(client, table):
    """Issue 42 (« Les promesses, engagements et autres contrats entre les joueurs doivent être respectés »):
    "Take back my last move" let a player undo their acceptance alone, taking back what the other had received.
    An offer changes nothing of anyone else's and may be taken back; accepting one (a trade, here with a
    contract) may not: no button, 403, nothing changed."""
    game, users = table
    to_round_two(client, game, users)
    alice, bob = users[0], users[1]
    game.refresh_from_db()
    give_kind = next(k for k, n in game.state["seats"][0]["res"].items() if n)
    offer = {"type": "offer", "to": [1], "give": {give_kind: 1}, "get": {}, "later_give": {},
             "later_get": {"gold": 1}, "later_rounds": [3, 4]}
    assert post_move(client, alice, game, json.dumps(offer)).status_code == 302
    undo_url = reverse("games:undo", args=[game.pk])
    assert undo_url in page(client, alice, game)
    accept = next(m for m in hidden_moves(page(client, bob, game)) if m["type"] == "accept")
    assert post_move(client, bob, game, json.dumps(accept)).status_code == 302
    game.refresh_from_db()
    traded = (game.version, game.state)
    assert game.state["contracts"][0]["rounds"] == [3, 4]
    assert undo_url not in page(client, bob, game)
    assert client.post(undo_url, {"version": str(game.version)}).status_code == 403
    game.refresh_from_db()
    assert (game.version, game.state) == traded


def form_fields(form: str) -> dict:
    """What a browser sends for a form as drawn (the numbers' values, the ticked boxes, the hidden fields)."""
    data: dict = {}
    for tag in re.findall(r"<input [^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not name or ('type="checkbox"' in tag and " checked" not in tag):
            continue
        data.setdefault(unescape(name.group(1)), []).append(unescape(value.group(1)) if value else "")
    return {k: v if len(v) > 1 or k in ("field:to", "field:later_rounds") else v[0] for k, v in data.items()}


def test_a_counter_offer_starts_as_the_original_reversed(client, table):
    """Issue 42 (BGA's one-click counter): the counter form for an offer is drawn with what it asked for as what
    you give, what it gave as what you want, its contract's sides swapped at the same Productions, and names its
    author as the recipient; sent unchanged, it is that offer turned round."""
    game, users = table
    to_round_two(client, game, users)
    alice, bob = users[0], users[1]
    game.refresh_from_db()
    res = [s["res"] for s in game.state["seats"]]
    give_kind = next(k for k, n in res[0].items() if n and k != "gold")
    want_kind = next(k for k, n in res[1].items() if n and k not in ("gold", give_kind))
    offer = {"type": "offer", "to": [1], "give": {give_kind: 1}, "get": {want_kind: 1}, "later_give": {},
             "later_get": {"gold": 1}, "later_rounds": [3, 5]}
    assert post_move(client, alice, game, json.dumps(offer)).status_code == 302
    game.refresh_from_db()
    ident = game.state["offers"][0]["id"]
    html = move_panel(page(client, bob, game))
    block = html.split('<details class="ct-counter">', 1)[1].split("</details>\n", 1)[0]
    form = block.split("</form>", 1)[0]
    assert f'name="field:give:{want_kind}" min="0"' in form
    assert re.search(rf'name="field:give:{want_kind}"[^>]* value="1"', form)
    assert re.search(rf'name="field:get:{give_kind}"[^>]* value="1"', form)
    assert re.search(r'name="field:later_give:gold"[^>]* value="1"', form)
    assert re.search(r'name="field:later_get:gold"[^>]* value="0"', form)
    assert 'name="field:later_rounds" value="3" checked' in form
    assert 'name="field:later_rounds" value="5" checked' in form
    assert 'name="field:later_rounds" value="4" checked' not in form
    assert f"To {alice.username}" in unescape(form) and '<details class="ct-later" open>' in form
    data = form_fields(form)
    assert post_move(client, bob, game, data.pop("move"), **{k: v for k, v in data.items() if k != "version"}
                     ).status_code == 302
    game.refresh_from_db()
    counter = game.state["offers"][0]
    assert counter["counter_of"] == ident and counter["from"] == 1 and counter["to"] == [0]
    assert counter["give"] == {want_kind: 1} and counter["get"] == {give_kind: 1}
    assert counter["later_give"] == {"gold": 1} and counter["later_get"] == {} and counter["later_rounds"] == [3, 5]


def test_the_offer_form_shows_each_recipients_stock_and_warns_when_asking_for_more(client, table):
    """Issue 42: beside each kind "you want", what each recipient holds; a draft asking someone for more than they
    hold says so in words, and the count's accessible description carries it."""
    from play import move_builder

    game, users = table
    to_round_two(client, game, users)
    alice = users[0]
    game.refresh_from_db()
    res = [s["res"] for s in game.state["seats"]]
    kind = next(k for k in res[1] if res[1][k] != res[2][k])
    rich, poor = (1, 2) if res[1][kind] > res[2][kind] else (2, 1)
    names = {1: users[1].username, 2: users[2].username}
    html = move_panel(page(client, alice, game))
    form = html.split('id="ct-offer-form"', 1)[1].split("</form>", 1)[0]
    stock = re.search(rf'<small class="ct-stock" id="ct-of-get-{kind}-stock">([^<]+)</small>', form)
    assert stock and unescape(stock.group(1)) == (f"{names[1]} has {res[1][kind]}, {names[2]} has {res[2][kind]}")
    assert f'aria-describedby="ct-of-get-{kind}-stock"' in form
    # No warning is shown (its box is there, hidden and empty, for offer.js to fill as the counts change).
    assert not re.search(r'<small class="ct-warn"[^>]*>[^<]', form) and form.count('aria-live="polite" hidden>') > 0
    draft = move_builder.encode({"type": "offer", "get": {kind: res[rich][kind]}})
    form = move_panel(page(client, alice, game, draft)).split('id="ct-offer-form"', 1)[1].split("</form>", 1)[0]
    assert f'aria-describedby="ct-of-get-{kind}-stock ct-of-get-{kind}-warn"' in form
    warn = re.search(rf'<small class="ct-warn" id="ct-of-get-{kind}-warn" aria-live="polite">([^<]+)</small>', form)
    assert warn and unescape(warn.group(1)) == f"Warning: more than {names[poor]} holds, so they cannot accept it"
    assert len(re.findall(r'<small class="ct-warn"[^>]*>[^<]', form)) == 1
    # The French page says it in French.
    form = move_panel(page(client, alice, game, draft, lang="fr")).split('id="ct-offer-form"', 1)[1]
    assert "Attention" in unescape(form.split("</form>", 1)[0])


def test_the_contract_part_of_the_offer_form_is_one_grid_of_the_kinds(client, table):
    """Issue 42: the contract's 22 counts are one table, a row a kind, give and get side by side, each named."""
    game, users = table
    to_round_two(client, game, users)
    form = move_panel(page(client, users[0], game)).split('id="ct-offer-form"', 1)[1].split("</form>", 1)[0]
    grid = form.split('<table class="ct-contract-grid">', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", grid, re.S)
    assert len(rows) == 11
    assert all('name="field:later_give:' in r and 'name="field:later_get:' in r for r in rows)
    assert 'aria-label="At each Production named, you give: Gold"' in unescape(grid)


def test_each_count_of_the_offer_form_has_minus_and_plus_buttons_that_never_send_it(client, table):
    """Issue 42 (BGA's +/−): beside each count "you give" and "you want", a − and a + button, named for screen
    readers, never a submit (type="button"), hidden until the game's script (a static file: the content security
    policy allows no inline script) shows them; the number input stays what is sent."""
    from django.contrib.staticfiles import finders

    game, users = table
    to_round_two(client, game, users)
    html = page(client, users[0], game)
    assert '<script src="/static/cite/offer.js" defer></script>' in html and finders.find("cite/offer.js")
    form = move_panel(html).split('id="ct-offer-form"', 1)[1].split("</form>", 1)[0]
    counts = re.findall(r'<span class="ct-stepper">(.*?)</span>', form)
    assert len(counts) == form.count('name="field:give:') + form.count('name="field:get:') > 0
    for count in counts:
        minus, plus = re.findall(r"<button [^>]*>", count)
        assert 'type="button"' in minus and 'data-step="-1"' in minus and " hidden" in minus
        assert 'type="button"' in plus and 'data-step="1"' in plus and " hidden" in plus
        assert re.search(r'<input type="number"[^>]* step="1"', count)
    assert 'aria-label="One more: ' in form and 'aria-label="One less: ' in form
    french = move_panel(page(client, users[0], game, lang="fr")).split('id="ct-offer-form"', 1)[1]
    assert "Un de plus : " in unescape(french.split("</form>", 1)[0])


def test_a_counter_offer_draft_is_cut_to_what_is_held_and_says_so(client, table):
    """Issue 42: the offer turned round may give more than the countering seat holds (the offer asked two people,
    the other holds more): the draft is cut to what it holds, and the form says what it cut."""
    game, users = table
    to_round_two(client, game, users)
    alice, bob = users[0], users[1]
    game.refresh_from_db()
    res = [s["res"] for s in game.state["seats"]]
    kind = next(k for k in res[1] if res[2][k] > res[1][k])
    give_kind = next(k for k, n in res[0].items() if n)
    offer = {"type": "offer", "to": [1, 2], "give": {give_kind: 1}, "get": {kind: res[2][kind]}, "later_give": {},
             "later_get": {}, "later_rounds": []}
    assert post_move(client, alice, game, json.dumps(offer)).status_code == 302
    block = move_panel(page(client, bob, game)).split('<details class="ct-counter">', 1)[1].split("</form>", 1)[0]
    if res[1][kind]:  # cut to what Bob holds; holding none, he has no count of it to give
        assert re.search(rf'name="field:give:{kind}"[^>]* value="{res[1][kind]}"', block)
    else:
        assert f'name="field:give:{kind}"' not in block
    cut = re.search(r'<p class="hint ct-cut">([^<]+)</p>', block)
    from games.cite import texts
    assert cut and unescape(cut.group(1)) == (f"Cut to what is held: {texts.resource_name(kind)} {res[2][kind]} → "
                                              f"{res[1][kind]}.")
