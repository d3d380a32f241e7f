"""Port cities: delivering grain from a quay to a district space (rulebook p. 9)."""

from __future__ import annotations

from games.gwt_argentina import pieces as P
from games.gwt_argentina import tables as T
from games.gwt_argentina.flow import Ctx, opt, pop, push, step
from games.gwt_argentina.state import Frame, GwtState


def layout(state: GwtState, city: str) -> dict:
    return T.PORTS[city][state.board.ports[city].side]


def space_facts(state: GwtState, city: str, space: str) -> tuple[int, str | None, int]:
    """(grain cost, bonus, VP) of a district space."""
    for _district, (cost, spaces) in layout(state, city)["districts"].items():
        for sid, bonus, vp in spaces:
            if sid == space:
                return cost, bonus, vp
    raise KeyError(space)


def deliveries(state: GwtState, seat: int) -> list[tuple[str, str, str, int]]:
    """(city, quay, space, grain) deliveries the seat can make now: one of its discs on a
    quay of that city, a free open space, grain for its cost (quay II discount)."""
    grain = state.players[seat].grain
    out = []
    for city, port in state.board.ports.items():
        for quay, seats in port.quays.items():
            if seat not in seats:
                continue
            discount = layout(state, city)["quays"][quay][1]
            for space, holder in port.spaces.items():
                if holder is not None or space in port.closed:
                    continue
                cost = max(0, space_facts(state, city, space)[0] - discount)
                if cost <= grain:
                    out.append((city, quay, space, cost))
    return out


BONUS_LABEL = {"objective": "an objective card", "franqueiro": "a free Franqueiro",
               "loco4": "locomotive +4", "loco3": "locomotive +3"}


def bonus_label(bonus: str | None) -> str:
    if bonus is None:
        return "no bonus"
    if bonus.startswith("pesos"):
        return f"{bonus[5:]} pesos"
    return BONUS_LABEL[bonus]


@step("deliver")
class DeliverStep:
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return f"Deliver grain to a port? ({state.players[frame.seat].grain} grain)"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        choices = deliveries(state, frame.seat)
        if not choices:
            return []
        many = len(choices) >= 25
        out = []
        for city, quay, space, cost in choices:
            _c, bonus, vp = space_facts(state, city, space)
            out.append(opt(f"d:{city}:{quay}:{space}",
                           f"{T.CITY_NAMES[city]} {space} from quay {quay}: {cost} grain → "
                           f"{bonus_label(bonus)}, {vp} VP", at=f"{city}:{space}",
                           group=T.CITY_NAMES[city] if many else None))
        out.append(opt("skip", "No delivery", group="Other" if many else None))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            return
        _, city, quay, space = key.split(":")
        player = state.players[frame.seat]
        port = state.board.ports[city]
        cost = max(0, space_facts(state, city, space)[0] - layout(state, city)["quays"][quay][1])
        player.grain -= cost
        port.quays[quay].remove(frame.seat)
        port.spaces[space] = frame.seat
        _c, bonus, vp = space_facts(state, city, space)
        ctx.say(state, f"Seat {frame.seat + 1} delivers {cost} grain to {T.CITY_NAMES[city]} "
                       f"{space}: {bonus_label(bonus)}.", frame.seat)
        if bonus is None:
            return
        if bonus.startswith("pesos"):
            player.money += int(bonus[5:])
        elif bonus == "objective":
            if state.board.objective_display or state.board.objective_deck:
                push(state, "take_objective", frame.seat)
        elif bonus == "franqueiro":
            push(state, "free_cattle", frame.seat, filt="franqueiro")
        elif bonus.startswith("loco"):
            push(state, "loco", frame.seat, max=int(bonus[4:]))


@step("free_cattle")
class FreeCattleStep:
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return "Take a free card from the cattle market."

    @staticmethod
    def options(state: GwtState, frame: Frame):
        kinds = T.BREED_FILTERS[frame.data["filt"]]
        seen: set[str] = set()
        out = []
        for card in state.board.cattle_market:
            kind = P.card_kind(card)
            if kind in kinds and kind not in seen:
                seen.add(kind)
                out.append(opt(f"card:{card}", P.card_label(card)))
        if out:
            out.append(opt("skip", "Take nothing"))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            return
        card = key[5:]
        state.board.cattle_market.remove(card)
        state.players[frame.seat].discard.append(card)
