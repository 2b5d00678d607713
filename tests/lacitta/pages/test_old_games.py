"""La Città games stored before the 2–2 option keep the rule they were played with."""

import importlib

import pytest
from django.apps import apps

from play.models import Game
from tests.lacitta.helpers import ENGINE, lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

migration = importlib.import_module("play.migrations.0008_lacitta_older_games_keep_2_2_choices_at_once")


def test_older_games_get_voice_tie_at_once_and_newer_keep_theirs():
    old = lacitta_game([make_user("o1"), make_user("o2")])
    in_turn = {"edition": "modern", "expansion": "none", "setup": "beginner", "voice_tie": "in_turn"}
    new = lacitta_game([make_user("n1"), make_user("n2")], options=in_turn)
    options = dict(old.options)
    options.pop("voice_tie")
    state = dict(old.state, schema_version=1)  # a snapshot written by the engine of before
    state.pop("voice_tie")
    state.pop("migrated")
    Game.objects.filter(pk=old.pk).update(options=options, state=state)
    migration.forwards(apps, None)
    old.refresh_from_db()
    new.refresh_from_db()
    assert old.options["voice_tie"] == "at_once" and new.options["voice_tie"] == "in_turn"
    assert ENGINE.load(old.state).voice_tie == "at_once"
