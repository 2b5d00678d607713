"""`manage.py verify_games` replays each game from its seed and move log."""

import pytest
from django.core.management import call_command

from play import services
from play.models import Game
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def test_verify_games_passes_then_catches_a_tampered_snapshot(capsys):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 3}, expected_version=1)
    services.move_apply(game_id=game.pk, user=bob, move={"type": "add", "n": 2}, expected_version=2)
    services.game_resign(game_id=game.pk, user=alice)  # a platform event in the log
    call_command("verify_games")
    assert "1 game(s) replayed, 0 differ" in capsys.readouterr().out

    game.refresh_from_db()
    state = dict(game.state, total=99)
    Game.objects.filter(pk=game.pk).update(state=state)
    with pytest.raises(SystemExit) as exit_info:
        call_command("verify_games")
    assert exit_info.value.code == 1
    assert f"game {game.pk} (race): snapshot differs" in capsys.readouterr().out
