"""Actions of the data (:class:`games.gwt_argentina.data.Action`): describe one, say whether
it can be done now, and start it (rulebook "Les actions", p. 12–18, and the annex).

Conditions must be met entirely; effects may be forgone, except pesos, which are always
taken whole (p. 12). Track gains (certificates, grain) stop at their limit and may be taken
in part (:func:`gain_track`). Frames keep an action by its ``key`` (JSON-safe);
:data:`ACTION_BY_KEY` finds it again.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.gwt_argentina import data as D
from games.gwt_argentina import pieces as P
from games.gwt_argentina import player_board as PB
from games.gwt_argentina.discs import push_disc
from games.gwt_argentina.flow import Ctx, push
from games.gwt_argentina.railway import destinations
from games.gwt_argentina.state import GwtState, Player
from games.gwt_argentina.trail import building_number, building_owner, building_side
from games.i18n import _, _n

Action = D.Action

AUX_LABELS = {
    "aux_pesos": ("+1 peso", "+2 pesos"),
    "aux_draw": ("draw 1, then discard 1", "draw 2, then discard 2"),
    "aux_cert": ("1 grain → +1 certificate, +1 peso", "2 grain → +2 certificates, +2 pesos"),
    "aux_grain": ("pay 1 peso → +1 grain", "pay 2 pesos → +2 grain"),
    "aux_engine": ("pay 1 peso → locomotive +1", "pay 2 pesos → locomotive +2"),
    "aux_remove": ("locomotive back 1 → draw 1, remove 1 card",
                   "locomotive back 2 → draw 2, remove 2 cards"),
}


def risk_action(space: str) -> Action:
    """The special action printed on a building space, as an action (p. 8)."""
    return D.RISK_ACTIONS[space].action


def _walk(actions: Iterable[Action]) -> Iterable[Action]:
    for a in actions:
        yield a
        yield from _walk(a.then)
        yield from _walk(a.options)


def _all_actions() -> dict[str, Action]:
    found: list[Action] = []
    for b in D.NEUTRAL_BUILDINGS:
        found += b.actions
    for b in D.PRIVATE_BUILDINGS:
        found += b.actions
    for slots in D.ROW_SLOTS.values():
        for slot in slots:
            found += slot.actions
    for m in D.STATION_MASTERS:
        found.append(m.reward)
    for o in D.OBJECTIVE_CARDS:
        found.append(o.action)
    for s in D.SHIPS:
        if s.on_load:
            found.append(s.on_load)
    for city in D.PORT_CITIES.values():
        for d in city.districts:
            found += [sp.bonus for sp in d.spaces if sp.bonus]
    found += [risk_action(s) for s in D.RISK_ACTIONS]
    return {a.key: a for a in _walk(found)}


ACTION_BY_KEY: dict[str, Action] = _all_actions()


def location_actions(state: GwtState, space: str, tile: str | None = None) -> list[Action]:
    """The local actions of the building ``tile`` (by default the one on ``space``); a
    private building adds the special action printed on its space, for its owner (p. 8)."""
    tile = tile or state.board.trail[space]
    if ":" not in tile:
        return list(D.NEUTRAL_BY_ID[tile].actions)
    actions = list(D.private_building(building_number(tile), building_side(state, tile)).actions)
    if space in D.RISK_ACTIONS:
        actions.append(risk_action(space))
    return actions


# -- counts used by several actions -------------------------------------------------------
def own_buildings(state: GwtState, seat: int) -> list[str]:
    """Spaces of the seat's private buildings on the trail."""
    return [space for space, tile in state.board.trail.items()
            if ":" in tile and building_owner(tile) == seat]


def farmland_buildings(state: GwtState, seat: int) -> int:
    return sum(1 for s in own_buildings(state, seat) if s in D.FARMLAND)


def worker_sets(player: Player) -> int:
    return min(player.worker_count(row) for row in D.WORKER_ROWS)


def gain_of(state: GwtState, player: Player, a: Action) -> int:
    """How much a counted action gives now."""
    k = a.kind
    if k in ("grain_per_granjero", "pesos_per_granjero"):
        return a.amount * player.worker_count(D.GRANJERO)
    if k in ("grain_per_farmland", "pesos_per_farmland"):
        return a.amount * farmland_buildings(state, player.seat)
    if k == "certificate_per_farmer_pair":
        return a.amount * (len(player.helped_farmers) // 2)
    if k == "pesos_per_worker_set":
        return a.amount * worker_sets(player)
    if k == "engine_by_maquinistas":
        return player.worker_count(D.MAQUINISTA)
    if k == "draw_discard_gauchos":
        return player.worker_count(D.GAUCHO)
    return a.amount


def breed_name(breed: str) -> str:
    return "card of your choice" if breed == "any" else D.BREED_BY_ID[breed].name


# -- describing ---------------------------------------------------------------------------
def describe(state: GwtState, seat: int, a: Action) -> str:
    """A short label of what the action would give now (≤ 100 characters)."""
    return _describe(state, state.players[seat], a)[:100]


def _describe(state: GwtState, player: Player, a: Action) -> str:
    k, n = a.kind, gain_of(state, player, a)
    then = ", ".join(_describe(state, player, t) for t in a.then)
    simple = {
        "pesos": f"+{n} peso{'s' * (n != 1)}", "grain": f"+{n} grain",
        "certificates": f"+{n} certificate{'s' * (n != 1)}",
        "engine": f"locomotive up to {n}", "engine_by_maquinistas": f"locomotive up to {n}",
        "exchange_token": f"+{n} exchange token", "build": f"build ({n} pesos per carpintero)",
        "buy_cattle": f"buy cattle ({player.worker_count(D.GAUCHO)} gaucho"
                      f"{'s' * (player.worker_count(D.GAUCHO) != 1)})",
        "objective": "take an objective card", "aux_single": "single auxiliary action",
        "aux_any": "auxiliary action (single or double)",
        "grain_per_granjero": f"+{n} grain",
        "pesos_per_granjero": f"+{n} peso{'s' * (n != 1)}",
        "grain_per_farmland": f"+{n} grain",
        "pesos_per_farmland": f"+{n} peso{'s' * (n != 1)}",
        "certificate_per_farmer_pair": f"+{n} certificate{'s' * (n != 1)}",
        "pesos_per_worker_set": f"+{n} peso{'s' * (n != 1)}",
        "draw_discard_gauchos": f"draw up to {n}, discard as many",
        "draw_discard": f"draw up to {n}, discard as many", "move": f"move up to {n}, extra phase B",
        "remove_exhaustion": "return an exhaustion card", "delivery": "deliver grain to a port",
        "exhaust_opponents": "an exhaustion card to every other player",
        "swap_with_market": "a cattle card for any market card, into your hand",
        "remove_card": f"remove {n} card{'s' * (n != 1)} from your hand",
        "upgrade_station_behind": "upgrade a station behind your locomotive",
        "permanent_certificate": f"+{n} breeding value at every income",
        "permanent_grain": f"{n} grain less at every loading",
    }
    if k in simple:
        return simple[k]
    if k == "hire":
        if n < 0:
            return f"hire a worker ({-n} peso{'s' * (n != -1)} cheaper)"
        return "hire a worker" + (f" (+{n} pesos)" if n else "")
    if k == "help_farmers":
        return "help granjeros" + (f" (+{n} strength)" if n else "")
    if k == "discard_breed":
        return f"discard a {breed_name(a.breed or 'any')} → {then}"
    if k == "discard_pair":
        return f"discard 2 of one breed → {then}"
    if k == "disc_to_quay":
        return f"a disc to {D.CITY_NAMES[a.city]} quay {'I' * a.quay}"
    if k == "pay_grain":
        return f"pay {n} grain → {then}"
    if k == "take_market_card":
        return f"a free {breed_name(a.breed or 'any')} from the market"
    if k == "discard_objective":
        return f"discard an objective: its action, {then}"
    if k == "either":
        return " / ".join(_describe(state, player, o) for o in a.options)
    raise AssertionError(f"unknown action {a.key}")


# -- checking -------------------------------------------------------------------------------
def possible(state: GwtState, seat: int, a: Action) -> bool:
    """Whether the action's condition can be met now (its effects may still be forgone)."""
    from games.gwt_argentina import build as B
    from games.gwt_argentina import help_farmers as H
    from games.gwt_argentina import hire as HI
    from games.gwt_argentina import market as M
    from games.gwt_argentina import ports as PO
    from games.gwt_argentina import railway as R

    player = state.players[seat]
    k, n = a.kind, gain_of(state, player, a)
    if k in ("pesos", "pesos_per_granjero", "pesos_per_farmland", "pesos_per_worker_set"):
        return n > 0
    if k in ("grain", "grain_per_granjero", "grain_per_farmland"):
        return n > 0 and player.grain < D.GRAIN_LIMIT
    if k in ("certificates", "certificate_per_farmer_pair"):
        return n > 0 and player.certificates < PB.cert_limit(player)
    if k in ("engine", "engine_by_maquinistas"):
        return n > 0 and bool(destinations(state, seat, n))
    if k == "exchange_token":
        return True
    if k == "hire":
        return bool(HI.hire_choices(state, seat, n))
    if k == "build":
        return bool(B.buildable(state, seat, n))
    if k == "buy_cattle":
        # an unused gaucho may also add 2 cards to the market (p. 14)
        return bool(M.buy_choices(state, seat, player.worker_count(D.GAUCHO))
                    or state.board.cattle_deck)
    if k == "objective":
        return bool(state.board.objective_display or state.board.objective_deck)
    if k == "aux_single":
        return bool(aux_choices(state, seat, double=False))
    if k == "aux_any":
        return bool(aux_choices(state, seat, double=True))
    if k == "help_farmers":
        return H.can_help_any(state, seat, n, None)
    if k == "discard_breed":
        return bool(PB.cattle_in_hand(player, None if a.breed == "any" else {a.breed}))
    if k == "discard_pair":
        return bool(pair_breeds(player))
    if k in ("draw_discard_gauchos", "draw_discard"):
        return n > 0 and bool(player.deck or player.discard)
    if k == "disc_to_quay":
        return True
    if k == "pay_grain":
        return player.grain >= n
    if k == "move":
        return True
    if k == "remove_exhaustion":
        return any(P.is_exhaustion(c) for c in player.hand)
    if k == "delivery":
        return bool(PO.deliveries(state, seat))
    if k == "exhaust_opponents":
        return state.table() > 1 and bool(state.board.exhaustion)
    if k == "swap_with_market":
        return bool(PB.cattle_in_hand(player)) and bool(state.board.cattle_market)
    if k == "take_market_card":
        return any(P.cattle(c).breed == a.breed for c in state.board.cattle_market)
    if k == "discard_objective":
        return any(P.is_objective(c) for c in player.hand)
    if k == "remove_card":
        return bool(player.hand)
    if k == "upgrade_station_behind":
        return bool(R.StationBehindStep.options(state, _probe(seat)))
    if k in ("permanent_certificate", "permanent_grain"):
        return True
    if k == "either":
        return any(possible(state, seat, o) for o in a.options)
    raise AssertionError(f"unknown action {a.key}")


def _probe(seat: int):
    from games.gwt_argentina.state import Frame

    return Frame(kind="station_behind", seat=seat)


def pair_breeds(player: Player) -> list[str]:
    counts: dict[str, int] = {}
    for card in player.hand:
        c = P.cattle(card)
        if c is not None:
            counts[c.breed] = counts.get(c.breed, 0) + 1
    return [breed for breed, n in counts.items() if n >= 2]


def aux_choices(state: GwtState, seat: int, double: bool) -> list[tuple[str, int]]:
    """Auxiliary actions the seat can do now: (aux id, 1 or 2)."""
    player = state.players[seat]
    out = []
    for aux in D.AUX_ACTIONS:
        level = PB.aux_level(player, aux)
        for n in (1, 2):
            if n > level or (n == 2 and not double):
                continue
            if aux_possible(state, seat, aux, n):
                out.append((aux, n))
    return out


def aux_possible(state: GwtState, seat: int, aux: str, n: int) -> bool:
    player = state.players[seat]
    if aux == "aux_pesos":
        return True
    if aux == "aux_draw":
        return bool(player.deck or player.discard or player.hand)
    if aux == "aux_cert":
        return player.grain >= n
    if aux == "aux_grain":
        return player.money >= n
    if aux == "aux_engine":
        return player.money >= n and bool(destinations(state, seat, n))
    if aux == "aux_remove":
        return bool(destinations(state, seat, n, back=True, exact=True))
    raise AssertionError(aux)


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
        return D.GRAIN_LIMIT - player.grain
    return PB.cert_limit(player) - player.certificates


def advance_track(state: GwtState, seat: int, track: str, n: int, ctx: Ctx) -> None:
    player = state.players[seat]
    if track == "grain":
        taken = PB.gain_grain(player, n)
        ctx.say(state, _("Seat {seat} gains {n} grain.", seat=seat + 1, n=taken), seat)
    else:
        taken = PB.gain_cert(player, n)
        ctx.say(state, _n("Seat {seat} gains {n} certificate.",
                          "Seat {seat} gains {n} certificates.", taken, seat=seat + 1), seat)


def start(state: GwtState, seat: int, a: Action, ctx: Ctx, *, ask: bool = False) -> None:
    """Do the action now, pushing the frames of its choices (``ask``: see
    :func:`gain_track`)."""
    player = state.players[seat]
    k, n = a.kind, gain_of(state, player, a)
    who = f"Seat {seat + 1}"
    if k in ("pesos", "pesos_per_granjero", "pesos_per_farmland", "pesos_per_worker_set"):
        PB.gain_money(player, n)
        ctx.say(state, f"{who} gains {n} pesos.", seat)
    elif k in ("grain", "grain_per_granjero", "grain_per_farmland"):
        gain_track(state, seat, "grain", n, ctx, ask=ask)
    elif k in ("certificates", "certificate_per_farmer_pair"):
        gain_track(state, seat, "certificates", n, ctx, ask=ask)
    elif k in ("engine", "engine_by_maquinistas"):
        push(state, "loco", seat, max=n)
    elif k == "exchange_token":
        player.exchange_tokens += n
        ctx.say(state, f"{who} takes an exchange token.", seat)
    elif k == "hire":
        push(state, "hire", seat, mod=n)
    elif k == "build":
        push(state, "build", seat, per=n)
    elif k == "buy_cattle":
        push(state, "buy", seat, gauchos=player.worker_count(D.GAUCHO))
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
        ctx.say(state, f"{who} pays {n} grain.", seat)
        start_all(state, seat, a.then, ctx)
    elif k == "move":
        # the estanciero leaves: phase B where it stood ends with the extra one (p. 18)
        for frame in reversed(state.stack):
            if frame.kind == "location":
                frame.data["left"] = True
                break
        push(state, "move", seat, limit=n, steps=0, extra=True)
    elif k == "remove_exhaustion":
        card = next(c for c in player.hand if P.is_exhaustion(c))
        PB.remove_from_hand(state, player, card)
        ctx.say(state, f"{who} returns an exhaustion card.", seat)
    elif k == "delivery":
        push(state, "deliver", seat)
    elif k == "exhaust_opponents":
        for other in state.players:
            if other.seat != seat:
                PB.take_exhaustion(state, other, 1)
        ctx.say(state, f"{who} gives every other player an exhaustion card.", seat)
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
    start(state, seat, D.OBJECTIVE_BY_ID[card].action, ctx, ask=True)


def row_action(state: GwtState, seat: int, row: str, position: int, ctx: Ctx) -> None:
    """The immediate action of the worker-row space just filled (``position`` 0-based),
    done at once or forgone (p. 13)."""
    slot = D.ROW_SLOTS[row][position]
    if slot.actions:
        push(state, "row_action", seat, row=row, column=position + 1)


def do_aux(state: GwtState, seat: int, aux: str, n: int, ctx: Ctx) -> None:
    player = state.players[seat]
    if aux == "aux_pesos":
        PB.gain_money(player, n)
    elif aux == "aux_draw":
        push(state, "draw_then_discard", seat, n=n, upto=True)
    elif aux == "aux_cert":
        player.grain -= n
        PB.gain_money(player, n)
        gain_track(state, seat, "certificates", n, ctx)
    elif aux == "aux_grain":
        PB.pay(player, n)
        gain_track(state, seat, "grain", n, ctx)
    elif aux == "aux_engine":
        PB.pay(player, n)
        push(state, "loco", seat, max=n)
    elif aux == "aux_remove":
        push(state, "draw_then_remove", seat, n=n)
        push(state, "loco", seat, max=n, back=True)
    ctx.say(state, f"Seat {seat + 1} does the auxiliary action: {AUX_LABELS[aux][n - 1]}.", seat)
