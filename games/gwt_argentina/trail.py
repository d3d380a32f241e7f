"""The trail: locations, movement, tolls (rulebook phase A, p. 6–7)."""

from __future__ import annotations

from games.base import seat_ref
from games.gwt_argentina import data, pieces
from games.gwt_argentina.flow import Ctx
from games.gwt_argentina.state import GwtState, Player
from games.gwt_argentina.told import _, _n
from games.gwt_argentina.words import granjero, seat
from games.gwt_argentina.words import hand as hand_word


def track_value(space: str) -> float:
    """How far a locomotive went: "b4" counts as 4.5, the depot beyond the terminus."""
    return float(data.track_index(space))


def is_location(state: GwtState, space: str, seat: int) -> bool:
    """A location is a tile on a space, Buenos Aires, or an embarcadère the seat's
    locomotive has reached; empty spaces do not count (p. 6)."""
    if space == "BA":
        return True
    if space in data.SHORTCUTS:
        return track_value(state.players[seat].locomotive) >= data.SHORTCUTS[space]
    return space in state.board.trail


def next_locations(state: GwtState, space: str, seat: int) -> list[str]:
    """The locations one move ahead of ``space``, skipping empty spaces."""
    found: list[str] = []
    todo = list(data.TRAIL.get(space, ()))
    seen: set[str] = set()
    while todo:
        nxt = todo.pop(0)
        if nxt in seen:
            continue
        seen.add(nxt)
        if is_location(state, nxt, seat):
            if nxt not in found:
                found.append(nxt)
        elif nxt not in data.SHORTCUTS:
            todo.extend(data.TRAIL.get(nxt, ()))
    return found


def ends_move(space: str) -> bool:
    return space == "BA" or space in data.SHORTCUTS


def kind_of(state: GwtState, space: str, seat: int) -> str:
    """"ba", "neutral", "own", "opponent" or "farmer" (the four cases of phase B)."""
    if space == "BA" or space in data.SHORTCUTS:
        return "ba"
    tile = state.board.trail.get(space)
    if tile is None:
        return "empty"
    if pieces.is_farmer(tile):
        return "farmer"
    if ":" in tile:
        return "own" if building_owner(tile) == seat else "opponent"
    return "neutral"


def building_owner(tile: str) -> int:
    return int(tile.split(":")[0])


def building_number(tile: str) -> int:
    return int(tile.split(":")[1])


def building_side(state: GwtState, tile: str) -> str:
    return state.board.building_sides[str(building_number(tile))]


def hand_of(state: GwtState, space: str) -> str | None:
    tile = state.board.trail.get(space)
    if tile is None:
        return None
    if pieces.is_farmer(tile):
        return pieces.farmer(tile).hand
    if ":" in tile:
        return data.private_building(building_number(tile), building_side(state, tile)).hand
    return None


def pay_toll(state: GwtState, player: Player, space: str, ctx: Ctx) -> None:
    """Pay the hand of a location passed or reached, as far as money allows (p. 7):
    into the farmer tile's money space, or to the building's owner."""
    hand = hand_of(state, space)
    if hand is None:
        return
    tile = state.board.trail[space]
    if ":" in tile and building_owner(tile) == player.seat:
        return
    due = data.TOLLS[state.table()][hand]
    paid = min(due, player.money)
    player.money -= paid
    if pieces.is_farmer(tile):
        state.board.farmer_coins[space] = state.board.farmer_coins.get(space, 0) + paid
        whom = _("the farmer's money space")
    elif state.pedro is not None and building_owner(tile) != 0:
        # solo: « Si votre estanciero passe par ... un des bâtiments de Pedro présentant
        # une main verte ou noire, payez la taxe à la banque. »
        whom = _("the bank (Pedro's building)")
    else:
        owner = building_owner(tile)
        state.players[owner].money += paid
        whom = seat_ref(owner)
    if paid:
        ctx.announce(state, _n("{who} pays {n} peso toll ({hand} at {space}) to {whom}.",
                               "{who} pays {n} pesos toll ({hand} at {space}) to {whom}.", paid,
                               who=seat_ref(player.seat), hand=hand_word(hand), space=space,
                               whom=whom), player.seat)


def location_label(state: GwtState, space: str) -> str:
    if space == "BA":
        return _("Buenos Aires")
    if space in data.SHORTCUTS:
        return _("Embarcadero {n} → Buenos Aires", n=space[1:])
    tile = state.board.trail.get(space, "")
    if pieces.is_farmer(tile):
        f = pieces.farmer(tile)
        return _("{space} {granjero} (str {strength}, {hand})", space=space,
                 granjero=granjero(f.colour), strength=f.strength, hand=hand_word(f.hand))
    if ":" in tile:
        owner = building_owner(tile)
        whose = "Pedro" if state.pedro is not None and owner == 1 else seat(owner)
        return _("{space} building {building} ({whose})", space=space, whose=whose,
                 building=f"{building_number(tile)}{building_side(state, tile)}")
    return _("{space} neutral {letter}", space=space, letter=tile)
