"""Playing: a seat's move, undo, resignation, time-out, taking a seat back, summaries seen."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from kit import params
from kit.base import IllegalMove, acting, time_out

from .. import move_input, registry, seat_clocks, undo
from ..changes import change_of, emit
from ..errors import BadMove, Conflict, MoveOvertaken, NotAllowed, ServiceError, StaleVersion
from ..models import Game, Move, Seat
from ..replay import replay_final_state
from .core import (
    _after_change,
    _bots_to_move,
    _clock_restart,
    _forfeit_seat,
    _seats_for_update,
    _state_store,
    lock_game,
    log_event,
    state_load,
)

# --- playing ---------------------------------------------------------------------------------------


def move_apply(*, game_id: int, user=None, seat_index: int | None = None, move: dict, expected_version: int,
               bot_level: str = "", queue_bots: bool = True) -> Game:
    """Apply one move for the user's seat (or, for a bot, the given seat): a seat that owes a decision
    (``pending``) or may act without owing (the engine's ``may_act``).

    ``expected_version`` is the version the move was chosen at. When only OTHER seats moved since,
    the move is checked again on the position as it is now and lands if the engine accepts it (two
    players' simultaneous decisions in the same second both land); refused then, it is a conflict
    with the engine's reason (``MoveOvertaken``). A version after which this seat itself acted, or
    the platform did (an undo, a time-out, a moderator), raises ``StaleVersion`` (the same
    submission arriving twice among them) and changes nothing."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise BadMove("illegal", default=_("A move must be an object with a “type”."))
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("This game is not in progress."), code="game_not_in_progress")
        # The users come along (the "your turn" e-mail needs one); only the seats are locked.
        seats = _seats_for_update(game)
        seat = _acting_seat(seats, user=user, seat_index=seat_index, bot_level=bot_level)
        # The move's shape first, whatever the version (a 400 says "fill it again", a 409 "read the game").
        move_input.check(game.game_type, move)
        overtaken = expected_version != game.version
        if overtaken and not _only_others_moved(game, seat.index, expected_version):
            _never_legal(game, seat.index, move, expected_version)
            raise StaleVersion(
                _("The game has changed since you looked at it (you saw version %(seen)s, it is now at %(now)s)."),
                {"seen": expected_version, "now": game.version}
            )
        engine = registry.get(game.game_type)
        state = state_load(engine=engine, game=game)
        acting_now = acting(engine, state)
        if seat.index not in acting_now:
            if overtaken:
                _never_legal(game, seat.index, move, expected_version)
                raise StaleVersion(
                    _("The game has changed since you looked at it (you saw version %(seen)s, it is now at "
                      "%(now)s)."), {"seen": expected_version, "now": game.version})
            raise Conflict(_("It is not your turn to move."), code="not_your_turn")
        try:
            applied, move = _engine_apply(engine, state, seat.index, move, game_type=game.game_type,
                                          overtaken=overtaken)
        except MoveOvertaken:
            _never_legal(game, seat.index, move, expected_version)  # a 400 when the author's own position refused it
            raise
        if engine.private_step(state, seat.index, move) if hasattr(engine, "private_step") else False:
            return _private_step(game, engine, seat, move, applied)
        game.version += 1
        by_user = user if user is not None and user.is_authenticated else None
        by_person = by_user is not None and not bot_level
        Move.objects.create(
            game=game, seq=game.version, seat=seat.index, payload=move,
            log=[entry.to_json() for entry in applied.log] + _notice_lines(applied.notices),
            by_user=by_user, by_bot=bot_level,
            # Only a person's own move can be taken back (with the bots' replies to it, play.undo).
            reveals_nothing=by_person and undo.reveals_nothing(engine, state, seat.index, move, applied,
                                                               seed=game.version, players=len(seats)),
            acting_before=sorted(acting_now - {seat.index}) if by_person else None,
            reveals_nothing_to=undo.hides_nothing_from(engine, state, seat, seats, move, applied, seed=game.version)
            if bot_level and seat.kind == Seat.Kind.BOT else None,
            steps_before=_take_draft(seat),
        )
        _state_store(engine, game, applied.state)
        _after_change(game, engine, applied.state, seats, moved_seat=seat, queue_bots=queue_bots,
                      notices=applied.notices)
        game.save()
        emit(game)
    return game


def move_check(*, game_id: int, user, move: dict, expected_version: int) -> int:
    """A dry run of ``move_apply`` for the user's seat: the same judgement (shape, version, whose decision,
    the engine's own ``apply`` on the position as it is now) raising the same errors, and nothing changes: no
    lock, no row, no event. Returns the version it was judged at."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise BadMove("illegal", default=_("A move must be an object with a “type”."))
    game = Game.objects.get(pk=game_id)
    if game.status != Game.Status.ACTIVE:
        raise Conflict(_("This game is not in progress."), code="game_not_in_progress")
    seats = list(game.seats.order_by("index"))
    seat = _acting_seat(seats, user=user, seat_index=None, bot_level="")
    move_input.check(game.game_type, move)
    overtaken = expected_version != game.version
    stale = StaleVersion(
        _("The game has changed since you looked at it (you saw version %(seen)s, it is now at %(now)s)."),
        {"seen": expected_version, "now": game.version})
    if overtaken and not _only_others_moved(game, seat.index, expected_version):
        _never_legal(game, seat.index, move, expected_version)
        raise stale
    engine = registry.get(game.game_type)
    state = state_load(engine=engine, game=game)
    if seat.index not in acting(engine, state):
        if overtaken:
            _never_legal(game, seat.index, move, expected_version)
            raise stale
        raise Conflict(_("It is not your turn to move."), code="not_your_turn")
    try:
        _engine_apply(engine, state, seat.index, move, game_type=game.game_type, overtaken=overtaken)
    except MoveOvertaken:
        _never_legal(game, seat.index, move, expected_version)
        raise
    return game.version


def _private_step(game: Game, engine, seat: Seat, move: dict, applied) -> Game:
    """A private step (``RulesEngine.private_step``, issue 39.5): the snapshot takes it and the seat's draft
    records it; no row, no version, no event, no clock or lobby change (the game row's ``updated_at`` stays),
    so the other seats learn nothing of it. The seat's next row writes the draft (``_take_draft``)."""
    seat.draft = [*seat.draft, move]
    seat.save(update_fields=["draft"])
    _state_store(engine, game, applied.state)
    game.save(update_fields=["state"])
    return game


def _take_draft(seat: Seat) -> list:
    """The seat's private steps so far, for the row being written (and the draft emptied)."""
    steps = list(seat.draft)
    if steps:
        seat.draft = []
        seat.save(update_fields=["draft"])
    return steps


def _notice_lines(notices) -> list[dict]:
    """The engine's notices as log lines only their seat reads (``visible_to``): the game page and the API's
    log show a seat what it was told, worded by the game's texts, as they show its private lines."""
    return [{"key": n.key, "params": dict(n.params), "seat": None, "visible_to": [n.seat], "notice": True}
            for n in notices]


def _only_others_moved(game: Game, seat_index: int, seen: int) -> bool:
    """Since version ``seen``, only other seats' moves (no move of this seat, no platform event)."""
    if not 0 <= seen < game.version:
        return False
    since = game.moves.filter(seq__gt=seen)
    return not since.filter(Q(seat=seat_index) | Q(seat__isnull=True) | ~Q(kind="move")).exists()


def _never_legal(game: Game, seat_index: int, move: dict, seen: int) -> None:
    """A stale move (chosen at version ``seen``) judged on the position its author saw: BadMove (400) with the
    engine's reason when it was refused there too (a filling outside its ranges, against the rules: it was never
    legal, so fill it again), nothing when it was legal then (the caller's 409: the game moved on)."""
    if not 0 <= seen < game.version:
        return  # a version the game never had: nothing to judge it on
    engine, state = replay_final_state(game, upto=seen)
    if state is None or seat_index not in acting(engine, state):
        return  # not this seat's decision then: only the present can judge it
    _engine_apply(engine, state, seat_index, move, game_type=game.game_type, overtaken=False)


def _engine_apply(engine, state, seat_index: int, move: dict, *, game_type: str, overtaken: bool):
    """The engine's answer to the move: matched against the seat's legal moves (``kit.params.find_legal``:
    a legal move may describe a field's range), then applied, which validates it on this position.
    Refused, the engine's reason is given (a conflict when the move was chosen at an older version).
    Returns the result and the move as applied (ranged fields it left out filled in when empty fits)."""
    refusal = MoveOvertaken if overtaken else BadMove
    legal = engine.legal_moves(state, seat_index)
    move = params.completed(legal, move)  # optional fields left out (an empty bundle) filled in, then logged
    matched = params.find_legal(legal, move)
    try:
        applied = engine.apply(state, seat_index, move)
    except IllegalMove as exc:
        raise refusal(exc.key, exc.params, game_type=game_type, default=exc.message) from None
    if matched is None:
        raise refusal("not_legal", game_type=game_type,
                      default=_("This move is not one of the moves you may make now."))
    return applied, move


def _acting_seat(seats: list[Seat], *, user, seat_index: int | None, bot_level: str) -> Seat:
    if bot_level:
        seat = seats[seat_index]
        if seat.played_by_bot != bot_level:
            raise Conflict(_("This seat is no longer played by that bot."))
        return seat
    mine = [s for s in seats if user is not None and s.user_id == user.pk and s.kind == Seat.Kind.HUMAN]
    if not mine:
        raise NotAllowed(_("You do not play in this game."))
    seat = mine[0]
    if seat.forfeited or seat.resigned:
        raise NotAllowed(_("You have left this game."))
    if seat.substitute_bot:
        raise Conflict(_("A bot is playing your seat; take it back first."))
    return seat


def move_undo(*, game_id: int, user, expected_version: int) -> Game:
    """The player takes back their own last move, with the bots' replies to it when everyone who acted
    since is a bot seat and nothing hidden was shown to this player by any of it (``play.undo``). The
    moves stay in the log, marked as taken back; the position is rebuilt from the seed and the moves
    kept, so ``verify_games`` still replays the game."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("This game is not in progress."))
        if expected_version != game.version:
            raise StaleVersion(_("The game has changed since you looked at it."))
        seats = _seats_for_update(game)
        seat = _acting_seat(seats, user=user, seat_index=None, bot_level="")
        newest = list(game.moves.order_by("-seq")[:undo.ROWS_READ])[::-1]
        rows = undo.undoable_moves(game, seat, newest)
        if rows is None:
            raise NotAllowed(_("You can take back only your own last move, while only bots have moved since "
                               "and nothing hidden was shown to you."))
        now = timezone.now()
        Move.objects.filter(pk__in=[row.pk for row in rows]).update(undone_at=now, taken_back=True)
        if seat.draft:  # private steps made after the move taken back go with it (the others' stay: they commute)
            seat.draft = []
            seat.save(update_fields=["draft"])
        engine, state = replay_final_state(game)
        game.state = engine.dump(state)
        event = {"type": "undo", "seq": rows[0].seq}
        if len(rows) > 1:
            event["last"] = rows[-1].seq  # the bots' replies went with it
        log_event(game, seat.index, "undo", event, by_user=user)
        # Seats that owed a decision only because of the undone moves stop owing, uncharged; the
        # undoing seat gives back the move's increment; nobody is told "your turn". A bot owing a
        # decision beside the undone moves is queued again: its task saw the old version.
        # The increment went with the undone move only when that move ended the seat's decision.
        after_own = engine.apply(state, seat.index, rows[0].payload).state
        _after_change(game, engine, state, seats, now=now, undoing=seat, announce=False,
                      undone_increment=seat.index not in engine.pending(after_own))
        game.save()
        emit(game)
    return game


@transaction.atomic
def game_resign(*, game_id: int, user) -> Game:
    """The player leaves. The seat forfeits (ranked last) and a bot finishes its
    moves; when at most one player is left in the game, it ends."""
    game = lock_game(game_id)
    if game.status != Game.Status.ACTIVE:  # the same refusal as a move in a game not in progress
        raise Conflict(_("Only a game in progress can be resigned."), code="game_not_in_progress")
    seats = list(game.seats.select_for_update().order_by("index"))
    seat = next((s for s in seats if s.user_id == user.pk and s.kind == Seat.Kind.HUMAN), None)
    if seat is None:
        raise NotAllowed(_("You do not play in this game."))
    if seat.resigned or seat.forfeited:
        raise ServiceError(_("You have already left this game."))
    seat.resigned = True
    seat.save(update_fields=["resigned"])
    _forfeit_seat(game, seats, seat, kind="resign", by_user=user)
    emit(game)
    return game


@transaction.atomic
def seat_timeout(*, game_id: int, seat_index: int, expected_deadline=None) -> bool:
    """The seat's clock ran out: a game whose engine has ``time_out`` answers by its rules (unless the
    game was created with the forfeit rule); otherwise the rule chosen at creation applies. Safe to call
    twice (the second call finds the seat no longer late and does nothing);
    returns whether the rule was applied."""
    game = lock_game(game_id)
    seats = list(game.seats.select_for_update().order_by("index"))
    seat = seats[seat_index]
    if game.status != Game.Status.ACTIVE or not seat.owes_move or seat.played_by_bot:
        return False
    if seat.deadline is None or seat.deadline > timezone.now():
        return False
    if expected_deadline is not None and seat.deadline != expected_deadline:
        return False
    if len(seats) == 1:
        # A solo game: no bot takes the seat and nobody wins by it; the clock has reminded, now it rests.
        seat.deadline = None
        seat.save(update_fields=["deadline"])
        return False
    if game.timeout_rule != Game.TimeoutRule.FORFEIT and _engine_time_out(game, seats, seat):
        pass  # the game's rules answered it (no bot takes the seat)
    elif game.timeout_rule == Game.TimeoutRule.FORFEIT:
        seat.forfeited = True
        seat.save(update_fields=["forfeited"])
        _forfeit_seat(game, seats, seat, kind="forfeit", by_user=None)
    else:
        log_event(game, seat.index, "timeout", {"type": "timeout", "bot": game.timeout_bot_level})
        seat.substitute_bot = game.timeout_bot_level
        seat.deadline = seat.reminder_at = None  # a bot moves now: no clock to watch
        seat.save(update_fields=["substitute_bot", "deadline", "reminder_at"])
        game.save()
        change_of(game).timed_out.append(seat)  # its player is told how to take it back
        _bots_to_move(game)
    emit(game)
    return True


def _engine_time_out(game: Game, seats: list[Seat], seat: Seat) -> bool:
    """The engine's ``time_out`` (``kit.base.time_out``), when it has one: its answer is a "timeout" row of
    the log (replayed by ``play.replay``), the seat is charged its spent clock as for a move, and the
    seats it concerns are told (its notices). False when the engine has none (or refuses: the seat
    owes nothing by its rules), so the platform's rule applies."""
    engine = registry.get(game.game_type)
    state = state_load(engine=engine, game=game)
    try:
        applied = time_out(engine, state, seat.index)
    except IllegalMove:
        applied = None
    if applied is None:
        return False
    game.version += 1
    Move.objects.create(game=game, seq=game.version, seat=seat.index, kind=Move.Kind.TIMEOUT,
                        payload={"type": "timeout", "engine": True}, steps_before=_take_draft(seat),
                        log=[entry.to_json() for entry in applied.log] + _notice_lines(applied.notices))
    _state_store(engine, game, applied.state)
    _after_change(game, engine, applied.state, seats, moved_seat=seat, notices=applied.notices)
    game.save()
    return True


@transaction.atomic
def seat_take_back(*, game_id: int, user) -> Game:
    """A player whose seat a bot took over (timeout) plays again."""
    game = lock_game(game_id)
    seat = game.seats.select_for_update().filter(user=user, kind=Seat.Kind.HUMAN).first()
    if game.status != Game.Status.ACTIVE or seat is None or not seat.substitute_bot:
        raise ServiceError(_("No bot is playing a seat of yours in this game."))
    if seat.forfeited or seat.resigned:
        raise ServiceError(_("You have left this game."))
    seat.substitute_bot = ""
    seat.bank_seconds = game.initial_seconds  # a fresh bank: the old one ran out
    _clock_restart(game, seat)
    seat.save(update_fields=["substitute_bot", *seat_clocks.CLOCK_FIELDS])
    log_event(game, seat.index, "take_back", {"type": "take_back"})
    game.save()
    emit(game)
    return game


SEEN_SEQ_MAX = 2_147_483_647  # PositiveIntegerField holds this on every database


def seat_summary_seen(*, game_id: int, user, version: int) -> None:
    """The player has read the "since your last visit" summary of this game up to
    ``version`` (their seat's ``seen_seq`` only grows, and never past the game)."""
    from django.db.models.functions import Greatest, Least

    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise ServiceError(_("The version must be a number."))
    # A number past any column (10**30 from a forged form) would overflow the database's
    # integer: no game gets that far, so it means "all of it" (capped at the game's version below).
    version = min(version, SEEN_SEQ_MAX)
    updated = Seat.objects.filter(game_id=game_id, user=user, kind=Seat.Kind.HUMAN).update(
        seen_seq=Greatest("seen_seq", Least(version, Game.objects.filter(pk=game_id).values("version")[:1])))
    if not updated:
        raise ServiceError(_("You have no seat in this game."))
