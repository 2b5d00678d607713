# The Vacation model moves to the games platform (play.models, app label "games"), which reads it for every
# seat's clock. State only: the table players_vacation stays where it is, with its rows, and the platform's
# model names it (games 0011).
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("players", "0003_username_skeletons"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Vacation")],
            database_operations=[],
        ),
    ]
