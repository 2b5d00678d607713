"""Signals other apps listen to (ratings, statistics…), so the game services
need not know them. Sent after the transaction that caused them commits."""

from django.dispatch import Signal

# sender=Game class, game=<Game>: the game reached FINISHED (result set).
game_finished = Signal()
