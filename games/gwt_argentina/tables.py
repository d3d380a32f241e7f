"""Component facts the engine reads, as plain constants.

Sources: the French rulebook (``shared/rules/gwt-argentina.fr.md``, it wins) and
``shared/data/gwt-argentina.md`` (mostly the open-source engine ``mihaeu/gwta``, "MH").
Values no source gives are marked ``# reconstructed`` with the reason. The data module
of the data engineer (``data.py``) supersedes this one as it lands; until then the
engine reads only these names.
"""

from __future__ import annotations

# -- cattle cards ---------------------------------------------------------------------
#: kind -> (breed, colour, breeding value, strength, VP). Colours: the rulebook names
#: "noire Fronterizo", "verte Patagonico", "orange Caracu" and the market order orange,
#: yellow, red, blue, brown, purple; the other colours are reconstructed in that order.
CATTLE: dict[str, tuple[str, str, int, int, int]] = {
    "niata": ("Niata", "grey", 1, 1, 0),  # colour reconstructed
    "patagonico": ("Patagonico", "green", 2, 2, 0),
    "fronterizo": ("Fronterizo", "black", 2, 2, 0),
    "holando": ("Holando Argentino", "white", 2, 2, 0),  # colour reconstructed
    "caracu2": ("Caracu", "orange", 1, 7, 2),
    "caracu3": ("Caracu", "orange", 1, 7, 3),
    "chaqueno": ("Chaqueño", "yellow", 3, 5, 1),  # colour reconstructed
    "serrano": ("Serrano", "red", 3, 4, 2),  # colour reconstructed
    "blanco": ("Blanco Orejinegro", "blue", 3, 3, 3),  # colour reconstructed
    "franqueiro3": ("Franqueiro", "brown", 4, 6, 3),  # colour reconstructed
    "franqueiro4": ("Franqueiro", "brown", 4, 6, 4),
    "franqueiro5": ("Franqueiro", "brown", 4, 6, 5),
    "angus5": ("Aberdeen-Angus", "purple", 5, 7, 5),  # colour reconstructed
    "angus6": ("Aberdeen-Angus", "purple", 5, 7, 6),
    "angus7": ("Aberdeen-Angus", "purple", 5, 7, 7),
}
MARKET_ORDER = ("orange", "yellow", "red", "blue", "brown", "purple")
STARTING_CATTLE = {"niata": 5, "patagonico": 3, "fronterizo": 3, "holando": 3}
MARKET_CATTLE = {"caracu2": 3, "caracu3": 3, "chaqueno": 5, "serrano": 5, "blanco": 5,
                 "franqueiro3": 3, "franqueiro4": 3, "franqueiro5": 3,
                 "angus5": 2, "angus6": 2, "angus7": 2}
EXHAUSTION_CARDS = 25
EXHAUSTION_VP = -2
MARKET_SIZE = {2: 9, 3: 12, 4: 15}

#: Buying cattle (rulebook p. 14): (gauchos used, cards, breed filter, price). The
#: rulebook prints: 1 gaucho Caracu 4 / value 3 for 5 / Franqueiro 11; 2 gauchos value 3
#: for 2 / Angus 11; 3 gauchos two value-3 for 5; 5 gauchos two Franqueiro for 9. MH adds
#: 3 gauchos Franqueiro 6 and 4 gauchos Angus 6. 6 gauchos two Angus for 10: reconstructed.
BUY_OPTIONS: list[tuple[int, int, str, int]] = [
    (1, 1, "caracu", 4),
    (1, 1, "value3", 5),
    (1, 1, "franqueiro", 11),
    (2, 1, "value3", 2),
    (2, 1, "angus", 11),
    (3, 2, "value3", 5),
    (3, 1, "franqueiro", 6),
    (4, 1, "angus", 6),
    (5, 2, "franqueiro", 9),
    (6, 2, "angus", 10),  # reconstructed
]
BREED_FILTERS = {
    "caracu": {"caracu2", "caracu3"},
    "value3": {"chaqueno", "serrano", "blanco"},
    "franqueiro": {"franqueiro3", "franqueiro4", "franqueiro5"},
    "angus": {"angus5", "angus6", "angus7"},
}

# -- objective cards (MH ids 1..24; action, VP, conditions) ----------------------------
#: id -> (immediate action, amount, VP if met, penalty if not, conditions).
#: Penalty -2 for every card: MH, consistent with the rulebook's 9/4 example.
OBJECTIVES: dict[int, tuple[str, int, int, int, dict[str, int]]] = {
    1: ("cert", 1, 4, -2, {"W": 1, "station": 2}),
    2: ("cert", 1, 3, -2, {"E": 1, "building": 1}),
    3: ("cert", 1, 4, -2, {"caracu": 1, "station": 1, "orange": 1}),
    4: ("cert", 3, 5, -2, {"value3": 1, "franqueiro": 1, "angus": 1}),
    5: ("loco", 1, 4, -2, {"N": 1, "E": 1}),
    6: ("loco", 1, 3, -2, {"W": 1, "blue": 1, "green": 1}),
    7: ("loco", 1, 3, -2, {"caracu": 1, "building": 2}),
    8: ("loco", 1, 3, -2, {"franqueiro": 1, "W": 1}),
    9: ("draw", 3, 4, -2, {"value3": 2, "station": 1}),
    10: ("draw", 3, 4, -2, {"station": 1, "yellow": 1, "blue": 1}),
    11: ("draw", 3, 3, -2, {"building": 2, "green": 1}),
    12: ("pesos", 3, 2, -2, {"value3": 2, "N": 1}),
    13: ("pesos", 2, 5, -2, {"value3": 1, "angus": 1, "building": 1}),
    14: ("pesos", 3, 4, -2, {"S": 1, "building": 1}),
    15: ("pesos", 3, 3, -2, {"N": 1, "building": 2}),
    16: ("pesos", 4, 5, -2, {"ship18": 1}),
    17: ("pesos", 2, 3, -2, {"building": 1, "yellow": 1, "orange": 1}),
    18: ("grain", 1, 3, -2, {"W": 1, "building": 1, "yellow": 1}),
    19: ("grain", 1, 4, -2, {"value3": 1, "station": 2}),
    20: ("grain", 1, 3, -2, {"value3": 1, "orange": 1, "green": 1}),
    21: ("grain", 1, 4, -2, {"building": 2, "station": 1}),
    22: ("grain", 1, 4, -2, {"value3": 1, "franqueiro": 1, "building": 1}),
    23: ("grain", 1, 5, -2, {"S": 1, "station": 1}),
    24: ("grain", 1, 4, -2, {"value3": 1, "franqueiro": 1, "blue": 1}),
}

# -- worker and farmer tiles ----------------------------------------------------------
WORKER_KINDS = ("gaucho", "carpintero", "maquinista")
#: bag -> kind -> (plain, with strength icon). Bag C: 3 + 3 gauchos (19 gauchos, 8
#: strong in the rulebook's component list; MH's 3 + 4 is one too many).
WORKER_BAGS = {"B": {"gaucho": (8, 5), "carpintero": (8, 5), "maquinista": (8, 5)},
               "C": {"gaucho": (3, 3), "carpintero": (3, 3), "maquinista": (3, 3)}}
#: Farmer tiles per colour: (strength, hand colour, count). Green, blue and orange (bag
#: A) share one distribution, yellow is bag C (MH "Hard code proper tile stats").
FARMERS_ABC = [(3, "green", 1), (4, "green", 2), (4, "black", 1), (5, "green", 2),
               (5, "black", 1), (6, "green", 1), (6, "black", 2), (7, "black", 2)]
FARMERS_YELLOW = [(5, "black", 3), (6, "black", 3), (7, "black", 4), (8, "black", 5)]
FARMER_COLOURS = ("green", "blue", "orange", "yellow")
FARMER_LETTER = {"green": "g", "blue": "b", "orange": "o", "yellow": "y"}

# -- job market -----------------------------------------------------------------------
JOB_ROWS = 11
#: Hiring cost per row, top to bottom (MH; the rulebook's example: row 2 costs 7, row 1 6).
JOB_COSTS = [6, 7, 6, 8, 5, 8, 6, 8, 9, 6, 4]
#: What happens when the marker leaves a row (0-based): yellow arrows refill the cattle
#: market, blue arrows make the ships of an anchor colour sail, the red arrow ends the
#: game (rulebook p. 11, MH handleWorkerEvents; rows as MH intended).
JOB_ARROWS = {3: "ships:yellow", 4: "cattle", 5: "ships:turquoise", 6: "cattle",
              7: "ships:purple", 10: "end"}

# -- trail ----------------------------------------------------------------------------
NEUTRAL_SPACES = ("N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8")
NEUTRAL_LETTERS = ("A", "B", "C", "D", "E", "F", "G", "H")
#: Private building spaces; farmland spaces carry the grain-ear icon (buildings 1a/1b).
BUILD_SPACES = ("P1", "P2", "P3", "P4", "P5", "P6", "P7",
                "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8",
                "R1", "R2", "R3", "R4", "RG1", "RG2", "RG3")
FARMLAND = {s for s in BUILD_SPACES if s.startswith(("G", "RG"))}
#: Special actions printed on building spaces, for the building's owner (rulebook p. 8):
#: discard any one cattle card for the bonus (MH nodes.ts).
SPACE_ACTIONS = {"R1": "cert", "R2": "peso", "R3": "grain", "R4": "grain",
                 "RG1": "pesos2", "RG2": "cert", "RG3": "grain"}
FARMER_SPACES = {
    "green": ("GF1", "GF2", "GF3", "GF4"),
    "blue": ("BF1", "BF2", "BF3", "BF4"),
    "orange": ("OF1", "OF2", "OF3", "OF4"),
    "yellow": ("YF1", "YF2", "YF3", "YF4", "YF5", "YF6", "YF7"),
}
#: Pesos printed under each farmer space (MH nodes.ts; yellow runs 0..6 there).
FARMER_SPACE_MONEY = {s: i for spaces in FARMER_SPACES.values() for i, s in enumerate(spaces)}
#: Railway shortcuts: embarcadère location -> locomotive space needed (rulebook p. 7).
SHORTCUTS = {"S23": 23, "S17": 17, "S12": 12, "S9": 9, "S6": 6, "S3": 3}
#: The trail, directed towards Buenos Aires (MH map.dot, shortcuts as embarcadères).
TRAIL: dict[str, tuple[str, ...]] = {
    "START": ("N1",),
    "N1": ("P1", "GF1"),
    "P1": ("G1",), "G1": ("G2",), "G2": ("N2",),
    "GF1": ("GF2",), "GF2": ("GF3",), "GF3": ("GF4",), "GF4": ("RG1",), "RG1": ("RG2",),
    "RG2": ("N2",),
    "N2": ("G3", "BF1"),
    "G3": ("G4",), "G4": ("P2",), "P2": ("P3",), "P3": ("N3",),
    "BF1": ("BF2",), "BF2": ("BF3",), "BF3": ("BF4",), "BF4": ("R1",), "R1": ("N3",),
    "N3": ("P4", "P5"), "P4": ("N4",), "P5": ("N4",),
    "N4": ("N5",),
    "N5": ("G5", "RG3"),
    "G5": ("G6",), "G6": ("P6",), "P6": ("N6",),
    "RG3": ("R2",), "R2": ("OF1",), "OF1": ("OF2",), "OF2": ("OF3",), "OF3": ("OF4",),
    "OF4": ("N6",),
    "N6": ("P7", "G7", "S23"), "P7": ("N7",), "G7": ("N7",),
    "N7": ("YF1", "S17"),
    "YF1": ("YF2", "S12"),
    "YF2": ("YF3", "G8"), "G8": ("YF3",),
    "YF3": ("N8",),
    "N8": ("YF4", "R3", "S9"), "R3": ("YF4",),
    "YF4": ("YF5", "S6"),
    "YF5": ("YF6", "R4"), "R4": ("YF6",),
    "YF6": ("YF7", "S3"),
    "YF7": ("BA",),
    "S23": (), "S17": (), "S12": (), "S9": (), "S6": (), "S3": (), "BA": (),
}
#: Toll per hand colour and player count (rulebook p. 7): 2–3 players black 1, green 2;
#: 4 players black 1, green 1.
TOLLS = {2: {"black": 1, "green": 2}, 3: {"black": 1, "green": 2}, 4: {"black": 1, "green": 1}}
#: Move limit at set-up by player count (rulebook: "3, 4 ou 5"; which count gets which is
#: reconstructed after MH: players + 1).
MOVE_LIMIT = {2: 3, 3: 4, 4: 5}

# -- buildings ------------------------------------------------------------------------
#: Private building number -> (carpinteros needed, VP by side, hand colour by side).
PRIVATE = {
    1: (1, {"a": 1, "b": 1}, {"a": "black", "b": "black"}),
    2: (1, {"a": 1, "b": 1}, {"a": None, "b": None}),
    3: (2, {"a": 3, "b": 3}, {"a": "black", "b": "black"}),
    4: (2, {"a": 3, "b": 3}, {"a": None, "b": None}),
    5: (3, {"a": 4, "b": 4}, {"a": None, "b": None}),
    6: (3, {"a": 4, "b": 4}, {"a": None, "b": None}),
    7: (4, {"a": 5, "b": 5}, {"a": "green", "b": "green"}),
    8: (5, {"a": 6, "b": 6}, {"a": None, "b": None}),
    9: (7, {"a": 10, "b": 9}, {"a": "black", "b": "black"}),
    10: (9, {"a": 13, "b": 13}, {"a": None, "b": None}),
}

# -- player board ---------------------------------------------------------------------
#: The 17 disc slots: slot -> corner ("W" white / "B" black). Auxiliary slots unlock the
#: auxiliary actions (rulebook p. 18); the others raise limits (p. 10).
SLOTS: dict[str, str] = {
    "aux_coin2": "W", "aux_draw2": "W",
    "aux_cert1": "W", "aux_cert2": "W", "aux_grain1": "W", "aux_grain2": "W",
    "aux_loco1": "W", "aux_loco2": "W", "aux_back1": "W", "aux_back2": "W",
    "move1": "B", "move2": "B", "hand1": "B", "hand2": "B",
    "certlimit": "W", "strength1": "W", "strength2": "B",
}
#: Removing this disc costs 3 pesos ("rangée du bas, disque de droite"): reconstructed as
#: the second hand-limit slot. Removing "strength2" pays 3 pesos (rulebook p. 10).
SLOT_COST = {"hand2": 3}
SLOT_BONUS = {"strength2": 3}
#: Auxiliary actions: id -> the slots that lock it (coin and draw have one printed-open
#: grey slot, so their single version is always open).
AUX: dict[str, tuple[str, ...]] = {
    "coin": ("grey", "aux_coin2"),
    "draw": ("grey", "aux_draw2"),
    "cert": ("aux_cert1", "aux_cert2"),
    "grain": ("aux_grain1", "aux_grain2"),
    "loco": ("aux_loco1", "aux_loco2"),
    "back": ("aux_back1", "aux_back2"),
}
HAND_LIMIT = 4
CERT_LIMIT = (4, 6)
GRAIN_LIMIT = 8
STARTING = [(7, 4), (8, 5), (9, 6), (10, 7)]  # (pesos, cards) by seat

#: Immediate action when a worker lands in a row's position (index 1..5; 0 is printed).
#: Rulebook p. 13 and MH player.ts.
ROW_ACTIONS: dict[str, dict[int, str]] = {
    "gaucho": {1: "token", 2: "pesos2_remove", 3: "token", 5: "pesos3_buy"},
    "carpintero": {2: "build", 3: "pesos3", 5: "build_cheap"},
    "maquinista": {1: "remove", 2: "cattle_cert", 3: "loco2", 5: "pesos5_station"},
    "granjero": {1: "grain", 2: "grain", 3: "quay_RT", 4: "grain", 5: "quay_LV"},
}
#: Price of a granjero by the position it takes (rulebook p. 17: 6, 8, 10).
GRANJERO_COST = {1: 6, 2: 6, 3: 8, 4: 8, 5: 10}

# -- railway (reconstructed: not in any source; shapes after the rulebook's p. 15) ------
TRACK_END = 31
#: Branch stations: id -> (switch space, upgrade cost, VP, corner). The terminus "31" is a
#: station too. Costs rise and VP with them, like the original game's stations.
BRANCHES: dict[str, tuple[int, int, int, str]] = {
    "b2": (2, 1, 1, "W"), "b4": (4, 2, 2, "W"), "b7": (7, 1, 2, "B"),
    "b10": (10, 3, 3, "W"), "b13": (13, 2, 3, "B"), "b16": (16, 4, 4, "W"),
    "b19": (19, 3, 4, "B"), "b22": (22, 5, 5, "W"), "b25": (25, 4, 6, "B"),
    "b28": (28, 6, 7, "B"),
}
TERMINUS = ("31", 3, 5, "W")  # reconstructed: cost 3, 5 VP, white corner
#: The five station-master spaces (reconstructed; all before space 24 as the 6th
#: maquinista's action requires upgradable stations there).
MASTER_SPACES = ("b4", "b7", "b13", "b19", "b22")
#: Station-master tiles: id -> (top reward, end-game condition). Rewards: "pesos3",
#: "grain2", "pesos2", permanent "perm_grain"/"perm_cert".
STATION_MASTERS = {
    "SM1": ("pesos3", "cattle345"), "SM2": ("grain2", "worker_sets"),
    "SM3": ("pesos2", "station_pairs"), "SM4": ("perm_grain", "objective_pairs"),
    "SM5": ("perm_cert", "ship_pairs"), "SM6": ("perm_cert", "strong_pairs"),
    "SM7": ("perm_grain", "building_pairs"), "SM8": ("grain2", "farmers"),
}

# -- ships ----------------------------------------------------------------------------
#: id -> (loading value, grain, VP, anchor colour or None, destination (city, quay),
#: corner, objective card on loading). Sun ships from MH; the 7 others have VP and no
#: anchor (rulebook clarification: replacement ships never sail).
SHIPS = {
    "s0": (0, 0, -2, None, None, "W", False),
    "s1": (1, 0, 0, "yellow", ("LH", "I"), "W", False),
    "s3": (3, 1, 0, "turquoise", ("LH", "II"), "W", False),
    "s5": (5, 1, 0, "yellow", ("LH", "II"), "W", False),
    "s6": (6, 2, 0, "turquoise", ("RT", "I"), "W", True),
    "s7": (7, 2, 0, "yellow", ("RT", "I"), "W", True),
    "s8": (8, 1, 0, "purple", ("RT", "I"), "W", True),
    "s9": (9, 4, 0, "purple", ("LV", "I"), "B", False),
    "s11": (11, 4, 0, "turquoise", ("LV", "I"), "B", False),
    "s15": (15, 4, 0, "purple", ("LV", "II"), "B", False),
    "s18": (18, 6, 12, None, None, "B", False),
    "x4": (4, 2, 1, None, None, "W", False),
    "x7": (7, 1, 3, None, None, "W", False),
    "x8": (8, 3, 3, None, None, "B", False),
    "x12": (12, 2, 5, None, None, "B", False),
    "x13": (13, 3, 7, None, None, "W", False),
    "x14": (14, 4, 7, None, None, "B", False),
    "x16": (16, 5, 9, None, None, "B", False),
}
SUN_SHIPS = ("s0", "s1", "s3", "s5", "s6", "s7", "s8", "s9", "s11", "s15", "s18")
#: Ships that take any number of discs of one player (rulebook p. 10).
OPEN_SHIPS = ("s0", "s18")

# -- ports ----------------------------------------------------------------------------
#: city -> side -> {"quays": {quay: (VP, grain discount)}, "districts": {district:
#: (grain cost, [(space id, bonus, VP)])}}. Side a from MH; side b reconstructed by
#: shifting costs and bonuses between districts (same totals).
_LH_A = {"quays": {"I": (0, 0), "II": (1, 2)},
         "districts": {"W": (1, [("W1", "pesos3", 0), ("W2", "pesos4", 0), ("W3", "pesos4", 0),
                                 ("W4", "pesos4", 0)]),
                       "N": (3, [("N1", "pesos5", 1), ("N2", "pesos5", 2), ("N3", "pesos6", 2)]),
                       "E": (5, [("E1", None, 5), ("E2", None, 6), ("E3", None, 7)]),
                       "S": (6, [("S1", "pesos9", 3), ("S2", "pesos12", 3)])}}
_RT_A = {"quays": {"I": (2, 0)},
         "districts": {"W": (1, [("W1", "pesos6", 1), ("W2", "pesos6", 0), ("W3", "pesos6", 0)]),
                       "N": (2, [("N1", None, 6), ("N2", None, 5), ("N3", None, 4)]),
                       "E": (4, [("E1", "pesos8", 4), ("E2", "pesos6", 4)]),
                       "S": (7, [("S1", None, 9), ("S2", None, 12)])}}
_LV_A = {"quays": {"I": (5, 0), "II": (8, 3)},
         "districts": {"W": (1, [("W1", "objective", 4), ("W2", "pesos6", 4)]),
                       "N": (4, [("N1", "franqueiro", 4), ("N2", "loco4", 4), ("N3", "pesos6", 7)]),
                       "E": (7, [("E1", None, 12), ("E2", None, 15)]),
                       "S": (9, [("S1", None, 15), ("S2", None, 20)])}}
_LH_B = {"quays": {"I": (0, 0), "II": (1, 2)},  # reconstructed
         "districts": {"W": (1, [("W1", "pesos4", 0), ("W2", "pesos3", 0), ("W3", "objective", 0),
                                 ("W4", "pesos4", 0)]),
                       "N": (3, [("N1", "pesos6", 1), ("N2", "pesos4", 2), ("N3", "pesos5", 2)]),
                       "E": (5, [("E1", "pesos2", 4), ("E2", None, 6), ("E3", None, 7)]),
                       "S": (6, [("S1", "pesos10", 3), ("S2", "pesos11", 3)])}}
_RT_B = {"quays": {"I": (2, 0)},  # reconstructed
         "districts": {"W": (1, [("W1", "pesos5", 1), ("W2", "pesos7", 0), ("W3", "pesos6", 0)]),
                       "N": (2, [("N1", "objective", 5), ("N2", None, 5), ("N3", None, 4)]),
                       "E": (4, [("E1", "pesos6", 4), ("E2", "loco3", 4)]),
                       "S": (7, [("S1", None, 10), ("S2", None, 11)])}}
_LV_B = {"quays": {"I": (5, 0), "II": (8, 3)},  # reconstructed
         "districts": {"W": (1, [("W1", "pesos6", 4), ("W2", "objective", 4)]),
                       "N": (4, [("N1", "loco4", 4), ("N2", "franqueiro", 4), ("N3", "pesos4", 7)]),
                       "E": (7, [("E1", None, 13), ("E2", None, 14)]),
                       "S": (9, [("S1", None, 16), ("S2", None, 19)])}}
PORTS = {"LH": {"a": _LH_A, "b": _LH_B}, "RT": {"a": _RT_A, "b": _RT_B},
         "LV": {"a": _LV_A, "b": _LV_B}}
CITY_NAMES = {"LH": "Le Havre", "RT": "Rotterdam", "LV": "Liverpool"}
#: Closure tiles cover "le centre" of a city (set-up 12); the centre is reconstructed
#: as the first space of its North district.
CLOSURES = {2: ("LH", "RT", "LV"), 3: ("RT",), 4: ()}
CLOSED_SPACE = "N1"
