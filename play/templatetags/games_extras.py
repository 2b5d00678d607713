from django import template
from django.utils.translation import gettext as _

register = template.Library()


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
def option_label(value, game_type: str) -> str:
    """An option name or value as the new-game form words it, in the reader's language."""
    from play.forms import option_label

    return str(option_label(str(value), game_type))


@register.simple_tag
def option_value(game_type: str, name, value) -> str:
    """An option's value in the words the game gives it for that option ({% option_value game.game_type k v %}):
    a value two options share reads as that option's, not the other's."""
    from play.forms import value_label

    return str(value_label(str(name), str(value), game_type))


@register.simple_tag
def option_words(game_type: str, name, value) -> str:
    """One option as the new-game form words it ({% option_words game.game_type k v %}): a value with words of its
    own reads alone (the words the game gives "name.value"), else "Option: value"."""
    from play.forms import options_words as words

    return words({str(name): str(value)}, game_type)


@register.filter
def options_words(options, game_type: str) -> str:
    """A game's options in one line as the new-game form words them ("Expansion: none", never a bare "None")."""
    from play.forms import options_words as words

    return words(options, game_type)


@register.filter
def answer_waits_words(game_type: str) -> str:
    """What waits for a seat's answer while it owes nothing, in the game's words (its texts' ``ANSWER_WAITS``:
    "an offer waits for you"), else the site's."""
    from play import texts

    cat = texts.catalog(game_type)
    words = getattr(cat, "ANSWER_WAITS", None) if cat is not None else None
    return str(words) if words is not None else _("Waiting for your answer")


@register.filter
def game_name(game_type: str) -> str:
    """A game's name as its engine gives it, not its slug."""
    from play import registry

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
    from play.bots import level_label

    return level_label(level)


SEAT_LETTERS = "ABCDEFGHIJ"


@register.filter
def seat_letter(index) -> str:
    """A seat's letter (A for the first seat…): written in its colour dot and by a game on its board,
    so that players are told apart without seeing colours."""
    try:
        return SEAT_LETTERS[int(index)]
    except (TypeError, ValueError, IndexError):
        return ""


@register.simple_tag
def seat_dot(colour, index) -> str:
    """The seat's colour dot with its letter in it (the colour is not the only sign of a seat)."""
    from django.utils.html import format_html

    return format_html('<span class="dot {}" aria-hidden="true">{}</span>', colour, seat_letter(index))
