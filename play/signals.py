"""The one signal the games platform sends: ``game_changed``, from ``play.changes.emit`` at the end of
every write, inside its transaction (what a receiver writes, an outbox row, commits or rolls back with
the change). It stays a signal for one reason: ``play`` is the lowest layer of the import contract
(pyproject.toml) and may not import the apps that listen (notifications, ratings). The platform's own
work (the streams, the bot queue) is called by ``emit`` itself."""

from django.dispatch import Signal

# sender=Game class, game=<Game>, change=<play.changes.Change>: what one write did (seats that began owing
# a decision, clocks running low, the end of the game with its seats, the engine's notices).
game_changed = Signal()
