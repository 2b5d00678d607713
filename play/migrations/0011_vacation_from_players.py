# The Vacation model comes from the players app (players 0004) without touching the database: same table
# (players_vacation), same columns, same indexes.
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0010_move_kind_choices"),
        ("players", "0004_vacation_moves_to_the_games_platform"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Vacation",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                                   verbose_name="ID")),
                        ("starts_at", models.DateTimeField()),
                        ("ends_at", models.DateTimeField(db_index=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                                   related_name="vacations", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={"ordering": ["-starts_at"], "db_table": "players_vacation"},
                ),
            ],
            database_operations=[],
        ),
    ]
