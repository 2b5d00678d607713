"""The city: adjacency (IC03), where a tile may go (IC20, IC25), Power Station protection
(IC30), control and groups (IC26, IC50), and the token and hand bookkeeping every effect
uses (IC27, who knows which tile: G16)."""

from __future__ import annotations

from .state import State
from .tiles import KIND_OF, PLAZA, POWER_STATION

STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))
Cell = tuple[int, int]


def neighbours(xy: Cell) -> list[Cell]:
    x, y = xy
    return [(x + dx, y + dy) for dx, dy in STEPS]


def kind_at(s: State, xy: Cell) -> str:
    return KIND_OF[s.cells[xy][0]]


def adjacent_tiles(s: State, xy: Cell) -> list[Cell]:
    cells = s.cells
    return [n for n in neighbours(xy) if n in cells]


def city_changed(s: State) -> None:
    """A tile entered, left, moved or turned face up: forget what was worked out about the
    city (placement cells, protection). Every such change in the engine calls this."""
    s.memo.clear()


def placement_cells(s: State, lifted: Cell | None = None) -> list[Cell]:
    """Empty cells next to at least one tile in play (IC20), narrowed to the cells next to
    a face-up Plaza when there are such cells (IC25: "if possible"). ``lifted`` is a tile
    being moved (Post Office, G9): it counts as gone, and its own cell is not a new place.
    The list is shared (memo): callers must not change it."""
    key = ("placement", lifted)
    hit = s.memo.get(key)
    if hit is None:
        hit = s.memo[key] = fresh_placement_cells(s, lifted)
    return hit


def fresh_placement_cells(s: State, lifted=None) -> list[Cell]:
    """``placement_cells`` worked out again (the invariants never trust the memo)."""
    cells = s.cells
    frontier = set()
    add = frontier.add
    plazas = []
    for xy, c in cells.items():
        if xy == lifted:
            continue
        x, y = xy
        for n in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            if n not in cells:  # the lifted tile's own cell is in ``cells``: never a new place
                add(n)
        if c[1] and KIND_OF[c[0]] == PLAZA:
            plazas.append(xy)
    if plazas:
        near = {n for p in plazas for n in neighbours(p)} & frontier
        if near:
            frontier = near
    return sorted(frontier)


def protected_cells(s: State) -> frozenset[Cell]:
    """IC30: every face-up Power Station and the tiles orthogonally next to it (memo)."""
    hit = s.memo.get("protected")
    if hit is None:
        hit = s.memo["protected"] = fresh_protected_cells(s)
    return hit


def fresh_protected_cells(s: State) -> frozenset[Cell]:
    """``protected_cells`` worked out again (the invariants never trust the memo)."""
    out = set()
    for xy, c in s.cells.items():
        if c[1] and KIND_OF[c[0]] == POWER_STATION:
            out.add(xy)
            out.update(n for n in neighbours(xy) if n in s.cells)
    return frozenset(out)


def face_up_power_stations(s: State) -> int:
    return sum(1 for c in s.cells.values() if c[1] and KIND_OF[c[0]] == POWER_STATION)


def controlled(s: State, seat: int) -> set[Cell]:
    """IC26: every tile holding at least one of the seat's tokens."""
    return {xy for xy, c in s.cells.items() if c[2][seat] > 0}


def groups(cells: set[Cell]) -> list[int]:
    """Sizes of the orthogonally connected groups of ``cells`` (largest first)."""
    left = set(cells)
    sizes = []
    while left:
        start = left.pop()
        todo, size = [start], 1
        while todo:
            for n in neighbours(todo.pop()):
                if n in left:
                    left.remove(n)
                    todo.append(n)
                    size += 1
        sizes.append(size)
    return sorted(sizes, reverse=True)


def return_tokens(s: State, xy: Cell) -> list[int]:
    """IC27: every token on the tile goes back to its owner's supply; returns the counts."""
    tokens = s.cells[xy][2]
    back = tokens[:]
    for seat, n in enumerate(back):
        s.supply[seat] += n
        tokens[seat] = 0
    return back


# ---------------------------------------------------------------- hands and knowledge

def _learn(known: dict, tile: str, n: int = 1) -> None:
    known[tile] = known.get(tile, 0) + n


def hand_add(s: State, holder: int, tile: str, knowers: int) -> None:
    """A tile joins a hand; the seats in the bitmask ``knowers`` know which one it is."""
    s.hands[holder].append(tile)
    for obs in range(s.nplayers):
        if obs != holder and knowers >> obs & 1:
            _learn(s.hand_known[holder][obs], tile)


def hand_remove(s: State, holder: int, tile: str) -> None:
    """A tile leaves a hand for all to see: whoever knew of such a tile in that hand now
    knows one fewer (and never more than the hand still holds)."""
    hand = s.hands[holder]
    hand.remove(tile)
    left = hand.count(tile)
    for known in s.hand_known[holder]:
        n = known.get(tile, 0)
        if n:
            n = min(n - 1, left)
            if n:
                known[tile] = n
            else:
                del known[tile]


def learn_hand(s: State, holder: int, observer: int) -> None:
    """``observer`` has seen the whole hand (Temple, Shopping Complex)."""
    counts: dict = {}
    for tile in s.hands[holder]:
        _learn(counts, tile)
    s.hand_known[holder][observer] = counts


def draw(s: State, seat: int) -> str | None:
    """The top tile of the pile into ``seat``'s hand (IC23); None when the pile is empty."""
    if not s.pile:
        return None
    tile = s.pile.pop()
    knowers = s.pile_known.pop()
    hand_add(s, seat, tile, knowers)
    s.revealed += 1
    return tile


def to_bottom(s: State, tiles: list[str], known: list[int]) -> None:
    """Tiles under the pile, in the given order: the first one highest, the last one at the
    very bottom (G19). The pile's top is its last element."""
    s.pile[:0] = list(reversed(tiles))
    s.pile_known[:0] = list(reversed(known))
