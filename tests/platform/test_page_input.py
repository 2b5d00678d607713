"""The game page's input (play/page_input.py): plain data built once by the platform, whose key is the
rendered body's cache key. Whatever changes what the input holds changes the key (else a kept body
would be stale or another viewer's); what leaves the input alone leaves the key alone (the body is
served again). Moves undone are not in it."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone, translation

from community import game_moderation
from play import page_input, selectors, services
from play.models import Game, Seat, Vacation
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def input_of(game_id: int, user, *, step: str = "", language: str = "en"):
    game = selectors.game_with_seats(game_id)
    with translation.override(language):
        key = page_input.page_key(game, user, step=step)
        return key, page_input.build(key, game, selectors.game_view_for(game, user), base_url="/page")


def add(game_id: int, user, n: int = 1):
    game = Game.objects.get(pk=game_id)
    return services.move_apply(game_id=game_id, user=user, move={"type": "add", "n": n},
                               expected_version=game.version)


def test_a_change_of_anything_the_input_holds_changes_the_key():
    alice, bob, carol, mod = make_user("alice"), make_user("bob"), make_user("carol"), make_user("mod", staff=True)
    game = accept_all(race_game(alice, [bob, carol], target="15"), [bob, carol])
    seen = []  # (what was done, key digest, input), for each viewer after each change

    def look(what: str, **kwargs):
        for viewer in (alice, bob, AnonymousUser()):
            key, made = input_of(game.pk, viewer, **kwargs)
            seen.append((f"{what} / {viewer}", key.digest(), made))

    look("start")
    look("a step of a move", step="eyJ0eXBlIjoiYWRkIn0")
    look("in French", language="fr")
    add(game.pk, alice)
    look("alice moved")
    add(game.pk, bob, 2)
    look("bob moved")
    Seat.objects.filter(game=game, index=0).update(seen_seq=Game.objects.get(pk=game.pk).version)
    look("alice dismissed her summary")
    now = timezone.now()
    Vacation.objects.create(user=carol, starts_at=now - timedelta(hours=1), ends_at=now + timedelta(days=3))
    look("carol is on vacation")
    game_moderation.seat_give_to_bot(moderator=mod, game_id=game.pk, seat_index=2, bot_level="random",
                                     reason="carol asked")
    look("carol's seat went to a bot")
    look("nothing changed")

    inputs_by_key = {}
    for what, digest, made in seen:
        inputs_by_key.setdefault(digest, []).append((what, made))
    for same_key in inputs_by_key.values():
        first_what, first = same_key[0]
        for what, made in same_key[1:]:
            assert made == first, f"{what!r} and {first_what!r} have one key but different inputs"
    # The viewers, the step, the language and each change above made a new key; looking again did not.
    assert len(inputs_by_key) == len(seen) - 3


def test_the_viewers_seat_and_what_only_it_reads():
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    add(game.pk, alice, 2)
    key, made = input_of(game.pk, bob)
    assert key.seat == 1 and made.seat == 1 and made.names == ["alice", "bob"]
    assert made.legal_moves and [line.seat for line in made.last_move] == [0]
    assert [line.seat for line in made.unseen.lines][-1] == 0 and 1 not in {line.seat for line in made.unseen.lines}
    spectator_key, spectator = input_of(game.pk, AnonymousUser())
    assert spectator.seat is None and spectator.legal_moves == [] and spectator.unseen is None
    assert spectator_key.digest() != key.digest()


def test_moves_undone_by_a_moderator_are_not_in_the_input():
    alice, bob, mod = make_user("alice"), make_user("bob"), make_user("mod", staff=True)
    game = accept_all(race_game(alice, [bob], target="15"), [bob])
    add(game.pk, alice, 2)
    add(game.pk, bob, 3)
    game_moderation.game_rollback(moderator=mod, game_id=game.pk, to_seq=2, reason="misclick")  # undoes bob's
    _key, made = input_of(game.pk, alice)
    undone = Game.objects.get(pk=game.pk).moves.get(seq=3)
    assert undone.undone_at is not None
    assert all(line.seq != 3 for line in made.last_move)
    assert made.unseen is None or all(line.seq != 3 for line in made.unseen.lines)
