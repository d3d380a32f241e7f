"""Doing an action of the data (:class:`games.gwt_argentina.data.Action`): start it, pushing
the frames of its choices (rulebook "Les actions", p. 12–18, and the annex). Its label and
amount are :mod:`.action_facts`; whether it can be done now, :mod:`.conditions`.

Conditions must be met entirely; effects may be forgone, except pesos, which are always
taken whole (p. 12). Track gains (certificates, grain) stop at their limit and may be taken
in part (:func:`gain_track`).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.base import seat_ref
from games.gwt_argentina import data, pieces, player_board
from games.gwt_argentina.action_facts import AUX_LABELS, gain_of
from games.gwt_argentina.discs import push_disc
from games.gwt_argentina.flow import Ctx, push
from games.gwt_argentina.pedro.rules import turn_face_down
from games.gwt_argentina.state import GwtState, Player
from games.gwt_argentina.told import _, _n

Action = data.Action


# -- doing ----------------------------------------------------------------------------------
def start_all(state: GwtState, seat: int, actions: Iterable[Action], ctx: Ctx) -> None:
    """Do several actions in order (frames pushed so that the first one runs first)."""
    for a in reversed(list(actions)):
        start(state, seat, a, ctx)


def gain_track(state: GwtState, seat: int, track: str, n: int, ctx: Ctx, *,
               ask: bool = False) -> None:
    """Advance the grain or certificate marker (``track`` "grain" / "certificates") by up
    to ``n``: « Vous pouvez renoncer à un effet totalement ou en partie même si vous avez
    rempli la condition. Par contre, si vous recevez une somme en pèsos, vous devez prendre
    cette somme dans sa totalité » and « vous ne pouvez pas dépasser votre limite de
    certificats temporaires ... [grain:] La limite est de 8 » (p. 12).

    What fits below the limit is offered: when 2 steps or more fit the player chooses how
    many (the ``track_gain`` step, none included); a single step is taken with the option
    that chose its action, which could be left aside — unless ``ask`` (an effect that no
    option of the player named: a district bonus, a station master, an objective card's
    immediate action), where taking it or not is asked too."""
    player = state.players[seat]
    fits = min(n, track_room(player, track))
    if fits <= 0:
        return
    if fits >= 2 or ask:
        push(state, "track_gain", seat, track=track, n=fits)
        return
    advance_track(state, seat, track, fits, ctx)


def track_room(player: Player, track: str) -> int:
    if track == "grain":
        return data.GRAIN_LIMIT - player.grain
    return player_board.cert_limit(player) - player.certificates


def advance_track(state: GwtState, seat: int, track: str, n: int, ctx: Ctx) -> None:
    player = state.players[seat]
    who = seat_ref(seat)
    if track == "grain":
        got = player_board.gain_grain(player, n)
        ctx.announce(state, _n("{who} gains {n} grain.", "{who} gains {n} grain.", got,
                               who=who), seat)
    else:
        got = player_board.gain_cert(player, n)
        ctx.announce(state, _n("{who} gains {n} certificate.", "{who} gains {n} certificates.", got,
                               who=who), seat)


def start(state: GwtState, seat: int, a: Action, ctx: Ctx, *, ask: bool = False) -> None:
    """Do the action now, pushing the frames of its choices (``ask``: see
    :func:`gain_track`)."""
    player = state.players[seat]
    k, n = a.kind, gain_of(state, player, a)
    who = seat_ref(seat)
    if k in ("pesos", "pesos_per_granjero", "pesos_per_farmland", "pesos_per_worker_set"):
        player_board.gain_money(player, n)
        ctx.announce(state, _n("{who} gains {n} peso.", "{who} gains {n} pesos.", n, who=who), seat)
    elif k in ("grain", "grain_per_granjero", "grain_per_farmland"):
        gain_track(state, seat, "grain", n, ctx, ask=ask)
    elif k in ("certificates", "certificate_per_farmer_pair"):
        gain_track(state, seat, "certificates", n, ctx, ask=ask)
    elif k in ("engine", "engine_by_maquinistas"):
        push(state, "loco", seat, max=n)
    elif k == "exchange_token":
        player.exchange_tokens += n
        ctx.announce(state, _("{who} takes an exchange token.", who=who), seat)
    elif k == "hire":
        push(state, "hire", seat, mod=n)
    elif k == "build":
        push(state, "build", seat, per=n)
    elif k == "buy_cattle":
        push(state, "buy", seat, gauchos=player.worker_count(data.GAUCHO))
    elif k == "objective":
        push(state, "take_objective", seat)
    elif k in ("aux_single", "aux_any"):
        push(state, "aux", seat, double=k == "aux_any")
    elif k == "help_farmers":
        push(state, "help", seat, bonus=n, only=None, chosen=[], limit=a.limit or 3)
    elif k == "discard_breed":
        push(state, "pick_cattle", seat, breed=a.breed or "any", then=[t.key for t in a.then])
    elif k == "discard_pair":
        push(state, "pair", seat, then=[t.key for t in a.then])
    elif k == "draw_discard_gauchos":
        # effects may be forgone in part (p. 12): draw up to n
        push(state, "draw_then_discard", seat, n=n, upto=True)
    elif k == "draw_discard":
        push(state, "draw_then_discard", seat, n=n, upto=True)
    elif k == "disc_to_quay":
        push_disc(state, seat, a.corner, {"to": "quay", "city": a.city, "quay": "I" * a.quay})
    elif k == "pay_grain":
        player.grain -= n
        ctx.announce(state, _n("{who} pays {n} grain.", "{who} pays {n} grain.", n, who=who), seat)
        start_all(state, seat, a.then, ctx)
    elif k == "move":
        # the estanciero leaves: phase B where it stood ends with the extra one (p. 18)
        for frame in reversed(state.stack):
            if frame.kind == "location":
                frame.data["left"] = True
                break
        push(state, "move", seat, limit=n, steps=0, extra=True)
    elif k == "remove_exhaustion":
        card = next(c for c in player.hand if pieces.is_exhaustion(c))
        player_board.remove_from_hand(state, player, card)
        ctx.announce(state, _("{who} returns an exhaustion card.", who=who), seat)
    elif k == "delivery":
        push(state, "deliver", seat)
    elif k == "exhaust_opponents":
        for other in state.players:
            if other.seat != seat:
                player_board.take_exhaustion(state, other, 1)
        if state.pedro is not None:  # solo: Pedro's cards go face down (pedro.rules)
            turn_face_down(state)
        ctx.announce(state, _("{who} gives every other player an exhaustion card.", who=who), seat)
    elif k == "swap_with_market":
        push(state, "pick_cattle", seat, breed="any", then=["@market_to_hand"])
    elif k == "take_market_card":
        push(state, "free_cattle", seat, breed=a.breed)
    elif k == "discard_objective":
        push(state, "discard_objective", seat, then=[t.key for t in a.then])
    elif k == "remove_card":
        push(state, "remove_cards", seat, n=n)
    elif k == "upgrade_station_behind":
        push(state, "station_behind", seat)
    elif k in ("permanent_certificate", "permanent_grain"):
        pass  # read off the station masters at every income / loading
    elif k == "either":
        push(state, "either", seat, options=[o.key for o in a.options])
    else:
        raise AssertionError(f"unknown action {a.key}")


def objective_action(state: GwtState, seat: int, card: str, ctx: Ctx) -> None:
    """The immediate action printed on an objective card (annex, last page): « Effectuez
    ensuite l'action immédiate ... ou renoncez-y » (p. 16)."""
    start(state, seat, data.OBJECTIVE_BY_ID[card].action, ctx, ask=True)


def row_action(state: GwtState, seat: int, row: str, position: int, ctx: Ctx) -> None:
    """The immediate action of the worker-row space just filled (``position`` 0-based),
    done at once or forgone (p. 13)."""
    slot = data.ROW_SLOTS[row][position]
    if slot.actions:
        push(state, "row_action", seat, row=row, column=position + 1)


def do_aux(state: GwtState, seat: int, aux: str, n: int, ctx: Ctx) -> None:
    player = state.players[seat]
    if aux == "aux_pesos":
        player_board.gain_money(player, n)
    elif aux == "aux_draw":
        push(state, "draw_then_discard", seat, n=n, upto=True)
    elif aux == "aux_cert":
        player.grain -= n
        player_board.gain_money(player, n)
        gain_track(state, seat, "certificates", n, ctx)
    elif aux == "aux_grain":
        player_board.pay(player, n)
        gain_track(state, seat, "grain", n, ctx)
    elif aux == "aux_engine":
        player_board.pay(player, n)
        push(state, "loco", seat, max=n)
    elif aux == "aux_remove":
        push(state, "draw_then_remove", seat, n=n)
        push(state, "loco", seat, max=n, back=True)
    ctx.announce(state, _("{who} does the auxiliary action: {action}.", who=seat_ref(seat),
                          action=_(AUX_LABELS[aux][n - 1])), seat)
