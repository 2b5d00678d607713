"""Small City Deluxe rules engine (Alban Viard, AVStudioGames 2022), 1-4 players, base and advanced game, solo.

Pure Python, no Django. The platform reaches it through ``engine.ENGINE`` (a ``RulesEngine``, contract v2:
``pending`` / ``may_act``, moves with ``ranges``, ``check_options(options, players)``, a solo result).
Rule IDs SC01-SC113 and rulings G1-G14 refer to ``shared/smallcity/RULES.md``; tests in ``tests/smallcity``
are named after them (``test_rule_coverage`` checks that every ID is named).

Modules (one concern each)
==========================
components  THE component data, every value tagged seed / inferred / substitute with its source (G1, G2)
state       ``State``: JSON-native fields, deep copy, ``schema_version``
grid        squares (``y * 10 + x``), zones, shapes, influence zones (SC01-SC03)
build       building, expanding, demolishing, growing the district; costs and conditions (SC30-SC36, SC71)
citizens    where citizens may go, tourists, police zones, new homes and arrivals (SC35, SC40-SC44, G8)
flow        the phases: pending / may_act, entering each phase, automatic steps, council, income, pollution
moves       legal moves, applying one, ``advance`` (automatic steps; a victim/cemetery/keep with one answer)
promises    house substitute Promise / Special Promise conditions (G1: NOT the published cards)
scoring     SC90-SC91, SC102-SC104, G10, G11; solo rank (SC113)
solo        ``SoloOutcome`` in one place (switch the import to the kit's when contract v2 lands)
params      ``conforms`` / ``sample`` of contract v2 (until ``kit.params``) and this game's ``sample_move``
view        what a seat or a spectator may see
hidden      ``move_reveals_hidden``, ``redraw_hidden``
invariants  tiles, citizens and materials conserved, money/votes >= 0, zones respected, end after turn 8

Options
=======
board easy|expert (7x7 / 6x6 start), council easy|expert (expert = advanced game: Special Promises, SC100),
promises on|off (G1), victory electoral|economic|citizen|cultural (the last three need council=expert),
difficulty citizen|mayor|deputy|senator|president (solo only; a multi-player game refuses another value).

Who owes what (``pending``; ``may_act`` = seats whose Phase-2 plan is in and may take it back)
=========================================================================================
setup: every seat places its town hall and keeps a promise (simultaneous) · Mayor: the decider (G3) ·
cards: one seat at a time in turn order · Phase 2: every seat plans at once (hidden; each step of a plan is a
private step, ``private_step``: the platform writes it with the seat's ``done``, so others learn only "still
planning" / "plan in"), plans revealed when the last is in and applied in turn order; a plan broken by a
shortage returns to its owner (phase ``repair``, G4) ·
Phase 3: one seat at a time · Phase 4: every seat with commercial work (simultaneous) · Phase 6: a victim and
its cemetery · Phase 7: one seat at a time. Sub-decisions (Councillor's council move, a council build,
Special Promises to keep, victim, cemetery) sit on ``step["sub"]``; the top one owes.

Rulings made here (RULES.md silent; the lead may move them there)
=================================================================
E1 Squares are numbered from the bottom-left; the zone grows up and right (SC03). Commercial/Factory printed
   types go to the squares in the order the move lists them (the growth order of components.md).
E2 Shapes: free polyominoes except Port/Metro/town hall (2x2) and Fire/Police (straight lines). Port: the
   ``water`` field names its water half (two adjacent squares of the 2x2).
E3 Materials are spent from warehouses first, then the town hall; produced materials are stored the same way
   (where: still this ruling; in what order and which are lost when room runs out: the player, see below).
E4 RETIRED (issue 41): SC42 « vous choisissez la destination »: with more empty level-1 Residential zones
   than town-hall citizens the player chooses (``new_home``); it was "in the order they were built".
E5 Solo stock (SC110 « 1 Bâtiment Culturel de chaque taille »): each player's own School/Library/Museum plus
   one Metro, Clinic and University in stock (the rulebook's 1-player column), one Refinery, Port, Fire, Police.
E6 A tourist with no slot in its district or a neighbouring one goes to a free slot at home if any, else to
   the town hall, else the quarry (G8). Clinic/University accept a returning citizen; Fire/Police only one
   moving within its own district (SC35).
E7 An eliminated player's tourists elsewhere leave play (counted in its quarry) and are replaced by the
   host's own citizen from its town hall, then quarry (G10).
E8 The Councillor (card G) may decline; the council construction bonus may be declined (« vous pouvez »).

The player's own choices, where the book gives them (issue 41; bots make them through the legal moves)
====================================================================================================
SC42 new homes when short (``new_home``, retires E4) · SC52 the order products are stored, so which are lost
when room or supply runs out (``store``; it was tile order, the unwritten half of E3) · SC22 B the Architect:
the player names the cultural building of the turn that gets the waiver (``waive``: a material or "none";
a second waiver is refused, not dropped) · SC34 growth judged on the existing tile as a whole.
"""
