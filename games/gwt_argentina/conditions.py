"""Whether an action of the data can be done now: « Vous devez remplir entièrement la
condition » while its effects may be forgone (p. 12), and which auxiliary actions are open.
"""

from __future__ import annotations

from games.gwt_argentina import (
    build,
    data,
    help_farmers,
    hire,
    market,
    pieces,
    player_board,
    ports,
    railway,
)
from games.gwt_argentina.action_facts import gain_of
from games.gwt_argentina.railway import destinations
from games.gwt_argentina.state import Frame, GwtState, Player

Action = data.Action


def possible(state: GwtState, seat: int, a: Action) -> bool:
    """Whether the action's condition can be met now (its effects may still be forgone)."""
    player = state.players[seat]
    k, n = a.kind, gain_of(state, player, a)
    if k in ("pesos", "pesos_per_granjero", "pesos_per_farmland", "pesos_per_worker_set"):
        return n > 0
    if k in ("grain", "grain_per_granjero", "grain_per_farmland"):
        return n > 0 and player.grain < data.GRAIN_LIMIT
    if k in ("certificates", "certificate_per_farmer_pair"):
        return n > 0 and player.certificates < player_board.cert_limit(player)
    if k in ("engine", "engine_by_maquinistas"):
        return n > 0 and bool(destinations(state, seat, n))
    if k == "exchange_token":
        return True
    if k == "hire":
        return bool(hire.hire_choices(state, seat, n))
    if k == "build":
        return bool(build.buildable(state, seat, n))
    if k == "buy_cattle":
        # an unused gaucho may also add 2 cards to the market (p. 14)
        return bool(market.buy_choices(state, seat, player.worker_count(data.GAUCHO))
                    or state.board.cattle_deck)
    if k == "objective":
        return bool(state.board.objective_display or state.board.objective_deck)
    if k == "aux_single":
        return bool(aux_choices(state, seat, double=False))
    if k == "aux_any":
        return bool(aux_choices(state, seat, double=True))
    if k == "help_farmers":
        return help_farmers.can_help_any(state, seat, n, None)
    if k == "discard_breed":
        return bool(player_board.cattle_in_hand(player, None if a.breed == "any" else {a.breed or ""}))
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
        return any(pieces.is_exhaustion(c) for c in player.hand)
    if k == "delivery":
        return bool(ports.deliveries(state, seat))
    if k == "exhaust_opponents":
        return state.table() > 1 and bool(state.board.exhaustion)
    if k == "swap_with_market":
        return bool(player_board.cattle_in_hand(player)) and bool(state.board.cattle_market)
    if k == "take_market_card":
        return any(pieces.herd_card(c).breed == a.breed for c in state.board.cattle_market)
    if k == "discard_objective":
        return any(pieces.is_objective(c) for c in player.hand)
    if k == "remove_card":
        return bool(player.hand)
    if k == "upgrade_station_behind":
        return bool(railway.StationBehindStep.options(state, _probe(seat)))
    if k in ("permanent_certificate", "permanent_grain"):
        return True
    if k == "either":
        return any(possible(state, seat, o) for o in a.options)
    raise AssertionError(f"unknown action {a.key}")


def _probe(seat: int) -> Frame:
    return Frame(kind="station_behind", seat=seat)


def pair_breeds(player: Player) -> list[str]:
    counts: dict[str, int] = {}
    for card in player.hand:
        c = pieces.cattle(card)
        if c is not None:
            counts[c.breed] = counts.get(c.breed, 0) + 1
    return [breed for breed, n in counts.items() if n >= 2]


def aux_choices(state: GwtState, seat: int, double: bool) -> list[tuple[str, int]]:
    """Auxiliary actions the seat can do now: (aux id, 1 or 2)."""
    player = state.players[seat]
    out = []
    for aux in data.AUX_ACTIONS:
        level = player_board.aux_level(player, aux)
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
