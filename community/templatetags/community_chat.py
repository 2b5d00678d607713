"""``{% chat_panel %}``: the chat of the game in the template context, for
``community/chat_panel.html`` (included in the game page's side column)."""

from django import template

from play import selectors as game_selectors
from play.models import Game

from .. import selectors, services
from ..forms import ChatForm

register = template.Library()


def panel_context(game: Game, user) -> dict:
    seat = game_selectors.seat_of(game, user)
    can_post = seat is not None and game.state is not None and game.status != Game.Status.CANCELLED
    block = services.chat_block(user) if can_post else None
    return {
        "game": game,
        "user": user,
        "feed": selectors.chat_feed(game, user)[::-1],
        "stamp": selectors.chat_stamp(game.pk),
        "can_post": can_post and block is None,
        "block": block,
        "form": ChatForm(),
        "text": "",
        "error": "",
        "fresh": False,
    }


@register.inclusion_tag("community/partials/chat_section.html", takes_context=True)
def chat_panel(context):
    request = context.get("request")
    return panel_context(context["game"], getattr(request, "user", None) or context.get("user"))
