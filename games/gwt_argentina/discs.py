"""Taking discs off the player board and putting them on ships, stations and quays.

Rulebook p. 10: a disc from a white-corner slot goes anywhere, a disc from a black-corner
slot only onto a black-corner target; some slots cost or pay 3 pesos when cleared. Special
cases (p. 20): a white target may take a black-slot disc when only those are left; with no
usable disc left, a disc is taken from one of your stations instead.
"""

from __future__ import annotations

from typing import Any

from games.base import Option, seat_ref
from games.gwt_argentina import data
from games.gwt_argentina.flow import Ctx, DecisionStep, opt, pop, push, step
from games.gwt_argentina.state import Frame, GwtState, Player
from games.gwt_argentina.told import _
from games.i18n import N_

SLOT_LABELS = {
    "aux_pesos_2": N_("unlocks double +2 pesos"), "aux_draw_2": N_("unlocks double draw/discard"),
    "aux_cert_1": N_("unlocks grain→certificate"),
    "aux_cert_2": N_("unlocks grain→certificate"),
    "aux_grain_1": N_("unlocks peso→grain"), "aux_grain_2": N_("unlocks peso→grain"),
    "aux_engine_1": N_("unlocks peso→locomotive"),
    "aux_engine_2": N_("unlocks peso→locomotive"),
    "aux_remove_1": N_("unlocks locomotive back→remove card"),
    "aux_remove_2": N_("unlocks locomotive back→remove card"),
    "move_1": N_("move limit +2"), "move_2": N_("move limit +1 (2 VP)"),
    "hand_1": N_("hand limit +1"), "hand_2": N_("hand limit +1"),
    "cert_limit": N_("certificate limit 6"), "strength_1": N_("strength +1"),
    "strength_2": N_("strength +2"),
}


def slot_label(slot: str) -> str:
    facts = data.DISC_SLOT_BY_ID[slot]
    what = _(SLOT_LABELS[slot])
    if facts.pay:
        return _("{slot} ({what}, pay {n} pesos)", slot=slot, what=what, n=facts.pay)
    if facts.gain:
        return _("{slot} ({what}, get {n} pesos)", slot=slot, what=what, n=facts.gain)
    return _("{slot} ({what})", slot=slot, what=what)


def corner_slots(player: Player, corner: str | None) -> list[str]:
    """Slots whose disc may go to a target with this corner by the rule of p. 10 ("white",
    "black"; None means any slot), their cost paid: a white target takes only a disc from
    a white-corner slot."""
    affordable = [s for s in player.slots if data.DISC_SLOT_BY_ID[s].pay <= player.money]
    if corner != "white":
        return affordable
    return [s for s in affordable if data.DISC_SLOT_BY_ID[s].corner == "white"]


def usable_slots(player: Player, corner: str | None) -> list[str]:
    """:func:`corner_slots`, or, for a white target when only black-corner discs are left,
    those (p. 20)."""
    return corner_slots(player, corner) or corner_slots(player, None)


def place_disc(state: GwtState, seat: int, dest: dict[str, Any]) -> None:
    board = state.board
    where = dest["to"]
    if where == "ship":
        board.load_ship(dest["id"], seat)
        return
    if where == "station":
        board.stations[dest["id"]].append(seat)
    elif where == "quay":
        board.ports[dest["city"]].quays[dest["quay"]].append(seat)
    else:
        raise AssertionError(f"unknown disc destination {where}")


def dest_label(dest: dict[str, Any]) -> str:
    if dest["to"] == "ship":
        return _("ship {n}", n=data.SHIP_BY_ID[dest["id"]].value)
    if dest["to"] == "station":
        return _("station {id}", id=dest["id"])
    return _("{city} quay {quay}", city=data.CITY_NAMES[dest["city"]], quay=dest["quay"])


def push_disc(state: GwtState, seat: int, corner: str | None, dest: dict[str, Any]) -> None:
    push(state, "disc", seat, corner=corner, dest=dest)


@step("disc")
class DiscStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Which disc of your board goes to {place}?", place=dest_label(frame.data["dest"]))

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        player = state.players[frame.seat]
        slots = usable_slots(player, frame.data["corner"])
        if slots:
            return [opt(f"slot:{s}", slot_label(s)) for s in slots]
        own = [sid for sid, seats in state.board.stations.items() if frame.seat in seats]
        if own:
            return [opt(f"station:{sid}", _("Take your disc back from station {id}", id=sid),
                        at=f"rail:{sid}")
                    for sid in own]
        return [opt("none", _("No disc left: nothing is placed"))]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        player = state.players[frame.seat]
        dest = frame.data["dest"]
        pop(state, frame)
        kind, _sep, name = key.partition(":")
        if kind == "slot":
            player.slots.remove(name)
            player.money += data.DISC_SLOT_BY_ID[name].gain - data.DISC_SLOT_BY_ID[name].pay
        elif kind == "station":
            state.board.stations[name].remove(frame.seat)
        else:
            return
        place_disc(state, frame.seat, dest)
        if kind == "slot":
            text = _("{who} puts a disc on {place} (from {slot}).", who=seat_ref(frame.seat),
                     place=dest_label(dest), slot=name)
        else:
            text = _("{who} puts a disc on {place}.", who=seat_ref(frame.seat),
                     place=dest_label(dest))
        ctx.announce(state, text, frame.seat)
