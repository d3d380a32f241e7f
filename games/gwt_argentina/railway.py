"""The railway: moving locomotives, upgrading stations, station masters (rulebook p. 15).

Track spaces are "0" (start, shared), "1".."31" (31 the terminus), branch stations
"b<k>" between space k and k+1, and "depot" beyond the terminus, which a locomotive leaves
forward to space 24 (« Vous devez donc l'avancer d'au moins une case (à la case 24) »), never
backward. A space holding another locomotive is ignored as if it did not exist (it costs no
move and cannot be a stop).
"""

from __future__ import annotations

from games.base import Option, seat_ref
from games.gwt_argentina import data, pieces, player_board
from games.gwt_argentina.action_facts import describe_printed
from games.gwt_argentina.actions import gain_track
from games.gwt_argentina.discs import push_disc
from games.gwt_argentina.flow import (
    AutomaticStep,
    Ctx,
    DecisionStep,
    back_out,
    opt,
    pop,
    push,
    step,
)
from games.gwt_argentina.state import PRINTED, WORKER_ROWS, Frame, GwtState
from games.gwt_argentina.told import _
from games.gwt_argentina.trail import track_value
from games.gwt_argentina.words import condition, worker

TERMINUS = str(data.TERMINUS)


def station_facts(sid: str) -> tuple[int, int, str]:
    """(cost, VP, corner "white"/"black") of a station."""
    st = data.STATION_BY_ID[sid]
    return st.cost, st.vp, st.corner


def is_station(space: str) -> bool:
    return space in data.STATION_BY_ID


ahead = data.track_next
behind = data.track_previous


def occupied(state: GwtState, seat: int) -> set[str]:
    return {p.locomotive for p in state.players
            if p.seat != seat and p.locomotive not in ("0", "depot")}


def destinations(state: GwtState, seat: int, moves: int, *, back: bool = False,
                 exact: bool = False) -> list[str]:
    """Spaces the seat's locomotive may stop on with up to (or exactly) ``moves`` moves."""
    taken = occupied(state, seat)
    start = state.players[seat].locomotive
    step_fn = behind if back else ahead
    costs: dict[str, set[int]] = {}
    todo = [(start, 0)]
    while todo:
        space, used = todo.pop()
        for nxt in step_fn(space):
            cost = used if nxt in taken else used + 1
            if cost > moves or cost in costs.setdefault(nxt, set()):
                continue
            costs[nxt].add(cost)
            todo.append((nxt, cost))
    dests = [s for s, cs in costs.items()
             if s not in taken and s != start and (moves in cs if exact else min(cs) >= 1)]
    return sorted(dests, key=track_value)


def upgradable(state: GwtState, seat: int, sid: str) -> bool:
    cost, _vp, _corner = station_facts(sid)
    if state.players[seat].money < cost:
        return False
    return sid == TERMINUS or seat not in state.board.stations[sid]


@step("loco")
class LocoStep(DecisionStep):
    """Move the locomotive: forward up to ``max`` (at least one), or back exactly."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        n = frame.data["max"]
        if frame.data.get("back"):
            return _("Move your locomotive back exactly {n}.", n=n)
        return _("Move your locomotive forward (up to {n}).", n=n)

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        back = frame.data.get("back", False)
        dests = destinations(state, frame.seat, frame.data["max"], back=back, exact=back)
        out = [opt(f"to:{d}", _("Back to {space}", space=_space_label(d)) if back
                   else _("Forward to {space}", space=_space_label(d)), at=f"rail:{d}")
               for d in dests]
        if not back:
            out.append(opt("stay", _("Do not move the locomotive")))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "stay":
            back_out(state, frame)
            return
        dest = key.split(":", 1)[1]
        player = state.players[frame.seat]
        player.locomotive = dest
        ctx.announce(state, _("{who}'s locomotive goes to {space}.", who=seat_ref(frame.seat),
                              space=_space_label(dest)), frame.seat)
        arrive(state, frame.seat, dest)


def arrive(state: GwtState, seat: int, dest: str) -> None:
    """After a locomotive stops: a station may be upgraded; the terminus sends it on to
    the depot (upgraded or not, p. 15)."""
    if dest == TERMINUS:
        push(state, "depot", seat)
    if is_station(dest) and upgradable(state, seat, dest):
        push(state, "station", seat, id=dest)


def _space_label(space: str) -> str:
    if space.startswith("b"):
        cost, vp, _corner = station_facts(space)
        return _("station {id} (cost {cost}, {vp} VP)", id=space, cost=cost, vp=vp)
    if space == TERMINUS:
        return _("terminus {n}", n=TERMINUS)
    return _("space {n}", n=space)


@step("depot")
class DepotStep(AutomaticStep):
    @staticmethod
    def run(state: GwtState, frame: Frame, ctx: Ctx) -> None:
        pop(state, frame)
        state.players[frame.seat].locomotive = "depot"


@step("station")
class StationStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        cost, vp, corner = station_facts(frame.data["id"])
        return _("Upgrade station {id} for {cost} pesos ({vp} VP)?", id=frame.data["id"],
                 cost=cost, vp=vp)

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        sid = frame.data["id"]
        cost, vp, corner = station_facts(sid)
        master = state.board.station_masters.get(sid, "")
        if master.startswith("SM"):
            label = _("Upgrade: pay {cost}, a disc ({corner}), {vp} VP, station master {master}",
                      cost=cost, corner=corner_word(corner), vp=vp, master=master)
        else:
            label = _("Upgrade: pay {cost}, a disc ({corner}), {vp} VP", cost=cost,
                      corner=corner_word(corner), vp=vp)
        return [opt("upgrade", label, at=f"rail:{sid}"), opt("skip", _("Do not upgrade"))]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key != "upgrade":
            return
        upgrade(state, frame.seat, frame.data["id"], ctx)


def corner_word(corner: str) -> str:
    return _("black corner") if corner == "black" else _("white corner")


def upgrade(state: GwtState, seat: int, sid: str, ctx: Ctx) -> None:
    cost, _vp, corner = station_facts(sid)
    player_board.pay(state.players[seat], cost)
    if state.board.station_masters.get(sid, "").startswith("SM"):
        push(state, "master", seat, id=sid)
    push_disc(state, seat, corner, {"to": "station", "id": sid})


@step("master")
class MasterStep(DecisionStep):
    """Take the station master by giving up the rightmost worker of a row (p. 15)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        sid = frame.data["id"]
        return _("Take station master {master} for a worker?",
                 master=state.board.station_masters[sid])

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        sid = frame.data["id"]
        if frame.seat not in state.board.stations[sid]:
            return []
        master = state.board.station_masters[sid]
        facts = data.STATION_MASTER_BY_ID[master]
        player = state.players[frame.seat]
        out = []
        for row in WORKER_ROWS:
            tiles = player.workers[row]
            if len(tiles) > 1:
                out.append(opt(f"give:{row}", _("Give a {worker}: take {master} ({reward}; "
                                                "{condition})", worker=worker(row),
                                                master=master,
                                                reward=describe_printed(facts.reward),
                                                condition=condition(facts.condition)),
                               at=f"rail:{sid}"))
        if out:
            out.append(opt("skip", _("Keep your workers")))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key == "skip":
            return
        row = key.split(":", 1)[1]
        sid = frame.data["id"]
        player = state.players[frame.seat]
        tile = player.workers[row].pop()
        assert tile != PRINTED
        master = state.board.station_masters[sid]
        state.board.station_masters[sid] = f"worker:{tile}"
        player.station_masters.append(master)
        reward = data.STATION_MASTER_BY_ID[master].reward
        if reward.kind == "pesos":
            player_board.gain_money(player, reward.amount)
        ctx.announce(state, _("{who} takes station master {master}, leaving a {tile} at {id}.",
                              who=seat_ref(frame.seat), master=master, tile=pieces.tile_label(tile),
                              id=sid), frame.seat)
        if reward.kind == "grain":
            # « effectuez cette action immédiatement ou renoncez-y définitivement » (p. 15)
            gain_track(state, frame.seat, "grain", reward.amount, ctx, ask=True)


@step("station_behind")
class StationBehindStep(DecisionStep):
    """6th maquinista: upgrade a station behind the locomotive (before 24 from the depot)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Upgrade a station behind your locomotive?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        loco = state.players[frame.seat].locomotive
        limit = data.DEPOT_UPGRADE_BEFORE if loco == data.DEPOT else track_value(loco)
        out = []
        for st in data.BRANCH_STATIONS:
            sid = st.id
            if track_value(sid) < limit and upgradable(state, frame.seat, sid):
                cost, vp, _c = station_facts(sid)
                out.append(opt(f"up:{sid}", _("Upgrade {id} (cost {cost}, {vp} VP)", id=sid,
                                              cost=cost, vp=vp), at=f"rail:{sid}"))
        if out:
            out.append(opt("skip", _("No upgrade")))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        if key != "skip":
            upgrade(state, frame.seat, key.split(":", 1)[1], ctx)
