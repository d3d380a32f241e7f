"""Pedro's movement (« DÉPLACEMENT DE PEDRO »).

« Il se déplace d'un nombre de lieux indiqué par la carte piochée ... Atteindre Buenos Aires
est le seul cas où son déplacement peut se terminer prématurément. Si plusieurs options
s'offrent à lui, il décidera selon les critères suivants : 1. Le chemin le plus court (pour
atteindre ou pour se rapprocher de Buenos Aires)* 2. Le chemin avec le moins de taxes 3. Le
chemin pour lequel il aura à vous payer le moins de taxes que possible » (* « Pedro prend en
compte les raccourcis »). Paths ending on the same location with the same tolls are one
option; when several locations are left, you choose (« prenez vous-même la décision »,
``pedro.choice``).

Tolls: Pedro has no money (« Pedro ne reçoit ni argent ni jeton Échange »), so a granjero's
hand he passes gets nothing from him; your buildings' tolls are paid to you by the bank.
"""

from __future__ import annotations

from typing import Any

from games.gwt_argentina import data
from games.gwt_argentina.flow import Ctx
from games.gwt_argentina.pedro.choice import Choices, ties
from games.gwt_argentina.pedro.state import PEDRO
from games.gwt_argentina.state import GwtState
from games.gwt_argentina.trail import (
    building_owner,
    ends_move,
    hand_of,
    location_label,
    next_locations,
    track_value,
)
from games.i18n import _n


def distance_to_ba(state: GwtState, space: str) -> int:
    """Locations still to move from ``space`` to Buenos Aires by the shortest way (his
    shortcuts included)."""
    if ends_move(space):
        return 0
    frontier, seen, dist = [space], {space}, 0
    while frontier:
        dist += 1
        nxt = []
        for here in frontier:
            for loc in next_locations(state, here, PEDRO):
                if ends_move(loc):
                    return dist
                if loc not in seen:
                    seen.add(loc)
                    nxt.append(loc)
        frontier = nxt
    return 99


def toll(state: GwtState, space: str) -> tuple[int, int]:
    """(toll of the space, the part paid to you) for Pedro: none on his own buildings."""
    hand = hand_of(state, space)
    if hand is None:
        return 0, 0
    tile = state.board.trail[space]
    due = data.TOLLS[state.table()][hand]
    if ":" in tile:
        owner = building_owner(tile)
        return (0, 0) if owner == PEDRO else (due, due)
    return due, 0


def paths(state: GwtState, start: str, steps: int) -> list[tuple[str, ...]]:
    """Every way to move ``steps`` locations (or fewer when Buenos Aires is reached, or the
    trail ends)."""
    out: list[tuple[str, ...]] = []
    if steps > 0:
        _walk(state, start, (), steps, out)
    return out


def _walk(state: GwtState, here: str, path: tuple[str, ...], steps: int,
          out: list[tuple[str, ...]]) -> None:
    # A function of the module, not a closure calling itself: such a closure is a
    # reference cycle that keeps the state alive until the garbage collector runs.
    if path and (ends_move(here) or len(path) == steps):
        out.append(path)
        return
    nxt = next_locations(state, here, PEDRO)
    if not nxt:
        if path:
            out.append(path)
        return
    for loc in nxt:
        _walk(state, loc, (*path, loc), steps, out)


#: Distances to Buenos Aires by layout (the occupied spaces and the shortcuts Pedro's
#: locomotive opened): computer players replay his move in many positions of one layout.
_DISTANCES: dict[tuple[Any, ...], int] = {}


def layout_key(state: GwtState) -> tuple[Any, ...]:
    loco = track_value(state.players[PEDRO].locomotive)
    return (frozenset(state.board.trail),
            tuple(s for s, needed in data.SHORTCUTS.items() if loco >= needed))


def best_paths(state: GwtState, steps: int) -> list[tuple[str, ...]]:
    """The paths left after the three criteria."""
    here = state.players[PEDRO].estanciero or "START"
    options = paths(state, here, steps)
    layout = layout_key(state)

    def dist(space: str) -> int:
        key = (layout, space)
        found = _DISTANCES.get(key)
        if found is None:
            if len(_DISTANCES) > 50_000:
                _DISTANCES.clear()
            found = _DISTANCES[key] = distance_to_ba(state, space)
        return found

    def key(path: tuple[str, ...]) -> tuple[int, int, int, int]:
        # the shortest: nearest to Buenos Aires, and reaching it in the fewest locations
        tolls = [toll(state, s) for s in path]
        return dist(path[-1]), len(path), sum(t for t, _ in tolls), sum(y for _, y in tolls)

    return ties(options, key)


def arrival(path: tuple[str, ...]) -> str:
    """Where a path leaves him: every way into Buenos Aires (an embarcadère included) is
    Buenos Aires."""
    return "BA" if ends_move(path[-1]) else path[-1]


def choose_path(state: GwtState, steps: int, choices: Choices | None = None) -> tuple[str, ...]:
    options = best_paths(state, steps)
    if not options:
        return ()
    end = (choices or Choices()).one("move", [arrival(path) for path in options])
    return next(path for path in options if arrival(path) == end)


def move_pedro(state: GwtState, steps: int, ctx: Ctx, choices: Choices | None = None) -> str:
    """Move his estanciero; tolls of your buildings are paid to you by the bank: « Lorsque
    l'estanciero de Pedro passe par ou termine son déplacement sur un de vos bâtiments
    présentant une main verte ou noire, prenez ce montant de la banque. » Returns where he
    stopped."""
    pedro = state.players[PEDRO]
    path = choose_path(state, steps, choices)
    for space in path:
        _due, yours = toll(state, space)
        if yours:
            owner = building_owner(state.board.trail[space])
            state.players[owner].money += yours
            ctx.announce(state, _n("Pedro passes your building at {space}: you take {n} peso "
                                   "from the bank.",
                                   "Pedro passes your building at {space}: you take {n} pesos "
                                   "from the bank.", yours, space=space))
    if path:
        pedro.estanciero = path[-1]
    where = pedro.estanciero or "START"
    ctx.announce(state, _n("Pedro moves {n} location to {where}.",
                           "Pedro moves {n} locations to {where}.", len(path),
                           where=location_label(state, where)))
    return where
