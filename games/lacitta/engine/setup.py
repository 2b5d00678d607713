"""A new game (R05, R06, R10–R12, R70): landscape tiles, decks, supply, castles.

Beginner setup puts the castles of the board's layout at once; advanced setup leaves
the "setup" phase open, where seats place castles in the R11 order."""

from __future__ import annotations

from kit.base import LogEntry
from kit.rng import randbelow, seed_state, shuffle

from .builds import place_castle
from .cards import deal_politics, voice_deck
from .constants import (
    ACTION_CARDS,
    ADVANCED,
    CASTLES,
    CITIZENS,
    COCAGNE,
    CUBES,
    IN_TURN,
    START_CITIZENS,
    START_GOLD,
    SUPPLY_BASE,
    SUPPLY_EXPANSION,
)
from .geometry import geometry
from .state import State


def default_board():
    from .board import BOARD

    return BOARD


def space_id(space):
    return getattr(space, "id", space)


def landscape_of(board, tiles: dict) -> dict:
    """Space id -> (kind, symbols) for every space: placed tiles, printed edges, wasteland."""
    spaces = board.spaces.values() if hasattr(board.spaces, "values") else board.spaces
    out = {}
    for sp in spaces:
        sid = space_id(sp)
        if sid in tiles:
            out[sid] = tuple(tiles[sid])
        elif getattr(sp, "printed", None):
            out[sid] = tuple(sp.printed)
        else:
            out[sid] = ("wasteland", 0)
    return out


def geo_for(s: State, board=None):
    board = board or default_board()
    return geometry(board, s.nplayers, landscape_of(board, s.tiles))


def new_player() -> dict:
    return {
        "gold": START_GOLD, "food": 0, "cards_up": ACTION_CARDS, "cubes": CUBES, "castles": CASTLES,
        "founded": False, "turns_done": 0, "penalty": False, "penalized": False, "eliminated": False,
        "taken": (), "passed": (), "peeks": (None, None, None),
    }


def new_state(options: dict, players: int, seed: int, log: list, board=None) -> State:
    board = board or default_board()
    s = State()
    s.edition, s.expansion, s.setup = options["edition"], options["expansion"], options["setup"]
    s.voice_tie = options.get("voice_tie", IN_TURN)
    s.migrated = 0
    s.nplayers = players
    s.rng = seed_state(seed)
    expansion = s.expansion == COCAGNE

    # Landscape (R02, R10, R11, R70)
    if s.setup == ADVANCED:
        tiles = list(board.tile_set(expansion))
        if len(tiles) != len(board.tile_spaces):
            raise ValueError(f"board data: {len(tiles)} landscape tiles for {len(board.tile_spaces)} spaces")
        s.rng = shuffle(s.rng, tiles)
        placed = dict(zip(board.tile_spaces, tiles))
        if expansion:
            extra = list(board.expansion_tiles())
            s.rng = shuffle(s.rng, extra)
            placed.update(zip(board.wasteland_spaces, extra))
        layout = None
    else:
        layout = board.beginner_layout(players)
        placed = dict(layout.tiles)
        if expansion:
            lake_space, farm_space = board.wasteland_spaces
            extra = {kind: (kind, n) for kind, n in board.expansion_tiles()}
            placed[lake_space] = extra["lake"]
            placed[farm_space] = extra["farm"]
    s.tiles = {sid: tuple(v) for sid, v in placed.items()}
    s.geo = geometry(board, players, landscape_of(board, s.tiles))
    n = s.geo.n

    s.year, s.final, s.phase = 0, False, "setup"
    s.kind, s.owner, s.city, s.pop = [None] * n, [-1] * n, [-1] * n, [0] * n
    s._cities = None
    s.pool = CITIZENS
    s.supply = dict(SUPPLY_BASE, **(SUPPLY_EXPANSION if expansion else {}))
    s.players = [new_player() for _ in range(players)]
    deck = voice_deck()
    s.rng = shuffle(s.rng, deck)
    s.voice_deck, s.voice, s.voice_discard, s.voice_revealed, s.voice_winners = deck, [], [], False, []
    deal_politics(s, expansion)
    s.cubes, s.harvest = [], []
    s.queue, s.qi = [], 0
    s.choice_open, s.choice_made = [], []
    s.starve = [0] * players
    s.relodge_open = [False] * players
    s.demolish_reason = ""
    s.famine = [0] * players
    s.result = None

    start, s.rng = randbelow(s.rng, players)  # "drawn by lot" / "chosen by vote": the seeded RNG decides
    tiles = [[sid, k, v] for sid, (k, v) in sorted(s.tiles.items(), key=lambda x: str(x[0]))]
    log.append(LogEntry("lacitta.setup", {"edition": s.edition, "expansion": s.expansion, "setup": s.setup,
                                          "players": players, "tiles": tiles}))
    if layout is None:
        # R11: first player, then counter-clockwise; then the last one places a
        # second castle and the others follow clockwise.
        s.setup_first = start
        first_round = [(start - i) % players for i in range(players)]
        s.queue = first_round + first_round[::-1]
        s.first = start
        log.append(LogEntry("lacitta.setup_order", {"first": start, "order": list(s.queue)}))
    else:
        s.setup_first = start
        s.first = start
        for seat, cells in enumerate(layout.castles):
            for cell in cells:
                s.pool -= START_CITIZENS
                food = place_castle(s, seat, cell, START_CITIZENS)
                log.append(LogEntry("lacitta.castle_placed", {"seat": seat, "cell": cell, "food": food}, seat))
        log.append(LogEntry("lacitta.first_player", {"seat": start}))
    return s


def apply_castle(s: State, seat: int, move: dict, log: list, auto: bool = False) -> None:
    from .errors import illegal
    from .geometry import castle_cell_ok

    if set(move) != {"type", "cell"}:
        raise illegal("bad_fields", "That move is not possible now", fields=sorted(move))
    cell = move["cell"]
    if isinstance(cell, bool) or not isinstance(cell, int) or not castle_cell_ok(s.geo, s.kind, cell):
        raise illegal("castle_distance", "A castle needs at least 3 empty hexes along a path to every other "
                      "castle", cell=cell)
    s.pool -= START_CITIZENS
    food = place_castle(s, seat, cell, START_CITIZENS)
    s.qi += 1
    log.append(LogEntry("lacitta.castle_placed", {"seat": seat, "cell": cell, "food": food, "auto": auto}, seat))
