"""Port cities: delivering grain from a quay to a district space (rulebook p. 9)."""

from __future__ import annotations

from games.base import Option, seat_ref
from games.gwt_argentina import data, pieces
from games.gwt_argentina.action_facts import describe
from games.gwt_argentina.actions import start
from games.gwt_argentina.flow import Ctx, DecisionStep, opt, pop, step
from games.gwt_argentina.objectives import objective_options, play_objective
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.told import _, _n


def layout(state: GwtState, city: str) -> data.PortCity:
    return data.port_city(city, state.board.ports[city].side)


def delivery_cost(state: GwtState, city: str, quay: str, space: str) -> int:
    """Grain of the district, less the quay's discount (quays II), never below 0."""
    city_map = layout(state, city)
    return max(0, city_map.district_of(space).grain - city_map.quay_discount[quay])


def deliveries(state: GwtState, seat: int) -> list[tuple[str, str, str, int]]:
    """(city, quay, space, grain) deliveries the seat can make now: one of its discs on a
    quay of that city, a free space not under a closure tile, grain for its cost."""
    grain = state.players[seat].grain
    out = []
    for city, port in state.board.ports.items():
        for quay, seats in port.quays.items():
            if seat not in seats:
                continue
            for space, holder in port.spaces.items():
                if holder is not None or space in port.closed:
                    continue
                cost = delivery_cost(state, city, quay, space)
                if cost <= grain:
                    out.append((city, quay, space, cost))
    return out


def bonus_label(state: GwtState, seat: int, bonus: data.Action | None) -> str:
    return _("no bonus") if bonus is None else describe(state, seat, bonus)


@step("deliver")
class DeliverStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        grain = state.players[frame.seat].grain
        return _n("Deliver grain to a port? ({n} grain)", "Deliver grain to a port? ({n} grain)",
                  grain)

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        choices = deliveries(state, frame.seat)
        if not choices:
            return []
        many = len(choices) >= 25
        out = []
        for city, quay, space, cost in choices:
            facts = layout(state, city).space(space)
            out.append(opt(f"d:{quay}:{space}",
                           _n("{city} {space} from quay {quay}: {n} grain → {bonus}, {vp} VP",
                              "{city} {space} from quay {quay}: {n} grain → {bonus}, {vp} VP",
                              cost, city=data.CITY_NAMES[city], space=space.split(":")[1],
                              quay=quay, bonus=bonus_label(state, frame.seat, facts.bonus),
                              vp=facts.vp), at=space,
                           group=data.CITY_NAMES[city] if many else None))
        out.append(opt("skip", _("No delivery"), group=_("Other") if many else None))
        if frame.data.get("ba"):  # Buenos Aires step 1: objective cards may come first
            out += [o.model_copy(update={"group": _("Other") if many else None})
                    for o in objective_options(state, frame.seat)]
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        if key.startswith("obj:"):
            play_objective(state, frame.seat, key[4:], ctx)
            return
        pop(state, frame)
        if key == "skip":
            return
        _key, quay, space = key.split(":", 2)
        city = space.split(":")[0]
        player = state.players[frame.seat]
        port = state.board.ports[city]
        cost = delivery_cost(state, city, quay, space)
        player.grain -= cost
        port.quays[quay].remove(frame.seat)
        port.spaces[space] = frame.seat
        bonus = layout(state, city).space(space).bonus
        ctx.announce(state, _n("{who} delivers {n} grain to {city} {space}: {bonus}.",
                               "{who} delivers {n} grain to {city} {space}: {bonus}.", cost,
                               who=seat_ref(frame.seat), city=data.CITY_NAMES[city],
                               space=space.split(":")[1],
                               bonus=bonus_label(state, frame.seat, bonus)), frame.seat)
        if bonus is not None:
            start(state, frame.seat, bonus, ctx, ask=True)


@step("free_cattle")
class FreeCattleStep(DecisionStep):
    """A free market card of a breed onto your discard pile (Liverpool's bonus)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Take a free card from the cattle market.")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        seen: set[str] = set()
        out = []
        for card in state.board.cattle_market:
            c = pieces.herd_card(card)
            if c.breed == frame.data["breed"] and pieces.card_kind(card) not in seen:
                seen.add(pieces.card_kind(card))
                out.append(opt(f"card:{card}", pieces.card_label(card)))
        if out:
            out.append(opt("skip", _("Take nothing")))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            return
        card = key[5:]
        state.board.cattle_market.remove(card)
        state.players[frame.seat].discard.append(card)
