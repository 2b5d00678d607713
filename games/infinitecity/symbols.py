"""One small picture per tile kind (21), drawn in a 20×20 box as SVG ``<symbol>``s: the board
and the hand ``<use>`` them, so each is written once per page."""

from __future__ import annotations

from functools import lru_cache

INK = "#2b2b2b"

# kind → SVG shapes in a 0 0 20 20 box (strokes in currentColor-free plain ink: readable on any tint)
SHAPES = {
    "arboretum": '<path d="M10 18V9" stroke="#6b4a2b" stroke-width="2"/><circle cx="10" cy="7" r="5.5" fill="#3d8b3d"/>'
                 '<circle cx="6" cy="10" r="3.5" fill="#4fa34f"/><circle cx="14" cy="10" r="3.5" fill="#4fa34f"/>',
    "bank": '<path d="M2 8L10 3L18 8Z" fill="#7a6a30"/><path d="M4 9v6M8 9v6M12 9v6M16 9v6" stroke="#7a6a30" '
            'stroke-width="2"/><rect x="2" y="15.5" width="16" height="2.5" fill="#7a6a30"/>',
    "capitol": '<path d="M4 11a6 6 0 0 1 12 0Z" fill="#8c7a4a"/><rect x="9.2" y="2" width="1.6" height="4" '
               'fill="#8c7a4a"/><rect x="3" y="11" width="14" height="6" fill="#8c7a4a"/>'
               '<path d="M6 12v4M10 12v4M14 12v4" stroke="#fff" stroke-width="1.2"/>',
    "construction_site": '<path d="M3 17L10 3L17 17Z" fill="#e0a000" stroke="#333" stroke-width="1"/>'
                         '<path d="M10 8v5" stroke="#333" stroke-width="2"/>'
                         '<circle cx="10" cy="15" r="1" fill="#333"/>',
    "disaster_site": '<path d="M11 1L4 11h5l-2 8l9-11h-5l3-7Z" fill="#c0392b"/>',
    "embassy": '<path d="M5 18V2" stroke="#444" stroke-width="1.6"/><path d="M5.5 3h11l-3 3.5l3 3.5h-11Z" '
               'fill="#2e6fb7"/>',
    "factory": '<path d="M2 18V9l5 3V9l5 3V4h3v14Z" fill="#666"/><path d="M15 4h3v14h-3Z" fill="#555"/>'
               '<circle cx="16.5" cy="2" r="1.5" fill="#bbb"/>',
    "hotel": '<rect x="4" y="3" width="12" height="15" fill="#7d3c98"/><path d="M7 6h2M11 6h2M7 10h2M11 10h2" '
             'stroke="#fff" stroke-width="1.6"/><rect x="8.5" y="14" width="3" height="4" fill="#fff"/>',
    "housing": '<path d="M2 10L10 3L18 10Z" fill="#b5651d"/><rect x="4" y="10" width="12" height="8" fill="#d8893a"/>'
               '<rect x="8.5" y="13" width="3" height="5" fill="#6b3a10"/>',
    "library": '<rect x="3" y="4" width="3" height="14" fill="#2e6fb7"/><rect x="7" y="3" width="3" height="15" '
               'fill="#c0392b"/><rect x="11" y="5" width="3" height="13" fill="#3d8b3d"/>'
               '<path d="M15 5l3 1l-3 12l-2-.5Z" fill="#d4a017"/>',
    "mausoleum": '<path d="M4 18V9a6 6 0 0 1 12 0v9Z" fill="#8a8a8a"/><path d="M10 8v6M7.5 10.5h5" stroke="#fff" '
                 'stroke-width="1.6"/>',
    "plaza": '<rect x="2.5" y="2.5" width="15" height="15" fill="none" stroke="#b08a3e" stroke-width="2" '
             'stroke-dasharray="3 2"/><circle cx="10" cy="10" r="3.2" fill="#86bde3" stroke="#b08a3e"/>',
    "police_hq": '<path d="M10 2l7 3v5c0 4-3 7-7 8c-4-1-7-4-7-8V5Z" fill="#1f3b73"/>'
                 '<path d="M10 6l1.2 2.6l2.8.3l-2.1 1.9l.6 2.8L10 12.2l-2.5 1.4l.6-2.8l-2.1-1.9l2.8-.3Z" '
                 'fill="#f1c40f"/>',
    "port": '<path d="M10 3v13M6 6h8" stroke="#1b4f72" stroke-width="2"/><path d="M3 12a7 6 0 0 0 14 0" '
            'fill="none" stroke="#1b4f72" stroke-width="2"/><circle cx="10" cy="3" r="1.6" fill="#1b4f72"/>',
    "post_office": '<rect x="2" y="5" width="16" height="11" fill="#fff" stroke="#c0392b" stroke-width="1.5"/>'
                   '<path d="M2 5l8 6l8-6" fill="none" stroke="#c0392b" stroke-width="1.5"/>',
    "power_station": '<circle cx="10" cy="10" r="8.5" fill="#f1c40f" stroke="#7a5c00" stroke-width="1"/>'
                     '<path d="M11 3L6 11h4l-1 6l5-8h-4Z" fill="#2b2b2b"/>',
    "security_guard": '<circle cx="10" cy="6" r="3.5" fill="#444"/><path d="M3 18c0-5 3-7 7-7s7 2 7 7Z" '
                      'fill="#444"/><rect x="6" y="1.6" width="8" height="2.4" fill="#1f3b73"/>',
    "shopping_complex": '<path d="M4 7h12l-1.5 11h-9Z" fill="#e67e22"/><path d="M7 7a3 3.5 0 0 1 6 0" '
                        'fill="none" stroke="#a04000" stroke-width="1.6"/>',
    "stadium": '<ellipse cx="10" cy="10" rx="8.5" ry="6" fill="#3d8b3d" stroke="#fff" stroke-width="1"/>'
               '<ellipse cx="10" cy="10" rx="5" ry="3" fill="none" stroke="#fff" stroke-width="1"/>'
               '<path d="M10 4v12" stroke="#fff" stroke-width="1"/>',
    "temple": '<path d="M2 7L10 2L18 7Z" fill="#a0522d"/><path d="M4.5 8v8M8.2 8v8M11.8 8v8M15.5 8v8" '
              'stroke="#a0522d" stroke-width="2"/><rect x="2" y="16" width="16" height="2" fill="#a0522d"/>',
    "transit_station": '<rect x="4" y="3" width="12" height="11" rx="3" fill="#2e6fb7"/><rect x="6" y="5" '
                       'width="8" height="4" fill="#fff"/><path d="M6 17l2-3M14 17l-2-3" stroke="#333" '
                       'stroke-width="1.6"/><circle cx="7" cy="11.5" r="1" fill="#fff"/>'
                       '<circle cx="13" cy="11.5" r="1" fill="#fff"/>',
}


@lru_cache(maxsize=1)
def defs() -> str:
    """Every kind's symbol (``#ic-<kind>``), a face-down tile's back and the protection hatching."""
    symbols = "".join(f'<symbol id="ic-{kind}" viewBox="0 0 20 20">{shape}</symbol>' for kind, shape in SHAPES.items())
    return ('<defs>' + symbols
            + '<pattern id="ic-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
              'patternTransform="rotate(45)"><rect width="6" height="6" fill="#f1c40f" fill-opacity=".18"/>'
              '<line x1="0" y1="0" x2="0" y2="6" stroke="#b8860b" stroke-width="1.6" stroke-opacity=".55"/></pattern>'
            + '<pattern id="ic-back" width="8" height="8" patternUnits="userSpaceOnUse">'
              '<rect width="8" height="8" fill="#3b4252"/><path d="M0 8L8 0" stroke="#59627a" stroke-width="1.5"/>'
              '</pattern></defs>')
