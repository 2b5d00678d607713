"""Screenshots of the La Città board for the README (docs/screenshots/).

Run with the demo site up (`make run` in another terminal), from the project root:
    .venv/bin/python scripts/screenshots.py
(SITE=http://127.0.0.1:8102 for a site on another port). It makes two mid-game
positions (4 players against bots, and 2 players; random legal moves from fixed
seeds) in the site's database and photographs them in Debian's Chromium: the board
at desktop size and at 390×844, the "since your last visit" summary (both sizes), and the
2-player classic board."""

import os
import random
import sys

sys.path.insert(0, os.getcwd())
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lacitta_site.settings.base")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from play import (  # noqa: E402
    registry,
    services,
)
from play.models import Game  # noqa: E402
from play.services import SeatSpec  # noqa: E402

BASE = os.environ.get("SITE", "http://127.0.0.1:8000")
ENGINE = registry.get("lacitta")


def mid_game(players: int, options: dict, seed: int, year: int) -> Game:
    User = get_user_model()
    demo, rival = User.objects.get(username="demo"), User.objects.get(username="rival")
    seats = [SeatSpec("me"), SeatSpec("open")] if players == 2 else [SeatSpec("me")] + [
        SeatSpec("bot", bot_level="random") for _ in range(players - 1)]
    game = services.game_create(creator=demo, game_type="lacitta", options=options, seats=seats)
    Game.objects.filter(pk=game.pk).update(seed=seed)
    if players == 2:
        services.game_join(game_id=game.pk, user=rival)
    users = {0: demo, 1: rival}
    rng = random.Random(seed)
    while True:
        game.refresh_from_db()
        state = ENGINE.load(game.state)
        if game.status != Game.Status.ACTIVE or (state.year >= year and 0 in ENGINE.pending(state)
                                                  and ENGINE.view(state, 0)["phase"] == "actions"):
            return game
        seat = min(s for s in ENGINE.pending(state) if s in users)
        move = rng.choice(ENGINE.legal_moves(state, seat))
        services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)


def shoot(game: Game, path: str, *, width: int, height: int, query: str = "", part: str | None = None,
          zoom: int = 0, phone: bool = False) -> None:
    """Log in as demo, open the game (``query``: a step of a move) and photograph the
    page, or the screen from one part of it down (a CSS selector), after ``zoom``
    presses of the zoom button."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone,
                                      has_touch=phone, device_scale_factor=2 if phone else 1)
        page = context.new_page()
        page.goto(f"{BASE}/accounts/login/")
        page.fill("input[name=login]", "demo")
        page.fill("input[name=password]", "demo-password")
        page.click("form button[type=submit]")
        page.goto(f"{BASE}/games/{game.pk}/{query}")
        for _ in range(zoom):
            page.click("[data-zoom=in]")
        page.wait_for_timeout(600)
        if part:
            page.locator(part).first.scroll_into_view_if_needed()
            page.evaluate(f"document.querySelector({part!r}).scrollIntoView()")
            page.screenshot(path=path)
        else:
            page.screenshot(path=path, full_page=not phone)
        browser.close()


BUILD_FARM = '?m={"building":"farm","type":"build"}'

if __name__ == "__main__":
    four = mid_game(4, {"edition": "modern", "expansion": "cocagne", "setup": "advanced"}, seed=8, year=3)
    shoot(four, "docs/screenshots/board-desktop.png", width=1400, height=1000, query=BUILD_FARM)
    shoot(four, "docs/screenshots/board-phone.png", width=390, height=844, query=BUILD_FARM, phone=True)
    shoot(four, "docs/screenshots/since-last-visit.png", width=1400, height=1100, part=".visit-summary")
    shoot(four, "docs/screenshots/since-last-visit-phone.png", width=390, height=844, part=".visit-summary",
          phone=True)
    two = mid_game(2, {"edition": "classic", "expansion": "none", "setup": "beginner"}, seed=21, year=3)
    shoot(two, "docs/screenshots/board-2-players.png", width=1400, height=1000, query=BUILD_FARM)
    print("games", four.pk, two.pk)
