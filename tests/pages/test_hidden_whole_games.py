"""R80 over whole games: at every move of complete La Città games, every seat's and
a spectator's game page, chat panel, API game and API log are fetched twice — on
the real state, then with everything that viewer may not know changed (the face-down
Voice cards it has not looked at, the other seats' peeks, the Voice and politics deck
orders, the other seats' politics cards drawn face down, the shuffling seed). Any
difference is a leak. A viewer's own peeks are kept: it is allowed to know them.

Through the cache of rendered game bodies (play/body_cache.py): the real state's
answers are fetched by every viewer in turn through one cache, then again with every
viewer's body kept (the same version for all), and the game page and a changed poll
must still be each viewer's own; the changed state's answers are rendered afresh for
their viewer alone. A key that left out the viewer would hand a seat another's body
at the first or second fetch, and differ from what that seat's own rendering shows.

After every move the mover tries to take it back (tests/platform/undo_checks.py): refused whenever the move
showed them anything they could not have known (issue 26 point 1), else undone and made again.

The moves are the greedy bot's (seeded), so the games reach every phase of a year:
actions, the Voice of the People, choices, growth, feeding, demolition, the end; seat
1 also asks the people (R45) whenever it can, so there are peeks to keep private."""

import copy
import re

import pytest
from django.test import Client
from django.urls import reverse

from play import bots
from play.models import Game
from play.services import move_apply
from tests.lacitta.helpers import ENGINE, lacitta_game, with_state
from tests.platform.factories import make_user
from tests.platform.undo_checks import try_undo

pytestmark = pytest.mark.django_db

SERVICES = {"culture": "health", "health": "education", "education": "culture"}


def hidden_from(state: dict, viewer: int | None) -> dict:
    """The same game with everything ``viewer`` (a seat, or None for a spectator) may
    not know changed, consistently (a peek still names the card it looked at; the other seats' 2–2 choices
    made at once are switched while hidden)."""
    other = copy.deepcopy(state)
    players = other["players"]
    if other["voice"] and not other["voice_revealed"]:
        mine = players[viewer]["peeks"] if viewer is not None else [None] * (len(other["voice"]) - 1)
        deck = other["voice_deck"]
        for i in range(1, len(other["voice"])):
            if mine[i - 1] is None:  # a card this viewer never saw: swapped with a different one
                # of the deck, so the 27 cards stay 9 of each service (``load`` checks it)
                j = next((j for j, card in enumerate(deck) if card == SERVICES[other["voice"][i]]), None)
                if j is not None:
                    other["voice"][i], deck[j] = deck[j], other["voice"][i]
        for player in players:
            player["peeks"] = [other["voice"][i + 1] if seen is not None else None
                               for i, seen in enumerate(player["peeks"])]
    other["voice_deck"] = list(reversed(other["voice_deck"]))
    for seat, player in enumerate(players):
        if seat != viewer and player["passed"] and other["pol_deck"]:
            # Swap this seat's face-down politics cards with cards of the deck.
            passed = list(player["passed"])
            for k in range(min(len(passed), len(other["pol_deck"]))):
                passed[k], other["pol_deck"][-1 - k] = other["pol_deck"][-1 - k], passed[k]
            player["passed"] = passed
    other["pol_deck"] = list(reversed(other["pol_deck"]))
    if other["phase"] == "choice" and other["voice_tie"] == "at_once" and len(other["voice_winners"]) == 2:
        a, b = other["voice_winners"]  # the other seats' 2–2 choices, not shown until all are in: switched
        other["choice_made"] = sorted([cid, seat, (b if svc == a else a) if seat != viewer else svc]
                                      for cid, seat, svc in other["choice_made"])
    other["rng"] = (other["rng"] * 6364136223846793005 + 1442695040888963407) % 2**64
    return other


def strip_volatile(text: str) -> str:
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", text)
    text = re.sub(r'"X-CSRFToken": "[^"]+"', "", text)
    return re.sub(r"\d+ (days?|hours?|minutes?)(, \d+ (hours?|minutes?))? left", "", text)


def body_answers(clients: dict, game: Game, *, poll_only: bool = False) -> dict:
    """The answers made of the game body alone: the game page and a poll that finds the game changed."""
    urls = [f"{reverse('games:poll', args=[game.pk])}?v={game.version - 1}"]
    if not poll_only:
        urls.insert(0, reverse("games:detail", args=[game.pk]))
    return {(viewer, url): strip_volatile(client.get(url).content.decode())
            for viewer, client in clients.items() for url in urls}


def answers(clients: dict, game: Game) -> dict:
    urls = [reverse("games:detail", args=[game.pk]), reverse("community:chat_panel", args=[game.pk]),
            f"/api/games/{game.pk}/", f"/api/games/{game.pk}/log/"]
    out = {}
    for viewer, client in clients.items():
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, (viewer, url, response.status_code)
            out[viewer, url] = strip_volatile(response.content.decode())
    return out


@pytest.mark.timeout(3600)  # whole games, page by page: several minutes, far more on a loaded machine
@pytest.mark.parametrize("options,seed", [
    ({"edition": "modern", "expansion": "cocagne", "setup": "advanced"}, 21),
    ({"edition": "classic", "expansion": "none", "setup": "beginner", "voice_tie": "at_once"}, 22),
], ids=["modern-cocagne-advanced", "classic-beginner-2-2-at-once"])
@pytest.mark.slow
def test_R80_no_answer_depends_on_what_its_viewer_may_not_know(options, seed):
    users = [make_user(f"w{seed}{i}") for i in range(3)]
    game = lacitta_game(users, options=options, seed=seed)
    clients = {}
    for viewer, user in [(0, users[0]), (1, users[1]), (2, users[2]), (None, make_user(f"watcher{seed}"))]:
        clients[viewer] = Client()
        clients[viewer].force_login(user)
    moves = 0
    undo_outcomes = {"refused": 0, "undone": 0}
    peeked = False
    while game.status == Game.Status.ACTIVE:
        real = game.state
        first = answers(clients, game)  # each viewer's bodies kept in turn, in one cache
        kept = body_answers(dict(reversed(clients.items())), game)  # every body kept: served from the cache
        for key, text in kept.items():
            assert text == first.get(key, text), f"move {moves}: {key} served another viewer's body"
        first.update(kept)
        for viewer in clients:
            with_state(game, hidden_from(real, viewer))  # rendered afresh for this viewer alone
            changed = answers({viewer: clients[viewer]}, game)
            changed.update(body_answers({viewer: clients[viewer]}, game, poll_only=True))
            for key, text in changed.items():
                assert text == first[key], f"move {moves}: {key} tells what the viewer may not know"
        with_state(game, real)
        peeked = peeked or any(p is not None for player in real["players"] for p in player["peeks"])

        state = ENGINE.load(real)
        seat = min(ENGINE.pending(state))
        looks = [m for m in ENGINE.legal_moves(state, seat) if m.get("look")]
        if seat == 1 and looks:  # seat 1 asks the people whenever it can: peeks to keep private
            move = looks[-1]
        else:
            move = bots.choose_move("lacitta", "greedy", ENGINE, state, seat, seed=seed * 1000 + moves)
        game = move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
        if game.status == Game.Status.ACTIVE:  # issue 26.1: undo tried after every move
            game, outcome = try_undo(clients[seat], game, users[seat], seat, real, move)
            undo_outcomes[outcome] += 1
        moves += 1
    assert game.status == Game.Status.FINISHED and moves > 60
    assert undo_outcomes["refused"] and undo_outcomes["undone"], undo_outcomes
    assert peeked, "the game must have had a peek for the test to check that peeks stay private"
