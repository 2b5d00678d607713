from django.db import migrations, models


class Migration(migrations.Migration):
    """The private steps' other column, alone in its transaction (see 0017)."""

    dependencies = [
        ('games', '0017_seat_draft_private_steps'),
    ]

    operations = [
        migrations.AddField(
            model_name='move',
            name='steps_before',
            field=models.JSONField(blank=True, db_default=models.Value([], output_field=models.JSONField()), default=list),
        ),
    ]
