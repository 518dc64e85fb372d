# Writes testdata/bad/*.toml from good.toml: one broken rule per file, its
# first line naming the error expected at its exact line. Run: python3 genbad.py
import os
import os.path
HERE = os.path.dirname(os.path.abspath(__file__))
good=open(os.path.join(HERE, 'good.toml')).read()
D=os.path.join(HERE, 'bad') + '/'
for f in os.listdir(D): os.remove(D+f)
# name, [(old, new, nth occurrence (1-based))], marker (unique text in the result on the faulty line), message
cases = [
 ("type", [('type = "hasty-defence"','type = "raid"')], 'type = "raid"', 'type "raid": expected encounter, hasty-defence, all-out-attack'),
 ("attacker-missing", [('attacker = "axis"\n','')], 'type = "hasty-defence"', 'type hasty-defence needs attacker = one of the side IDs (allies, axis)'),
 ("attacker-not-a-side", [('attacker = "axis"','attacker = "huns"')], 'attacker = "huns"', 'attacker "huns": not a side (sides: allies, axis)'),
 ("attacker-in-encounter", [('type = "hasty-defence"','type = "encounter"')], 'attacker = "axis"', 'attacker "axis": an encounter has no attacker (remove the key)'),
 ("date-format", [('date = "1941-06"','date = "June 1941"')], 'date = "June 1941"', 'date "June 1941": expected "YYYY-MM", e.g. "1942-06"'),
 ("date-range", [('date = "1941-06"','date = "1944-01"')], 'date = "1944-01"', 'date "1944-01": the desert war in North Africa runs from 1940-06 to 1943-05'),
 ("turns-range", [('turns = 8','turns = 25')], 'turns = 25', 'turns = 25: expected 1 to 20 (leave it out for 6)'),
 ("turns-type", [('turns = 8','turns = "eight"')], 'turns = "eight"', 'turns: expected an integer, got a string'),
 ("hidden-type", [('hidden = true','hidden = "yes"')], 'hidden = "yes"', 'hidden: expected true or false, got a string'),
 ("unknown-key", [('name = "1 Section"','name = "1 Section"\ncolour = "sand"')], 'colour', 'unknown key "colour" in [side.unit] (known: id, name, hidden, arrives, edge, area, tq, morale, base)'),
 ("one-side", [('attacker = "axis"\n', ''), ('type = "hasty-defence"', 'type = "encounter"'), ('[[side]]\nid = "axis"\nname = "B patrol"\nnation = "italian"\nbreak_point = 3\nbrigade_orders = 0\n\n[[side.unit]]\nid = "I1"\n[[side.unit.base]]\ntype = "it-rifle-section"\nhex = "25X5"\n[[side.unit.base]]\ntype = "generic-small-truck"\nhex = "25X6"\n', '')], '[[side]]', 'a scenario has exactly two [[side]] tables, this one has 1'),
 ("side-id", [('id = "allies"','id = "Allies"')], 'id = "Allies"', 'side id "Allies": expected a lowercase word of at most 16 letters, e.g. "allies"'),
 ("side-id-reserved", [('id = "allies"','id = "seed"'), ('owner = "allies"','owner = "seed"')], 'id = "seed"', 'side id "seed" is reserved (a command-line flag); choose another'),
 ("side-id-twice", [('id = "axis"','id = "allies"'), ('attacker = "axis"', 'attacker = "allies"')], 'id = "allies"\nname = "B patrol"', 'side id "allies": already used by the side at line {L:id = "allies"}'),
 ("nation", [('nation = "italian"','nation = "french"')], 'nation = "french"', 'side axis: nation "french": expected british, german, italian'),
 ("break-point", [('break_point = 3\nbrigade_orders = 0','break_point = 60\nbrigade_orders = 0')], 'break_point = 60', 'side axis: break_point = 60: expected 1 to 50 markers (16.12)'),
 ("break-point-missing", [('break_point = 3\nbrigade_orders = 0','brigade_orders = 0')], '[[side]]\nid = "axis"', 'side axis: break_point = 0: expected 1 to 50 markers (16.12)'),
 ("brigade-orders", [('brigade_orders = 1','brigade_orders = 11')], 'brigade_orders = 11', 'side allies: brigade_orders = 11: expected 0 to 10 (7.1 step 3)'),
 ("area-syntax", [('id = "I1"\n','id = "I1"\narea = "25X5"\n')], 'area = "25X5"', 'unit I1: area "25X5": expected HEX+N, e.g. 25K5+3 (every hex within 3 of 25K5)'),
 ("area-outside", [('id = "I1"\n','id = "I1"\narea = "25T5+1"\n')], 'hex = "25X5"', 'base I1a: hex 25X5 is outside unit I1\'s set-up area 25T5+1'),
 ("unit-id", [('id = "I1"','id = "I-1"')], 'id = "I-1"', 'unit id "I-1": expected a letter, then letters and digits (at most 16), e.g. "A1"'),
 ("unit-id-twice", [('id = "I1"','id = "A2"')], 'id = "A2"\n[[side.unit.base]]\ntype = "it-rifle', 'unit id "A2": already used at line 57 (unit and base IDs are unique across the scenario)'),
 ("base-id-twice", [('id = "A1p"','id = "A1a"')], 'id = "A1a"', 'base id "A1a": already used at line 42 (unit and base IDs are unique across the scenario)'),
 ("base-default-id-taken", [('id = "I1"\n[[side.unit.base]]\ntype = "it-rifle-section"','id = "I1"\n[[side.unit.base]]\nid = "I1b"\ntype = "it-rifle-section"')], '[[side.unit.base]]\ntype = "generic-small-truck"', 'base 2 of unit I1: its default id "I1b" is already used at line {L:id = "I1b"}; give it an id'),
 ("base-type", [('type = "uk-rifle-section"\nhex = "25C5"','type = "uk-rifle-platoon"\nhex = "25C5"')], 'uk-rifle-platoon', 'base A1a: type "uk-rifle-platoon" is not in the unit catalogue'),
 ("base-type-nation", [('type = "it-rifle-section"','type = "de-rifle-section"')], 'de-rifle-section', 'base I1a: type de-rifle-section is german, but side axis is italian'),
 ("base-type-missing", [('type = "it-rifle-section"\n','')], '[[side.unit.base]]\nhex = "25X5"', 'base I1a: needs type = a catalogue entry, e.g. "uk-rifle-section"'),
 ("hex-board", [('hex = "25X5"','hex = "26X5"')], 'hex = "26X5"', 'base I1a: hex 26X5: board 26 is not on this map (25)'),
 ("hex-row", [('hex = "25X5"','hex = "25W0"')], 'hex = "25W0"', 'base I1a: hex "25W0": hexrow W holds hexes 1–10'),
 ("carried-missing", [('carried = "A1b"','carried = "A1z"')], 'carried = "A1z"', 'base A1p: carried by "A1z": no such base'),
 ("carried-other-side", [('type = "generic-small-truck"\nhex = "25X6"','type = "generic-small-truck"\nhex = "25X6"\ncarried = "A1b"')], 'carried = "A1b"\n\n[[objective]]', 'base I1b: carried by A1b, a base of the other side'),
 ("carried-wrong-hex", [('hex = "25C6"   # carried','hex = "25C7"   # carried')], 'carried = "A1b"', 'base A1p: in 25C7, but its carrier A1b is in 25C6'),
 ("carried-over-capacity", [('hex = "25C5"\ndug_in = true','hex = "25C6"\ncarried = "A1b"')], 'carried = "A1b"\n\n[[side.unit]]', 'base A1p: A1b (uk-bren-carrier) carries 1 base(s) at most'),
 ("carried-no-capacity", [('carried = "A1b"','carried = "A1a"'), ('hex = "25C6"   # carried', 'hex = "25C5"   # carried')], 'carried = "A1a"', 'base A1p: A1a (uk-rifle-section) carries no passengers'),
 ("facing", [('facing = "25C7"','facing = "25C9"')], 'facing = "25C9"', 'base A1b: facing "25C9" is not adjacent to its hex 25C6'),
 ("arrives", [('arrives = 3','arrives = 12')], 'arrives = 12', 'unit A2: arrives = 12: expected 2 to 8 (the turn it enters; leave it out for units on the map at the start)'),
 ("edge", [('edge = "west"','edge = "left"')], 'edge = "left"', 'unit A2: edge "left": expected north, south, east, west'),
 ("edge-without-arrives", [('id = "I1"','id = "I1"\nedge = "east"')], 'edge = "east"', 'unit I1: edge "east" without arrives: only reinforcements enter by an edge'),
 ("reinforcement-off-edge", [('hex = "25A4"','hex = "25B4"'), ('hex = "25A4"','hex = "25B4"')], 'hex = "25B4"', 'base A2a: hex 25B4 is not on the west edge, where unit A2 enters'),
 ("reinforcement-dug-in", [('type = "uk-2pdr-atg"','type = "uk-2pdr-atg"\ndug_in = true')], 'dug_in = true\nhex = "25A4"', 'base A2b: a reinforcement cannot start dug in'),
 ("objective-value", [('value = 2','value = 11')], 'value = 11', 'objective O1: value = 11: expected 1 to 10 (16.11)'),
 ("objective-owner", [('owner = "allies"','owner = "nobody"')], 'owner = "nobody"', 'objective O1: owner "nobody": not a side (sides: allies, axis)'),
 ("objective-hex", [('hex = "25P5"','hex = "25P55"')], 'hex = "25P55"', 'objective O1: hex "25P55": hexrow P holds hexes 0–10'),
 ("objective-id-twice", [('[[counter]]\nkind = "sangar"','[[objective]]\nid = "O1"\nhex = "25P6"\nvalue = 1\nowner = "axis"\n\n[[counter]]\nkind = "sangar"')], 'id = "O1"\nhex = "25P6"', 'objective id "O1": already used at line 86'),
 ("counter-kind", [('kind = "wreck"','kind = "minefield"')], 'kind = "minefield"', 'counter kind "minefield": expected sangar, foxhole, trench, wreck, smoke'),
 ("counter-hex", [('hex = "25M5"','hex = "M5"')], 'hex = "M5"', 'counter wreck: hex "M5": expected a board number first (e.g. 25C5)'),
 ("environment-time", [('time = "early-morning"','time = "dawn"')], 'time = "dawn"', 'environment: time "dawn": expected none, early-morning, mid-morning, midday, mid-afternoon, late-afternoon or night'),
 ("environment-dust", [('dust = "none"','dust = "thick"')], 'dust = "thick"', 'environment: dust "thick": expected none, light, moderate, heavy, very-heavy or extremely-heavy'),
 ("environment-upwind", [('upwind = "nw"','upwind = "west"')], 'upwind = "west"', 'environment: upwind "west": expected n, ne, se, s, sw or nw'),
 ("environment-dyo", [('[environment]\n','[environment]\ndyo = true\n')], 'time = "early-morning"', 'environment: time with dyo = true: the climate is rolled for the month (11.2); remove time or dyo'),
 ("no-units", [('[[side.unit]]\nid = "I1"\n[[side.unit.base]]\ntype = "it-rifle-section"\nhex = "25X5"\n[[side.unit.base]]\ntype = "generic-small-truck"\nhex = "25X6"\n','')], '[[side]]\nid = "axis"', 'side axis: has no units ([[side.unit]])'),
 ("air-aircraft", [('aircraft = "uk-kittyhawk"','aircraft = "uk-spitfire"')], 'aircraft = "uk-spitfire"', 'air S1: aircraft "uk-spitfire": not in the catalogue (british aircraft: uk-hurricane-iic, uk-hurricane-iv, uk-kittyhawk)'),
 ("air-nation", [('aircraft = "uk-kittyhawk"','aircraft = "de-ju87b"')], 'aircraft = "de-ju87b"', 'air S1: aircraft de-ju87b is german; side allies is british'),
 ("air-ordnance", [('ordnance = "bombs"','ordnance = "rockets"')], 'ordnance = "rockets"', 'air S1: Curtiss Kittyhawk I fighter-bomber carries no rockets'),
 ("air-ordnance-word", [('ordnance = "bombs"','ordnance = "napalm"')], 'ordnance = "napalm"', 'air S1: ordnance "napalm": expected bombs or rockets'),
 ("air-turn", [('turn = 2','turn = 9')], 'turn = 9', 'air S1: turn = 9: expected 1 to 8 (the turn it attacks in)'),
 ("air-id", [('id = "S1"','id = "I1"')], 'id = "I1"\nside', 'air id "I1": already the ID of a unit or sortie'),
 ("air-side", [('side = "allies"','side = "raf"')], 'side = "raf"', 'air S1: side "raf": expected allies or axis'),
 ("air-number", [('number = 2','number = 9')], 'number = 9', 'air S1: number = 9: expected 1 to 6 aircraft'),
 ("air-comms", [('comms = 1','comms = 3')], 'comms = 3', 'air S1: comms = 3: the communications modifier runs from -2 to +2 (14.9)'),
 ("minefield-side", [('side = "allies"\nfrom = "25Q2"','side = "huns"\nfrom = "25Q2"')], 'side = "huns"', 'minefield: side "huns": not a side (sides: allies, axis)'),
 ("minefield-strength", [('strength = -1','strength = 3')], 'strength = 3', 'minefield: strength 3: the Minefield Effectiveness is −2 to +2 (seed 002)'),
 ("minefield-grain", [('to = "25Q6"','to = "25R6"')], '[[minefield]]\nside = "allies"\nfrom', 'minefield: 25Q2 to 25R6 is not along a hex grain or an alternate hex grain (F.7A)'),
 ("minefield-both", [('hexes = ["25S5"]','hexes = ["25S5"]\nfrom = "25S5"\nto = "25S6"')], '[[minefield]]\nside = "allies"\nhexes = ["25S5"]', 'minefield: give hexes or from/to, not both'),
 ("minefield-twice", [('hexes = ["25S6"]','hexes = ["25Q3"]')], '[[minefield]]\nside = "allies"\nhexes = ["25Q3"]', 'minefield: 25Q3 already holds a minefield; a hex holds one (F.7A)'),
 ("minefield-unmined", [('unmined = ["25Q4"]','unmined = ["25S4"]')], 'unmined = ["25S4"]', 'minefield: unmined "25S4" is not one of this entry\'s hexes'),
 ("minefield-dummy-hidden", [('hexes = ["25S5"]\ndummy = true','hexes = ["25S5"]\ndummy = true\nhidden = true')], 'hidden = true\n[[minefield]]', 'minefield: a dummy is a marker the enemy sees; it cannot also be hidden (F.7B, F.7C)'),
 ("obstacle-kind", [('kind = "improvised"','kind = "moat"')], 'kind = "moat"', 'obstacle: kind "moat": expected wire, ditch, teeth or improvised'),
 ("obstacle-hex", [('hexes = ["25R6"]','hexes = ["R6"]')], '[[obstacle]]\nkind = "improvised"', 'obstacle: hex "R6": expected a board number first (e.g. 25C5)'),
 ("obstacle-twice", [('hexes = ["25R6"]','hexes = ["25R3"]')], '[[obstacle]]\nkind = "improvised"', 'obstacle: 25R3 already holds an obstacle; a hex holds one'),
 ("structure-kind", [('kind = "tobruk"','kind = "pillbox"')], 'kind = "pillbox"', 'structure: kind "pillbox": expected bunker or tobruk'),
 ("structure-side", [('side = "axis"\nhex = "25T7"','side = "huns"\nhex = "25T7"')], 'side = "huns"', 'structure: side "huns": not a side (sides: allies, axis)'),
 ("structure-facing", [('facing = "25S5"','facing = "25S9"')], 'facing = "25S9"', 'structure: facing "25S9": name a hex next to 25T5'),
 ("structure-no-facing", [('facing = "25S5"\n','')], '[[structure]]\nkind = "bunker"', 'structure: a bunker needs facing = the adjacent hex its firing arc faces'),
 ("structure-twice", [('hex = "25T7"','hex = "25t5"')], 'hex = "25t5"', 'structure: 25T5 already holds a structure'),
]
for name, reps, marker, msg in cases:
    t = good
    for old, new in reps:
        assert old in t, (name, old)
        t = t.replace(old, new, 1)
    t = '# want: LINE: MSG\n' + t
    if marker is not None:
        i = t.index(marker) if marker in t else -1
        assert i >= 0, (name, marker)
        # the first occurrence after the header that is not in a comment
        line = t[:i].count('\n') + 1
    if msg is None:
        t = t.replace('# want: LINE: MSG\n', '# want: see the test\n')
    else:
        import re
        def sub(mo):
            return str(t[:t.index(mo.group(1), t.index('\n'))].count('\n') + 1)
        msg = re.sub(r'\{L:([^}]*)\}', sub, msg)
        t = t.replace('LINE', str(line)).replace('MSG', msg)
    open(D+name+'.toml','w').write(t)
