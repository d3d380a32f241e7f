"""Taking discs off the player board and putting them on ships, stations and quays.

Rulebook p. 10: a disc from a white-corner slot goes anywhere, a disc from a black-corner
slot only onto a black-corner target; some slots cost or pay 3 pesos when cleared. Special
cases (p. 20): a white target may take a black-slot disc when only those are left; with no
usable disc left, a disc is taken from one of your stations instead.
"""

from __future__ import annotations

from typing import Any

from games.gwt_argentina import tables as T
from games.gwt_argentina.flow import Ctx, opt, pop, step
from games.gwt_argentina.state import Frame, GwtState, Player

SLOT_LABELS = {
    "aux_coin2": "unlocks double +2 pesos", "aux_draw2": "unlocks double draw/discard",
    "aux_cert1": "unlocks grain→certificate", "aux_cert2": "unlocks grain→certificate",
    "aux_grain1": "unlocks peso→grain", "aux_grain2": "unlocks peso→grain",
    "aux_loco1": "unlocks peso→locomotive", "aux_loco2": "unlocks peso→locomotive",
    "aux_back1": "unlocks locomotive back→remove card",
    "aux_back2": "unlocks locomotive back→remove card",
    "move1": "move limit +1", "move2": "move limit +1 (and VP)",
    "hand1": "hand limit +1", "hand2": "hand limit +1 (pay 3 pesos)",
    "certlimit": "certificate limit 6", "strength1": "strength +1",
    "strength2": "strength +2 (get 3 pesos)",
}


def usable_slots(player: Player, corner: str) -> list[str]:
    """Slots whose disc may go to a target with this corner ("W", "B"), cost paid."""
    affordable = [s for s in player.slots if T.SLOT_COST.get(s, 0) <= player.money]
    if corner == "B":
        return affordable
    white = [s for s in affordable if T.SLOTS[s] == "W"]
    return white or affordable


def place_disc(state: GwtState, seat: int, dest: dict[str, Any]) -> None:
    board = state.board
    where = dest["to"]
    if where == "ship":
        for ship in board.ships:
            if ship.id == dest["id"]:
                ship.discs.append(seat)
                return
        raise AssertionError(f"no ship {dest['id']}")
    if where == "station":
        board.stations[dest["id"]].append(seat)
    elif where == "quay":
        board.ports[dest["city"]].quays[dest["quay"]].append(seat)
    else:
        raise AssertionError(f"unknown disc destination {where}")


def dest_label(dest: dict[str, Any]) -> str:
    if dest["to"] == "ship":
        return f"ship {T.SHIPS[dest['id']][0]}"
    if dest["to"] == "station":
        return f"station {dest['id']}"
    return f"{T.CITY_NAMES[dest['city']]} quay {dest['quay']}"


def push_disc(state: GwtState, seat: int, corner: str, dest: dict[str, Any]) -> None:
    from games.gwt_argentina.flow import push

    push(state, "disc", seat, corner=corner, dest=dest)


@step("disc")
class DiscStep:
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return f"Which disc of your board goes to {dest_label(frame.data['dest'])}?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        player = state.players[frame.seat]
        slots = usable_slots(player, frame.data["corner"])
        if slots:
            return [opt(f"slot:{s}", f"{s} ({SLOT_LABELS[s]})"[:100]) for s in slots]
        own = [sid for sid, seats in state.board.stations.items() if frame.seat in seats]
        if own:
            return [opt(f"station:{sid}", f"Take your disc back from station {sid}", at=sid)
                    for sid in own]
        return [opt("none", "No disc left: nothing is placed")]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        player = state.players[frame.seat]
        dest = frame.data["dest"]
        pop(state, frame)
        kind, _, name = key.partition(":")
        if kind == "slot":
            player.slots.remove(name)
            player.money -= T.SLOT_COST.get(name, 0)
            player.money += T.SLOT_BONUS.get(name, 0)
            if name == "certlimit":
                pass  # the limit rises; the marker stays
        elif kind == "station":
            state.board.stations[name].remove(frame.seat)
        else:
            return
        place_disc(state, frame.seat, dest)
        ctx.say(state, f"Seat {frame.seat + 1} puts a disc on {dest_label(dest)}"
                       f"{f' (from {name})' if kind == 'slot' else ''}.", frame.seat)
