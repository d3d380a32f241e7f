"""Words of the data shown to players, translated at use (games/i18n.py).

The data modules name colours, worker kinds and scoring categories by English ids
(``"green"``, ``"carpintero"``, ``"stations"``); these functions give the player's word
for each in the active language, with the French rulebook's terms. A colour is an
adjective whose French form agrees with its noun, hence one table per noun.
"""

from __future__ import annotations

from games.base import seat_ref
from games.gwt_argentina import data
from games.gwt_argentina.told import _
from games.i18n import N_

#: Farmer tiles' colours (« tuiles Fermier » green, blue, orange, yellow) with "granjero".
GRANJERO_COLOURS = {
    "green": N_("green granjero"), "blue": N_("blue granjero"),
    "orange": N_("orange granjero"), "yellow": N_("yellow granjero"),
}

#: Hand icons (« main noire », « main verte »), as "hand".
HANDS = {"black": N_("black hand"), "green": N_("green hand")}

#: Worker kinds, the rulebook's Spanish names (kept in French too).
WORKERS = {
    "gaucho": N_("gaucho"), "carpintero": N_("carpintero"),
    "maquinista": N_("maquinista"), "granjero": N_("granjero"),
}
WORKERS_STRONG = {
    "gaucho": N_("gaucho with strength"), "carpintero": N_("carpintero with strength"),
    "maquinista": N_("maquinista with strength"), "granjero": N_("granjero with strength"),
}
WORKER_GROUPS = {
    "gaucho": N_("Gauchos"), "carpintero": N_("Carpinteros"),
    "maquinista": N_("Maquinistas"), "granjero": N_("Granjeros"),
}

#: Anchor colours of ships sailing together (p. 11).
SHIP_COLOURS = {
    "yellow": N_("The yellow ships sail to Europe."),
    "purple": N_("The purple ships sail to Europe."),
    "turquoise": N_("The turquoise ships sail to Europe."),
}

#: Station masters' scoring conditions (annex « Chefs de gare »).
CONDITIONS = {
    "cattle_3_to_5": N_("cattle cards of value 3 to 5"),
    "worker_sets": N_("sets of 4 workers"),
    "stations": N_("stations"),
    "objectives": N_("objective cards"),
    "ships": N_("discs on ships"),
    "strong_workers": N_("workers with strength"),
    "buildings": N_("buildings"),
    "farmers": N_("farmer tiles"),
}

#: The score pad's 12 categories (p. 19, « Fin de la partie »).
CATEGORIES = {
    "money": N_("Pesos"),
    "buildings": N_("Buildings"),
    "ships": N_("Ships"),
    "ports": N_("Port cities"),
    "stations": N_("Stations"),
    "farmers": N_("Farmer tiles"),
    "cattle": N_("Cattle and exhaustion"),
    "objectives": N_("Objective cards"),
    "station_masters": N_("Station masters"),
    "workers": N_("Workers"),
    "move_slot": N_("Move limit disc"),
    "job_market": N_("Job market marker"),
    "total": N_("Total"),
}


def granjero(colour: str) -> str:
    """ "green granjero" in the active language."""
    return _(GRANJERO_COLOURS[colour]) if colour in GRANJERO_COLOURS else colour


def hand(colour: str) -> str:
    """ "black hand" in the active language."""
    return _(HANDS[colour]) if colour in HANDS else colour


def worker(kind: str, strong: bool = False) -> str:
    table = WORKERS_STRONG if strong else WORKERS
    return _(table[kind]) if kind in table else kind


def worker_group(kind: str) -> str:
    return _(WORKER_GROUPS[kind]) if kind in WORKER_GROUPS else kind


def ships_sail(colour: str) -> str:
    return _(SHIP_COLOURS[colour])


def condition(key: str) -> str:
    return _(CONDITIONS[key]) if key in CONDITIONS else key


def category(key: str) -> str:
    """A score category's label (the keys of ``Game.scores``)."""
    return _(CATEGORIES[key]) if key in CATEGORIES else key


def seat(seat: int) -> str:
    """A seat named in a label or prompt: a reference the front end replaces with the
    player's name (:func:`games.base.name_decision`), as it does in events."""
    return seat_ref(seat)


def quay(q: str) -> str:
    """Quay « I » or « II » (Roman numerals in both languages)."""
    return q


#: What objective cards ask for (« Cartes Objectif », annex), short.
NEEDS = {
    "building": N_("building"), "station": N_("station"), "ship18": N_("ship 18"),
    "cattle_3": N_("cattle of value 3"),
}


def need(key: str) -> str:
    """One requirement of an objective card."""
    if key in NEEDS:
        return _(NEEDS[key])
    if key.startswith("farmer_"):
        return granjero(key[7:])
    if key.startswith("district_"):
        return _("district {letter}", letter=key[9:])
    if key in data.BREED_BY_ID:
        return data.BREED_BY_ID[key].name
    return key
