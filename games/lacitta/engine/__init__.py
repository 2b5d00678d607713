"""La Città rules engine (classic 2000 edition, modern edition, "Pays de Cocagne" expansion).

Pure Python, no Django. The platform reaches it only through ``engine.ENGINE`` (the
``kit.base.Engine`` protocol). Rule IDs (R01…R80) refer to
``shared/lacitta/RULES.md``; tests are named after them.

Modules (one concern each)
==========================
constants   buildings, sizes, services, supply pairs, politics cards and costs
errors      IllegalMove with a "lacitta.error.*" key
rng         splitmix64 RNG whose whole state is one int stored in the game state
state       ``State``: plain lists/dicts/ints, cheap copy, JSON (``schema_version``)
geometry    buildable hexes per player count, what each hex touches, path searches
            (R04 distances, R28 spacing, R51 neighbours, "never split a city")
cities      city membership, limits (R30), services (R31), food (R32), place/remove
cards       Voice and politics decks, row refill, reshuffle
builds      where a building may go and building it (R26–R29, R71–R73)
setup       new game: tiles, decks, castles (R10/R11)
actions     a turn: take gold, found a city, build, pass (R23–R25, R46)
politics    the politics cards (R40–R45)
migration   Voice count, 2–2 choices, migration (R50–R52)
demolition  demolition and relodging (R53–R55, R74)
feeding     feeding and famine (R60–R62)
phases      the year of each edition, automatic phases and forced decisions
moves       who is pending, legal moves, applying one decision
scoring     final scores, ranks, tie-breaks (R64/R65)
view        what a seat (or a spectator) may see (R80)
invariants  checks used by selfplay (``ENGINE.invariants``), the property tests and ``load``
validate    ``load``'s checks: the dump's shape, the decks, then the invariants
board_geometry  the board's geometry as plain read-only data, for code outside the engine
board       the board (``BOARD``: cells, spaces, zones, beginner layouts; with board_data)

Options
=======
``edition`` classic | modern (default modern); ``expansion`` none | cocagne (modern
only); ``setup`` beginner | advanced; ``voice_tie`` in_turn | at_once (2–2 Voice, default
in_turn: each seat chooses on its own migration turn, as both books; at_once: "2–2
choices at once — faster by post", everybody beforehand, hidden until all are in);
2–5 players. Seats are 0-based in clockwise order:
"left"/"clockwise" is seat + 1, "counter-clockwise" seat − 1.

Phases (``view["phase"]``)
==========================
``setup`` (advanced setup only: castle placement) · ``actions`` (the five turns) ·
``choice`` (2–2 Voice: each city's service; in turn, the seats also migrate one by one
during it) · ``demolish_migration`` (demolition /
relodging after migration) · ``feeding`` (who starves chooses cities) ·
``demolish_feeding`` · ``over``. The automatic phases (``year_start``, ``first_player``,
``voice``, ``income``, ``growth``, ``reveal``, ``migration``, ``year_end``) never wait;
they show up only in the log.

Classic year: first player passes left (not in year 1) · Voice cards · quarry income ·
growth · 5 rounds · Voice revealed · migration · demolition · feeding · demolition.
Modern year: Voice cards · income (quarries, ports) · growth · 5 turns · Voice count ·
migration · relodging · feeding · relodging · first player passes left.
The game ends after year 6 (modern: the year whose draw leaves 3 Voice cards).

Who moves
=========
``pending(state)`` is a set. In ``setup`` and ``actions`` it holds the one seat whose turn
it is. In ``choice`` it holds, in turn, the one seat whose migration turn it is (``view
["migrating"]``), at once every seat still choosing. In ``demolish_*`` and ``feeding``
it holds every seat that still owes a decision; they answer in any order (each seat's
answers touch only its own cities, so the order cannot change the outcome). A decision
with exactly one possible answer is never asked: the engine takes it inside ``new_game``/``apply`` and logs it with
``"auto": true`` (or a ``lacitta.auto_move`` line for a forced pass). So every pending
seat has at least two legal moves.

Moves
=====
Every move is a small JSON dict; ``legal_moves(state, seat)`` lists every legal one and
``apply`` accepts exactly those (extra or missing keys are illegal). Cells, cities and
slots are ints; a city is named by the cell of its castle.

Advanced setup
  {"type": "place_castle", "cell": c}
      R11 order: first player, then counter-clockwise; then the last one places a second
      castle and the others follow clockwise. ≥ 3 empty hexes along a path to every castle.

A turn (phase ``actions``)
  {"type": "pass"}
      take the top politics card face down, unseen by anybody (R23/R46).
  {"type": "take_gold"}                                  action card: +2 gold
  {"type": "found", "cell": c, "from": castle}           action card: new city (R25);
      ``from`` is the castle (with ≥ 2 citizens in it) that gives one citizen.
  {"type": "build", "building": b, "cell": c}            action card: small building
      b ∈ farm, quarry, school, statue, fountain, market (+ theatre with the expansion).
      ``cell`` is an empty hex next to exactly one of your cities, or one of your roads
      (R72 replacement).
  {"type": "build", "building": "road", "cells": [a]} or [a, b]   (expansion, R71)
      placed in that order; b may lie next to a.
  Action cards are identical, so a move names no card: the engine turns one face down.
  {"type": "politics", "slot": s, ...}                   take face-up card ``s`` (0–6), pay, use:
      palace / hospital / bathhouse / cathedral / university / port / large_farmhouse /
      domain card:          {"slot", "building": <that building>, "cell"}
      master_builder:       {"slot", "tier": 1|2|3, "building", "cell"}  (1, 2, 4 gold for
                            small, medium, large) or {"slot", "tier": 1, "building": "road", "cells"}
      bread_and_games:      {"slot", "cubes": 1|2|3, "cell", "service"}  (0, 2, 5 gold) on a
                            building of yours that offers ``service``
      golden_times:         {"slot", "citizens": 1|2|3, "city"}          (0, 2, 5 gold); only
                            while the city has room: what does not fit is not placed
      rich_harvest:         {"slot", "cell"} one of your farms (large farmhouse too)
      close_to_people:      {"slot", "look": [i, j]} (free) or {"slot", "look": [0, 1, 2]} (2 gold);
                            i, j index the three face-down Voice cards
      A card that cannot be paid or used has no legal move.

Decisions
  {"type": "voice_choice", "city": c, "service": s}     2–2 Voice: service for city c
  {"type": "demolish", "city": c, "cell": x}             remove one building (or road)
      While a city has fewer citizens than buildings it must lose buildings one at a time,
      each one at the edge (its removal keeps the city whole), castle never. After
      migration with the expansion, a seat with removable roads may also remove roads.
      In the classic edition this is also the "which building does the citizen leave"
      choice (see rulings).
  {"type": "relodge_done"}                               keep the remaining roads
  {"type": "feeding_loss", "city": c, "count": k}        remove k starving citizens from c

View (``view(state, seat)``; seat None = spectator)
=================================================
game, edition, expansion, setup, voice_tie, migrating (in-turn 2–2: the seat whose migration
turn it is, else null), players_count, viewer, year, final_year, phase,
first_player, turn (seat whose turn it is in setup/actions, else null), pending [seats],
pool (citizens left), supply {pair: tiles left}, available {building: tiles it may use},
landscape [{space, kind, symbols, space_kind}],
players [{seat, gold, food, citizens, cards_up, cards_down, turns_done, turns_left,
          cubes_left, castles_in_hand, castles_on_board, founded_this_year,
          penalized_this_year, penalty_next_year, famine_lost, eliminated,
          politics_used [cards taken face up this year], passed_cards (count), cities}],
buildings [{cell, kind, owner, city, citizens, cubes [{seat, service, count}], rich_harvest}],
cities [{id, owner, castle, cells, population, limit (null = unlimited), room,
         buildings, roads, services {culture, education, health} (halves as .5, cubes
         included), base_services (no cubes), has_market, has_wave, service_bonus,
         must_demolish, neighbours [city ids within R51's distance, other owners]}],
politics {row [7 cards or null], deck (count), discard (count)},
voice {face_up, face_down (count), known {"0".."2": service} (this seat's peeks this year),
       revealed [4 cards] | null, voice [winning service(s)] | null,
       choices [{seat, city, service}] (2–2 choices made: in turn as they are made, at once
       after migration), deck, discard},
famine [citizens each seat lost at the last feeding],
decision (this seat's pending decision, null for others/spectators):
    {"kind": "place_castle", "castle": 1|2}
    {"kind": "turn", "turns_left", "cards_up", "can_found"}
    {"kind": "voice_choice", "waiting", "chosen": [{city, service}], "cities": [{city, options}]}
    {"kind": "demolish", "reason": "migration"|"feeding", "cities": [{city, must_demolish,
     candidates}], "roads": [{city, removable}], "can_finish"}
    {"kind": "feeding", "remove", "food", "cities": [{city, population}]}
result {scores, ranks, details, tiebreak} once over, else null.
Never in a view: face-down Voice cards other than the seat's own peeks, deck order or
contents, cards drawn face down by a pass, other seats' 2–2 choices before everyone has
chosen (at once; in turn a choice is public as soon as it is made), the RNG state.

Log (``LogEntry.key`` + params; private lines carry ``visible_to``)
===================================================================
lacitta.setup {edition, expansion, setup, players, tiles} · setup_order {first, order} ·
castle_placed {seat, cell, food, auto} · castle_skipped {seat} · first_player {seat} ·
year_start {year} · voice_drawn {face_up, deck, final_year} ·
income {seat, gold, quarries, ports} · growth {seat, cities, full} · famine_penalty {seat} ·
take_gold {seat, gold} · found {seat, cell, from, citizens, food} ·
build {seat, building, cell, city, food, via, replaced_road} · roads {seat, roads [{cell, city}], via} ·
politics {seat, card, slot, cost} · row_refilled {slot, card} · politics_reshuffled {cards} ·
bread_and_games {seat, cell, city, service, cubes} · golden_times {seat, city, requested, placed} ·
rich_harvest {seat, cell, food} · peek {seat, positions} · peek_seen {seat, cards} (private) ·
pass {seat, drew} · auto_move {seat, type} ·
voice_revealed {cards, voice} · voice_choice {seat, city, service, auto} (in turn public;
at once private until voice_choices {choices}) · migration {seat, city, from_seat, from_city,
service, to_pool, points, from_points} · migration_done {moved} ·
demolish {seat, city, cell, building, food, reason, voluntary, auto} · city_lost {seat, city,
buildings, food} · limit_excess {seat, city, citizens} · relodge_done {seat, auto} ·
famine {seat, citizens, food, excess} · fed {seat, citizens, food} ·
feeding_loss {seat, city, count, auto} · eliminated {seat} · year_end {year} ·
game_over {scores, ranks, tiebreak}.
Errors: ``IllegalMove.key`` = "lacitta.error.<name>" with params; the English message
is a fallback (e.g. "A fountain must touch a lake", "This city already has a market").
Tie-break keys: lacitta.tiebreak.gold, lacitta.tiebreak.shared.

Dump format (``ENGINE.dump``; ``schema_version`` 2)
===================================================
A JSON object; ``ENGINE.load`` reads it back and refuses (``InvalidState``, naming each
problem) one that breaks the shape or the invariants below (module ``validate``). Cells
are ints indexing the board's cell lists (see ``board_geometry``); seats are 0-based.

schema_version 2 (1: before ``voice_tie``/``migrated``; loads as ``voice_tie`` at_once)
edition, expansion, setup, voice_tie   the options
nplayers      2–5
tiles         [[space, kind, symbols], …] the placed landscape tiles (tile spaces, and the
              wasteland spaces with the expansion); printed spaces are not listed
rng           the splitmix64 RNG state (an int; never shown to anybody)
year          1–6 (0 before the first year); ``final``: this is the last year
phase         see Phases; ``first``: the first player; ``setup_first``: who placed first
kind          per cell: null (empty) or the building ("castle", "farm", "road", …)
owner         per cell: the seat, −1 when empty
city          per cell: the city it belongs to, −1 when empty. A city is named by its
              castle's cell: ``city[castle] == castle``
pop           per cell: a city's citizens, on its castle cell only (0 elsewhere). Every
              other building but a road holds one of them; the castle holds the rest
pool          citizens in the shared supply; pool + every city's pop = 130 (R06)
supply        {tile pair: tiles left}, e.g. "farm_quarry" (a pair is one two-sided tile)
players       per seat: gold, food (= what its buildings produce + this year's rich
              harvests), cards_up (action cards face up), cubes (in hand), castles (in
              hand; + on the board = 4), founded (this year), turns_done, penalty (R62,
              next year), penalized (this year), eliminated (R65), taken (politics cards
              played this year), passed (cards taken face down by passes), peeks (the
              three face-down Voice cards this seat has seen, null if not)
voice_deck    the Voice deck; its top is the LAST element (draws take from the end)
voice         this year's 4 cards, [0] face up; voice_revealed, voice_winners (R50)
voice_discard the Voice discard
pol_deck      the politics deck; its top is the LAST element
pol_row       the 7 face-up politics cards by slot (null: slot left empty)
pol_discard   the politics discard
cubes         [[seat, cell, service, count]] Bread-and-games cubes this year (R42)
harvest       [[seat, cell, extra food]] Rich harvests this year (R44)
queue, qi     the seats' turns in order and the index of the current one (setup, actions;
              in-turn 2–2: the migration order and the migrating seat)
choice_open   [[city, seat, [services]]] 2–2 choices still to make
choice_made   [[city, seat, service]] 2–2 choices made this year (kept until year end)
migrated      citizens moved so far by an in-turn 2–2 migration
starve        per seat: citizens still to remove at feeding; ``famine``: lost at the
              last feeding (R61/R62)
relodge_open  per seat: may still remove roads by choice (R74)
demolish_reason "migration" | "feeding" | ""
result        null until the game is over, then {scores, ranks, details, tiebreak}

Board geometry for code outside the engine: ``board_geometry.board_geometry(players,
tiles)`` gives every cell's axial coordinates, zone, buildable neighbours at that count,
the landscape spaces it touches, its food/mountains/lake, and the zones (plain data,
read-only).

Rulings (where the books are silent; see also RULES.md's own rulings)
====================================================================
- First player: drawn with the game's seeded RNG (the books draw lots / vote).
- Action cards are interchangeable; moves do not name one.
- A politics card with no legal use cannot be taken (nor one that cannot be paid).
- Golden times / Blessed era must place at least one citizen; the rest are not placed.
- Founding with fewer than 2 citizens in the pool adds what is left.
- An empty politics deck is rebuilt from the discard; if both are empty the row slot
  stays empty and a pass takes nothing.
- Distances (R04) run only through empty hexes buildable at this player count.
- Migration (R50/R52): in first-player order, each player's cities in ascending city id
  (the books leave one player's own order open). 2–2, as both books (RULES.md R50, R52):
  each player chooses when their migration turn comes, for each of their cities, having
  seen every earlier choice and migration (classic « Celui dont c'est le tour décide pour
  chacune de ses villes lequel des deux vœux il veut employer »; new edition « chaque
  joueur décide lors de son tour le service qu'il applique pour chacune de ses Villes »).
  Option ``voice_tie=at_once`` keeps the faster-by-post way: everybody chooses before
  migration, hidden until all are in (points cannot change during migration). A choice
  that cannot change what the city takes is made automatically (in turn, a neighbour
  already emptied is not counted).
- Classic R53: because the owner may rearrange citizens before demolition, "which
  building a citizen leaves" and "which buildings are demolished" are one decision; it is
  asked as ``demolish`` moves after all migration, with the same edge-inward rule as modern.
- "From the edge inward" = a building whose removal keeps the city in one piece; the
  castle only when the city has no citizen left (then the whole city goes, castle back
  to its owner).
- Roads (RULES.md R74) may be removed by choice « pendant le Relogement des Citoyens »,
  i.e. in every relodging: after migration by every seat; after feeding by the seats
  that lost citizens (« il doit enlever le nombre de figurines Citoyen en excès … Les
  Citoyens sont ensuite relogés »: a fed seat does not relodge). A road is never removed
  if that would split the city. Roads, like every building, must leave an empty hex to
  other cities (R28).
- Used politics cards (RULES.md R23, R63, R07): a card played this year stays face down
  before its player, with the cards taken by a pass, until the end of the action phase;
  they go to the discard together (the engine moves them at the year's end: nothing is
  drawn in between). Classic: « À la fin de "l'année", chaque joueur met toutes les
  cartes politiques qu'il a jouées sur une pile de défausse ». The new edition says both
  « placez-la face cachée sur la pile de défausse » when a card is played and « À la fin
  de la phase Action … défaussez toutes les cartes Politique prises lors de cette
  Année »; its end-of-phase check counts « 5 cartes face cachée devant chaque joueur »,
  which needs the played card still in front of its player, so the second passage
  decides. A deck emptied mid-year is therefore rebuilt from earlier years' cards only.
- Feeding does not repeat after the demolition it causes.
- R65 (modern): a player without buildings is out at once (no more turns) and ranks
  after every player still in, whatever the points; the game goes on for the others.
- Rich harvest needs a cube; with the expansion it may go on a large farmhouse.
"""
