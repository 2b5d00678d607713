"""Infinite City rules engine (Brent Keith, AEG 2009), 2–6 players.

Pure Python, no Django. The platform reaches it only through ``engine.ENGINE`` (the
``kit.base.Engine`` protocol). Rule IDs (IC01…, G1–G24) refer to
``shared/infinitecity/RULES.md``; tests in ``tests/infinitecity`` are named after them.

Modules (one concern each)
==========================
tiles       THE tile table (kind, count, instruction key, bonus, silver, source) — G1
rng         splitmix64, used once: the initial shuffle and the first player
state       ``State``: plain lists/dicts; cheap copy; JSON with ``schema_version``
city        adjacency, placement cells and the Plaza rule, protection, control, groups,
            token returns, hands and who knows which tile
effects     playing a tile, putting a token (flips), every instruction as a stack of frames
turn        the turn: play / Hotel / pass, the refill and Factory draws, the next seat
moves       who is pending, legal moves, applying one, running forced decisions
explain     why a move is illegal (key + params + English that tells nothing hidden)
scoring     IC50–IC54 breakdown, ranks, tie-breaks
view        what one seat or a spectator may see
hidden      scramble_unknown (undo: kit.reveal; hidden-information tests), move_reveals_hidden, redraw_hidden
invariants  conservation, knowledge, protection, end conditions, JSON round trip
validate    ``load``'s checks: shape, then the invariants
setup       a new game
selfplay    ``manage.py selfplay --game infinitecity --players 2-6 --games 1000 --checks all`` (the platform's)

Options
=======
``marks`` known-only | none (default known-only, G1): which printed bonus points and silver
rings count. known-only: the rows of ``tiles.TILES`` whose source is the rulebook example
(Power Station 1 point + silver, Police HQ 1 point, Construction Site silver) or a physical
copy; none: no printed marks (groups only). The other tiles' marks are NOT transcribed.

Who moves
=========
One seat at a time: ``pending`` is ``{turn}`` (empty once over). The active seat makes every
choice of its turn, its effects included; the Police HQ is automatic. A decision with exactly
one legal answer is never asked: the engine takes it and its log line says ``"auto": true``
(a forced pass: ``pass`` with auto). So a pending seat always has two legal moves or more.

Moves (``legal_moves`` lists every legal one; ``apply`` accepts exactly those, a swap's
two tiles in either order; values are plain ints and strings)
=========================================================================================
The turn (``view["current"]["kind"] == "turn"``)
  {"type": "play", "tile": key, "x": x, "y": y}   a tile of your hand (named by its key:
        identical tiles are one move) on an empty cell next to the city (IC20), next to a
        face-up Plaza while that is possible (IC25). Your token goes on it, then its
        instruction is resolved.
  {"type": "hotel", "x": x, "y": y}   a token on a face-up Hotel holding none of yours (IC24)
  {"type": "pass"}                     only when nothing else is possible (no token: IC40;
        no tile and no Hotel: G13)
Answers to the top of the effect stack (``view["current"]["kind"]`` = frame kind)
  play {tile, x, y}       Construction Site (from your hand), Library (a tile looked at,
                          not a Library), Temple (a tile of the chosen hand)
  target {x, y}           the tile an instruction acts on (Arboretum, Bank, Capitol, Disaster
                          Site, Embassy, Housing, Mausoleum, Post Office, Security Guard, Stadium)
  target2 {x1, y1, x2, y2}  Transit Station: the two tiles to swap
  place {x, y}            Port (where the pile's top tile goes face down), Post Office (where
                          the tile goes)
  pick_token {owner}      Bank (whose token, when several share the tile), Stadium (one token
                          of that owner)
  all_tokens              Stadium: every token of the tile (offered with two tokens or more)
  pick_player {seat}      Shopping Complex (anyone else), Temple (anyone else holding tiles)
  stop                    Arboretum: take back no more
Frames (``effects`` module docstring lists their fields): arboretum, bank, bank_owner,
capitol, play, disaster, embassy, housing, mausoleum, port, post_office, post_office_to,
security, shopping, stadium, stadium_tokens, temple, transit; continuations library_rest,
temple_draw.

Rulings made here (where RULES.md is silent; the lead may move them into RULES.md)
===============================================================================
E1 Library timing: the tiles not played wait aside and go to the bottom once the played
   tile is fully resolved (the sheet's "ensuite"); a Port or Disaster Site in that chain
   works on the pile without them.
E2 Temple after a last token (G20): the look happens; nothing is taken, nothing is drawn.
E3 Any last token (also a second one, or a non-active player's on a Police HQ) stops
   further tile plays in that turn (G20); only the first one sets the final round (G3).
E4 Capitol: its adjacent tiles are fixed when it resolves and followed if a nested
   Post Office / Transit Station moves them; each must still touch the Capitol when its
   turn comes; the Capitol stops when your supply is empty (G6).
E5 Plaza "if possible" (IC25) = among the cells where the tile could otherwise go, those
   next to a face-up Plaza, if any (for a Post Office: not its own old cell).
E6 A pass draws nothing (G13; a player passes with an empty hand and pile, or no token).
E7 Police HQ: the other players put their tokens clockwise from the active player's left.
E8 Hotel: needs a token in supply. Stadium "one": one token of the owner you pick.
E9 IC41 counts face-up Power Stations in the city after every play or flip.

View (``view(state, seat)``; seat None = spectator)
=================================================
game, players_count, viewer, marks, first, turn (null once over), stage (turn | effects |
over), pending [seats], current {seat, kind, via} (the decision due: "turn" or a frame kind;
via = the tile whose instruction it is), end {mode: none | final | over, trigger, queue,
reason}, passes, no_more_plays, extra_draws (Factory), power_stations (face up),
cells [{x, y, face_up, tile (null when face down and unknown to the viewer), tokens [per
seat], protected}], tile = {key, kind, bonus, silver} (marks under the option),
players [{seat, supply, on_board, hand_count, hand (own seat only, in order, else null),
known [tiles this viewer knows to be in that hand]}],
pile {count, known [{depth (0 = top), tile}]}, stack [frames: {kind, via, …their fields;
Library tiles as tile or null per viewer}], result {scores, ranks, details, tiebreak,
reason} once over, else null.
Never in a view: the pile beyond what the viewer knows, face-down tiles it has not seen,
other hands beyond what it knows, what other seats know.

Log (``LogEntry.key`` "infinitecity.*" + params; private lines carry ``visible_to``)
===================================================================================
setup {players, marks, first, cross, pile} · dealt {seat, tiles} (private) ·
play {seat, tile, kind, x, y, via: turn|construction_site|library|temple, auto} ·
hotel {seat, x, y, auto} · pass {seat, tokens, auto} · flip {seat, x, y, tile, kind} ·
final_round {seat, queue} · last_token {seat} · police {seat, x, y, seats} ·
factory {seat, draws} · draw {seat, count} · drawn {seat, tiles} (private) ·
arboretum {seat, x, y, auto} · arboretum_stop {seat, taken, auto} ·
bank_target {seat, x, y, auto} · bank {seat, owner, x, y, bank_x, bank_y, auto} ·
capitol {seat, x, y, returned [per seat], auto} · disaster {seat, x, y, returned, auto,
tile?, kind? (face up only)} · embassy / housing {seat, x, y, returned, auto} ·
library_look {seat, count} · library_seen {seat, tiles} (private) · library_bottom {seat,
count, played} · mausoleum {seat, x, y, returned, face_up, auto, tile?, kind?} ·
mausoleum_seen {seat, tile, kind} (private) · port {seat, x, y, auto} ·
post_office_pick {seat, x, y, auto} · post_office {seat, x, y, to_x, to_y, auto} ·
security {seat, x, y, returned, auto} · shopping {seat, other, auto} · hand_received {seat,
tiles} (private) · stadium_pick {seat, x, y, auto} · stadium {seat, x, y, to_x, to_y, moved,
auto} · temple {seat, holder, auto} · temple_seen {seat, holder, tiles} (private) ·
transit {seat, x1, y1, x2, y2, auto} · no_effect {seat, kind} · game_over {reason, scores,
ranks, tiebreak}.
Errors: ``IllegalMove.key`` = "infinitecity.error.<name>" (wrong_move, bad_fields,
not_your_turn, game_over, not_in_hand, not_seen, not_in_their_hand, cell_taken, not_adjacent,
plaza, bad_cell, no_tile, protected, bad_target, bad_place, bad_swap, bad_hotel, cannot_pass,
bad_player, bad_owner, bad_move). Tie-break keys: infinitecity.tiebreak.largest_group,
infinitecity.tiebreak.shared. Instruction keys: infinitecity.instruction.<kind>.

Dump format (``ENGINE.dump``; ``schema_version`` 1)
===================================================
marks, nplayers, first, turn, stage; cells [[x, y, tile, face_up, [tokens per seat],
known (bitmask of seats that know a face-down tile)]] sorted; pile [tiles, bottom first:
the top is the LAST]; pile_known [bitmask per pile position]; hands [[tiles] per seat];
hand_known [holder][observer] {tile: count known to be in that hand}; supply [tokens per
seat]; stack [frames, top last]; end {mode: none} | {mode: final, trigger, queue};
no_more_plays; factory (extra draws due this turn); passes (in a row); revealed (a counter
bumped by every reveal: ``move_reveals_hidden``); over_reason; result.
"""
