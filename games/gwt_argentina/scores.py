"""Scores of a game state: each player's :class:`~games.gwt_argentina.scoring.Tally` read off
the state, scored by the data engineer's :func:`~games.gwt_argentina.scoring.score_tally`
(the score pad's 12 categories). During play the same count is "if the game ended now"."""

from __future__ import annotations

from games.gwt_argentina import data as D
from games.gwt_argentina.scoring import Tally, score_tally
from games.gwt_argentina.state import GwtState
from games.gwt_argentina.trail import building_id, building_owner


def tally(state: GwtState, seat: int) -> Tally:
    board = state.board
    player = state.players[seat]
    buildings = tuple(building_id(state, tile) for tile in board.trail.values()
                      if ":" in tile and building_owner(tile) == seat)
    ship_discs = tuple(ship.id for ship in board.ships for s in ship.discs if s == seat)
    quay_discs = tuple(f"{city}:{quay}" for city, port in board.ports.items()
                       for quay, seats in port.quays.items() for s in seats if s == seat)
    district_discs = tuple(space for port in board.ports.values()
                           for space, holder in port.spaces.items() if holder == seat)
    station_discs = tuple(sid for sid, seats in board.stations.items()
                          for s in seats if s == seat)
    return Tally(
        pesos=player.money, buildings=buildings, ship_discs=ship_discs,
        quay_discs=quay_discs, district_discs=district_discs,
        port_sides={city: port.side for city, port in board.ports.items()},
        station_discs=station_discs, farmers=tuple(player.helped_farmers),
        herd=tuple(player.herd()), played_objectives=tuple(player.objectives),
        station_masters=tuple(player.station_masters),
        workers={row: tuple(tiles) for row, tiles in player.workers.items()},
        cleared_slots=frozenset(s.id for s in D.DISC_SLOTS) - frozenset(player.slots),
        has_job_marker=player.job_marker)


def current_scores(state: GwtState) -> dict[int, dict[str, int]]:
    return {seat: score_tally(tally(state, seat)) for seat in range(state.seats)}
