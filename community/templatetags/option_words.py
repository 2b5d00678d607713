"""Game options in words on profiles and match histories, in the game's own words (its definition's
option labels), never the stored key ("pile=21, last=wins")."""

from django import template

from play.forms import options_words as _options_words

register = template.Library()


@register.filter
def options_words(options, game_type: str) -> str:
    return _options_words(options, game_type)
