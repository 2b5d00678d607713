"""Game options in words on profiles and match histories ("New edition · Expansion: none"),
never the stored key ("edition=modern, expansion=none")."""

from django import template

from games.forms import options_words as _options_words

register = template.Library()


@register.filter
def options_words(options) -> str:
    return _options_words(options)
