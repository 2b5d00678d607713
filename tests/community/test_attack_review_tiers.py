"""Outside review of the merged staff tiers (issue 20 point 5): a plain moderator (chat and reports)
finds games and late seats in the admin lists, but never the hidden information that only the game
moderators' logged "full state" look gives: not the engine state on the game's admin page, not the
move rows' payloads (a rollback's redraw seed) or their one-seat log lines."""

import re

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from community import game_moderation
from play import services
from play.models import Game, Move
from tests.lacitta.helpers import ENGINE, lacitta_game
from tests.pages.test_hidden_rollback import rolled_back, seqs_shown  # noqa: F401 (a fixture)
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def staff(name, group):
    user = make_user(name)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(Group.objects.get(name=group))
    return user


def rolled_back_lacitta_game():
    """A La Città game (hidden decks) rolled back by a game moderator: its rollback row holds a seed."""
    alice, bob = make_user("ra"), make_user("rb")
    options = {"edition": "classic", "expansion": "none", "setup": "beginner"}
    game = lacitta_game([alice, bob], options=options, seed=5)
    by_seat = {s.index: s.user for s in game.seats.all()}
    for _ in range(2):
        state = ENGINE.load(game.state)
        seat = sorted(ENGINE.pending(state))[0]
        game = services.move_apply(game_id=game.pk, user=by_seat[seat],
                                   move=ENGINE.legal_moves(state, seat)[0], expected_version=game.version)
    game_moderation.game_rollback(moderator=staff("gm", "Game moderators"), game_id=game.pk,
                                  to_seq=game.version - 1, reason="test")
    game.refresh_from_db()
    return game, Move.objects.get(game=game, kind="rollback")


def test_a_plain_moderator_reads_no_hidden_state_or_redraw_seed_in_the_admin(client):
    game, rollback = rolled_back_lacitta_game()
    seed = str(rollback.payload["seed"])
    client.force_login(staff("cm", "Moderators"))
    game_page = client.get(f"/admin/games/game/{game.pk}/change/")
    assert game_page.status_code == 200  # the tier finds the game …
    html = game_page.content.decode()
    assert "field-state" not in html and "pol_deck" not in html and "voice_deck" not in html  # not its decks
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


def test_R80_a_staff_member_who_plays_in_the_game_does_not_read_the_undone_moves(rolled_back):  # noqa: F811
    """The undone moves may show a face-down Voice card a seat peeked at (a rollback keeps it where it
    is): staff who hold a seat read the game as the player they are there; a chat moderator's tier
    has no game's hidden information; a game moderator outside the game still reads them."""
    game, users, _mod, _before, undone = rolled_back
    undone_seqs = {row.seq for row in undone}
    seated = users[1]
    seated.is_staff = seated.is_superuser = True
    seated.save(update_fields=["is_staff", "is_superuser"])
    readers = [(seated, False), (staff("cm3", "Moderators"), False), (staff("gm3", "Game moderators"), True)]
    for user, reads in readers:
        client = Client()
        client.force_login(user)
        api_seqs = {r["seq"] for r in client.get(f"/api/games/{game.pk}/log/").json()}
        log_seqs = seqs_shown(client.get(reverse("games:log", args=[game.pk])).content.decode())
        page_seqs = seqs_shown(client.get(reverse("games:detail", args=[game.pk])).content.decode())
        for seqs in (api_seqs, log_seqs, page_seqs):
            assert (undone_seqs <= seqs) if reads else undone_seqs.isdisjoint(seqs), user.username


def test_an_undo_and_a_rollback_in_the_same_game_keep_every_log_and_replay_true(client):
    """A player takes a move back, plays on, a moderator rolls back past both, then the player takes back a
    move made after the rollback: the position is the replay of the kept moves (verify_games agrees); the
    players' log, API log and chat feed show the taken-back move marked and never the moves the rollback
    undid; a second undo and an undo of the rollback itself are refused."""
    from django.core.management import call_command

    from play.replay import replay_final_state
    from play.services import NotAllowed

    alice, bob = make_user("ua"), make_user("ub")
    game = lacitta_game([alice, bob], seed=3)
    by_seat = {s.index: s.user for s in game.seats.all()}

    def move(kind="take_gold"):
        state = ENGINE.load(game.state)
        seat = min(ENGINE.pending(state))
        legal = ENGINE.legal_moves(state, seat)
        choice = next((m for m in legal if m["type"] == kind), legal[0])
        return services.move_apply(game_id=game.pk, user=by_seat[seat], move=choice,
                                   expected_version=game.version)

    start_version = game.version
    game = move()
    first_mover = by_seat[Move.objects.get(game=game, seq=game.version).seat]
    game = services.move_undo(game_id=game.pk, user=first_mover, expected_version=game.version)
    taken_back = game.version - 1
    for _ in range(3):
        game = move()
    undone_by_rollback = set(Move.objects.filter(game=game, seq__gt=start_version + 3, kind="move")
                             .values_list("seq", flat=True))
    game_moderation.game_rollback(moderator=staff("gm4", "Game moderators"), game_id=game.pk,
                                  to_seq=start_version + 3, reason="test")
    game.refresh_from_db()
    rollback_version = game.version
    with pytest.raises(NotAllowed):  # the rollback row is no move of theirs
        services.move_undo(game_id=game.pk, user=first_mover, expected_version=game.version)
    game = move()
    mover = by_seat[Move.objects.get(game=game, seq=game.version).seat]
    game = services.move_undo(game_id=game.pk, user=mover, expected_version=game.version)
    with pytest.raises(NotAllowed):
        services.move_undo(game_id=game.pk, user=mover, expected_version=game.version)
    _engine, replayed = replay_final_state(game)
    assert ENGINE.dump(replayed) == game.state
    call_command("verify_games", game=[game.pk])
    for user in (alice, bob):
        client.force_login(user)
        api_seqs = {r["seq"] for r in client.get(f"/api/games/{game.pk}/log/").json()}
        log = client.get(reverse("games:log", args=[game.pk])).content.decode()
        feed = client.get(f"/games/{game.pk}/chat/").content.decode()
        assert taken_back in api_seqs and rollback_version in api_seqs
        assert undone_by_rollback and undone_by_rollback.isdisjoint(api_seqs)
        assert undone_by_rollback.isdisjoint(seqs_shown(log)) and "(taken back)" in log
        assert undone_by_rollback.isdisjoint(seqs_shown(feed))


def test_the_replays_year_links_never_point_into_moves_a_rollback_undid(client):
    """Undone moves are staff-only: the replay's "jump to year" links came from every row, undone ones too."""
    from tests.pages.test_hidden_rollback import greedy

    users = [make_user(f"yl{i}") for i in range(2)]
    game = greedy(lacitta_game(users, seed=31), users, 0)
    to_seq, n = game.version, 1
    while not any(e["key"] == "lacitta.year_start" for e in game.moves.get(seq=game.version).log):
        game, n = greedy(game, users, n), n + 1
    undone_start = game.version
    game_moderation.game_rollback(moderator=staff("gm5", "Game moderators"), game_id=game.pk, to_seq=to_seq,
                                  reason="test")
    game.refresh_from_db()
    while game.status == Game.Status.ACTIVE:
        game, n = greedy(game, users, n), n + 1
    client.force_login(users[0])
    response = client.get(reverse("games:replay", args=[game.pk]), {"seat": 0})
    assert response.status_code == 200
    linked = {int(re.search(r"at=(\d+)", year["url"]).group(1)) for year in response.context["lc_years"]}
    assert linked and undone_start not in linked
