"""Events for the API's streams (``play.stream``): what changed, told once the change commits.

Every write ends with ``play.changes.emit``, which asks for one ``gameState`` event per game after
the commit: to the game's channel (its version, status, the seats that owe a move and those that may
act) and to the channel of each player or invitee (with their own seat and whether they owe a move
or may act), and a ``notice`` event for what the engine tells a seat. Chat messages are told the
same way (``chat_posted``). Events are small and carry no hidden information:
a client that wants the position asks the API.

Delivery: with ``REDIS_URL``, Redis pub/sub (every web or stream process may publish, every
stream process hears all through one connection, ``_RedisBridge``); without, within the process
(``make run``, tests on one server). Channels are prefixed by the database's name, since Redis
pub/sub ignores database numbers and several sites may share one Redis."""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
import time
from collections import OrderedDict, deque

from django.conf import settings
from django.db import connections, transaction

from . import event_log

log = logging.getLogger(__name__)

FINISHED = ("finished", "aborted", "cancelled")


def prefix() -> str:
    return f"events:{connections['default'].settings_dict['NAME']}:"


def user_channel(user_id: int) -> str:
    return f"u{user_id}"


def game_channel(game_id: int) -> str:
    return f"g{game_id}"


def page_channel(game_id: int) -> str:
    """What only the game's open pages hear (``play.stream_page``): that its chat changed, by id."""
    return f"p{game_id}"


# --- publishing ------------------------------------------------------------------------------------

_redis = None
_down_until = 0.0  # after a failure Redis is not tried again for a few seconds (no 2 s wait per move)
_last_sent: OrderedDict = OrderedDict()  # (game id) -> what was last told: a repeated save tells nothing
_last_lock = threading.Lock()


GAP_CHANNEL = "_gap"
"""Published to when events may have been lost (a process republished what Redis refused it): every stream
process ends its open streams, whose clients come back to the present (``GAP``)."""
GAP = {"type": "gap"}
"""What a subscription is handed, never sent as it is, when its stream may have missed events: after the
process's Redis connection came back, or another process's ``GAP_CHANNEL`` message. The stream ends; the
client reconnects and gets the present (a page its ``hello``, an API stream ``resync`` then the present)."""
OUTBOX_SIZE = 10_000  # events kept while Redis refuses them; past it the oldest go (the gap covers them)
_outbox: deque = deque(maxlen=OUTBOX_SIZE)
_outbox_lock = threading.Lock()
_retrier: threading.Thread | None = None


def publish(channel: str, event: dict) -> None:
    publish_many([(channel, event)])


def publish_many(messages: list[tuple[str, dict]]) -> None:
    """Tell channels now, in one round trip (callers are on-commit hooks). Each event gets its
    ``event_id`` and goes into its channel's backlog first (``play.event_log``: a dropped stream
    resumes from it). Redis down: the events wait in this process's outbox and are published when Redis
    answers again (by the next publish or a retrying thread), followed by a gap (``GAP_CHANNEL``) so every
    open stream re-reads the present, and the backlog no longer vouches for what came before."""
    if not settings.REDIS_URL:
        for channel, event in LOCAL_LOG.append(messages):
            HUB.dispatch(channel, event)
        return
    with _outbox_lock:
        if time.monotonic() < _down_until:
            _outbox.extend(messages)
            _retry_later()
            return
        waiting = list(_outbox)
        _outbox.clear()
    _send(waiting + list(messages), flushed=bool(waiting))


def _send(messages: list[tuple[str, dict]], *, flushed: bool) -> None:
    global _down_until
    if not messages:
        return
    try:
        client = _redis_client()
        backlog = event_log.RedisLog(client, prefix())
        stamped = backlog.append(messages)
        pipe = client.pipeline(transaction=False)
        for channel, event in stamped:
            pipe.publish(prefix() + channel, json.dumps(event))
        if flushed:
            backlog.mark_gap()
            pipe.publish(prefix() + GAP_CHANNEL, json.dumps(GAP))
        pipe.execute()
        if flushed:
            log.warning("%d event(s) published late; open streams told to re-read", len(messages))
    except Exception as exc:  # a lost event must not fail the request that made the change
        with _outbox_lock:
            _down_until = time.monotonic() + OUTBOX_RETRY_SECONDS
            _outbox.extendleft(reversed(messages))  # before anything queued meanwhile, in order
            _retry_later()
        log.warning("%d event(s) not published yet (kept to publish when Redis answers): %s", len(messages), exc)


OUTBOX_RETRY_SECONDS = 2.0


def _retry_later() -> None:
    """One thread per process publishes the outbox once Redis answers (called with ``_outbox_lock``)."""
    global _retrier
    if _retrier is None or not _retrier.is_alive():
        _retrier = threading.Thread(target=_retry, daemon=True, name="events-outbox")
        _retrier.start()


def _retry() -> None:
    while True:
        with _outbox_lock:
            if not _outbox:
                return
            wait = _down_until - time.monotonic()
        time.sleep(min(max(wait, 0.2), 1.0))  # (woken each second: the deadline may be moved)
        with _outbox_lock:
            if time.monotonic() < _down_until:
                continue
            waiting = list(_outbox)
            _outbox.clear()
        _send(waiting, flushed=True)


def outbox_size() -> int:
    with _outbox_lock:
        return len(_outbox)


def _redis_client():
    global _redis
    if _redis is None:
        import redis

        _redis = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=1, socket_connect_timeout=1)
    return _redis


LOCAL_LOG = event_log.LocalLog()


def backlog():
    """Where events are kept for resuming: Redis's with ``REDIS_URL``, else this process's."""
    return event_log.RedisLog(_redis_client(), prefix()) if settings.REDIS_URL else LOCAL_LOG


def game_messages(game, *, may_act: set[int] | None = None, notices=()) -> tuple:
    """What the streams are told about this game (``play.changes.emit``, inside the write's transaction,
    so the seats read are those that commit): one ``gameState`` to the game's channel (its version,
    status, the seats that owe a move and those that may act without owing) and one to the channel of
    each player or invitee (their own seat, whether they owe a move, whether they may act); a
    ``notice`` to a seat's player for each of the engine's notices (its key and parameters: the
    game's texts word it). Returns ``(told, messages)`` for ``publish_game``."""
    from .models import Seat

    seats = list(
        Seat.objects.filter(game_id=game.pk)
        .order_by("index")
        .values_list("index", "user_id", "kind", "owes_move", "substitute_bot", "answer_waits")
    )
    may_act = sorted(may_act or ())
    told = (game.version, game.status, tuple(seats), tuple(may_act))
    pending = [index for index, _u, _k, owes, _b, _a in seats if owes]
    base = {
        "type": "gameState",
        "game": game.pk,
        "game_type": game.game_type,
        "version": game.version,
        "status": game.status,
        "pending": pending,
        "may_act": may_act,
    }
    messages = [(game_channel(game.pk), base)]
    users = {}
    for index, user_id, kind, owes, substitute, answer in seats:
        if user_id is None:
            continue
        users[index] = user_id
        owes = owes and not substitute  # a bot plays the seat meanwhile: not the player's turn
        answer = answer and not substitute
        if kind == Seat.Kind.INVITED:
            event = {**base, "type": "gameFinish" if game.status in FINISHED else "challenge", "seat": index}
        else:
            event = {
                **base,
                "type": user_event_type(game.status, game.version, owes or answer),
                "seat": index,
                "my_turn": owes,
                "answer_waits": answer,
                "may_act": index in may_act and not substitute,
            }
        if event["type"] == "myTurn" and game.status == "active" and game.version == 1:
            # Everyone hears that the game started, the first to move too (then its myTurn).
            messages.append((user_channel(user_id), {**event, "type": "gameStart"}))
        messages.append((user_channel(user_id), event))
    for notice in notices:
        if notice.seat in users:
            messages.append((user_channel(users[notice.seat]), {
                "type": "notice", "game": game.pk, "game_type": game.game_type, "version": game.version,
                "seat": notice.seat, "key": notice.key, "params": notice.params}))
    return told, messages


def publish_game(game_id: int, told_and_messages: tuple) -> None:
    """Publish what ``game_messages`` made, once the write committed; a write that changed nothing the
    streams show (the same version, status and seats) tells nothing again."""
    told, messages = told_and_messages
    with _last_lock:
        if _last_sent.get(game_id) == told and not any(e["type"] == "notice" for _c, e in messages):
            return
        _last_sent[game_id] = told
        _last_sent.move_to_end(game_id)
        while len(_last_sent) > 10000:
            _last_sent.popitem(last=False)
    publish_many(messages)


def user_event_type(status: str, version: int, owes: bool) -> str:
    """The kind of a player's event: the game ended, it is their move (``owes``: a move, or an answer to
    something addressed to them), the game just started, or someone else moved."""
    if status in FINISHED:
        return "gameFinish"
    if owes:
        return "myTurn"
    if status == "active" and version == 1:
        return "gameStart"
    return "gameState"


def challenge_answered(game, kind: str, user_id: int, **fields) -> None:
    """``challengeDeclined`` (to the challenger) or ``challengeCanceled`` (to an invitee), once the write
    commits."""
    event = {"type": kind, "game": game.pk, "game_type": game.game_type, "status": game.status, **fields}
    transaction.on_commit(lambda: publish_many([(user_channel(user_id), event)]))


def chat_posted(message, recipients) -> None:
    """A chat line (``community.services.chat_post``), once it commits, to the players in
    ``recipients`` (the author and those who blocked the author are left out by the caller). Not to
    the game's channel: its watchers' blocks are not known there."""
    event = {
        "type": "chat",
        "game": message.game_id,
        "id": message.pk,
        "seat": message.seat,
        "author": message.author.get_username(),
        "text": message.text,
        "created_at": message.created_at.isoformat(),
    }
    messages = [(user_channel(user_id), event) for user_id in recipients]
    # The game's open pages (spectators' too) hear only that a line came, by its id: each page asks for
    # its chat, which leaves out what its reader blocked.
    messages.append((page_channel(message.game_id), {"type": "chat", "game": message.game_id, "id": message.pk}))
    transaction.on_commit(lambda: publish_many(messages))


def chat_hidden(message, recipients) -> None:
    """A moderator hid a chat line (``community.moderation.message_hide``): clients drop it by its id."""
    event = {"type": "chatHidden", "game": message.game_id, "id": message.pk}
    messages = [(user_channel(user_id), event) for user_id in recipients]
    messages.append((page_channel(message.game_id), event))
    transaction.on_commit(lambda: publish_many(messages))


# --- receiving -------------------------------------------------------------------------------------


class Subscription:
    """Events of some channels, as they come: ``get(timeout)`` (threads) or ``aget(timeout)`` (asyncio).
    ``close()`` when done."""

    def __init__(self, hub: Hub, channels: list[str], loop: asyncio.AbstractEventLoop | None):
        self.hub, self.channels, self.loop = hub, channels, loop
        self._queue = asyncio.Queue() if loop else queue.Queue()

    def deliver(self, event: dict) -> None:  # any thread
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._queue.put_nowait, event)
        else:
            self._queue.put(event)

    def get(self, timeout: float) -> dict | None:
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    async def aget(self, timeout: float) -> dict | None:
        try:
            return await asyncio.wait_for(self._queue.get(), timeout)
        except TimeoutError:
            return None

    def close(self) -> None:
        self.hub.unsubscribe(self)


class Hub:
    """This process's subscribers by channel."""

    def __init__(self):
        self._lock = threading.Lock()
        self._subs: dict[str, set[Subscription]] = {}
        self._bridge: _RedisBridge | None = None

    def subscribe(
        self, channels: list[str], *, loop: asyncio.AbstractEventLoop | None = None
    ) -> Subscription:
        """``loop``: an asyncio subscriber's (events come to ``aget``); None: a thread's (``get``)."""
        sub = Subscription(self, channels, loop)
        started = None
        with self._lock:
            for channel in channels:
                self._subs.setdefault(channel, set()).add(sub)
            if settings.REDIS_URL and (self._bridge is None or not self._bridge.is_alive()):
                self._bridge = started = _RedisBridge(self, settings.REDIS_URL, prefix())
                started.start()
        if started is not None:
            # The first subscriber waits for Redis to confirm (then the present state it reads next is
            # not older than the events it will hear); later ones never wait, even while Redis is away.
            started.ready.wait(2)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            for channel in sub.channels:
                subs = self._subs.get(channel)
                if subs is not None:
                    subs.discard(sub)
                    if not subs:
                        del self._subs[channel]

    def dispatch(self, channel: str, event: dict) -> None:
        with self._lock:
            subs = list(self._subs.get(channel, ()))
        for sub in subs:
            sub.deliver(event)

    def close(self) -> None:
        """Stop hearing Redis (tests that make a hub of their own)."""
        if self._bridge is not None:
            self._bridge.stop.set()

    def dispatch_all(self, event: dict) -> None:
        """To every subscriber of this process (``GAP``)."""
        with self._lock:
            subs = {sub for subs in self._subs.values() for sub in subs}
        for sub in subs:
            sub.deliver(event)

    def listens(self, sub: Subscription) -> bool:
        with self._lock:
            return any(sub in subs for subs in self._subs.values())

    def count(self) -> int:
        with self._lock:
            return len({s for subs in self._subs.values() for s in subs})


class _RedisBridge(threading.Thread):
    """One Redis connection per process hears every channel of this site and hands events to the hub."""

    def __init__(self, hub: Hub, url: str, channel_prefix: str):
        super().__init__(daemon=True, name="events-redis-bridge")
        self.hub, self.url, self.prefix = hub, url, channel_prefix
        self.ready = threading.Event()
        self.stop = threading.Event()

    def run(self) -> None:
        import redis

        lost = False
        while not self.stop.is_set():
            try:
                pubsub = redis.Redis.from_url(
                    self.url, socket_connect_timeout=5, health_check_interval=30
                ).pubsub(ignore_subscribe_messages=True)
                pubsub.psubscribe(self.prefix + "*")
                pubsub.get_message(timeout=5)  # the subscription's confirmation
                self.ready.set()
                if lost:
                    # Whatever was published while this connection was away never reached this process's
                    # streams (a restarted Redis also forgot its backlog): each re-reads the present.
                    log.warning("event stream: Redis connection back; open streams told to re-read")
                    self.hub.dispatch_all(GAP)
                    lost = False
                while not self.stop.is_set():
                    message = pubsub.get_message(timeout=5)
                    if message and message["type"] == "pmessage":
                        channel = message["channel"].decode()[len(self.prefix) :]
                        if channel == GAP_CHANNEL:
                            self.hub.dispatch_all(GAP)
                        else:
                            self.hub.dispatch(channel, json.loads(message["data"]))
            except Exception as exc:
                lost = True
                log.warning("event stream: Redis connection lost (%s); reconnecting", exc)
                time.sleep(1)


HUB = Hub()
