"""Hidden information over a whole game of every registered game (issue 27: one test over the registry, not a
copy per game). At every third move, every seat's and a spectator's game page, poll, chat panel, API game and
API log are fetched twice: on the real position, then with everything that viewer may not know drawn afresh by
the engine's ``scramble_unknown`` (the decks' order, the other seats' hands and secret choices...) and the RNG's
future changed. Any difference is a leak. The pages' log comes from the stored moves, which this does not
change: ``test_no_read_of_a_move_depends_on_what_its_viewer_may_not_know`` below replays every move on such
positions and compares what each viewer reads of it (log lines, notices, legal moves, refusals).

Through the cache of rendered game bodies (play/body_cache.py): the real position's answers are fetched by every
viewer in turn through one cache, then again with every viewer's body kept; each must still be the viewer's own.
The scrambled position's answers are rendered afresh for that viewer alone.

``scramble_unknown`` is what the platform also uses to decide undo (kit/reveal.py): a registered game without it
cannot be checked here, so this test asks every game for it. La Città keeps its own R80 test besides this one,
whose scrambling is written in the test rather than taken from the engine.

The moves are the game's greedy bot's when it has one (seeded; deeper into each game than random moves), else
the random bot's; a seat that owes nothing but may act (an offer at any time) moves when nobody owes a move."""

import pytest
from django.test import Client

from kit import contract
from play import bots, registry, services
from play.models import Game
from play.services import SeatSpec
from tests.pages.test_hidden_whole_games import answers, body_answers
from tests.platform import hidden_reads
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

CHECK_EVERY = 3  # moves; every move would triple a test that already fetches ~10 answers per viewer per check
MAX_MOVES = 3000
OPENING = 6  # moves checked one by one first: where the first secrets are dealt, and all of a short game


def players_for(engine) -> int:
    """Three seats where the game allows it: the most hidden information between seats for the cost."""
    return min(max(engine.min_players, 3), engine.max_players)


def options_for(definition, players: int) -> dict:
    engine = definition.engine
    for options in (*definition.demo_options, {}):
        try:
            return engine.validate_options(dict(options), players)
        except Exception:  # a demo option set made for another player count: the next one
            continue
    raise AssertionError(f"{definition.slug}: no option set for {players} players")


def started(definition, users) -> Game:
    options = options_for(definition, len(users))
    game = services.game_create(creator=users[0], game_type=definition.slug, options=options,
                                seats=[SeatSpec("me")] + [SeatSpec("open") for _ in users[1:]])
    Game.objects.filter(pk=game.pk).update(seed=27)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return Game.objects.get(pk=game.pk)


def mover(engine, state) -> int:
    owing = sorted(engine.pending(state))
    return owing[0] if owing else sorted(engine.may_act(state))[0]


@pytest.mark.slow
@pytest.mark.timeout(3600)  # whole games, page by page: minutes on a loaded machine
@pytest.mark.parametrize("slug", sorted(d.slug for d in registry.definitions()))
def test_no_answer_depends_on_what_its_viewer_may_not_know(slug):
    definition = registry.definition(slug)
    engine = definition.engine
    scramble = getattr(engine, "scramble_unknown", None)
    assert scramble is not None, f"{slug}: a game without scramble_unknown cannot be checked for leaks"
    level = "greedy" if "greedy" in definition.bot_levels else "random"
    users = [make_user(f"hw{slug[:8]}{i}") for i in range(players_for(engine))]
    game = started(definition, users)
    clients = {}
    for viewer, user in [*enumerate(users), (None, make_user(f"hwwatch{slug[:8]}"))]:
        clients[viewer] = Client()
        clients[viewer].force_login(user)
    moves = checks = differed = 0
    while game.status == Game.Status.ACTIVE:
        assert moves < MAX_MOVES, f"{slug}: the game did not end"
        real = game.state
        state = engine.load(real)
        if moves < OPENING or moves % CHECK_EVERY == 0:
            first = answers(clients, game)  # each viewer's bodies kept in turn, in one cache
            kept = body_answers(dict(reversed(clients.items())), game)  # every body kept: served from the cache
            for key, text in kept.items():
                assert text == first.get(key, text), f"{slug} move {moves}: {key} served another viewer's body"
            first.update(kept)
            for viewer, client in clients.items():
                # the RNG's future changed too: no seat knows it
                other = engine.dump(hidden_reads.with_new_rng_future(engine, scramble(state, viewer, 27_000 + moves),
                                                                     28_000 + moves))
                differed += other != real
                Game.objects.filter(pk=game.pk).update(state=other)
                changed = answers({viewer: client}, game)
                changed.update(body_answers({viewer: client}, game, poll_only=True))
                for key, text in changed.items():
                    assert text == first[key], f"{slug} move {moves}: {key} tells what the viewer may not know"
            Game.objects.filter(pk=game.pk).update(state=real)
            checks += 1
        seat = mover(engine, state)
        move = bots.choose_move(slug, level, engine, state, seat, seed=27_000 + moves)
        game = services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
        moves += 1
    assert game.status == Game.Status.FINISHED and checks >= min(moves, OPENING), (moves, checks)
    # A game with hidden information must have had some of it scrambled, else the test proved nothing for it.
    if not getattr(engine, "nothing_hidden", False):
        assert differed, f"{slug}: scramble_unknown never changed a position"


READS_EVERY = 2  # moves, after the opening: every viewer's reads of a move on SAMPLES positions each


def play_checking_reads(engine, game_type: str, level: str, players: int, options: dict, *, seed: int,
                        max_moves: int = MAX_MOVES) -> hidden_reads.Reads:
    """A whole game by the game's bot, every viewer's reads of (nearly) every move compared with those on
    positions it cannot tell from the real one (``tests.platform.hidden_reads``)."""
    reads = hidden_reads.Reads()
    state = engine.new_game(options, players, seed).state
    for moves in range(max_moves):
        if engine.is_over(state):
            return reads
        seat = mover(engine, state)
        move = bots.choose_move(game_type, level, engine, state, seat, seed=seed * 1000 + moves)
        if moves < OPENING or moves % READS_EVERY == 0:
            hidden_reads.check_move(engine, game_type, state, seat, move, players, options, reads,
                                    seed=seed * 1000 + moves)
        state = engine.apply(state, seat, move).state
    raise AssertionError(f"{game_type}: the game did not end")


@pytest.mark.parametrize("slug", sorted(d.slug for d in registry.definitions()))
def test_no_read_of_a_move_depends_on_what_its_viewer_may_not_know(slug):
    """Issue 40: the log lines, notices, legal moves and refusals each viewer reads, compared between the real
    game and positions it cannot tell apart (the RNG's future changed too), the real moves replayed on them. A
    game with hidden information must have made comparisons on positions that differed."""
    definition = registry.definition(slug)
    engine = definition.engine
    players = players_for(engine)
    level = "greedy" if "greedy" in definition.bot_levels else "random"
    reads = play_checking_reads(engine, slug, level, players, options_for(definition, players), seed=27)
    assert reads.comparisons > 0, f"{slug}: no read was compared"
    if contract.hides_information(engine):
        assert reads.telling > 0, f"{slug}: no read was compared on a position that differed from the real one"


def test_a_secret_in_a_public_log_line_is_a_leak():
    """The reviewer's sabotage: Race's public "adds" line carrying the mover's secret card (its view hides the
    card) fails the check; Race itself passes it."""
    from tests.games.race.engine import ENGINE as RACE
    from tests.platform.fixtures.leaky_log import LeakyLogRace

    reads = play_checking_reads(RACE, "race", "random", 3, {"target": "10"}, seed=5)
    assert reads.telling > 0 and reads.scrambled > 0
    with pytest.raises(hidden_reads.Leak, match="the log lines differ"):
        play_checking_reads(LeakyLogRace(), "race", "random", 3, {"target": "10"}, seed=5)


def test_a_scramble_that_changes_nothing_makes_no_telling_comparison():
    """A game with hidden information whose ``scramble_unknown`` hands back the real position proves nothing:
    its comparisons are none that could show a leak, which the registry test above fails."""
    from tests.games.race.engine import RaceEngine

    class Unscrambled(RaceEngine):
        def scramble_unknown(self, state, seat, seed):
            return self.load(self.dump(state))

    reads = play_checking_reads(Unscrambled(), "race", "random", 3, {"target": "10"}, seed=5)
    assert reads.comparisons > 0 and reads.telling == 0 and contract.hides_information(Unscrambled())
