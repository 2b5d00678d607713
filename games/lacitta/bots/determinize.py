"""Full engine states built from what one seat sees (determinization).

A bot gets ``view(state, seat)`` and nothing else. To look ahead it needs a
``State`` it can hand to the rules; ``sample_state`` builds one that agrees with the
view in everything the view shows and fills in what the seat cannot see by
sampling from what is left of each deck:

* face-down Voice cards (bar the seat's own peeks), the Voice deck and discard:
  the 27 cards minus the face-up card, the peeked cards and the revealed cards,
  shuffled and dealt in the view's counts (the view shows no discard contents, so
  a discarded card is exactly as unknown as a card still in the deck);
* the politics deck, discard and the face-down cards taken by a pass: the whole
  politics deck minus the row and the cards taken face up this year;
* other seats' undisclosed 2–2 choices: a seat still choosing keeps its cities
  open; a seat that has finished gets, per city, the service that takes most;
* the RNG: a fresh one from the bot's ``random.Random``.

Nothing here reads a real state: ``view(sample_state(view(s, seat)), seat)`` equals
``view(s, seat)`` (a test checks it), and the sample depends only on the view and the
bot's RNG.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

from ..engine.cards import politics_deck
from ..engine.cities import cities, produce, services
from ..engine.constants import COCAGNE, SERVICES, SVC_INDEX, TURNS_PER_YEAR, VOICE_DECK
from ..engine.demolition import voluntary_roads
from ..engine.geometry import geometry
from ..engine.migration import _open_seat, neighbours, open_choices, takes_from
from ..engine.setup import default_board, landscape_of
from ..engine.state import State

__all__ = ["sample_state", "voice_outcomes", "outcomes_from", "unknown_voice_pool"]


def _tiles(view: dict) -> dict:
    """The placed landscape tiles (tile spaces, and wasteland spaces that got an
    expansion tile); printed spaces and plain wasteland need no entry."""
    out = {}
    for sp in view["landscape"]:
        if sp.get("space_kind") == "printed":
            continue
        if sp["kind"] == "wasteland":
            continue
        out[sp["space"]] = (sp["kind"], sp["symbols"])
    return out


def unknown_voice_pool(view: dict) -> Counter:
    """Voice cards whose place this seat cannot know (deck, discard, face-down unpeeked)."""
    pool = Counter(VOICE_DECK)
    v = view["voice"]
    if v["revealed"]:
        pool -= Counter(v["revealed"])
    elif v["face_up"] is not None:
        pool -= Counter([v["face_up"]])
        pool -= Counter(v["known"].values())
    return pool


def voice_outcomes(view: dict) -> list[tuple[float, tuple[str, ...]]]:
    """[(probability, winning services)] for this year's Voice as the seat knows it;
    [] when no Voice is drawn (setup). Exact: enumerates the unknown face-down cards
    drawn without replacement from ``unknown_voice_pool``."""
    v = view["voice"]
    if v["revealed"]:
        return [(1.0, tuple(v["voice"]))]
    if v["face_up"] is None:
        return []
    known = [v["face_up"]] + list(v["known"].values())
    missing = v["face_down"] - len(v["known"])
    return outcomes_from(known, unknown_voice_pool(view), missing)


_OUTCOMES: dict = {}


def outcomes_from(known: list[str], pool: Counter, missing: int) -> list[tuple[float, tuple[str, ...]]]:
    """[(probability, winners)] when ``known`` cards are seen and ``missing`` more are
    drawn without replacement from ``pool`` (memoised: few distinct cases exist)."""
    counts = tuple(pool.get(svc, 0) for svc in SERVICES)
    key = (tuple(sorted(known)), counts, missing)
    hit = _OUTCOMES.get(key)
    if hit is None:
        if len(_OUTCOMES) > 4096:
            _OUTCOMES.clear()
        hit = _OUTCOMES[key] = _outcomes(list(key[0]), list(counts), missing)
    return hit


def _outcomes(known: list[str], counts: list[int], missing: int) -> list[tuple[float, tuple[str, ...]]]:
    total = sum(counts)
    acc: dict[tuple[str, ...], float] = {}
    for combo in product(range(3), repeat=max(0, missing)):
        p = 1.0
        left = counts[:]
        n = total
        for i in combo:
            if left[i] <= 0 or n <= 0:
                p = 0.0
                break
            p *= left[i] / n
            left[i] -= 1
            n -= 1
        if p <= 0.0:
            continue
        cards = known + [SERVICES[i] for i in combo]
        acc[_winners(cards)] = acc.get(_winners(cards), 0.0) + p
    return sorted(((p, w) for w, p in acc.items()), key=lambda x: (-x[0], x[1]))


def _winners(cards: list[str]) -> tuple[str, ...]:
    c = Counter(cards)
    best = max(c.values())
    return tuple(svc for svc in SERVICES if c.get(svc, 0) == best)


def _queue(first: int, n: int, players: list[dict]) -> list[int]:
    order = [(first + i) % n for i in range(n)]
    return [seat for r in range(TURNS_PER_YEAR) for seat in order
            if not players[seat]["eliminated"] and not (r == 0 and players[seat]["penalized_this_year"])]


def sample_state(view: dict, rng: random.Random, board=None) -> State:
    """A full state consistent with ``view`` (see the module docstring)."""
    me = view["viewer"]
    n = view["players_count"]
    board = board or default_board()
    s = State()
    s.edition, s.expansion, s.setup, s.nplayers = view["edition"], view["expansion"], view["setup"], n
    s.voice_tie, s.migrated = view["voice_tie"], 0
    s.tiles = _tiles(view)
    s.geo = geometry(board, n, landscape_of(board, s.tiles))
    s.rng = rng.getrandbits(64)
    s.year, s.final, s.phase, s.first = view["year"], view["final_year"], view["phase"], view["first_player"]

    size = s.geo.n
    s.kind, s.owner, s.city, s.pop = [None] * size, [-1] * size, [-1] * size, [0] * size
    for b in view["buildings"]:
        c = b["cell"]
        s.kind[c], s.owner[c], s.city[c] = b["kind"], b["owner"], b["city"]
    for c in view["cities"]:
        s.pop[c["id"]] = c["population"]
    s._cities = None
    s.pool = view["pool"]
    s.supply = dict(view["supply"])

    vp = view["players"]
    s.players = []
    for p in vp:
        s.players.append({
            "gold": p["gold"], "food": p["food"], "cards_up": p["cards_up"], "cubes": p["cubes_left"],
            "castles": p["castles_in_hand"], "founded": p["founded_this_year"], "turns_done": p["turns_done"],
            "penalty": p["penalty_next_year"], "penalized": p["penalized_this_year"],
            "eliminated": p["eliminated"], "taken": tuple(p["politics_used"]), "passed": (),
            "peeks": (None, None, None),
        })

    # Voice of the People
    v = view["voice"]
    unknown = list(unknown_voice_pool(view).elements())
    rng.shuffle(unknown)
    if v["revealed"]:
        s.voice = list(v["revealed"])
        s.voice_revealed = True
        s.voice_winners = list(v["voice"])
    elif v["face_up"] is not None:
        known = {int(k): svc for k, svc in v["known"].items()}
        face_down = []
        for i in range(v["face_down"]):
            face_down.append(known[i] if i in known else unknown.pop())
        s.voice = [v["face_up"]] + face_down
        s.voice_revealed = False
        s.voice_winners = []
        if me is not None:
            s.players[me]["peeks"] = tuple(known.get(i) for i in range(3))
    else:
        s.voice, s.voice_revealed, s.voice_winners = [], False, []
    s.voice_deck = [unknown.pop() for _ in range(min(v["deck"], len(unknown)))]
    s.voice_discard = unknown[:v["discard"]]

    # Politics cards
    row = list(view["politics"]["row"])
    pol = Counter(politics_deck(s.expansion == COCAGNE))
    pol -= Counter(c for c in row if c is not None)
    for p in vp:
        pol -= Counter(p["politics_used"])
    cards = sorted(pol.elements())
    rng.shuffle(cards)
    for i, p in enumerate(vp):
        k = min(p["passed_cards"], len(cards))
        s.players[i]["passed"] = tuple(cards[:k])
        cards = cards[k:]
    s.pol_row = row
    k = min(view["politics"]["deck"], len(cards))
    s.pol_deck, cards = cards[:k], cards[k:]
    s.pol_discard = cards[:view["politics"]["discard"]]

    # Cubes and rich harvests
    s.cubes, s.harvest = [], []
    for b in view["buildings"]:
        for cube in b["cubes"]:
            s.cubes.append((cube["seat"], b["cell"], cube["service"], cube["count"]))
        if b["rich_harvest"]:
            s.harvest.append((b["owner"], b["cell"], produce(s, b["kind"], b["cell"])))

    # Turn order
    ph = s.phase
    s.setup_first = s.first
    if ph == "setup":
        first_round = [(s.first - i) % n for i in range(n)]
        s.queue = first_round + first_round[::-1]
        placed = sum(p["castles_on_board"] for p in vp)
        qi = placed
        while qi < len(s.queue) and s.queue[qi] != view["turn"]:
            qi += 1
        s.qi = qi
    elif ph == "actions":
        s.queue = _queue(s.first, n, vp)
        s.qi = len(s.queue) - sum(p["turns_left"] for p in vp)
    elif ph in ("choice", "demolish_migration", "feeding", "demolish_feeding"):
        s.queue = _queue(s.first, n, vp)
        s.qi = len(s.queue)
    else:
        s.queue, s.qi = [], 0

    s.famine = list(view["famine"])
    s.result = None
    s.choice_open = []
    s.choice_made = sorted((c["city"], c["seat"], c["service"]) for c in view["voice"]["choices"])
    s.starve = [0] * n
    s.relodge_open = [False] * n
    if ph in ("demolish_migration", "feeding"):
        s.demolish_reason = "migration"
    elif ph == "demolish_feeding" or (s.year > 1 and ph in ("actions", "choice")):
        s.demolish_reason = "feeding"
    else:
        s.demolish_reason = ""
    pending = set(view["pending"])

    if ph == "choice" and view["migrating"] is not None:
        # In turn: earlier seats have migrated (the view shows it) and their choices are public;
        # the migrating seat's open cities are the ones it has not chosen for yet.
        s.queue = [(s.first + i) % n for i in range(n)]
        s.qi = s.queue.index(view["migrating"])
        s.choice_made = sorted((c["city"], c["seat"], c["service"]) for c in view["voice"]["choices"])
        done = {cid for cid, _seat, _svc in s.choice_made}
        made = s.choice_made
        s.choice_made = []
        _open_seat(s, view["migrating"], [])
        s.choice_open = [c for c in s.choice_open if c[0] not in done]
        s.choice_made = sorted(set(made) | {c for c in s.choice_made if c[0] not in done})
    elif ph == "choice":
        open_choices(s, [])
        mine = {(c["city"], c["service"]) for c in (view["decision"] or {}).get("chosen", [])}
        mine_by_city = dict(mine)
        near = neighbours(s)
        points = {cid: services(s, cid) for cid in cities(s)}
        still, made = [], list(s.choice_made)
        for cid, seat, opts in s.choice_open:
            if seat == me:
                if cid in mine_by_city:
                    made.append((cid, seat, mine_by_city[cid]))
                else:
                    still.append((cid, seat, opts))
            elif seat in pending:
                still.append((cid, seat, opts))
            else:
                best = max(opts, key=lambda svc: (len(takes_from(points, cid, svc, near[cid])), -SVC_INDEX[svc]))
                made.append((cid, seat, best))
        s.choice_open, s.choice_made = still, sorted(made)
    elif ph == "feeding":
        for i, p in enumerate(vp):
            if i in pending:
                s.starve[i] = max(0, p["citizens"] - p["food"])
    elif ph in ("demolish_migration", "demolish_feeding"):
        needy_seats = {c["owner"] for c in view["cities"] if c["must_demolish"] > 0}
        for i in range(n):
            if i not in pending:
                continue
            if me is not None and i == me and view["decision"]:
                s.relodge_open[i] = "can_finish" in view["decision"]
            elif i not in needy_seats:
                s.relodge_open[i] = True
            elif s.expansion == COCAGNE and (ph == "demolish_migration" or s.famine[i]):
                s.relodge_open[i] = any(voluntary_roads(s, cid) for cid in cities(s) if s.owner[cid] == i)
    return s

