"""Infinite City's pages through the platform: players, spectators, French; a move built by the
page's own links (tile, cell, effect, confirm); bad input answered 400 with a message."""

import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.infinitecity import page, texts
from play import move_builder
from tests.infinitecity.pages.helpers import ENGINE, ic_game, play_until, seat_to_move
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def test_player_page_shows_city_hand_and_own_tiles_only():
    users = [make_user("icp0"), make_user("icp1")]
    game = ic_game(users, seed=5)
    state = ENGINE.load(game.state)
    for seat, user in enumerate(users):
        html = _client(user).get(reverse("games:detail", args=[game.pk])).content.decode()
        assert 'role="group" aria-label="The city"' in html
        assert html.count('class="building tile down"') == 5  # IC11: the cross, face down
        assert "M13, face down, no token" in html  # accessible name of the middle cell
        own = {texts.tile_name(t) for t in state.hands[seat]}
        for name in own:
            assert f'<b class="ic-card-name">{name}</b>' in html
        shown = set(re.findall(r'<b class="ic-card-name">([^<]+)</b>', html))
        assert shown == own  # IC10/G16: no other hand on the page


def test_spectator_sees_no_hand_and_no_move_panel():
    users = [make_user("ics0"), make_user("ics1")]
    game = ic_game(users, seed=6)
    html = _client(make_user("icwatch")).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "ic-card-name" not in html and "Your move" not in html
    assert "tiles in the draw pile" in html


def test_french_page_keeps_tile_names_and_translates_the_rest():
    users = [make_user("icf0"), make_user("icf1")]
    game = ic_game(users, seed=7)
    seat = seat_to_move(game)
    client = _client(users[seat])
    response = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr")
    html = response.content.decode()
    assert "Votre main" in html and "tuiles dans la pioche" in html
    hand = ENGINE.load(game.state).hands[seat]
    assert f'<b class="ic-card-name">{texts.tile_name(hand[0])}</b>' in html  # English name kept
    with translation.override("fr"):
        assert str(texts.INSTRUCTIONS["port"]).startswith("Placez la 1ère tuile de la pioche")
    rules = client.get(reverse("games:rules", args=["infinitecity", "standard"]), HTTP_ACCEPT_LANGUAGE="fr")
    assert "pas encore transcrites" in rules.content.decode()


def test_rules_page_says_which_marks_are_transcribed():
    text = Client().get(reverse("games:rules", args=["infinitecity", "standard"])).content.decode()
    assert "not yet" in text and "Power Station" in text and "Police HQ" in text and "Construction Site" in text
    assert text.count("<li><b>") >= 21  # every tile's instruction


def test_a_turn_built_by_the_page_links_plays_the_tile():
    """IC20: pick a tile of the hand, then a highlighted cell; the confirmation says what happens."""
    users = [make_user("icm0"), make_user("icm1")]
    game = ic_game(users, seed=8)
    seat = seat_to_move(game)
    client = _client(users[seat])
    url = reverse("games:detail", args=[game.pk])
    html = client.get(url).content.decode()
    tile_link = re.search(r'class="ic-card-link" href="([^"]+)"', html).group(1).replace("&quot;", '"')
    html = client.get(tile_link.replace("&amp;", "&")).content.decode()
    targets = re.findall(r'<a href="([^"]+)" class="target empty"', html)
    assert targets, "highlighted cells after picking a tile"
    legal = ENGINE.legal_moves(ENGINE.load(game.state), seat)
    chosen = move_builder.decode(re.search(r"m=(.*)", tile_link).group(1).replace("&quot;", '"'))
    cells = {(m["x"], m["y"]) for m in legal if m["type"] == "play" and m["tile"] == chosen["tile"]}
    assert len(targets) == len(cells)  # only the legal cells are targets (IC25)
    html = client.get(targets[0].replace("&amp;", "&").replace("&quot;", '"')).content.decode()
    assert "and put one of your tokens on it. Then:" in html
    move = json.loads(re.search(r'name="move" value="([^"]+)"', html).group(1).replace("&quot;", '"'))
    response = client.post(reverse("games:move", args=[game.pk]), {"move": json.dumps(move),
                                                                   "version": game.version})
    assert response.status_code in (200, 302)
    game.refresh_from_db()
    cell = game.state["cells"]
    assert any(c[0] == move["x"] and c[1] == move["y"] for c in cell)


@pytest.mark.parametrize("move", [
    {"type": "play", "tile": "no_such_tile", "x": 0, "y": 1},
    {"type": "play", "tile": "bank", "x": "a", "y": 1},
    {"type": "hotel", "x": 0, "y": 0},
    {"type": "teleport"},
    "not json",
])
def test_bad_input_is_a_400_with_a_message_and_changes_nothing(move):
    users = [make_user("icb0"), make_user("icb1")]
    game = ic_game(users, seed=9)
    seat = seat_to_move(game)
    client = _client(users[seat])
    before = game.state
    body = move if isinstance(move, str) else json.dumps(move)
    response = client.post(reverse("games:move", args=[game.pk]), {"move": body, "version": game.version})
    assert response.status_code == 400
    assert response.content.strip()
    game.refresh_from_db()
    assert game.state == before


@pytest.mark.parametrize("frame", ["embassy", "security", "housing", "port", "post_office", "transit"])
def test_effect_steps_confirm_in_words(frame):
    """Each effect's choice on the board ends in a confirmation naming the tile and the cell."""
    users = [make_user(f"ice{frame}0"), make_user(f"ice{frame}1")]
    for attempt in range(6):
        game = ic_game(users, seed=40 + attempt)
        game, seat = play_until(game, users, frame, rng_seed=attempt)
        if seat is not None:
            break
    else:
        raise AssertionError(f"no {frame} decision reached")
    view = ENGINE.view(ENGINE.load(game.state), seat)
    legal = ENGINE.legal_moves(ENGINE.load(game.state), seat)
    names = [s.display_name for s in game.seats.all()]
    step = page.move_step(legal, None, view, names, "/x/")
    assert step["targets"], frame
    first = next(iter(step["target_list"]))
    raw = re.search(r"m=(.*)", first["url"]).group(1)
    step2 = page.move_step(legal, raw, view, names, "/x/")
    while step2["confirm"] is None:
        nxt = step2["target_list"][0]["url"] if step2["target_list"] else step2["buttons"][0]["url"]
        step2 = page.move_step(legal, re.search(r"m=(.*)", nxt).group(1), view, names, "/x/")
    text = step2["confirm"]["text"]
    assert re.search(r"[A-Z]+\d+", text), text  # names a cell
    assert json.loads(step2["confirm"]["json"]) in legal


def test_IC54_end_rows_break_each_score_down_with_the_group_sizes():
    rng = random.Random(12)
    state = ENGINE.new_game({"marks": "known-only"}, 3, 12).state
    while not ENGINE.is_over(state):
        seat = min(ENGINE.pending(state))
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat))).state
    view = ENGINE.view(state, 0)
    result = view["result"]
    rows = page.end_rows(view, ["ann", "bob", "cy"], ["red", "blue", "green"])
    assert [r["rank"] for r in rows] == sorted(result["ranks"])
    for r in rows:
        sizes = result["details"][r["seat"]]["groups"]
        assert r["groups"] == (" + ".join(map(str, sizes)) or "—")  # "7 + 3", never the list itself
        assert r["group_points"] == sum(sizes) and r["score"] == result["scores"][r["seat"]]
    assert any(" + " in r["groups"] or r["groups"].isdigit() for r in rows)
