"""Template helpers of Infinite City's own pages (the rules page lists every tile)."""

from django import template

from games.infinitecity import texts

register = template.Library()


@register.simple_tag
def ic_kinds() -> list[tuple[str, str, str]]:
    """(kind, printed name, instruction in the reader's language) for the 21 kinds."""
    return [(kind, texts.tile_name(kind), texts.instruction(kind)) for kind in texts.TILE_NAMES]
