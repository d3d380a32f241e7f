"""Pedro's movement (« DÉPLACEMENT DE PEDRO »).

« Il se déplace d'un nombre de lieux indiqué par la carte piochée ... Atteindre Buenos Aires
est le seul cas où son déplacement peut se terminer prématurément. Si plusieurs options
s'offrent à lui, il décidera selon les critères suivants : 1. Le chemin le plus court (pour
atteindre ou pour se rapprocher de Buenos Aires)* 2. Le chemin avec le moins de taxes 3. Le
chemin pour lequel il aura à vous payer le moins de taxes que possible » (* « Pedro prend en
compte les raccourcis »). The last tie (« prenez vous-même la décision ») is broken by the
order of the trail's forks (simplification: the player is not asked).
"""

from __future__ import annotations

from functools import lru_cache

from games.gwt_argentina import data as D
from games.gwt_argentina.flow import Ctx
from games.gwt_argentina.pedro_state import PEDRO
from games.gwt_argentina.state import GwtState
from games.gwt_argentina.trail import (
    building_owner,
    ends_move,
    hand_of,
    location_label,
    next_locations,
)


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
    due = D.TOLLS[state.table()][hand]
    if ":" in tile:
        owner = building_owner(tile)
        return (0, 0) if owner == PEDRO else (due, due)
    return due, 0


def paths(state: GwtState, start: str, steps: int) -> list[tuple[str, ...]]:
    """Every way to move ``steps`` locations (or fewer when Buenos Aires is reached, or the
    trail ends)."""
    out: list[tuple[str, ...]] = []
    if steps <= 0:
        return out

    def walk(here: str, path: tuple[str, ...]) -> None:
        if path and (ends_move(here) or len(path) == steps):
            out.append(path)
            return
        nxt = next_locations(state, here, PEDRO)
        if not nxt:
            if path:
                out.append(path)
            return
        for loc in nxt:
            walk(loc, (*path, loc))

    walk(start, ())
    return out


def choose_path(state: GwtState, steps: int) -> tuple[str, ...]:
    here = state.players[PEDRO].estanciero or "START"
    options = paths(state, here, steps)
    if not options:
        return ()
    dist = lru_cache(maxsize=None)(lambda s: distance_to_ba(state, s))

    def key(path: tuple[str, ...]) -> tuple[int, int, int]:
        tolls = [toll(state, s) for s in path]
        return dist(path[-1]), sum(t for t, _ in tolls), sum(y for _, y in tolls)

    return min(options, key=key)


def move_pedro(state: GwtState, steps: int, ctx: Ctx) -> str:
    """Move his estanciero; tolls of your buildings are paid to you by the bank: « Lorsque
    l'estanciero de Pedro passe par ou termine son déplacement sur un de vos bâtiments
    présentant une main verte ou noire, prenez ce montant de la banque. » Returns where he
    stopped."""
    pedro = state.players[PEDRO]
    path = choose_path(state, steps)
    for space in path:
        _due, yours = toll(state, space)
        if yours:
            owner = building_owner(state.board.trail[space])
            state.players[owner].money += yours
            ctx.say(state, f"Pedro passes your building at {space}: you take {yours} "
                           f"peso{'s' * (yours > 1)} from the bank.")
    if path:
        pedro.estanciero = path[-1]
    where = pedro.estanciero or "START"
    ctx.say(state, f"Pedro moves {len(path)} location{'s' * (len(path) != 1)} to "
                   f"{location_label(state, where)}.")
    return where
