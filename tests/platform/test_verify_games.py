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


def test_a_snapshot_stored_in_an_older_schema_is_compared_by_what_the_rules_decide(capsys):
    """Issue 32.12: `restore` refused a healthy backup after an upgrade, because verify_games compared the
    stored JSON (schema_version 1) with the replay's dump (schema_version 2). Both now go through the engine."""
    from tests.lacitta.helpers import lacitta_game

    alice, bob = make_user("alice"), make_user("bob")
    game = lacitta_game([alice, bob], options={"edition": "modern", "expansion": "none", "setup": "beginner",
                                                "voice_tie": "at_once"})
    game.refresh_from_db()
    assert game.state["schema_version"] == 2 and game.state["migrated"] == 0
    older = {k: v for k, v in game.state.items() if k not in ("voice_tie", "migrated")}
    Game.objects.filter(pk=game.pk).update(state=dict(older, schema_version=1))  # as a release of before stored it
    call_command("verify_games", game=[game.pk])
    assert "1 game(s) replayed, 0 differ" in capsys.readouterr().out

    Game.objects.filter(pk=game.pk).update(state=dict(older, schema_version=1, year=5))  # and a real difference
    with pytest.raises(SystemExit):
        call_command("verify_games", game=[game.pk])
    assert f"game {game.pk} (lacitta): snapshot differs" in capsys.readouterr().out
