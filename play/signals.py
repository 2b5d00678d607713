"""What the game services tell other apps (notifications, ratings) and the bot queue,
so that the services need not know them.

Sent inside the transaction that makes the change, as Django's ``post_save`` is: what a
receiver writes (an outbox row…) commits or rolls back with the change itself. A receiver
that hands work to another process queues it with ``play.queue.enqueue_on_commit``, so
the worker finds the change committed."""

from django.dispatch import Signal

# sender=Game class, game=<Game>, seat=<Seat>: a human seat begins owing a decision ("your turn").
turn_started = Signal()
# sender=Game class, game=<Game>, seat=<Seat>: the seat's clock passed 80 % of its bank.
clock_running_low = Signal()
# sender=Game class, game=<Game>, seats=[<Seat>…]: the game reached FINISHED (result set), whatever
# ended it (the last move, resignations or time-outs, a moderator's adjudication). The game row is
# saved by the service right after.
game_finished = Signal()
# sender=Game class, game=<Game>: bot seats owe a decision (``play.handlers`` queues their task).
bots_to_move = Signal()
