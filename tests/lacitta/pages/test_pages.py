"""The La Città game page: every kind of decision can be made by following the
page's own links (no hand-written moves), the board shows only legal targets,
and no seat's page carries another seat's secrets."""

import json
import re
from html import unescape

import pytest
from django.urls import reverse

from play.models import Game
from tests.lacitta.helpers import ENGINE, find_decision, lacitta_game, with_state
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def page(client, user, game, query=""):
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def links(html):
    """The step links of the move being built (buttons and board targets)."""
    found = re.findall(r'(?:href|hx-get)="(/games/\d+/\?m=[^"]+)"', html)  # links and buttons
    return list(dict.fromkeys(unescape(m) for m in found))


def confirm_move(html):
    found = re.search(r'name="move" value="([^"]+)"', html)
    return json.loads(unescape(found.group(1))) if found else None


def follow_to_confirmation(client, user, game, html, rng_pick=0):
    """Click through the steps (always the option at rng_pick) until a move is ready."""
    for _ in range(12):
        move = confirm_move(html)
        if move is not None:
            return move, html
        options = links(html)
        assert options, "a pending seat must be offered something to click"
        target = options[min(rng_pick, len(options) - 1)]
        client.force_login(user)
        html = client.get(target).content.decode()
    raise AssertionError("no confirmation reached")


def submit(client, user, game, move):
    client.force_login(user)
    return client.post(reverse("games:move", args=[game.pk]),
                       {"version": str(game.version), "move": json.dumps(move)}, HTTP_HX_REQUEST="true")


@pytest.mark.parametrize("kind", ["turn", "feeding", "demolish", "voice_choice"])
def test_every_decision_kind_is_made_through_the_page(client, kind):
    game, seat, users = find_decision(kind)
    user = game.seats.get(index=seat).user
    html = page(client, user, game)
    assert "Your move" in html
    move, html = follow_to_confirmation(client, user, game, html)
    state = ENGINE.load(game.state)
    assert move in ENGINE.legal_moves(state, seat)
    before = game.version
    response = submit(client, user, game, move)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == before + 1


def test_2_2_choices_seat_by_seat_through_the_page(client):
    """R50 in turn (the default): only the seat whose migration turn it is is shown to move
    and offered the choice; each choice is made through the page, then the next seat's
    turn comes (or migration ends)."""
    game, seat, users = find_decision("voice_choice", players=3)
    assert game.options["voice_tie"] == "in_turn"
    chose = []
    for _ in range(10):
        state = ENGINE.load(game.state)
        if state.phase != "choice":
            break
        pending = ENGINE.pending(state)
        assert len(pending) == 1  # one seat at a time
        (seat,) = pending
        assert ENGINE.view(state, None)["migrating"] == seat
        owes = {s.index for s in game.seats.all() if s.owes_move}
        assert owes == {seat}
        for other in game.seats.exclude(index=seat):
            html = page(client, other.user, game)
            assert "Waiting for the other players." in html and "Your move" not in html
        user = game.seats.get(index=seat).user
        html = page(client, user, game)
        assert "Your move" in html and html.count('class="badge"') == 1
        move, html = follow_to_confirmation(client, user, game, html)
        assert move["type"] == "voice_choice" and move in ENGINE.legal_moves(state, seat)
        assert submit(client, user, game, move).status_code == 200
        game.refresh_from_db()
        chose.append(seat)
    assert chose and ENGINE.load(game.state).phase != "choice"
    # Choices made in turn are public: every seat's log shows them.
    other = game.seats.exclude(index=chose[0]).first()
    assert "chooses" in page(client, other.user, game)


def test_castle_placement_in_the_advanced_setup(client):
    users = [make_user("a1"), make_user("a2")]
    game = lacitta_game(users, options={"edition": "modern", "expansion": "none", "setup": "advanced"})
    state = ENGINE.load(game.state)
    seat = min(ENGINE.pending(state))
    user = game.seats.get(index=seat).user
    html = page(client, user, game)
    # Castle hexes are board targets; every one is a legal placement.
    targets = {int(c) for c in re.findall(r'class="target" data-cell="(\d+)"', html)}
    legal = {m["cell"] for m in ENGINE.legal_moves(state, seat) if m["type"] == "place_castle"}
    assert targets == legal and len(targets) > 10
    move, _ = follow_to_confirmation(client, user, game, html)
    assert submit(client, user, game, move).status_code == 200


def test_build_step_lights_only_legal_hexes_and_can_be_cancelled(client):
    users = [make_user("b1"), make_user("b2")]
    game = lacitta_game(users)
    state = ENGINE.load(game.state)
    seat = min(ENGINE.pending(state))
    user = game.seats.get(index=seat).user
    step = '?m={"building":"farm","type":"build"}'
    html = page(client, user, game, step)
    targets = {int(c) for c in re.findall(r'class="target" data-cell="(\d+)"', html)}
    legal = {m["cell"] for m in ENGINE.legal_moves(state, seat) if m.get("building") == "farm"}
    assert targets == legal and targets
    assert "Cancel this move" in html
    other = game.seats.exclude(index=seat).first().user
    assert 'class="target"' not in page(client, other, game, step)  # not their turn: nothing to click


def test_illegal_move_posted_by_hand_gets_a_readable_message(client):
    users = [make_user("c1"), make_user("c2")]
    game = lacitta_game(users)
    state = ENGINE.load(game.state)
    seat = min(ENGINE.pending(state))
    user = game.seats.get(index=seat).user
    occupied = next(iter(b["cell"] for b in ENGINE.view(state, seat)["buildings"]))
    before = game.version
    response = submit(client, user, game, {"type": "build", "building": "farm", "cell": occupied})
    assert response.status_code == 400
    assert "That hex is already built on." in response.content.decode()
    game.refresh_from_db()
    assert game.version == before


def test_pages_in_french_use_the_rulebook_terms(client):
    users = [make_user("f1"), make_user("f2")]
    game = lacitta_game(users)
    client.force_login(users[0])
    html = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Voix du Peuple" in html and "Cartes Politique" in html


def _hidden_variant(state_json):
    """The same game with every hidden thing changed: face-down Voice cards,
    the Voice and politics deck orders, cards drawn face down by a pass."""
    other = json.loads(json.dumps(state_json))
    swap = {"culture": "health", "health": "education", "education": "culture"}
    if not other.get("voice_revealed"):
        voice, deck = other["voice"], other["voice_deck"]
        for i in range(1, len(voice)):
            # Swapped with a card of another service from the deck: the 27 cards stay 9 of
            # each service (``load`` checks it), only where they lie changes.
            j = next((j for j, card in enumerate(deck) if card == swap[voice[i]]), None)
            if j is not None:
                voice[i], deck[j] = deck[j], voice[i]
        # A peek remembers the cards seen: keep it consistent with the new cards.
        for player in other["players"]:
            player["peeks"] = [voice[k + 1] if c else c for k, c in enumerate(player["peeks"])]
    other["voice_deck"] = list(reversed(other["voice_deck"]))
    other["pol_deck"] = list(reversed(other["pol_deck"]))
    return other


def _strip_volatile(html):
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "", html)
    return re.sub(r"\d+ (days?|hours?|minutes?)(, \d+ (hours?|minutes?))? left", "", html)


def test_no_page_or_api_answer_depends_on_hidden_cards(client):
    """R80: change everything hidden; no other seat's page, API answer or the
    spectator's page may change (a leak would show up as a difference)."""
    users = [make_user("h1"), make_user("h2"), make_user("h3")]
    game = lacitta_game(users, seed=5)
    spectator = make_user("watcher")
    snapshot = game.state
    viewers = [(u, f"seat {i}") for i, u in enumerate(users)] + [(spectator, "spectator")]

    def answers():
        out = {}
        for user, who in viewers:
            client.force_login(user)
            out[who] = (_strip_volatile(client.get(reverse("games:detail", args=[game.pk])).content.decode()),
                        client.get(f"/api/games/{game.pk}/").content.decode(),
                        client.get(f"/api/games/{game.pk}/log/").content.decode(),
                        _strip_volatile(client.get(reverse("community:chat_panel", args=[game.pk]))
                                        .content.decode()))
        return out

    first = answers()
    with_state(game, _hidden_variant(snapshot))
    second = answers()
    for who in first:
        assert first[who] == second[who], f"{who} can tell hidden cards apart"


def test_a_peek_shows_on_its_players_page_only(client):
    """Ask the people (R45): the peeking seat's page changes with the peeked
    cards (so the comparison above can see a leak); nobody else's does."""
    from play import services

    for attempt in range(30):
        users = [make_user(f"k{attempt}a"), make_user(f"k{attempt}b")]
        game = lacitta_game(users, seed=300 + attempt)
        state = ENGINE.load(game.state)
        seat = min(ENGINE.pending(state))
        peeks = [m for m in ENGINE.legal_moves(state, seat) if "look" in m and len(m["look"]) == 2]
        if peeks:
            break
    else:
        pytest.fail("no game offered Ask the people")
    peeker = game.seats.get(index=seat).user
    other = game.seats.exclude(index=seat).first().user
    services.move_apply(game_id=game.pk, user=peeker, move=peeks[0], expected_version=game.version)
    game.refresh_from_db()

    def pages():
        out = {}
        for user in (peeker, other):
            client.force_login(user)
            out[user.username] = _strip_volatile(client.get(reverse("games:detail", args=[game.pk])).content.decode())
        return out

    first = pages()
    assert "You looked at:" in first[peeker.username] and "You looked at:" not in first[other.username]
    with_state(game, _hidden_variant(game.state))
    second = pages()
    assert first[peeker.username] != second[peeker.username]
    assert first[other.username] == second[other.username]


def test_end_screen_and_replay_of_a_finished_game(client):
    from tests.lacitta.helpers import play_until

    users = [make_user("e1"), make_user("e2")]
    game = lacitta_game(users, seed=42)
    game, seat = play_until(game, users, "never-asked", rng_seed=3, max_moves=5000)
    assert game.status == Game.Status.FINISHED
    html = page(client, users[0], game)
    assert "Final scores" in html and 'class="chart"' in html and "Service bonus" in html
    assert "Replay the game move by move" in html
    assert "lc-forecast" not in html  # issue 29: no forecast once the game is over
    replay_url = reverse("games:replay", args=[game.pk])
    client.force_login(users[1])
    early = client.get(replay_url + "?at=5&seat=0").content.decode()
    assert 'class="board"' in early and "Move 5 of" in early
    spectator = client.get(replay_url + "?at=5").content.decode()
    assert "You looked at:" not in spectator


def test_year_lines_of_the_log_stand_out(client):
    """The game log marks where a year begins (and ends) so a returning player finds it."""
    users = [make_user("ya"), make_user("yb")]
    game = lacitta_game(users)
    html = page(client, users[0], game)
    log = html[html.index('class="log-lines"'):]
    assert re.search(r'<li class="year"[^>]*><span class="seq">\d+</span> Year 1 begins\.</li>', log)
    # other lines stay plain (only whose move it was: data-seat, for the live region of issue 19)
    assert re.search(r'<li data-seat="\d*"><span class="seq">\d+</span> [^<]+</li>', log)


@pytest.mark.parametrize("lang,books,at_once", [
    ("en", "Each player on their own migration turn (as the rules)", "2–2 choices at once — faster by post"),
    ("fr", "Chaque joueur lors de son tour de migration (comme la règle)",
     "Choix 2–2 tous en même temps — plus rapide par correspondance"),
])
def test_2_2_option_on_the_new_game_form_and_in_the_games_options(client, lang, books, at_once):
    user = make_user(f"opt{lang}")
    client.force_login(user)
    client.cookies["django_language"] = lang
    response = client.get(reverse("games:new") + "?game=lacitta", HTTP_ACCEPT_LANGUAGE=lang)
    html = unescape(response.content.decode())
    assert 'name="opt_voice_tie"' in html and books in html and at_once in html
    assert re.search(r'<option value="in_turn"[^>]*selected', html)  # the books' order by default
    other = make_user(f"opt{lang}2")
    game = lacitta_game([user, other], options={"edition": "classic", "expansion": "none",
                                               "setup": "beginner", "voice_tie": "at_once"})
    assert game.options["voice_tie"] == "at_once" and ENGINE.load(game.state).voice_tie == "at_once"
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    html = unescape(response.content.decode())
    assert at_once in html
