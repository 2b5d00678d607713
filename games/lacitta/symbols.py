"""Pictures of the La Città buildings, as SVG ``<symbol>``s drawn once per page
and placed with ``<use>``: a farmhouse looks like a barn, a school like an open
book, a port like an anchor, so nobody needs a legend of letters.

Every symbol is drawn in a 20 × 20 box (ink on the owner's tint).
"""

from __future__ import annotations

from functools import lru_cache

INK = "#2b2118"

_SYMBOLS = {
    # a barn with a sheaf of wheat
    "farm": '<path d="M3 10 L10 4 L17 10 V17 H3 Z" fill="#c0392b" stroke="{ink}" stroke-width="1.2"/>'
            '<path d="M8 17 V12 H12 V17" fill="#fff" stroke="{ink}" stroke-width="1"/>',
    # stone blocks
    "quarry": '<g fill="#b8aea4" stroke="{ink}" stroke-width="1.1"><rect x="3" y="11" width="7" height="6"/>'
              '<rect x="10" y="11" width="7" height="6"/><rect x="6.5" y="5" width="7" height="6"/></g>',
    # an open book
    "school": '<path d="M10 6 Q6 3.5 2.5 5 V16 Q6 14.5 10 17 Q14 14.5 17.5 16 V5 Q14 3.5 10 6 Z" fill="#fff" '
              'stroke="{ink}" stroke-width="1.2"/><path d="M10 6 V17" stroke="{ink}" stroke-width="1"/>',
    # a figure on a plinth
    "statue": '<circle cx="10" cy="4.5" r="2" fill="{ink}"/><path d="M10 6.5 V12 M7 8.5 H13 M10 12 L8 15 '
              'M10 12 L12 15" stroke="{ink}" stroke-width="1.6" fill="none"/>'
              '<rect x="5.5" y="15" width="9" height="3" fill="#b8aea4" stroke="{ink}" stroke-width="1"/>',
    # a basin with a jet of water
    "fountain": '<path d="M10 13 V6 M10 6 Q6 6 5.5 10 M10 6 Q14 6 14.5 10" stroke="#2f7fd0" '
                'stroke-width="1.6" fill="none"/>'
                '<path d="M3 13 H17 L15 17 H5 Z" fill="#86bde3" stroke="{ink}" stroke-width="1.1"/>',
    # a stall with a striped awning
    "market": '<path d="M3 8 L5 4 H15 L17 8 Z" fill="#fff" stroke="{ink}" stroke-width="1.1"/>'
              '<path d="M7 4 L6.3 8 M10 4 V8 M13 4 L13.7 8" stroke="#c0392b" stroke-width="1.6"/>'
              '<path d="M4.5 8 V17 M15.5 8 V17 M4 13 H16" stroke="{ink}" stroke-width="1.3"/>',
    # a domed palace with columns
    "palace": '<path d="M5 9 Q10 2 15 9 Z" fill="#d4a017" stroke="{ink}" stroke-width="1"/>'
              '<rect x="3" y="9" width="14" height="8" fill="#fff" stroke="{ink}" stroke-width="1.1"/>'
              '<path d="M6 10.5 V16 M10 10.5 V16 M14 10.5 V16" stroke="{ink}" stroke-width="1.3"/>',
    # a red cross
    "hospital": '<rect x="3" y="3" width="14" height="14" rx="2" fill="#fff" stroke="{ink}" '
                'stroke-width="1.1"/>'
                '<path d="M10 5.5 V14.5 M5.5 10 H14.5" stroke="#c0392b" stroke-width="3"/>',
    # a tub with steam
    "bathhouse": '<path d="M6 3.5 q1.5 2 0 4 M10 3.5 q1.5 2 0 4 M14 3.5 q1.5 2 0 4" stroke="#2f7fd0" '
                 'stroke-width="1.2" fill="none"/><path d="M2.5 10 H17.5 Q17 16 10 16.5 Q3 16 2.5 10 Z" '
                 'fill="#86bde3" stroke="{ink}" stroke-width="1.1"/>',
    # a church with a spire and a cross
    "cathedral": '<path d="M10 1.5 V4 M8.8 2.6 H11.2" stroke="{ink}" stroke-width="1"/>'
                 '<path d="M7.5 9 L10 4 L12.5 9 Z" fill="#fff" stroke="{ink}" stroke-width="1"/>'
                 '<path d="M3 18 V11 L7.5 9 H12.5 L17 11 V18 Z" fill="#fff" stroke="{ink}" '
                 'stroke-width="1.1"/>'
                 '<path d="M8.5 18 V14 Q10 12 11.5 14 V18" fill="{ink}"/>',
    # a graduation cap
    "university": '<path d="M1.5 8 L10 4 L18.5 8 L10 12 Z" fill="{ink}"/>'
                  '<path d="M5 10 V14 Q10 17 15 14 V10" fill="none" stroke="{ink}" stroke-width="1.5"/>'
                  '<path d="M17 8.5 V14" stroke="#d4a017" stroke-width="1.3"/>',
    # a mask
    "theatre": '<path d="M3.5 4 H16.5 V10 Q16.5 17 10 17 Q3.5 17 3.5 10 Z" fill="#fff" stroke="{ink}" '
               'stroke-width="1.1"/><circle cx="7.5" cy="8.5" r="1.3" fill="{ink}"/>'
               '<circle cx="12.5" cy="8.5" r="1.3" fill="{ink}"/>'
               '<path d="M7 12.5 Q10 15.5 13 12.5" stroke="{ink}" stroke-width="1.3" fill="none"/>',
    # an anchor
    "port": '<circle cx="10" cy="4.5" r="2" fill="none" stroke="{ink}" stroke-width="1.4"/>'
            '<path d="M10 6.5 V17 M6.5 9 H13.5 M3.5 12 Q4.5 17 10 17 Q15.5 17 16.5 12" stroke="{ink}" '
            'stroke-width="1.5" fill="none"/>',
    # a big barn and a silo
    "large_farmhouse": '<path d="M1.5 10 L8 4 L14.5 10 V17 H1.5 Z" fill="#c0392b" stroke="{ink}" '
                       'stroke-width="1.1"/><rect x="14.5" y="6" width="4" height="11" rx="2" fill="#b8aea4" '
                       'stroke="{ink}" stroke-width="1"/><path d="M6 17 V12 H10 V17" fill="#fff"/>',
    # a villa between two trees
    "domain": '<circle cx="4" cy="9" r="2.8" fill="#3d8b3d"/><circle cx="16" cy="9" r="2.8" fill="#3d8b3d"/>'
              '<path d="M4 11 V17 M16 11 V17" stroke="{ink}" stroke-width="1.1"/>'
              '<path d="M6.5 11 L10 7 L13.5 11 V17 H6.5 Z" fill="#fff" stroke="{ink}" stroke-width="1.1"/>',
    # a castle: towers and a gate
    "castle": '<path d="M3 17 V6 H5.5 V8 H7.5 V6 H12.5 V8 H14.5 V6 H17 V17 Z" fill="#fff" opacity=".9"/>',
}


@lru_cache(maxsize=1)
def defs() -> str:
    """The ``<defs>`` block every board carries once."""
    parts = [f'<symbol id="b-{kind}" viewBox="0 0 20 20">{body.format(ink=INK)}</symbol>'
             for kind, body in _SYMBOLS.items()]
    return "<defs>" + "".join(parts) + "</defs>"


KINDS = frozenset(_SYMBOLS)
