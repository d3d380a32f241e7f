"""Building and replacing private buildings (rulebook p. 14)."""

from __future__ import annotations

from games.gwt_argentina import data as D
from games.gwt_argentina import player_board as PB
from games.gwt_argentina.flow import Ctx, opt, pop, push, step
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.trail import building_number, building_owner


def need(n: int) -> int:
    return D.private_building(n, "a").carpinteros


def sites(state: GwtState, seat: int, n: int, per: int) -> list[tuple[str, int]]:
    """(space, carpinteros to pay) where building ``n`` may go: an empty building space
    (its full need), or one of the seat's buildings of lower value (the difference)."""
    player = state.players[seat]
    carp = player.worker_count("carpintero")
    out = []
    if need(n) <= carp and per * need(n) <= player.money:
        out += [(s, need(n)) for s in D.BUILDING_SPACES if s not in state.board.trail]
    for space, tile in state.board.trail.items():
        if ":" in tile and building_owner(tile) == seat:
            old = building_number(tile)
            diff = need(n) - need(old)
            if diff > 0 and diff <= carp and per * diff <= player.money:
                out.append((space, diff))
    return out


def buildable(state: GwtState, seat: int, per: int) -> list[int]:
    player = state.players[seat]
    return [n for n in player.buildings_left if sites(state, seat, n, per)]


def label(state: GwtState, n: int) -> str:
    b = D.private_building(n, state.board.building_sides[str(n)])
    hand = f", {b.hand} hand" if b.hand else ""
    return f"{b.id}: {b.carpinteros} carpintero{'s' * (b.carpinteros > 1)}, {b.vp} VP{hand}"


@step("build")
class BuildStep:
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return f"Which building ({frame.data['per']} pesos per carpintero)?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        choices = buildable(state, frame.seat, frame.data["per"])
        if not choices:
            return []
        out = [opt(f"b:{n}", label(state, n)) for n in choices]
        out.append(opt("skip", "Build nothing"))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            return
        push(state, "build_where", frame.seat, n=int(key[2:]), per=frame.data["per"])


@step("build_where")
class BuildWhereStep:
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return f"Where does building {frame.data['n']} go?"

    @staticmethod
    def options(state: GwtState, frame: Frame):
        n, per = frame.data["n"], frame.data["per"]
        out = []
        for space, carp in sites(state, frame.seat, n, per):
            tile = state.board.trail.get(space)
            what = f"replace {building_number(tile)}" if tile else "empty"
            farm = ", farmland" if space in D.FARMLAND else ""
            special = ", special action" if space in D.RISK_ACTIONS else ""
            out.append(opt(f"at:{space}", f"{space} ({what}{farm}{special}): {per * carp} pesos",
                           at=space))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        space = key[3:]
        n, per = frame.data["n"], frame.data["per"]
        carp = dict(sites(state, frame.seat, n, per))[space]
        player = state.players[frame.seat]
        PB.pay(player, per * carp)
        old = state.board.trail.get(space)
        player.buildings_left.remove(n)
        state.board.trail[space] = f"{frame.seat}:{n}"
        text = f"Seat {frame.seat + 1} builds {n}{state.board.building_sides[str(n)]} on {space}"
        if old:
            text += f", replacing {building_number(old)} (back to the box)"
        ctx.say(state, text + f" for {per * carp} pesos.", frame.seat)
