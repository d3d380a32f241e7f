"""Taking discs off the player board and putting them on ships, stations and quays.

Rulebook p. 10: a disc from a white-corner slot goes anywhere, a disc from a black-corner
slot only onto a black-corner target; some slots cost or pay 3 pesos when cleared. Special
cases (p. 20): a white target may take a black-slot disc when only those are left; with no
usable disc left, a disc is taken from one of your stations instead.
"""

from __future__ import annotations

from typing import Any

from games.gwt_argentina import data as D
from games.gwt_argentina.flow import Ctx, opt, pop, push, step
from games.gwt_argentina.state import Frame, GwtState, Player

SLOT_LABELS = {
    "aux_pesos_2": "unlocks double +2 pesos", "aux_draw_2": "unlocks double draw/discard",
    "aux_cert_1": "unlocks grain→certificate", "aux_cert_2": "unlocks grain→certificate",
    "aux_grain_1": "unlocks peso→grain", "aux_grain_2": "unlocks peso→grain",
    "aux_engine_1": "unlocks peso→locomotive", "aux_engine_2": "unlocks peso→locomotive",
    "aux_remove_1": "unlocks locomotive back→remove card",
    "aux_remove_2": "unlocks locomotive back→remove card",
    "move_1": "move limit +2", "move_2": "move limit +1 (2 VP)",
    "hand_1": "hand limit +1", "hand_2": "hand limit +1",
    "cert_limit": "certificate limit 6", "strength_1": "strength +1",
    "strength_2": "strength +2",
}


def slot_label(slot: str) -> str:
    facts = D.DISC_SLOT_BY_ID[slot]
    text = f"{slot} ({SLOT_LABELS[slot]}"
    if facts.pay:
        text += f", pay {facts.pay} pesos"
    if facts.gain:
        text += f", get {facts.gain} pesos"
    return text + ")"


def usable_slots(player: Player, corner: str | None) -> list[str]:
    """Slots whose disc may go to a target with this corner ("white", "black"; None
    means any slot), their cost paid."""
    affordable = [s for s in player.slots if D.DISC_SLOT_BY_ID[s].pay <= player.money]
    if corner != "white":
        return affordable
    white = [s for s in affordable if D.DISC_SLOT_BY_ID[s].corner == "white"]
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
        return f"ship {D.SHIP_BY_ID[dest['id']].value}"
    if dest["to"] == "station":
        return f"station {dest['id']}"
    return f"{D.CITY_NAMES[dest['city']]} quay {dest['quay']}"


def push_disc(state: GwtState, seat: int, corner: str | None, dest: dict[str, Any]) -> None:
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
            return [opt(f"slot:{s}", slot_label(s)) for s in slots]
        own = [sid for sid, seats in state.board.stations.items() if frame.seat in seats]
        if own:
            return [opt(f"station:{sid}", f"Take your disc back from station {sid}",
                        at=f"rail:{sid}")
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
            player.money += D.DISC_SLOT_BY_ID[name].gain - D.DISC_SLOT_BY_ID[name].pay
        elif kind == "station":
            state.board.stations[name].remove(frame.seat)
        else:
            return
        place_disc(state, frame.seat, dest)
        ctx.say(state, f"Seat {frame.seat + 1} puts a disc on {dest_label(dest)}"
                       f"{f' (from {name})' if kind == 'slot' else ''}.", frame.seat)
