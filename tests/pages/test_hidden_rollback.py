"""R80 across a moderator's rollback (issue 12, item 1). The undone moves showed
every seat cards of the hidden future (politics cards turned face up by refills, a
year's Voice of the People revealed). After the rollback, no seat's page, API answer
or log may let anyone predict a hidden card from them:

- what nobody has seen in the restored position is drawn afresh (a new seed, kept in
  the rollback row for replays), so the undone refills and reveal are not the future;
- players read one line, "A moderator took back moves N–M", never the undone moves
  (staff still read them);
- every answer still depends on nothing its viewer may not know (the R80 differential
  of test_hidden_whole_games), and ``verify_games`` replays the game exactly."""

import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from community import game_moderation
from play import bots
from play.models import Game, Move
from play.replay import replay_final_state
from play.services import move_apply
from tests.lacitta.helpers import ENGINE, lacitta_game, with_state
from tests.pages.test_hidden_whole_games import answers, hidden_from
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

NEW_SEED = 424242  # the rollback's fresh randomness, fixed so the test is deterministic
TO_SEQ = 2  # the position after the first move


def greedy(game, users, seat_state_seed):
    state = ENGINE.load(game.state)
    seat = min(ENGINE.pending(state))
    move = bots.choose_move("lacitta", "greedy", ENGINE, state, seat, seed=seat_state_seed)
    return move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)


def revealed(rows):
    """What the rows showed everybody of the hidden future, in order."""
    refills, voice = [], None
    for row in rows:
        for entry in row.log:
            if entry["key"] == "lacitta.row_refilled" and entry["params"]["card"] is not None:
                refills.append(entry["params"]["card"])
            elif entry["key"] == "lacitta.voice_revealed" and voice is None:
                voice = entry["params"]["cards"]
    return refills, voice


def seqs_shown(text: str) -> set[int]:
    return {int(n) for n in re.findall(r'<span class="seq">(\d+)</span>', text)}


@pytest.fixture
def rolled_back(monkeypatch):
    """A 3-player game played past politics refills and the first Voice reveal, then
    rolled back to the position after its first move."""
    users = [make_user(f"rb{i}") for i in range(3)]
    game = lacitta_game(users, seed=31)
    game = greedy(game, users, 0)
    assert game.version == TO_SEQ
    before = game.state  # the position the rollback goes back to, as first played
    n = 1
    while True:
        game = greedy(game, users, n)
        n += 1
        refills, voice = revealed(Move.objects.filter(game=game, seq__gt=TO_SEQ).order_by("seq"))
        if refills and voice:
            break
    undone = list(Move.objects.filter(game=game, seq__gt=TO_SEQ).order_by("seq"))
    monkeypatch.setattr(game_moderation, "new_seed", lambda: NEW_SEED)
    mod = make_user("rbmod", staff=True)
    game_moderation.game_rollback(moderator=mod, game_id=game.pk, to_seq=TO_SEQ, reason="misclick storm")
    return Game.objects.get(pk=game.pk), users, mod, before, undone


def test_R80_rollback_draws_the_hidden_future_afresh(rolled_back):
    game, _users, _mod, before, undone = rolled_back
    refills, voice = revealed(undone)
    old, new = ENGINE.load(before), ENGINE.load(game.state)
    for seat in [None, 0, 1, 2]:
        assert ENGINE.view(new, seat) == ENGINE.view(old, seat), "the position itself is the same"
    # The politics cards the undone refills showed are not the top of the deck any more…
    top = list(reversed(new.pol_deck))[: len(refills)]
    assert top != refills and new.pol_deck != old.pol_deck
    # …nor is the Voice the undone reveal showed still lying face down (nobody had peeked).
    assert not any(p["peeks"] != (None, None, None) for p in new.players)
    assert new.voice[1:] + new.voice_deck != voice[1:] + old.voice_deck
    assert new.voice[0] == voice[0] == old.voice[0], "the face-up card stays"
    # The fresh randomness is recorded for replays, never in a line players read.
    row = Move.objects.get(game=game, kind="rollback")
    assert row.payload["seed"] == NEW_SEED and "seed" not in row.log[0]["params"]
    engine, state = replay_final_state(game)
    assert engine.dump(state) == game.state
    call_command("verify_games", game=[game.pk])


def test_R80_players_read_one_line_for_the_undone_moves_staff_read_them(rolled_back):
    game, users, mod, _before, undone = rolled_back
    undone_seqs = {row.seq for row in undone}
    line = f"A moderator took back moves {min(undone_seqs)}–{max(undone_seqs)}."
    _refills, voice = revealed(undone)
    viewers = {seat: users[seat] for seat in range(3)}
    viewers[None] = make_user("rbwatcher")
    for viewer, user in viewers.items():
        client = Client()
        client.force_login(user)
        api_log = client.get(f"/api/games/{game.pk}/log/").json()
        assert undone_seqs.isdisjoint(r["seq"] for r in api_log), viewer
        assert line in [t for r in api_log for t in r["text"]]
        for url in (reverse("games:detail", args=[game.pk]), reverse("games:log", args=[game.pk])):
            text = client.get(url).content.decode()
            assert line in text and undone_seqs.isdisjoint(seqs_shown(text)), (viewer, url)
            assert ", ".join(voice) not in text, "the undone reveal is not shown"
        assert "misclick storm" not in str(api_log)
    staff = Client()
    staff.force_login(mod)
    assert undone_seqs <= {r["seq"] for r in staff.get(f"/api/games/{game.pk}/log/").json()}
    assert undone_seqs <= seqs_shown(staff.get(reverse("games:log", args=[game.pk])).content.decode())


def test_R80_no_answer_after_a_rollback_depends_on_what_its_viewer_may_not_know(rolled_back):
    game, users, _mod, _before, _undone = rolled_back
    clients = {}
    for viewer, user in [(0, users[0]), (1, users[1]), (2, users[2]), (None, make_user("rbspectator"))]:
        clients[viewer] = Client()
        clients[viewer].force_login(user)
    for step in range(3):  # the restored position and the next moves
        real = game.state
        first = answers(clients, game)
        for viewer in clients:
            with_state(game, hidden_from(real, viewer))
            for key, text in answers({viewer: clients[viewer]}, game).items():
                assert text == first[key], f"step {step}: {key} tells what the viewer may not know"
        with_state(game, real)
        game = greedy(game, users, 500 + step)
    call_command("verify_games", game=[game.pk])


def test_replay_of_a_rolled_back_game_steps_over_kept_moves_only(rolled_back):
    game, users, _mod, _before, undone = rolled_back
    n = 0
    while game.status == Game.Status.ACTIVE:
        game = greedy(game, users, 1000 + n)
        n += 1
    client = Client()
    client.force_login(users[1])
    response = client.get(reverse("games:replay", args=[game.pk]), {"seat": 1})
    assert response.status_code == 200
    kept = Move.objects.filter(game=game, undone_at__isnull=True).count()
    assert response.context["nav"]["count"] == kept
    assert {row.seq for row in undone}.isdisjoint(line["seq"] for line in response.context["log_lines"])
    call_command("verify_games", game=[game.pk])
