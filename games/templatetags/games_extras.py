from django import template

from games.models import SEAT_COLOURS

register = template.Library()


@register.filter
def seat_colour(index) -> str:
    """The CSS colour name of a seat index."""
    try:
        return SEAT_COLOURS[int(index)]
    except (TypeError, ValueError, IndexError):
        return ""


@register.filter
def at(sequence, index):
    """sequence[index] in a template (names|at:seat)."""
    try:
        if isinstance(sequence, dict):
            return sequence.get(index, "")
        return sequence[int(index)]
    except (TypeError, ValueError, IndexError, KeyError):
        return ""


@register.filter
def days(seconds) -> str:
    """Seconds as days, without a trailing .0 (259200 -> 3, 43200 -> 0.5)."""
    try:
        value = int(seconds) / 86400
    except (TypeError, ValueError):
        return ""
    return f"{value:g}"


@register.filter
def option_label(value) -> str:
    """An option name or value as the new-game form words it, in the reader's language."""
    from games.forms import _label

    return str(_label(str(value)))


@register.filter
def game_name(game_type: str) -> str:
    """A game's name as its engine gives it ("La Città"), not its slug."""
    from games.engines import registry

    try:
        return registry.get(game_type).name
    except KeyError:
        return game_type


@register.simple_tag(takes_context=True)
def page_url(context, key: str, number) -> str:
    """This page's query string with ``key`` set to ``number`` (the other lists keep their page)."""
    query = context["request"].GET.copy()
    query[key] = number
    return "?" + query.urlencode()


@register.filter
def bot_level(level: str) -> str:
    """A bot level as players read it, in their language."""
    from games.bots import level_label

    return level_label(level)
