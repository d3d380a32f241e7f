"""Building and replacing private buildings (rulebook p. 14)."""

from __future__ import annotations

from games.base import Option, seat_ref
from games.gwt_argentina import data, player_board
from games.gwt_argentina.flow import Ctx, DecisionStep, back_out, opt, pop, push, step
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.told import _, _n
from games.gwt_argentina.trail import building_number, building_owner
from games.gwt_argentina.words import hand


def need(n: int) -> int:
    return data.private_building(n, "a").carpinteros


def sites(state: GwtState, seat: int, n: int, per: int) -> list[tuple[str, int]]:
    """(space, carpinteros to pay) where building ``n`` may go: an empty building space
    (its full need), or one of the seat's buildings of lower value (the difference)."""
    player = state.players[seat]
    carp = player.worker_count("carpintero")
    out = []
    if need(n) <= carp and per * need(n) <= player.money:
        out += [(s, need(n)) for s in data.BUILDING_SPACES if s not in state.board.trail]
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
    b = data.private_building(n, state.board.building_sides[str(n)])
    if b.hand:
        return _n("{id}: {n} carpintero, {vp} VP, {hand}", "{id}: {n} carpinteros, {vp} VP, {hand}",
                  b.carpinteros, id=b.id, vp=b.vp, hand=hand(b.hand))
    return _n("{id}: {n} carpintero, {vp} VP", "{id}: {n} carpinteros, {vp} VP", b.carpinteros,
              id=b.id, vp=b.vp)


@step("build")
class BuildStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Which building ({n} pesos per carpintero)?", n=frame.data["per"])

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        choices = buildable(state, frame.seat, frame.data["per"])
        if not choices:
            return []
        out = [opt(f"b:{n}", label(state, n)) for n in choices]
        out.append(opt("skip", _("Build nothing")))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            back_out(state, frame)
            return
        push(state, "build_where", frame.seat, n=int(key[2:]), per=frame.data["per"])


@step("build_where")
class BuildWhereStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Where does building {n} go?", n=frame.data["n"])

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        n, per = frame.data["n"], frame.data["per"]
        out = []
        for space, carp in sites(state, frame.seat, n, per):
            tile = state.board.trail.get(space)
            what = [_("replace {n}", n=building_number(tile)) if tile else _("empty")]
            if space in data.FARMLAND:
                what.append(_("farmland"))
            if space in data.RISK_ACTIONS:
                what.append(_("special action"))
            out.append(opt(f"at:{space}", _n("{space} ({what}): {n} peso",
                                             "{space} ({what}): {n} pesos", per * carp,
                                             space=space, what=", ".join(what)), at=space))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        space = key[3:]
        n, per = frame.data["n"], frame.data["per"]
        carp = dict(sites(state, frame.seat, n, per))[space]
        player = state.players[frame.seat]
        player_board.pay(player, per * carp)
        old = state.board.trail.get(space)
        player.buildings_left.remove(n)
        state.board.trail[space] = f"{frame.seat}:{n}"
        built = f"{n}{state.board.building_sides[str(n)]}"
        if old:
            text = _n("{who} builds {building} on {space}, replacing {old} (back to the box) "
                      "for {n} peso.",
                      "{who} builds {building} on {space}, replacing {old} (back to the box) "
                      "for {n} pesos.", per * carp, who=seat_ref(frame.seat), building=built,
                      space=space, old=building_number(old))
        else:
            text = _n("{who} builds {building} on {space} for {n} peso.",
                      "{who} builds {building} on {space} for {n} pesos.", per * carp,
                      who=seat_ref(frame.seat), building=built, space=space)
        ctx.announce(state, text, frame.seat)
