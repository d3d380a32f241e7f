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
from games.gwt_argentina.flow import Ctx, push, seat_ref
from games.gwt_argentina.railway import destinations
from games.gwt_argentina.state import GwtState, Player
from games.gwt_argentina.told import _, _n, cut, joined
from games.gwt_argentina.trail import building_number, building_owner, building_side
from games.i18n import N_

Action = D.Action

AUX_LABELS = {
    "aux_pesos": (N_("+1 peso"), N_("+2 pesos")),
    "aux_draw": (N_("draw 1, then discard 1"), N_("draw 2, then discard 2")),
    "aux_cert": (N_("1 grain → +1 certificate, +1 peso"),
                 N_("2 grain → +2 certificates, +2 pesos")),
    "aux_grain": (N_("pay 1 peso → +1 grain"), N_("pay 2 pesos → +2 grain")),
    "aux_engine": (N_("pay 1 peso → locomotive +1"), N_("pay 2 pesos → locomotive +2")),
    "aux_remove": (N_("locomotive back 1 → draw 1, remove 1 card"),
                   N_("locomotive back 2 → draw 2, remove 2 cards")),
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
    return _("card of your choice") if breed == "any" else D.BREED_BY_ID[breed].name


# -- describing ---------------------------------------------------------------------------
def describe(state: GwtState, seat: int, a: Action) -> str:
    """A short label of what the action would give now (≤ 100 characters)."""
    return cut(_describe(state, state.players[seat], a), 100)


def describe_printed(a: Action) -> str:
    """What an action printed on a card or tile gives, without a position (objective
    cards, ships, station masters: fixed amounts)."""
    return cut(_describe(None, None, a), 100)  # type: ignore[arg-type]


def _describe(state: GwtState, player: Player, a: Action) -> str:
    k, n = a.kind, gain_of(state, player, a)
    then = joined([_describe(state, player, t) for t in a.then])
    pesos = ("pesos", "pesos_per_granjero", "pesos_per_farmland", "pesos_per_worker_set")
    if k in pesos:
        return _n("+{n} peso", "+{n} pesos", n)
    if k in ("grain", "grain_per_granjero", "grain_per_farmland"):
        return _n("+{n} grain", "+{n} grain", n)
    if k in ("certificates", "certificate_per_farmer_pair"):
        return _n("+{n} certificate", "+{n} certificates", n)
    if k in ("engine", "engine_by_maquinistas"):
        return _("locomotive up to {n}", n=n)
    if k in ("draw_discard_gauchos", "draw_discard"):
        return _("draw up to {n}, discard as many", n=n)
    simple = {
        "exchange_token": lambda: _("+{n} exchange token", n=n),
        "build": lambda: _("build ({n} pesos per carpintero)", n=n),
        "buy_cattle": lambda: _n("buy cattle ({n} gaucho)", "buy cattle ({n} gauchos)",
                                 player.worker_count(D.GAUCHO)),
        "objective": lambda: _("take an objective card"),
        "aux_single": lambda: _("single auxiliary action"),
        "aux_any": lambda: _("auxiliary action (single or double)"),
        "move": lambda: _("move up to {n}, extra phase B", n=n),
        "remove_exhaustion": lambda: _("return an exhaustion card"),
        "delivery": lambda: _("deliver grain to a port"),
        "exhaust_opponents": lambda: _("an exhaustion card to every other player"),
        "swap_with_market": lambda: _("a cattle card for any market card, into your hand"),
        "remove_card": lambda: _n("remove {n} card from your hand",
                                  "remove {n} cards from your hand", n),
        "upgrade_station_behind": lambda: _("upgrade a station behind your locomotive"),
        "permanent_certificate": lambda: _("+{n} breeding value at every income", n=n),
        "permanent_grain": lambda: _n("{n} grain less at every loading",
                                      "{n} grain less at every loading", n),
    }
    if k in simple:
        return simple[k]()
    if k == "hire":
        if n < 0:
            return _n("hire a worker ({n} peso cheaper)", "hire a worker ({n} pesos cheaper)", -n)
        return _("hire a worker (+{n} pesos)", n=n) if n else _("hire a worker")
    if k == "help_farmers":
        return _("help granjeros (+{n} strength)", n=n) if n else _("help granjeros")
    if k == "discard_breed":
        return _("discard a {breed} → {then}", breed=breed_name(a.breed or "any"), then=then)
    if k == "discard_pair":
        return _("discard 2 of one breed → {then}", then=then)
    if k == "disc_to_quay":
        return _("a disc to {city} quay {quay}", city=D.CITY_NAMES[a.city], quay="I" * a.quay)
    if k == "pay_grain":
        return _n("pay {n} grain → {then}", "pay {n} grain → {then}", n, then=then)
    if k == "take_market_card":
        return _("a free {breed} from the market", breed=breed_name(a.breed or "any"))
    if k == "discard_objective":
        return _("discard an objective: its action, {then}", then=then)
    if k == "either":
        return joined([_describe(state, player, o) for o in a.options], " / ")
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
    who = seat_ref(seat)
    if track == "grain":
        got = PB.gain_grain(player, n)
        ctx.say(state, _n("{who} gains {n} grain.", "{who} gains {n} grain.", got, who=who), seat)
    else:
        got = PB.gain_cert(player, n)
        ctx.say(state, _n("{who} gains {n} certificate.", "{who} gains {n} certificates.", got,
                          who=who), seat)


def start(state: GwtState, seat: int, a: Action, ctx: Ctx, *, ask: bool = False) -> None:
    """Do the action now, pushing the frames of its choices (``ask``: see
    :func:`gain_track`)."""
    player = state.players[seat]
    k, n = a.kind, gain_of(state, player, a)
    who = seat_ref(seat)
    if k in ("pesos", "pesos_per_granjero", "pesos_per_farmland", "pesos_per_worker_set"):
        PB.gain_money(player, n)
        ctx.say(state, _n("{who} gains {n} peso.", "{who} gains {n} pesos.", n, who=who), seat)
    elif k in ("grain", "grain_per_granjero", "grain_per_farmland"):
        gain_track(state, seat, "grain", n, ctx, ask=ask)
    elif k in ("certificates", "certificate_per_farmer_pair"):
        gain_track(state, seat, "certificates", n, ctx, ask=ask)
    elif k in ("engine", "engine_by_maquinistas"):
        push(state, "loco", seat, max=n)
    elif k == "exchange_token":
        player.exchange_tokens += n
        ctx.say(state, _("{who} takes an exchange token.", who=who), seat)
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
        ctx.say(state, _n("{who} pays {n} grain.", "{who} pays {n} grain.", n, who=who), seat)
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
        ctx.say(state, _("{who} returns an exhaustion card.", who=who), seat)
    elif k == "delivery":
        push(state, "deliver", seat)
    elif k == "exhaust_opponents":
        for other in state.players:
            if other.seat != seat:
                PB.take_exhaustion(state, other, 1)
        if state.pedro is not None:  # solo: Pedro's cards go face down (pedro_actions)
            from games.gwt_argentina.pedro_actions import turn_face_down

            turn_face_down(state)
        ctx.say(state, _("{who} gives every other player an exhaustion card.", who=who), seat)
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
    ctx.say(state, _("{who} does the auxiliary action: {action}.", who=seat_ref(seat),
                     action=_(AUX_LABELS[aux][n - 1])), seat)
