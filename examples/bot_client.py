#!/usr/bin/env python3
"""A complete bot for this site, using only its documented API (/api/docs/) and httpx.

It reads the game-type list (/api/game-types/: player counts, options, bot levels) and opens a game
of the one asked against the site's bots, waits for its turns on the event stream
(/api/stream/events/?moves=1&examples=1, one JSON object per line: each ``myTurn`` carries the legal moves,
so a move costs one request), plays a random legal move each time, and prints the result when the
game is over. A legal move with ``ranges`` stands for many: the bot sends its ``example`` (a filling
the game's rules accept) or fills each ranged field within its range, and fills again when the rules
refuse (400). When the stream drops it reconnects with ``?after=<the last event_id>`` and gets
what it missed (or a ``resync`` line, then the present state).

    python examples/bot_client.py --site http://127.0.0.1:8000 --token lct_… [--game SLUG] [--bot LEVEL] [--players N]

Make a token on the site (your account menu: "API tokens") with the scopes "read" and "play".
The requests it made are counted: ``requests per move`` is what one of your moves costs."""

from __future__ import annotations

import argparse
import json
import queue
import random
import sys
import threading

import httpx


class Bot:
    def __init__(self, site: str, token: str, *, seed: int | None = None, think: bool = False):
        self.http = httpx.Client(
            base_url=site, headers={"Authorization": f"Bearer {token}"}, timeout=httpx.Timeout(30.0)
        )
        self.events: queue.Queue = queue.Queue()
        self.rng = random.Random(seed)
        self.requests = 0
        self.moves = 0
        self.last_event_id: int | None = None
        self.reconnects = 0
        self.conflicts = 0
        self.resyncs = 0
        self.refusals = 0  # ranged moves filled against the game's rules (400), filled again
        # A bot that thinks decides from what its seat sees: it asks the stream for the view with each event
        # (?view=1) and waits for it after each move instead of playing on from the move's answer.
        self.think = think
        self.views_read = 0
        self.result_reads = 0  # the game read at its end when neither the last answer nor the stream told it
        self.seen: list[int] = []  # every event_id received, in order

    # --- the API -------------------------------------------------------------------------------------

    def call(self, method: str, path: str, **kwargs) -> httpx.Response:
        self.requests += 1
        return self.http.request(method, path, **kwargs)

    def listen(self) -> None:
        """Read the event stream in a thread: one request for the whole game, one more per drop. Returns
        once the stream is open, so that no event of a game made next is missed."""
        opened = threading.Event()

        def read():
            while True:
                self.requests += 1
                params = {"moves": 1, "examples": 1}  # each ranged legal move with an example filling
                if self.think:
                    params["view"] = 1  # the seat's view with each event: no read of the game before a move
                if self.last_event_id is not None:
                    params["after"] = self.last_event_id  # resume: the server replays what we missed
                try:
                    with self.http.stream(
                        "GET", "/api/stream/events/", params=params, timeout=httpx.Timeout(30.0, read=None)
                    ) as r:
                        r.raise_for_status()
                        opened.set()
                        for line in r.iter_lines():
                            if line.strip():  # empty lines keep the connection alive
                                self._heard(json.loads(line))
                except httpx.TransportError:
                    pass  # dropped: reconnect
                self.reconnects += 1

        threading.Thread(target=read, daemon=True).start()
        opened.wait(30)

    def _heard(self, event: dict) -> None:
        if "event_id" in event:
            if not event.get("snapshot"):
                self.seen.append(event["event_id"])
            self.last_event_id = event["event_id"]
        if event["type"] == "resync":
            self.resyncs += 1  # some events were lost: the present state follows (snapshot lines)
        self.events.put(event)

    def game_type(self, slug: str | None) -> dict:
        """The game's entry in the game-type list (player counts, options, bot levels): the first one
        without ``slug``."""
        types = self.call("GET", "/api/game-types/")
        types.raise_for_status()
        listed = types.json()
        found = [t for t in listed if slug in (None, t["slug"])]
        if not found:
            raise SystemExit(f"no game {slug!r} here; the games: {', '.join(t['slug'] for t in listed)}")
        return found[0]

    def open_game(self, kind: dict, bot_level: str, players: int | None = None) -> dict:
        """A game of ``kind`` against the site's bots: as many seats as asked (else the fewest the game
        takes, two at least when it allows them: a solo game has no opponent), each option at its
        default, the asked bot level when the game has it (else its first)."""
        low, high = kind["min_players"], kind["max_players"]
        count = min(max(players or max(low, 2), low), high)
        level = bot_level if bot_level in kind["bot_levels"] else kind["bot_levels"][0]
        answer = self.call(
            "POST",
            "/api/games/?answer=compact&examples=true",
            json={
                "game_type": kind["slug"],
                "options": {o["name"]: o["default"] for o in kind["options"]},
                "seats": [{"kind": "me"}] + [{"kind": "bot", "bot_level": level}] * (count - 1),
            },
        )
        answer.raise_for_status()
        return self._mine(answer.json())

    @staticmethod
    def _mine(answer: dict) -> dict:
        """The game as an answer tells it, with ``owes``: our seat owes a decision. We play only then (a
        seat may also act without owing, e.g. make an offer: this bot does not)."""
        return {**answer, "owes": answer.get("my_seat") in (answer.get("pending") or [])}

    def state(self, game_id: int) -> dict:
        answer = self.call("GET", f"/api/games/{game_id}/?answer=compact")
        answer.raise_for_status()
        return answer.json()

    def fill(self, legal: dict, tries: int) -> dict:
        """The move to send for a legal move. One with ``ranges`` stands for many: its ``example`` (a
        filling the game's rules accept on this position) on the first try, else each ranged field filled
        with a value drawn within its range (the rules may still refuse it: a 400, and we fill again)."""
        ranges = legal.get("ranges")
        if not ranges:
            return legal
        if tries == 0 and "example" in legal:
            return legal["example"]
        move = {k: v for k, v in legal.items() if k not in ("ranges", "example")}
        for name, spec in ranges.items():
            move[name] = self.value_in(spec)
        return move

    def value_in(self, spec: dict):
        """A value within a range (the four kinds of /api/docs/: int, choice, subset, bundle)."""
        kind = spec["kind"]
        if kind == "int":
            return self.rng.randint(spec["min"], spec["max"])
        if kind == "choice":
            return self.rng.choice(spec["of"])
        if kind == "subset":
            size = self.rng.randint(spec.get("min", 0), spec.get("max", len(spec["of"])))
            return self.rng.sample(list(spec["of"]), size)
        if kind == "bundle":
            pool = [name for name, most in spec["of"].items() for _ in range(most)]
            low, high = spec.get("min_total", 0), min(spec.get("max_total", len(pool)), len(pool))
            bundle: dict = {}
            for name in self.rng.sample(pool, self.rng.randint(min(low, high), high)):
                bundle[name] = bundle.get(name, 0) + 1
            return bundle
        raise ValueError(f"a range of an unknown kind: {kind}")

    def play(self, game: dict) -> dict:
        """One random legal move; the answer is the game after it, with the next legal moves. A filling the
        game's rules refuse (400) is filled again, a few times, then another legal move is tried."""
        legal_moves = list(game["legal_moves"])
        self.rng.shuffle(legal_moves)
        # A thinking bot asks for the whole answer, with its seat's view: a move after which it still owes (a
        # plan step, which moves no version and tells no stream) is decided from the answer, not an event.
        shape = "full" if self.think else "compact"
        for legal in legal_moves:
            for tries in range(5 if legal.get("ranges") else 1):
                answer = self.call(
                    "POST",
                    f"/api/games/{game['id']}/moves/?answer={shape}&examples=true",
                    json={"version": game["version"], "move": self.fill(legal, tries)},
                )
                if answer.status_code == 409:  # the game moved on (a bot was faster): its turn comes on the stream
                    self.conflicts += 1
                    return {**game, "version": game["version"] + 1, "legal_moves": [], "owes": False}
                if answer.status_code == 400:
                    self.refusals += 1  # this filling is against the rules: fill again
                    continue
                answer.raise_for_status()
                self.moves += 1
                mine = self._mine(answer.json())
                if self.think and mine["owes"] and "view" in mine:
                    self.views_read += 1  # a real bot would weigh its next move on mine["view"] here
                elif self.think:
                    mine.pop("view", None)  # not ours to move: the stream's event brings the next view
                return mine
        raise RuntimeError(f"every legal move refused at version {game['version']}")

    # --- the game --------------------------------------------------------------------------------------

    def wait_for_turn(self, game: dict) -> dict:
        """Wait on the stream until this game is at a newer version that is our move (the event
        carries the legal moves: no request), or over."""
        while True:
            event = self.events.get(timeout=300)
            if event.get("game") != game["id"] or event.get("version", 0) < game["version"]:
                continue  # another game's, or older than what we know
            if event["type"] == "gameFinish":  # with the result (run() reads the game when it is not there)
                told = {"result": event["result"]} if "result" in event else {}
                return {**game, "status": event["status"], **told}
            if event["type"] == "myTurn" and event.get("legal_moves"):
                if self.think:
                    assert "view" in event, "the stream sent no view"
                    self.views_read += 1  # a real bot would weigh its moves on event["view"] here
                return {**game, "version": event["version"], "status": event["status"],
                        "legal_moves": event["legal_moves"], "owes": True, "view": event.get("view")}

    def run(self, game_type: str | None, bot_level: str, players: int | None = None) -> dict:
        self.listen()
        kind = self.game_type(game_type)
        game = self.open_game(kind, bot_level, players)
        while game["status"] == "active":
            if game["owes"] and game["legal_moves"] and (not self.think or "view" in game):
                game = self.play(game)
            else:
                game = self.wait_for_turn(game)
        if game.get("result") is not None:  # the last answer or the gameFinish event told it
            return game
        self.result_reads += 1
        answer = self.call("GET", f"/api/games/{game['id']}/")
        answer.raise_for_status()
        return answer.json()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--game", help="a game's slug (GET /api/game-types/; default: the first one)")
    parser.add_argument("--bot", default="random", help="the site bots' level (default random)")
    parser.add_argument("--players", type=int, default=None,
                        help="seats in all, yours included (default: the fewest the game takes, 2 at least)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--think", action="store_true",
                        help="decide from the seat's view, read with each event (?view=1): still one request a move")
    args = parser.parse_args(argv)
    bot = Bot(args.site, args.token, seed=args.seed, think=args.think)
    game = bot.run(args.game, args.bot, args.players)
    result = game["result"] or {}
    me = game["my_seat"]
    print(
        json.dumps(
            {
                "game": game["id"],
                "status": game["status"],
                "my_seat": me,
                "my_rank": result.get("ranks", [None] * (me + 1))[me],
                "scores": result.get("scores"),
                "moves": bot.moves,
                "requests": bot.requests,
                "requests_per_move": round(bot.requests / max(bot.moves, 1), 3),
                "stream_reconnects": bot.reconnects,
                "conflicts": bot.conflicts,
                "refusals": bot.refusals,
                "views_read": bot.views_read,
                "result_reads": bot.result_reads,
                "resyncs": bot.resyncs,
                "event_ids": bot.seen,
            }
        )
    )
    return 0 if game["status"] == "finished" else 1


if __name__ == "__main__":
    sys.exit(main())
