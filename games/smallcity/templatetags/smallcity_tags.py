"""The rules page's tables, from the one data file (engine/components.py) and the texts: the substitute
values with their source, and the house Promise texts."""

from django import template

from games.smallcity import texts
from games.smallcity.engine import components as C

register = template.Library()


@register.simple_tag
def sc_substitutes() -> list[dict]:
    return [{"name": e["name"].replace("_", " "), "value": _value(e["value"]), "source": e["source"]}
            for e in C.substitutes()]


def _value(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_value(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return " / ".join(_value(v) for v in value)
    return str(value)


@register.simple_tag
def sc_promises() -> list[dict]:
    return [{"n": n, "pile": texts.PILES[C.PROMISES[n]], "text": texts.promise_text(n)} for n in texts.PROMISES]


@register.simple_tag
def sc_specials() -> list[dict]:
    return [{"n": n, "text": texts.special_text(n)} for n in texts.SPECIAL_PROMISES]
