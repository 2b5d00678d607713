"""Issue 27 ("games ↔ players through Vacation"): the Vacation model moved from the players app to the games
platform (which reads it for every seat's clock) without touching the database. A vacation written before the
move is the platform's afterwards, and the move goes back as cleanly."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from play.models import Vacation

BEFORE = [("players", "0003_username_skeletons"), ("games", "0010_move_kind_choices")]


def migrate(targets=None):
    """To ``targets``, or (None) to the newest of every app, as the other tests expect the database."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_a_vacation_written_before_the_move_is_the_platforms_after_it():
    old_apps = migrate(BEFORE)
    try:
        User = old_apps.get_model("auth", "User")
        OldVacation = old_apps.get_model("players", "Vacation")
        with pytest.raises(LookupError):
            old_apps.get_model("games", "Vacation")
        user = User.objects.create(username="away")
        now = timezone.now()
        OldVacation.objects.create(user=user, starts_at=now, ends_at=now + timedelta(days=3))
    finally:
        new_apps = migrate()
    with pytest.raises(LookupError):
        new_apps.get_model("players", "Vacation")
    moved = Vacation.objects.get(user__username="away")
    assert moved.days_counted == 3 and Vacation._meta.db_table == "players_vacation"
    assert list(Vacation.objects.current(user=moved.user)) == [moved]
