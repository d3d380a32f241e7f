"""What an action of the data (:class:`games.gwt_argentina.data.Action`) is and gives:
found again by its ``key`` (:data:`ACTION_BY_KEY`; frames keep actions by key, JSON-safe),
the actions of a location, how much a counted action gives now, and its label (rulebook "Les
actions", p. 12–18, and the annex). Whether one can be done now is :mod:`.conditions`;
doing it is :mod:`.actions`.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.gwt_argentina import data
from games.gwt_argentina.state import GwtState, Player
from games.gwt_argentina.told import _, _n, cut, joined
from games.gwt_argentina.trail import building_number, building_owner, building_side
from games.i18n import N_

Action = data.Action

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
    return data.RISK_ACTIONS[space].action


def _walk(actions: Iterable[Action]) -> Iterable[Action]:
    for a in actions:
        yield a
        yield from _walk(a.then)
        yield from _walk(a.options)


def _all_actions() -> dict[str, Action]:
    found: list[Action] = []
    for neutral in data.NEUTRAL_BUILDINGS:
        found += neutral.actions
    for private in data.PRIVATE_BUILDINGS:
        found += private.actions
    for slots in data.ROW_SLOTS.values():
        for slot in slots:
            found += slot.actions
    for m in data.STATION_MASTERS:
        found.append(m.reward)
    for o in data.OBJECTIVE_CARDS:
        found.append(o.action)
    for s in data.SHIPS:
        if s.on_load:
            found.append(s.on_load)
    for city in data.PORT_CITIES.values():
        for d in city.districts:
            found += [sp.bonus for sp in d.spaces if sp.bonus]
    found += [risk_action(s) for s in data.RISK_ACTIONS]
    return {a.key: a for a in _walk(found)}


ACTION_BY_KEY: dict[str, Action] = _all_actions()


def location_actions(state: GwtState, space: str, tile: str | None = None) -> list[Action]:
    """The local actions of the building ``tile`` (by default the one on ``space``); a
    private building adds the special action printed on its space, for its owner (p. 8)."""
    tile = tile or state.board.trail[space]
    if ":" not in tile:
        return list(data.NEUTRAL_BY_ID[tile].actions)
    actions = list(data.private_building(building_number(tile), building_side(state, tile)).actions)
    if space in data.RISK_ACTIONS:
        actions.append(risk_action(space))
    return actions


# -- counts used by several actions -------------------------------------------------------
def own_buildings(state: GwtState, seat: int) -> list[str]:
    """Spaces of the seat's private buildings on the trail."""
    return [space for space, tile in state.board.trail.items()
            if ":" in tile and building_owner(tile) == seat]


def farmland_buildings(state: GwtState, seat: int) -> int:
    return sum(1 for s in own_buildings(state, seat) if s in data.FARMLAND)


def worker_sets(player: Player) -> int:
    return min(player.worker_count(row) for row in data.WORKER_ROWS)


def gain_of(state: GwtState, player: Player, a: Action) -> int:
    """How much a counted action gives now."""
    k = a.kind
    if k in ("grain_per_granjero", "pesos_per_granjero"):
        return a.amount * player.worker_count(data.GRANJERO)
    if k in ("grain_per_farmland", "pesos_per_farmland"):
        return a.amount * farmland_buildings(state, player.seat)
    if k == "certificate_per_farmer_pair":
        return a.amount * (len(player.helped_farmers) // 2)
    if k == "pesos_per_worker_set":
        return a.amount * worker_sets(player)
    if k == "engine_by_maquinistas":
        return player.worker_count(data.MAQUINISTA)
    if k == "draw_discard_gauchos":
        return player.worker_count(data.GAUCHO)
    return a.amount


def breed_name(breed: str) -> str:
    return _("card of your choice") if breed == "any" else data.BREED_BY_ID[breed].name


# -- describing ---------------------------------------------------------------------------
def describe(state: GwtState, seat: int, a: Action) -> str:
    """A short label of what the action would give now (≤ 100 characters)."""
    return cut(_describe(state, state.players[seat], a), 100)


def describe_printed(a: Action) -> str:
    """What an action printed on a card or tile gives, without a position (objective
    cards, ships, station masters: fixed amounts)."""
    return cut(_describe(None, None, a), 100)


def _describe(state: GwtState | None, player: Player | None, a: Action) -> str:
    """Without a position (``state`` and ``player`` None) the amounts are the printed ones:
    the actions printed on cards and tiles count nothing."""
    k = a.kind
    n = a.amount if state is None or player is None else gain_of(state, player, a)
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
    if k == "buy_cattle":
        assert player is not None, "buying cattle is printed on no card or tile"
        return _n("buy cattle ({n} gaucho)", "buy cattle ({n} gauchos)",
                  player.worker_count(data.GAUCHO))
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
        return _("a disc to {city} quay {quay}", city=data.CITY_NAMES[a.city or ""],
                 quay="I" * a.quay)
    if k == "pay_grain":
        return _n("pay {n} grain → {then}", "pay {n} grain → {then}", n, then=then)
    if k == "take_market_card":
        return _("a free {breed} from the market", breed=breed_name(a.breed or "any"))
    if k == "discard_objective":
        return _("discard an objective: its action, {then}", then=then)
    if k == "either":
        return joined([_describe(state, player, o) for o in a.options], " / ")
    raise AssertionError(f"unknown action {a.key}")
