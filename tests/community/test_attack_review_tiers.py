"""Outside review of the merged staff tiers (issue 20 point 5): a plain moderator (chat and reports)
finds games and late seats in the admin lists, but never the hidden information that only the game
moderators' logged "full state" look gives: not the engine state on the game's admin page, not the
move rows' payloads (a rollback's redraw seed) or their one-seat log lines."""

import pytest
from django.contrib.auth.models import Group

from community import game_moderation
from games import services
from games.models import Move
from tests.pages.lacitta_helpers import ENGINE, lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def staff(name, group):
    user = make_user(name)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(Group.objects.get(name=group))
    return user


def rolled_back_lacitta_game():
    """A La Città game (hidden decks) rolled back by a game moderator: its rollback row holds a seed."""
    alice, bob = make_user("ra"), make_user("rb")
    game = lacitta_game([alice, bob], options={"edition": "classic", "expansion": "none", "setup": "beginner"},
                        seed=5)
    by_seat = {s.index: s.user for s in game.seats.all()}
    for _ in range(2):
        state = ENGINE.load(game.state)
        seat = sorted(ENGINE.pending(state))[0]
        game = services.move_apply(game_id=game.pk, user=by_seat[seat],
                                   move=ENGINE.legal_moves(state, seat)[0], expected_version=game.version)
    game_moderation.game_rollback(moderator=staff("gm", "Game moderators"), game_id=game.pk, to_seq=game.version - 1,
                                  reason="test")
    game.refresh_from_db()
    return game, Move.objects.get(game=game, kind="rollback")


def test_a_plain_moderator_reads_no_hidden_state_or_redraw_seed_in_the_admin(client):
    game, rollback = rolled_back_lacitta_game()
    seed = str(rollback.payload["seed"])
    client.force_login(staff("cm", "Moderators"))
    game_page = client.get(f"/admin/games/game/{game.pk}/change/")
    assert game_page.status_code == 200  # the tier still finds the game …
    html = game_page.content.decode()
    assert "field-state" not in html and "pol_deck" not in html and "voice_deck" not in html  # … not its decks
    move_page = client.get(f"/admin/games/move/{rollback.pk}/change/")
    assert move_page.status_code == 200
    assert seed not in move_page.content.decode() and "field-payload" not in move_page.content.decode()
    moderation_page = client.get(f"/admin/community/moderatedgame/{game.pk}/change/")
    assert moderation_page.status_code == 200 and seed not in moderation_page.content.decode()


def test_a_game_moderator_still_reads_move_payloads(client):
    game, rollback = rolled_back_lacitta_game()
    client.force_login(staff("gm2", "Game moderators"))
    seed = str(rollback.payload["seed"])
    assert seed in client.get(f"/admin/games/move/{rollback.pk}/change/").content.decode()
    assert seed in client.get(f"/admin/community/moderatedgame/{game.pk}/change/").content.decode()
