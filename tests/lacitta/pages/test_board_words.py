"""The La Città board read without hex numbers: cities have names that the board,
the tables, the log and the confirmations share; buildings are pictures with their
services; every move is confirmed in words; cards show their cost and effect."""

import json
import random
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games.lacitta import page as ui
from games.lacitta.help import card_cost, card_effect, card_help
from games.lacitta.places import TOWNS, city_name
from games.lacitta.texts import MESSAGES
from play import move_builder, services
from tests.lacitta.helpers import ENGINE, find_decision, lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

BOARD_RE = re.compile(r'<svg class="board".*?</svg>', re.S)
ALL_CARDS = ("palace", "hospital", "bathhouse", "cathedral", "university", "port", "large_farmhouse",
             "domain", "master_builder", "bread_and_games", "golden_times", "rich_harvest", "close_to_people")


def page(client, user, game, query="", **headers):
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]) + query, **headers)
    assert response.status_code == 200
    return response.content.decode()


def to_move(game):
    state = ENGINE.load(game.state)
    seat = min(ENGINE.pending(state))
    return state, seat, game.seats.get(index=seat).user


def confirm_text(html):
    found = re.search(r'<p class="confirm-text"[^>]*>(.*?)</p>', html, re.S)
    return unescape(found.group(1)) if found else None


def test_cities_are_named_outlined_and_the_board_has_no_hex_numbers(client):
    users = [make_user("w1"), make_user("w2")]
    game = lacitta_game(users)
    state, seat, user = to_move(game)
    html = page(client, user, game)
    board = BOARD_RE.search(html).group(0)
    view = ENGINE.view(state, seat)
    assert view["cities"]
    for city in view["cities"]:
        name = city_name(city["id"])
        assert f">{name}</text>" in board  # written on the board, under its castle
        assert f"<b>{name}</b>" in html  # and in the cities table
    assert board.count('class="city-edge"') == len(view["cities"])
    assert 'class="num"' not in board and "hex " not in html
    # buildings are pictures, not letters
    assert '<use href="#b-castle"' in board and '<symbol id="b-university"' in board


def test_town_names_are_one_per_hex():
    assert len(set(TOWNS)) == len(TOWNS) and city_name(0) == TOWNS[0] and city_name(-1) == "-1"


def test_build_confirmation_says_what_and_where_in_words(client):
    users = [make_user("x1"), make_user("x2")]
    game = lacitta_game(users)
    state, seat, user = to_move(game)
    view = ENGINE.view(state, seat)
    move = next(m for m in ENGINE.legal_moves(state, seat)
                if m["type"] == "build" and m["building"] == "statue")
    html = page(client, user, game, "?m=" + json.dumps(move))
    city = next(c for c in view["cities"] if c["owner"] == seat
                and set(c["cells"]) & set(ENGINE.load(game.state).geo.nbr[move["cell"]]))
    assert confirm_text(html) == f"Player card: build a statue in {city_name(city['id'])} (+1 Culture)."


def test_every_move_of_random_games_is_described_in_words():
    """Every move type and every politics card of both editions and the expansion."""
    kinds = set()
    for options, players, seed in [
        ({"edition": "modern", "expansion": "cocagne", "setup": "advanced"}, 4, 1),
        ({"edition": "classic", "expansion": "none", "setup": "advanced"}, 3, 2),
        ({"edition": "modern", "expansion": "none", "setup": "beginner"}, 2, 3),
    ]:
        state = ENGINE.new_game(options, players, seed).state
        rng = random.Random(seed)
        while not ENGINE.is_over(state):
            seat = rng.choice(sorted(ENGINE.pending(state)))
            legal = ENGINE.legal_moves(state, seat)
            view = ENGINE.view(state, seat)
            groups = {}  # one move of each type, each politics card and each building
            for move in legal:
                card = view["politics"]["row"][move["slot"]] if move["type"] == "politics" else None
                groups.setdefault((move["type"], card, move.get("building")), []).append(move)
            for (kind, card, _building), moves in groups.items():
                move = rng.choice(moves)
                text = ui.describe(move, view)
                kinds.add((kind, card))
                assert text and "?" not in text and "hex" not in text and "{" not in text, (move, text)
            if options["expansion"] == "cocagne" and state.year == 3 and state.phase == "actions":
                _every_card(state, seat, kinds)
            state = ENGINE.apply(state, seat, rng.choice(legal)).state
    cards = {card for kind, card in kinds if kind == "politics"}
    assert cards == set(ALL_CARDS)
    assert {"build", "found", "take_gold", "pass", "demolish", "feeding_loss"} <= {kind for kind, _ in kinds}


def _every_card(state, seat, kinds):
    """Each politics card in the row's first place, with gold enough to pay for it."""
    for card in ALL_CARDS:
        other = ENGINE.load(ENGINE.dump(state))
        other.pol_row = [card] + list(other.pol_row[1:])
        other.players[seat]["gold"] = 9
        view = ENGINE.view(other, seat)
        for move in [m for m in ENGINE.legal_moves(other, seat) if m.get("slot") == 0][:3]:
            text = ui.describe(move, view)
            kinds.add(("politics", card))
            assert text.startswith(card_help(card, "modern")["name"]) and "?" not in text, (move, text)


def test_demolish_confirmation_names_the_building_the_city_and_the_loss(client):
    game, seat, users = find_decision("demolish")
    user = game.seats.get(index=seat).user
    state = ENGINE.load(game.state)
    view = ENGINE.view(state, seat)
    move = next(m for m in ENGINE.legal_moves(state, seat) if m["type"] == "demolish")
    building = next(b for b in view["buildings"] if b["cell"] == move["cell"])
    text = confirm_text(page(client, user, game, "?m=" + json.dumps(move)))
    assert text.startswith(f"Demolish your {ui.help_texts.building_name(building['kind'])} "
                           f"in {city_name(move['city'])}")


def test_castle_sites_are_board_targets_showing_the_food_they_would_give(client):
    users = [make_user("y1"), make_user("y2")]
    game = lacitta_game(users, options={"edition": "classic", "expansion": "none", "setup": "advanced"})
    state, seat, user = to_move(game)
    html = page(client, user, game)
    targets = re.findall(r'<a href="[^"]*" class="target" data-cell="(\d+)"[^>]*><title>([^<]*)</title>'
                         r'<polygon[^>]*/><text[^>]*class="badge"[^>]*>(\d+)</text></a>', html)
    legal = {m["cell"] for m in ENGINE.legal_moves(state, seat) if m["type"] == "place_castle"}
    assert {int(c) for c, _t, _b in targets} == legal
    for cell, title, badge in targets:
        assert int(badge) == state.geo.food[int(cell)]  # the engine's own food count (R25/R32)
        assert unescape(title) == f"Place a castle: {city_name(int(cell))}, {badge} food"
    assert 'class="button choice"' not in html  # no list of buttons for the hexes


def test_politics_row_and_buttons_show_cost_and_effect_in_the_editions_terms(client):
    users = [make_user("z1"), make_user("z2")]
    game = lacitta_game(users)
    state, seat, user = to_move(game)
    html = page(client, user, game)
    for card in ENGINE.view(state, seat)["politics"]["row"]:
        info = card_help(card, "modern")
        assert f"<b>{info['name']}</b> <span class=\"cost\">{info['cost']}</span>" in html
        assert unescape(info["effect"]) in unescape(html)
    assert card_help("golden_times", "modern")["name"] == "Blessed era"
    assert card_help("golden_times", "classic")["name"] == "Golden times"
    assert card_cost("master_builder") == "1 / 2 / 4 gold" and card_cost("cathedral") == "3 gold"
    assert "(R41)" in card_effect("master_builder", "modern")
    html = page(client, user, game, '?m={"type":"politics"}')
    assert 'class="choice-hint"' in html  # each card button says what it does


def test_a_choice_the_builder_fills_in_is_explained():
    users = [make_user("v1"), make_user("v2")]
    game = lacitta_game(users)
    state = ENGINE.load(game.state)
    seat = min(ENGINE.pending(state))
    view = ENGINE.view(state, seat)
    cell = next(m["cell"] for m in ENGINE.legal_moves(state, seat) if m.get("building") == "farm")
    # A Master builder that can only pay for a large building, and only a university fits.
    legal = [{"type": "politics", "slot": 0, "tier": 3, "building": "university", "cell": cell}]
    step = ui.move_step(legal, move_builder.encode({"type": "politics", "slot": 0}), view, "/g/")
    assert any(note.startswith("University (") and note.endswith("the only building that fits.")
               for note in step["filled"])
    assert any(note.startswith("large — 4 gold, chosen for you: the only size") for note in step["filled"])


def test_a_missing_action_says_why():
    users = [make_user("u1"), make_user("u2")]
    game = lacitta_game(users)
    state = ENGINE.load(game.state)
    seat = min(ENGINE.pending(state))
    view = json.loads(json.dumps(ENGINE.view(state, seat)))
    view["players"][seat]["gold"] = 0
    view["politics"]["row"] = ["palace", "cathedral", "university", "hospital", "bathhouse", "palace",
                               "palace"]
    reasons = ui.missing_reasons({"take_gold", "found", "build", "pass"}, view, seat)
    assert reasons == ["Politics card: no gold for any card in the row (you have 0)."]
    view["players"][seat]["founded_this_year"] = True
    assert "Found a city: you already founded one this year." in ui.missing_reasons(
        {"take_gold", "build", "pass", "politics"}, view, seat)


def test_page_title_says_when_it_is_your_move_also_after_an_htmx_swap(client):
    users = [make_user("t1"), make_user("t2")]
    game = lacitta_game(users)
    _state, seat, user = to_move(game)
    other = game.seats.exclude(index=seat).first().user
    assert f"<title>(Your move) La Città #{game.pk}" in page(client, user, game)
    assert f"<title>La Città #{game.pk}" in page(client, other, game)
    partial = page(client, user, game, HTTP_HX_REQUEST="true")
    assert partial.lstrip().startswith(f"<title>(Your move) La Città #{game.pk}")


def test_forecast_drops_the_growth_warning_when_no_growth_follows():
    users = [make_user("s1"), make_user("s2")]
    game = lacitta_game(users)
    state = ENGINE.load(game.state)
    seat = min(ENGINE.pending(state))
    view = json.loads(json.dumps(ENGINE.view(state, seat)))
    view["players"][seat]["food"] = view["players"][seat]["citizens"]  # fed now, short after growth
    assert ui.forecast(view, seat)["short_after_growth"] > 0
    view["final_year"] = True  # R64: no year (and no growth) follows
    last = ui.forecast(view, seat)
    assert not last["growth_follows"] and last["short_after_growth"] == 0


def test_log_lines_name_cities_and_seats_in_words():
    from play import texts

    names = ["Anna", "Bruno"]
    line = lambda key, **p: texts.log_line("lacitta", {"key": key, "params": p}, names)  # noqa: E731
    assert line("lacitta.setup_order", first=0, order=[0, 1]) == "Anna places the first castle."
    assert line("lacitta.migration", seat=0, city=3, from_seat=1, from_city=40, service="culture",
                to_pool=False, points=3.0, from_points=0.0) == (
        f"{city_name(3)} (Anna) takes a citizen from {city_name(40)} (Bruno): Culture 3 against 0.")
    assert line("lacitta.migration_done", moved=1) == "Migration is over: 1 citizen moved."
    assert line("lacitta.roads", seat=1, roads=[{"cell": 5, "city": 7}, {"cell": 6, "city": 7}]) == (
        f"Bruno lays roads: 2 by {city_name(7)}.")
    assert "hex" not in " ".join(str(m) for m in MESSAGES.values())


def test_finished_game_lists_seats_by_rank_and_replay_jumps_by_year(client):
    from play.models import Game
    from tests.lacitta.helpers import play_until

    users = [make_user("r1"), make_user("r2"), make_user("r3")]
    game = lacitta_game(users, seed=42)
    game, _seat = play_until(game, users, "never-asked", rng_seed=3, max_moves=8000)
    assert game.status == Game.Status.FINISHED
    html = page(client, users[0], game)
    card = re.search(r'<ol class="result-list">(.*?)</ol>', html, re.S).group(1)
    ranks = [int(r) for r in re.findall(r"rank (\d+)", card)]
    assert ranks == sorted(ranks) and len(ranks) == 3
    by_rank = sorted(range(3), key=lambda i: (game.result["ranks"][i], i))
    assert [users[i].username for i in by_rank] == re.findall(r"</span>(\w+):", card)
    replay = client.get(reverse("games:replay", args=[game.pk]) + "?seat=1").content.decode()
    assert "⏮" not in replay and "⏭" not in replay and replay.count('<svg class="icon"') == 4
    years = re.findall(r'<a class="button small" href="\?at=(\d+)&amp;seat=1">Year (\d)</a>', replay)
    assert [int(y) for _at, y in years] == [1, 2, 3, 4, 5, 6]
    at = int(years[2][0])
    year3 = client.get(reverse("games:replay", args=[game.pk]) + f"?at={at}&seat=1").content.decode()
    assert "Year 3 of 6" in year3


def test_the_new_board_words_are_in_french_too(client):
    users = [make_user("fr1"), make_user("fr2")]
    game = lacitta_game(users)
    state, seat, user = to_move(game)
    move = next(m for m in ENGINE.legal_moves(state, seat)
                if m["type"] == "build" and m["building"] == "statue")
    html = page(client, user, game, "?m=" + json.dumps(move), HTTP_ACCEPT_LANGUAGE="fr")
    assert "Plateau entier" in html and "Whole board" not in html
    assert confirm_text(html).startswith("Carte Joueur : construire un bâtiment Statue à ")
    assert "(+1 Culture)." in confirm_text(html)
    html = unescape(page(client, user, game, HTTP_ACCEPT_LANGUAGE="fr"))
    from django.utils import translation

    with translation.override("fr"):
        row = [card_help(card, "modern") for card in ENGINE.view(state, seat)["politics"]["row"]]
        assert card_help("golden_times", "modern")["name"] == "Époque bénie"
    for info in row:
        assert f"<b>{info['name']}</b> <span class=\"cost\">{info['cost']}</span>" in html
        with translation.override("en"):
            english = card_effect(info["card"], "modern")
        assert info["effect"] in html and info["effect"] != english  # translated


def test_latest_move_is_ringed_and_empty_options_are_not_shown(client):
    from games.lacitta.page import changed_cells

    users = [make_user("m1"), make_user("m2")]
    game = lacitta_game(users)  # expansion "none"
    state, seat, user = to_move(game)
    move = next(m for m in ENGINE.legal_moves(state, seat) if m["type"] == "build")
    assert submit_move(client, user, game, move).status_code == 200
    game.refresh_from_db()
    html = page(client, user, game)
    ringed = {int(c) for c in re.findall(r'<g class="mark last" data-cell="(\d+)"[^>]*>', html)}
    last = game.moves.order_by("-seq").first()
    assert move["cell"] in ringed and ringed == {c for e in last.log for c in changed_cells(e)}
    assert "Expansion:" not in html  # "Expansion: None" said nothing
    full = client.get(reverse("games:log", args=[game.pk])).content.decode()
    assert re.search(r'<li class="year"><span class="seq">\d+</span> Year 1 begins\.', full)
    assert re.search(r'<li class="phase"><span class="seq">\d+</span> Voice of the People: ', full)


def submit_move(client, user, game, move):
    client.force_login(user)
    return client.post(reverse("games:move", args=[game.pk]),
                       {"version": str(game.version), "move": json.dumps(move)}, HTTP_HX_REQUEST="true")


def test_a_city_at_its_limit_says_so_in_words():
    """Issue 29: "city at its limit" was told by a red number only (lost without colour vision)."""
    users = [make_user("limit0"), make_user("limit1")]
    game = lacitta_game(users, seed=4)
    rng = random.Random(4)
    by_seat = {0: users[0], 1: users[1]}
    for _ in range(400):
        state = ENGINE.load(game.state)
        view = ENGINE.view(state, 0)
        if any(c["limit"] is not None and c["population"] >= c["limit"] for c in view["cities"]):
            break
        seat = min(ENGINE.pending(state))
        move = rng.choice(ENGINE.legal_moves(state, seat))
        game = services.move_apply(game_id=game.pk, user=by_seat[seat], move=move, expected_version=game.version)
    else:
        pytest.fail("no city reached its limit")
    html = page(Client(), users[0], game)
    assert re.search(r'<td class="full">\d+ / \d+ <small>\(at its limit\)</small></td>', html)
