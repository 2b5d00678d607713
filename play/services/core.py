"""Shared steps of every write: the locked game, the state in and out, the log, the end of a game,
what happens after any change (clocks, bots, notifications)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from kit.base import InvalidState, answers, may_act

from .. import seat_clocks
from ..changes import change_of
from ..errors import DamagedGame, ServiceError
from ..models import Game, Move, Seat
from ..snapshots import state_load  # noqa: F401  (services.state_load, as before)

log = logging.getLogger(__name__)


def _state_store(engine, game: Game, state) -> None:
    """Snapshot ``state`` into the game row, after the engine accepts it back."""
    data = engine.dump(state)
    try:
        engine.load(data)
    except InvalidState as exc:
        log.error("game %s: %s engine produced a state it refuses: %s", game.pk, game.game_type, exc)
        raise DamagedGame(_("This move would leave the game in a damaged position, so it was not played. "
                            "The site's staff have been told.")) from None
    game.state = data


@dataclass(frozen=True)
class SeatSpec:
    """How a seat is filled at creation: 'me', 'open', 'invite' (+ username) or 'bot' (+ level); 'player'
    (+ username: seated at once) only in a game whose creator takes no seat (a competition's table)."""

    kind: str
    username: str = ""
    bot_level: str = ""


# --- shared steps ----------------------------------------------------------------------------------


def lock_game(game_id: int) -> Game:
    """The game row, locked until the transaction ends (every write starts here)."""
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise ServiceError(_("There is no such game.")) from None


def _seats_for_update(game: Game) -> list[Seat]:
    """The game's seats by index, locked (not their users, who come along with their
    profiles: the "your turn" e-mail needs them)."""
    return list(game.seats.select_for_update(of=("self",)).select_related("user__profile").order_by("index"))


def log_event(game: Game, seat_index, kind: str, payload: dict, by_user=None, *,
              not_in_log: tuple[str, ...] = ("type",)) -> None:
    """A platform event in the move log (resign, timeout, a moderator's action…):
    it bumps the version so every open page refreshes. The payload's keys, except
    those in ``not_in_log``, become the log line's parameters."""
    game.version += 1
    Move.objects.create(
        game=game, seq=game.version, seat=seat_index, kind=kind, payload=payload,
        log=[{"key": f"site.{kind}", "params": {k: v for k, v in payload.items() if k not in not_in_log},
              "seat": seat_index}],
        by_user=by_user if by_user is not None and getattr(by_user, "is_authenticated", False) else None,
    )


def _forfeit_seat(game: Game, seats: list[Seat], seat: Seat, *, kind: str, by_user) -> None:
    log_event(game, seat.index, kind, {"type": kind}, by_user=by_user)
    still_playing = [s for s in seats if not (s.resigned or s.forfeited) and s.kind == Seat.Kind.HUMAN]
    bots_playing = [s for s in seats if s.kind == Seat.Kind.BOT]
    if len(seats) == 1:
        # A solo game left: lost, with no rank (it is never "first" of anyone).
        _finish(game, seats, _result(seats, scores=[None], ranks=[None],
                                     solo={"won": False, "label_key": "site.solo_left", "label_params": {}}))
    elif len(still_playing) + len(bots_playing) <= 1:
        n = len(seats)
        _finish(game, seats, _result(seats, scores=[None] * n, ranks=_left_ranked_last(seats, [1] * n)))
    else:
        seat.substitute_bot = seat.substitute_bot or game.timeout_bot_level
        seat.deadline = seat.reminder_at = None  # a bot moves now: no clock to watch
        seat.save(update_fields=["substitute_bot", "deadline", "reminder_at"])
        _bots_to_move(game)
    game.save()


def _after_change(game: Game, engine, state, seats: list[Seat], *, moved_seat: Seat | None = None,
                  queue_bots: bool = True, now=None, undoing: Seat | None = None,
                  announce: bool = True, notices=(), undone_increment: bool = True) -> None:
    """Bring seats' owes-move flags and clocks in step with the engine, finish a
    game that is over, and queue bot turns. ``game.save()`` is the caller's.

    After a move (``moved_seat``) a seat that stops owing is charged the time it took
    and earns the increment, once per decision: a seat that still owes after its move (one
    step of a turn of several) keeps its clock running, as a correspondence clock does per
    turn. After a position is taken back (an undo, a rollback: no ``moved_seat``) a seat
    that stops owing is charged nothing, and the seat ``undoing`` its move gives back the
    increment it earned (``undone_increment``: none when the undone move did not end its
    decision), so taking back and replaying a move does not earn time. A human whose clock
    starts is told it is their turn, unless ``announce`` is off (an undo tells nobody).
    The engine's ``notices`` are told to their seats.
    What happened is noted for ``emit`` (``play.changes``)."""
    now = now or timezone.now()
    change = change_of(game)
    change.notices.extend(notices)
    if engine.is_over(state):
        result = engine.result(state)
        ranks = _left_ranked_last(seats, list(result.ranks))
        solo = getattr(result, "solo", None)
        marks = {} if solo is None else {"solo": {"won": bool(solo.won), "label_key": solo.label_key,
                                                  "label_params": dict(solo.label_params)}}
        _finish(game, seats, _result(seats, scores=result.scores, ranks=ranks, details=result.details,
                                     tiebreak=result.tiebreak, **marks))
        return
    pending = engine.pending(state)
    change.may_act = may_act(engine, state)
    waiting = {i for i in change.may_act - set(pending) if answers(engine, state, i)}
    for seat in seats:
        if seat.answer_waits != (seat.index in waiting):
            seat.answer_waits = seat.index in waiting
            seat.save(update_fields=["answer_waits"])
    since = min((s.owes_since for s in seats if s.owes_since), default=now)
    vacations = seat_clocks.vacations_of([s.user_id for s in seats], since)
    for seat in seats:
        owes = seat.index in pending
        before = [getattr(seat, f) for f in seat_clocks.CLOCK_FIELDS]
        if seat is undoing and owes and undone_increment:
            seat.bank_seconds = max(seat.bank_seconds - game.increment_seconds, 0)
        if seat.owes_move and moved_seat is not None and not owes:
            seat_clocks.stop(game, seat, now, vacations.get(seat.user_id, []))
        elif seat.owes_move and not owes:
            seat_clocks.clear(seat)
        started = owes and not seat.owes_move
        if started:
            seat_clocks.start(game, seat, now, vacations.get(seat.user_id, []))
        if [getattr(seat, f) for f in seat_clocks.CLOCK_FIELDS] != before:
            seat.save(update_fields=seat_clocks.CLOCK_FIELDS)  # only seats whose clock changed
        if started and announce and seat.user_id and seat.kind == Seat.Kind.HUMAN and not seat.played_by_bot:
            change.turns.append(seat)
    # The bot task itself passes queue_bots=False: it loops instead of nesting.
    if queue_bots and any(s.played_by_bot and (s.owes_move or (s.index in change.may_act
                                                             and answers(engine, state, s.index)))
                          for s in seats):
        _bots_to_move(game)  # bots that owe a move, or have an offer (or the like) to answer


def _clock_restart(game: Game, seat: Seat) -> None:
    """Someone new answers for a seat that owes a decision (its player back from a bot,
    another player given the seat): its clock runs from now, with their vacations."""
    if seat.owes_move:
        seat.owes_since = timezone.now()
        vacations = seat_clocks.vacations_of([seat.user_id], seat.owes_since).get(seat.user_id, [])
        seat_clocks.schedule(game, seat, vacations)


def _left_ranked_last(seats: list[Seat], ranks: list[int]) -> list[int]:
    """Players who resigned or forfeited rank after everyone who stayed; stayers keep their order."""
    left = {s.index for s in seats if s.resigned or s.forfeited}
    if not left:
        return ranks
    stayed = [i for i in range(len(seats)) if i not in left]
    return [len(stayed) + 1 if i in left else 1 + sum(1 for j in stayed if ranks[j] < ranks[i])
            for i in range(len(seats))]


def _result(seats: list[Seat], *, scores, ranks, details=None, tiebreak=None, **marks) -> dict:
    """``Game.result``: per seat score, rank and details, the tie-break applied, the seats
    that left, and ``marks`` (an adjudication says so, and whether it is rated; a one-seat game's
    ``solo``: won, its rank's label key and parameters)."""
    return {
        "scores": list(scores),
        "ranks": list(ranks),
        "details": list(details) if details is not None else [{} for _ in seats],
        "tiebreak": tiebreak,
        "left": sorted(s.index for s in seats if s.resigned or s.forfeited),
        **marks,
    }


def _finish(game: Game, seats: list[Seat], result: dict) -> None:
    """The one way a game ends with a result, whatever ended it: the engine (the last
    move), players leaving (resignations, time-outs) or a moderator's adjudication.
    Every clock stops; the other apps hear of it through ``emit`` (the result mails, the ratings).
    ``game.save()`` is the caller's."""
    game.result = result
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    for seat in seats:
        if seat.owes_move or seat.deadline:
            seat_clocks.clear(seat)
            seat.save(update_fields=["owes_move", "owes_since", "deadline", "reminder_at"])
        if seat.answer_waits:
            seat.answer_waits = False
            seat.save(update_fields=["answer_waits"])
    change_of(game).finished = list(seats)


def _bots_to_move(game: Game) -> None:
    """Bot seats owe a decision: ``emit`` queues their task once this commits."""
    change_of(game).bots = True
