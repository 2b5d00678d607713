#!/usr/bin/env python3
"""A complete bot for this site, using only its documented API (/api/docs/) and httpx.

It opens a game against one of the site's bots, waits for its turns on the event stream
(/api/stream/events/?moves=1, one JSON object per line: each ``myTurn`` carries the legal moves,
so a move costs one request), plays a random legal move each time, and prints the result when the
game is over. When the stream drops it reconnects with ``?after=<the last event_id>`` and gets
what it missed (or a ``resync`` line, then the present state).

    python examples/bot_client.py --site http://127.0.0.1:8000 --token lct_… [--game SLUG] [--bot LEVEL]

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
    def __init__(self, site: str, token: str, *, seed: int | None = None):
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
                params = {"moves": 1}
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

    def open_game(self, game_type: str, bot_level: str) -> dict:
        answer = self.call(
            "POST",
            "/api/games/?answer=compact",
            json={
                "game_type": game_type,
                "seats": [{"kind": "me"}, {"kind": "bot", "bot_level": bot_level}],
            },
        )
        answer.raise_for_status()
        return answer.json()

    def state(self, game_id: int) -> dict:
        answer = self.call("GET", f"/api/games/{game_id}/?answer=compact")
        answer.raise_for_status()
        return answer.json()

    def play(self, game: dict) -> dict:
        """One random legal move; the answer is the game after it, with the next legal moves."""
        move = self.rng.choice(game["legal_moves"])
        answer = self.call(
            "POST",
            f"/api/games/{game['id']}/moves/?answer=compact",
            json={"version": game["version"], "move": move},
        )
        if answer.status_code == 409:  # the game moved on (a bot was faster): its turn comes on the stream
            self.conflicts += 1
            return {**game, "version": game["version"] + 1, "legal_moves": []}
        answer.raise_for_status()
        self.moves += 1
        return answer.json()

    # --- the game --------------------------------------------------------------------------------------

    def wait_for_turn(self, game: dict) -> dict:
        """Wait on the stream until this game is at a newer version that is our move (the event
        carries the legal moves: no request), or over."""
        while True:
            event = self.events.get(timeout=300)
            if event.get("game") != game["id"] or event.get("version", 0) < game["version"]:
                continue  # another game's, or older than what we know
            if event["type"] == "gameFinish":
                return {**game, "status": event["status"]}  # run() reads the result
            if event["type"] == "myTurn" and event.get("legal_moves"):
                return {**game, "version": event["version"], "status": event["status"],
                        "legal_moves": event["legal_moves"]}

    def run(self, game_type: str | None, bot_level: str) -> dict:
        if game_type is None:
            types = self.call("GET", "/api/game-types/")
            types.raise_for_status()
            game_type = types.json()[0]["slug"]
        self.listen()
        game = self.open_game(game_type, bot_level)
        while game["status"] == "active":
            if game["legal_moves"]:
                game = self.play(game)
            else:
                game = self.wait_for_turn(game)
        answer = self.call("GET", f"/api/games/{game['id']}/")
        answer.raise_for_status()
        return answer.json()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--game", help="a game's slug (GET /api/game-types/; default: the first one)")
    parser.add_argument("--bot", default="random", help="the site bot's level")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    bot = Bot(args.site, args.token, seed=args.seed)
    game = bot.run(args.game, args.bot)
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
                "resyncs": bot.resyncs,
                "event_ids": bot.seen,
            }
        )
    )
    return 0 if game["status"] == "finished" else 1


if __name__ == "__main__":
    sys.exit(main())
