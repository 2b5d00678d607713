"""G16 / hidden information over a whole Infinite City game (3 players, to its end): at every other move,
every seat's and a spectator's game page, chat panel, API game and API log are fetched twice — on the real state,
then with everything that viewer may not know shuffled (``hidden.scramble_unknown``: unknown pile
positions, face-down tiles and Library tiles, the other hands beyond what the viewer knows of
them, their order). Any difference is a leak. After every move the mover tries to take it back
(tests/platform/undo_checks.py): refused whenever it showed them anything (issue 26 point 1)."""

import pytest
from django.test import Client

from games.infinitecity.engine.hidden import scramble_unknown
from play import bots
from play.models import Game
from play.services import move_apply
from tests.infinitecity.pages.helpers import ENGINE, ic_game
from tests.pages.test_hidden_whole_games import answers
from tests.platform.factories import make_user
from tests.platform.undo_checks import try_undo

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_G16_no_answer_depends_on_what_its_viewer_may_not_know(players=3, seed=31):
    users = [make_user(f"ih{seed}{i}") for i in range(players)]
    game = ic_game(users, seed=seed)
    clients = {}
    for viewer, user in [*enumerate(users), (None, make_user(f"ihwatch{seed}"))]:
        clients[viewer] = Client()
        clients[viewer].force_login(user)
    moves = 0
    undo_outcomes = {"refused": 0, "undone": 0}
    while game.status == Game.Status.ACTIVE:
        real = game.state
        state = ENGINE.load(real)
        # every other move, to keep the test under a few minutes on a shared machine
        for viewer in clients if moves % 2 == 0 else ():
            first = answers({viewer: clients[viewer]}, game)
            other = ENGINE.dump(scramble_unknown(state, viewer, seed * 1000 + moves))
            Game.objects.filter(pk=game.pk).update(state=other)
            changed = answers({viewer: clients[viewer]}, game)
            for key, text in changed.items():
                assert text == first[key], f"move {moves}: {key} tells what the viewer may not know"
            # Back to the real position before the next viewer's "first" answers.
            Game.objects.filter(pk=game.pk).update(state=real)
        seat = min(ENGINE.pending(state))
        move = bots.choose_move("infinitecity", "greedy", ENGINE, state, seat, seed=seed * 1000 + moves)
        game = move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
        if game.status == Game.Status.ACTIVE:  # issue 26.1: undo tried after every move
            game, outcome = try_undo(clients[seat], game, users[seat], seat, real, move)
            undo_outcomes[outcome] += 1
        moves += 1
    assert game.status == Game.Status.FINISHED and moves >= 30
    assert undo_outcomes["refused"] and undo_outcomes["undone"], undo_outcomes
