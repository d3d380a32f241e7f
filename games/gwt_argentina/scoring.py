"""Final scoring ("Décompte final"): the score pad's 12 categories, the station masters'
conditions and the best choice of objective cards.

:func:`score_tally` scores one player's :class:`Tally` (plain facts read off the table);
:func:`final_scores` reads the tallies off a game state.

Categories (stable keys; the French score-pad line in the comment):
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from games.gwt_argentina.data.buildings import PRIVATE_BY_ID
from games.gwt_argentina.data.cattle import (
    ANGUS,
    BREED_BY_ID,
    CARACU,
    FRANQUEIRO,
    VALUE_3_BREEDS,
    card_breed,
    card_vp,
)
from games.gwt_argentina.data.europe import CITIES, SHIP_BY_ID, port_city
from games.gwt_argentina.data.objectives import CONDITIONS, OBJECTIVE_BY_ID
from games.gwt_argentina.data.player import (
    DISC_SLOTS,
    FARMER_VP,
    LATE_COLUMN_VP,
    LATE_COLUMNS,
    MOVE_SLOT_VP,
    PESOS_PER_VP,
)
from games.gwt_argentina.data.railway import STATION_BY_ID, STATION_MASTER_BY_ID
from games.gwt_argentina.data.tiles import (
    FARMER_BY_ID,
    JOB_MARKER_VP,
    WORKER_BY_ID,
    WORKER_ROWS,
)
from games.gwt_argentina.state import GwtState

#: The score pad's 12 lines, in order.
CATEGORIES: tuple[str, ...] = (
    "money",            # 1 « 1 point de victoire pour chaque tranche de 5 pèsos »
    "buildings",        # 2 « points ... indiqués sur chacune de vos tuiles Bâtiment »
    "ships",            # 3 « ... en plaçant vos disques sur des bateaux »
    "ports",            # 4 « ... en plaçant vos disques sur des villes portuaires »
    "stations",         # 5 « ... indiqués à côté de chaque gare »
    "farmers",          # 6 « 2 points ... pour chacune des tuiles Fermier ... devant vous »
    "cattle",           # 7 « cartes Épuisement et les cartes Bétail rapportant des points »
    "objectives",       # 8 « chaque carte Objectif »
    "station_masters",  # 9 « tuiles Chef de gare »
    "workers",          # 10 « 4 points ... 5e et 6e colonne de votre section Ouvrier »
    "move_slot",        # 11 « 2 points ... si vous avez enlevé votre disque de cet emplacement »
    "job_market",       # 12 « 2 points ... si vous possédez le marqueur Marché de l'emploi »
)
__doc__ += "\n".join(f"* ``{c}``" for c in CATEGORIES) + "\n"

PRINTED = "printed"
SHIP_18 = "ship18"
#: The movement slot of scoring line 11.
MOVE_SLOT = "move_2"


@dataclass(frozen=True)
class Tally:
    """What one player owns at the end, as ids of :mod:`games.gwt_argentina.data`."""

    pesos: int = 0
    #: Private buildings on the board, by tile id (``"5b"``), one per tile.
    buildings: tuple[str, ...] = ()
    #: Ship ids, one entry per disc on a ship still in the loading zone.
    ship_discs: tuple[str, ...] = ()
    #: Discs on quays, one entry each, ``"<city>:<quay>"`` (``"liverpool:II"``).
    quay_discs: tuple[str, ...] = ()
    #: Discs on district spaces, by space id (``"rotterdam:W1"``).
    district_discs: tuple[str, ...] = ()
    #: Side of each port city ("a" or "b").
    port_sides: Mapping[str, str] = field(default_factory=lambda: dict.fromkeys(CITIES, "a"))
    #: Station ids, one entry per disc (the terminus ``"31"`` may repeat).
    station_discs: tuple[str, ...] = ()
    #: Farmer tile ids beside the board (helped, not hired).
    farmers: tuple[str, ...] = ()
    #: Herd: every card in deck, hand and discard (cattle, exhaustion and objective ids).
    herd: tuple[str, ...] = ()
    #: Objective cards played into the objective area (they must be scored).
    played_objectives: tuple[str, ...] = ()
    station_masters: tuple[str, ...] = ()
    #: Worker rows, row -> tiles in columns 1, 2, …; ``"printed"`` for the printed worker.
    workers: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: {
        row: (PRINTED,) for row in WORKER_ROWS})
    #: Disc slots cleared on the player board.
    cleared_slots: frozenset[str] = frozenset()
    has_job_marker: bool = False


# -- Herd helpers ------------------------------------------------------------------------


def herd_objectives(herd: Iterable[str]) -> tuple[str, ...]:
    return tuple(c for c in herd if c in OBJECTIVE_BY_ID)


def cattle_points(herd: Iterable[str]) -> int:
    """Scoring 7: printed VP of cattle cards, and each exhaustion card's negative VP."""
    return sum(card_vp(card) for card in herd)


# -- Objective cards -------------------------------------------------------------------


def available_components(t: Tally) -> dict[str, int]:
    """How many components of each objective condition the player owns. Each may serve one
    condition of one card only; the pools are disjoint, so counting is enough."""
    have: Counter[str] = Counter()
    have["building"] = len(t.buildings)
    for farmer in t.farmers:
        have[f"farmer_{FARMER_BY_ID[farmer].colour}"] += 1
    for space in t.district_discs:
        have[f"district_{space.split(':', 1)[1][0]}"] += 1
    # « chacun de ses disques placés sur le terminus compte individuellement »
    have["station"] = len(t.station_discs)
    for card in t.herd:
        breed = card_breed(card)
        if breed in VALUE_3_BREEDS:
            have["cattle_3"] += 1
        elif breed in (CARACU, FRANQUEIRO, ANGUS):
            have[breed] += 1
    have["ship18"] = t.ship_discs.count(SHIP_18)
    return {c: have[c] for c in CONDITIONS}


@dataclass(frozen=True)
class ObjectiveChoice:
    """The objective area at scoring: every card in it, those fulfilled, and the points."""

    zone: tuple[str, ...]
    fulfilled: tuple[str, ...]
    points: int


def choose_objectives(played: Iterable[str], optional: Iterable[str], have: Mapping[str, int],
                      pair_bonus: int = 0) -> ObjectiveChoice:
    """The best objective area: which optional cards (still in the herd) join the played
    ones, and which cards of the area are fulfilled.

    « Pour chaque carte Objectif se trouvant encore dans votre troupeau, vous devez décider
    d'y renoncer ou de l'ajouter à votre zone d'objectifs » ; « chaque élément de jeu qu'un
    joueur possède ne peut servir à remplir qu'une seule condition sur une seule carte
    Objectif ». ``pair_bonus`` is what the player's station masters pay per pair of cards in
    the area (line 9), chosen together with line 8.

    Exact: a memoised search over the cards (fulfil it or not) whose state is the components
    left, each capped at what the remaining cards could still use. An unfulfilled herd card
    is worth adding only to complete a pair (-2 + 3), so at most one is added.
    """
    played = tuple(played)
    optional = tuple(optional)
    cards = played + optional
    n_played = len(played)
    objs = [OBJECTIVE_BY_ID[c] for c in cards]
    conditions = tuple(c for c in CONDITIONS if any(o.needs.get(c) for o in objs))
    needs = [tuple(o.needs.get(c, 0) for c in conditions) for o in objs]
    gains = [o.vp - (o.penalty if i < n_played else 0) for i, o in enumerate(objs)]
    demand = [tuple(0 for _ in conditions)]
    for need in reversed(needs):
        demand.append(tuple(a + b for a, b in zip(demand[-1], need, strict=True)))
    demand.reverse()  # demand[i]: what cards i.. need in all

    def cap(i: int, left: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(min(a, b) for a, b in zip(left, demand[i], strict=True))

    # best(i, left) -> {(parity of optional cards fulfilled among i.., one optional card left
    # out): (value, mask)}; value counts gains and the pairs completed among i.. .
    @cache
    def best(i: int, left: tuple[int, ...]) -> dict[tuple[int, bool], tuple[int, int]]:
        if i == len(cards):
            return {(0, False): (0, 0)}
        out: dict[tuple[int, bool], tuple[int, int]] = {}

        def offer(key: tuple[int, bool], value: int, mask: int) -> None:
            if key not in out or value > out[key][0]:
                out[key] = (value, mask)

        is_optional = i >= n_played
        if all(n <= a for n, a in zip(needs[i], left, strict=True)):
            rest = cap(i + 1, tuple(a - n for a, n in zip(left, needs[i], strict=True)))
            for (par, out_left), (value, mask) in best(i + 1, rest).items():
                if is_optional:
                    offer((par ^ 1, out_left), value + gains[i] + pair_bonus * par, mask | 1 << i)
                else:
                    offer((par, out_left), value + gains[i], mask | 1 << i)
        for (par, out_left), (value, mask) in best(i + 1, cap(i + 1, left)).items():
            offer((par, out_left or is_optional), value, mask)
        return out

    start = cap(0, tuple(have.get(c, 0) for c in conditions))
    candidates = []
    for (_parity, out_left), (_value, mask) in best(0, start).items():
        zone = [i for i in range(len(cards)) if i < n_played or mask >> i & 1]
        if pair_bonus and len(zone) % 2 and out_left:
            # Every card's penalty is the same (-2), so any card left out will do.
            spare = max((i for i in range(n_played, len(cards)) if not mask >> i & 1),
                        key=lambda i: objs[i].penalty)
            if objs[spare].penalty + pair_bonus > 0:
                zone = sorted([*zone, spare])
        points = sum(objs[i].vp if mask >> i & 1 else objs[i].penalty for i in zone)
        total = points + pair_bonus * (len(zone) // 2)
        candidates.append((total, -len(zone), tuple(zone), points, mask))
    best.cache_clear()
    _total, _size, zone_ids, points, mask = max(candidates)
    return ObjectiveChoice(tuple(cards[i] for i in zone_ids),
                           tuple(cards[i] for i in zone_ids if mask >> i & 1), points)


# -- Station masters -------------------------------------------------------------------


def station_master_counts(t: Tally, objectives_in_zone: int) -> dict[str, int]:
    """What each station-master condition counts (before pairing)."""
    strong = sum(1 for row in t.workers.values() for w in row
                 if w in WORKER_BY_ID and WORKER_BY_ID[w].strong)
    distinct_stations = set(t.station_discs)
    return {
        # « parmi les 8 restants ... (Si vous avez plusieurs disques sur les bateaux de valeur
        # 0 et 18, chacun de ces disques compte) »
        "ships": len(t.ship_discs),
        # « La dernière gare ne compte qu'une seule fois pour remplir cette condition »
        "stations": len(distinct_stations),
        "objectives": objectives_in_zone,
        "strong_workers": strong,
        # « (incluant ceux imprimés sur votre plateau Joueur) »
        "worker_sets": min(len(t.workers.get(row, ())) for row in WORKER_ROWS),
        "farmers": len(t.farmers),
        "cattle_3_to_5": sum(1 for c in t.herd
                             if (b := card_breed(c)) and 3 <= BREED_BY_ID[b].value <= 5),
        "buildings": len(t.buildings),
    }


def station_master_points(t: Tally, objectives_in_zone: int) -> int:
    counts = station_master_counts(t, objectives_in_zone)
    total = 0
    for master_id in t.station_masters:
        master = STATION_MASTER_BY_ID[master_id]
        total += master.vp * (counts[master.condition] // master.per)
    return total


# -- The 12 categories -----------------------------------------------------------------


def port_points(t: Tally) -> int:
    points = 0
    for quay in t.quay_discs:
        city, name = quay.split(":")
        points += port_city(city, t.port_sides[city]).quay_vp[name]
    for space in t.district_discs:
        city = space.split(":")[0]
        points += port_city(city, t.port_sides[city]).space(space).vp
    return points


def score_tally(t: Tally) -> dict[str, int]:
    """One player's points by category, with "total"."""
    choice = best_objective_choice(t)
    scores = {
        "money": t.pesos // PESOS_PER_VP,
        "buildings": sum(PRIVATE_BY_ID[b].vp for b in t.buildings),
        "ships": sum(SHIP_BY_ID[s].vp for s in t.ship_discs),
        "ports": port_points(t),
        "stations": sum(STATION_BY_ID[s].vp for s in t.station_discs),
        "farmers": FARMER_VP * len(t.farmers),
        "cattle": cattle_points(t.herd),
        "objectives": choice.points,
        "station_masters": station_master_points(t, len(choice.zone)),
        "workers": LATE_COLUMN_VP * sum(
            1 for row in t.workers.values() for col in LATE_COLUMNS if len(row) >= col),
        "move_slot": MOVE_SLOT_VP if MOVE_SLOT in t.cleared_slots else 0,
        "job_market": JOB_MARKER_VP if t.has_job_marker else 0,
    }
    scores["total"] = sum(scores.values())
    return scores


def best_objective_choice(t: Tally) -> ObjectiveChoice:
    """The objective area the scoring chooses for ``t``: lines 8 and 9 (the « paire de cartes
    Objectif » station master) at their best together; on a tie, the smaller area."""
    pair_bonus = sum(STATION_MASTER_BY_ID[m].vp for m in t.station_masters
                     if STATION_MASTER_BY_ID[m].condition == "objectives"
                     and STATION_MASTER_BY_ID[m].per == 2)
    return choose_objectives(t.played_objectives, herd_objectives(t.herd),
                             available_components(t), pair_bonus)


# -- Reading a game state --------------------------------------------------------------


def tally(state: GwtState, seat: int) -> Tally:
    """Everything ``seat`` owns that the final scoring counts, read off the state."""
    player = state.players[seat]
    board = state.board
    buildings = []
    for placed in board.trail.values():
        owner, sep, number = placed.partition(":")
        if sep and owner.isdigit() and int(owner) == seat:
            buildings.append(f"{number}{board.building_sides[number]}")
    quay_discs: list[str] = []
    district_discs: list[str] = []
    for city, port in board.ports.items():
        for quay, seats in port.quays.items():
            quay_discs += [f"{city}:{quay}"] * seats.count(seat)
        district_discs += [space for space, owner in port.spaces.items() if owner == seat]
    return Tally(
        pesos=player.money,
        buildings=tuple(sorted(buildings)),
        ship_discs=tuple(ship.id for ship in board.ships for s in ship.discs if s == seat),
        quay_discs=tuple(quay_discs),
        district_discs=tuple(district_discs),
        port_sides={city: port.side for city, port in board.ports.items()},
        station_discs=tuple(sid for sid, seats in board.stations.items()
                            for s in seats if s == seat),
        farmers=tuple(player.helped_farmers),
        herd=tuple(player.herd()),
        played_objectives=tuple(player.objectives),
        station_masters=tuple(player.station_masters),
        workers={row: tuple(tiles) for row, tiles in player.workers.items()},
        cleared_slots=frozenset(s.id for s in DISC_SLOTS) - set(player.slots),
        has_job_marker=player.job_marker,
    )


def tallies(state: GwtState) -> dict[int, Tally]:
    """``{seat: tally(state, seat)}`` for every seat in one pass over the board (the
    computer player scores every position its lookahead reaches)."""
    board = state.board
    seats = range(len(state.players))
    buildings: dict[int, list[str]] = {s: [] for s in seats}
    for placed in board.trail.values():
        owner, sep, number = placed.partition(":")
        if sep and owner.isdigit() and int(owner) in buildings:
            buildings[int(owner)].append(f"{number}{board.building_sides[number]}")
    quays: dict[int, list[str]] = {s: [] for s in seats}
    districts: dict[int, list[str]] = {s: [] for s in seats}
    for city, port in board.ports.items():
        for quay, holders in port.quays.items():
            for s in holders:
                quays[s].append(f"{city}:{quay}")
        for space, holder in port.spaces.items():
            if holder is not None:
                districts[holder].append(space)
    ships: dict[int, list[str]] = {s: [] for s in seats}
    for ship in board.ships:
        for s in ship.discs:
            ships[s].append(ship.id)
    stations: dict[int, list[str]] = {s: [] for s in seats}
    for sid, holders in board.stations.items():
        for s in holders:
            stations[s].append(sid)
    port_sides = {city: port.side for city, port in board.ports.items()}
    all_slots = frozenset(slot.id for slot in DISC_SLOTS)
    out = {}
    for player in state.players:
        seat = player.seat
        out[seat] = Tally(
            pesos=player.money,
            buildings=tuple(sorted(buildings[seat])),
            ship_discs=tuple(ships[seat]),
            quay_discs=tuple(quays[seat]),
            district_discs=tuple(districts[seat]),
            port_sides=dict(port_sides),
            station_discs=tuple(stations[seat]),
            farmers=tuple(player.helped_farmers),
            herd=tuple(player.herd()),
            played_objectives=tuple(player.objectives),
            station_masters=tuple(player.station_masters),
            workers={row: tuple(tiles) for row, tiles in player.workers.items()},
            cleared_slots=all_slots - set(player.slots),
            has_job_marker=player.job_marker,
        )
    return out


def final_scores(state: GwtState) -> dict[int, dict[str, int]]:
    """``{seat: {category: points, "total": n}}`` by the score pad's 12 categories, for the
    seats only: in the solo game Pedro (``players[1]``, no seat) is scored by his own rules,
    ``pedro.scoring.pedro_scores`` (« il ne marque pas de points de victoire pour les
    catégories suivantes : 1 ..., 9 ... et 11 »), never as a player."""
    return {p.seat: score_tally(tally(state, p.seat)) for p in state.players
            if p.seat < state.seats}


_TALLY_SCORES: dict[tuple[Any, ...], dict[str, int]] = {}


def tally_score(t: Tally) -> dict[str, int]:
    """:func:`score_tally` (as ``final_scores`` does), remembered by the
    tally's content: computer players look at many positions where one player's holdings
    did not change."""
    key = tuple(tuple(sorted(v.items())) if isinstance(v, dict) else
                tuple(sorted(v)) if isinstance(v, tuple | frozenset) else v
                for v in t.__dict__.values())
    hit = _TALLY_SCORES.get(key)
    if hit is None:
        if len(_TALLY_SCORES) > 20_000:
            _TALLY_SCORES.clear()
        hit = _TALLY_SCORES[key] = score_tally(t)
    return dict(hit)
