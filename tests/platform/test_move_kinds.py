"""``Move.kind`` has choices (issue 27): every kind of row the services write is one of them."""

import re
from pathlib import Path

from django.conf import settings
from django.utils import translation

from play.models import Move

SERVICES = Path(settings.BASE_DIR) / "play" / "services"
# log_event(game, seat, "kind", …), Move rows made with kind="…", _forfeit_seat(…, kind="…").
WRITTEN = re.compile(r'log_event\(\s*game,\s*[\w.]+,\s*"(\w+)"|kind="(\w+)"')


def kinds_written() -> set[str]:
    found = set()
    for path in SERVICES.glob("*.py"):
        for a, b in WRITTEN.findall(path.read_text(encoding="utf-8")):
            found.add(a or b)
    return found


def test_every_kind_the_services_write_is_a_choice():
    written = kinds_written()
    assert {"start", "move", "resign", "abort", "rollback", "seat_given"} <= written  # the search finds them
    assert written <= set(Move.Kind.values), written - set(Move.Kind.values)


def test_each_kind_reads_in_french():
    with translation.override("fr"):
        assert str(Move.Kind.ROLLBACK.label) == "Retour en arrière"
        assert all(str(label) for label in Move.Kind.labels)
