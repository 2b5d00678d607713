"""Every seat colour the platform hands out (``registry.SEAT_COLOURS``) is drawn by the site's own stylesheet,
so a seat's dot has its colour on every page (the lobby, "my games", profiles), not only where a game's
stylesheet happens to load — Infinite City's sixth seat (orange) was drawn on its game page only."""

import re
from pathlib import Path

from django.conf import settings

from play.registry import SEAT_COLOURS

SITE_CSS = Path(settings.BASE_DIR) / "static" / "css" / "site.css"


def test_the_site_stylesheet_draws_a_dot_of_every_seat_colour():
    css = SITE_CSS.read_text()
    drawn = set(re.findall(r"\.dot\.([a-z]+)\s*\{[^}]*background", css))
    assert set(SEAT_COLOURS) <= drawn, sorted(set(SEAT_COLOURS) - drawn)


def test_no_game_stylesheet_draws_a_platform_dot():
    for css in Path(settings.BASE_DIR, "games").glob("*/static/**/*.css"):
        assert not re.search(r"\.dot\.[a-z]+", css.read_text()), css
