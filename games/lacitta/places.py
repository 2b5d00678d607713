"""Names for places on the La Città board, so that nobody has to read hex numbers.

A city is named after the hex of its castle: a castle never moves, and the log
of every move that touches a city carries that hex (``city``, ``from_city``,
``cell`` of a castle placed or a city founded). A name keyed on the hex is
therefore the same on the board, in the tables, in every old log line and in
the replay, needs no game state to compute, and does not shift when another
city is founded or abandoned (an ordinal such as "Red 2" would). The names are
given in reading order of the board, so they run roughly alphabetically from
the top of the board to the bottom, which helps to find one.

This module never imports Django: the engine's board is all it reads.
"""

from __future__ import annotations

from games.lacitta.engine.board import BOARD

TOWNS = (
    "Acqui", "Adria", "Agrigento", "Alba", "Albenga", "Alghero", "Altamura", "Amalfi", "Anagni", "Ancona",
    "Andria", "Anzio", "Aosta", "Arezzo", "Ariano", "Arona", "Ascoli", "Asiago", "Asolo", "Assisi", "Asti",
    "Atri", "Avellino", "Aversa", "Bagnara", "Barga", "Bari", "Barletta", "Bassano", "Belluno",
    "Benevento", "Bergamo", "Bettona", "Bibbiena", "Biella", "Bitonto", "Bobbio", "Bologna", "Bolzano",
    "Bormio", "Bra", "Brescia", "Brindisi", "Busseto", "Cagli", "Cagliari", "Camerino", "Capua", "Carpi",
    "Caserta", "Cassino", "Castiglione", "Catania", "Cefalù", "Cento", "Cesena", "Chiavari", "Chieti",
    "Chioggia", "Chiusi", "Cividale", "Como", "Conegliano", "Cortona", "Cosenza", "Crema", "Cremona",
    "Crotone", "Cuneo", "Enna", "Erice", "Este", "Fabriano", "Faenza", "Fano", "Feltre", "Fermo",
    "Ferrara", "Fiesole", "Foggia", "Foligno", "Forlì", "Gaeta", "Gallipoli", "Genova", "Gubbio", "Iesi",
    "Imola", "Ischia", "Ivrea", "Lanciano", "Lecce", "Lecco", "Livorno", "Lodi", "Lucca", "Lucera",
    "Macerata", "Mantova", "Marsala", "Massa", "Matera", "Melfi", "Merano", "Messina", "Modena", "Modica",
    "Molfetta", "Monza", "Montalcino", "Narni", "Nola", "Noto", "Novara", "Nuoro", "Orbetello", "Oristano",
    "Ortona", "Orvieto", "Ostuni", "Otranto", "Padova", "Palermo", "Parma", "Pavia", "Perugia", "Pesaro",
    "Pescara", "Piacenza", "Pienza", "Pinerolo", "Pisa", "Pistoia", "Pitigliano", "Pozzuoli", "Prato",
    "Ragusa", "Ravenna", "Recanati", "Rieti", "Rimini", "Rovereto", "Rovigo", "Salerno", "Saluzzo",
    "Sarzana", "Sassari", "Savona", "Siena", "Sora", "Spello", "Spoleto", "Sulmona", "Taranto", "Teramo",
    "Termoli", "Terni", "Tivoli", "Todi", "Trani", "Trapani", "Trento", "Treviso", "Trieste", "Udine",
    "Urbino", "Varese", "Vasto", "Venosa", "Vercelli", "Verona", "Vicenza", "Vigevano", "Viterbo",
    "Volterra",
)
if len(TOWNS) < len(BOARD.cells) or len(set(TOWNS)) != len(TOWNS):
    raise ValueError("every board hex needs a town name of its own")


def city_name(castle_cell) -> str:
    """The name of the city whose castle stands (or would stand) on this hex."""
    is_cell = isinstance(castle_cell, int) and not isinstance(castle_cell, bool)
    if is_cell and 0 <= castle_cell < len(BOARD.cells):
        return TOWNS[castle_cell]
    return str(castle_cell)


def cell_food(cell: int, landscape: list[dict]) -> int:
    """Food symbols a castle or farm on this hex touches (R22/R26), from the view's landscape."""
    farms = {item["space"]: item["symbols"] for item in landscape if item["kind"] == "farm"}
    return sum(farms.get(space, 0) for space in BOARD.touches[cell])


def city_of_cell(cell: int, cities: list[dict]) -> dict | None:
    """The city a building hex belongs to (``None`` if the hex is empty)."""
    for city in cities:
        if cell in city["cells"]:
            return city
    return None


def joining_city(cell: int, seat: int, cities: list[dict]) -> dict | None:
    """The city of ``seat`` that a building on this empty hex would join (R24:
    next to exactly one of the seat's cities; cities never join)."""
    near = set(BOARD.neighbours[cell])
    for city in cities:
        if city["owner"] == seat and near & set(city["cells"]):
            return city
    return None
