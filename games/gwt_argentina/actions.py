"""Actions: describe an action code, say whether it can be done now, and start it.

Rulebook "Les actions" (p. 12–18) and the annex. Conditions (red) must be met entirely;
effects may be forgone, except pesos, which are always taken whole (p. 12). Track gains
(certificates, grain) stop at their limit.
"""

from __future__ import annotations

from games.gwt_argentina import pieces as P
from games.gwt_argentina import player_board as PB
from games.gwt_argentina import tables as T
from games.gwt_argentina.discs import push_disc
from games.gwt_argentina.flow import Ctx, push, push_all
from games.gwt_argentina.railway import destinations
from games.gwt_argentina.state import GwtState, Player
from games.gwt_argentina.trail import building_owner

BREED_NAMES = {"holando": "Holando Argentino", "patagonico": "Patagonico",
               "fronterizo": "Fronterizo"}
AUX_LABELS = {
    "coin": ("+1 peso", "+2 pesos"),
    "draw": ("draw 1, then discard 1", "draw 2, then discard 2"),
    "cert": ("1 grain → +1 certificate, +1 peso", "2 grain → +2 certificates, +2 pesos"),
    "grain": ("pay 1 peso → +1 grain", "pay 2 pesos → +2 grain"),
    "loco": ("pay 1 peso → locomotive +1", "pay 2 pesos → locomotive +2"),
    "back": ("locomotive back 1 → draw 1, remove 1 card",
             "locomotive back 2 → draw 2, remove 2 cards"),
}


# -- counts used by several actions -------------------------------------------------------
def own_buildings(state: GwtState, seat: int) -> list[str]:
    """Spaces of the seat's private buildings on the trail."""
    return [space for space, tile in state.board.trail.items()
            if ":" in tile and building_owner(tile) == seat]


def farmland_buildings(state: GwtState, seat: int) -> int:
    return sum(1 for s in own_buildings(state, seat) if s in T.FARMLAND)


def worker_sets(player: Player) -> int:
    return min(player.worker_count(row) for row in ("gaucho", "carpintero", "maquinista",
                                                     "granjero"))


def amount(state: GwtState, player: Player, what: str) -> int:
    if what.lstrip("-").isdigit():
        return int(what)
    if what == "maq":
        return player.worker_count("maquinista")
    if what == "gauchos":
        return player.worker_count("gaucho")
    if what == "granjeros":
        return player.worker_count("granjero")
    if what == "farmland":
        return farmland_buildings(state, player.seat)
    if what == "farmerpairs":
        return len(player.helped_farmers) // 2
    if what == "sets":
        return worker_sets(player)
    raise AssertionError(f"unknown amount {what}")


# -- describing ---------------------------------------------------------------------------
def describe(state: GwtState, seat: int, code: str) -> str:
    """A short label of what the action would give now."""
    player = state.players[seat]
    name, _, arg = code.partition(":")
    if name == "discard":
        kind, _, pesos = arg.partition(":")
        return f"Discard a {BREED_NAMES[kind]} → +{pesos} pesos"
    if name == "pair":
        return f"Discard 2 cattle of one breed → +{arg} pesos"
    if name == "hire":
        mod = int(arg)
        return "Hire a worker" + (f" ({'+' if mod > 0 else ''}{mod} pesos)" if mod else "")
    if name == "build":
        return f"Build a building ({arg} pesos per carpintero)"
    if name == "objective":
        return "Take an objective card"
    if name == "aux":
        return "Auxiliary action" + (" (single or double)" if arg == "2" else " (single)")
    if name == "loco":
        return f"Locomotive forward up to {amount(state, player, arg)}"
    if name == "cert":
        n = amount(state, player, arg)
        return f"+{n} certificate{'s' * (n != 1)}"
    if name == "grain":
        return f"+{amount(state, player, arg)} grain"
    if name == "pesos":
        n = amount(state, player, arg) * {"farmland": 2, "sets": 6}.get(arg, 1)
        return f"+{n} pesos"
    if name == "buy":
        return f"Buy cattle ({player.worker_count('gaucho')} gauchos)"
    if name == "help":
        return "Help granjeros" + (f" (+{arg} strength)" if arg != "0" else "")
    if name == "exh_or_aux":
        return "Return an exhaustion card, or a single auxiliary action"
    if name == "token":
        return "+1 exchange token"
    if name == "drawdiscard":
        n = amount(state, player, arg)
        return f"Draw {n}, then discard {n}"
    if name == "quay":
        city, _, _corner = arg.partition(":")
        return f"A disc from your board to {T.CITY_NAMES[city]} quay I"
    if name == "grainloco":
        return "Pay 1 grain → locomotive +2 and +2 pesos"
    if name == "move":
        return f"Move the estanciero up to {arg}, extra phase B"
    if name == "cert2_or_obj":
        return "+2 certificates, or discard an objective: its action and +3 certificates"
    if name == "delivery":
        return "Deliver grain to a port (Buenos Aires step 1)"
    if name == "exhaust_others":
        return "Every other player takes an exhaustion card"
    if name == "swap_market":
        return "Discard a cattle card, take any market card into your hand"
    if name == "space":
        return f"Discard a cattle card → {SPACE_BONUS_LABEL[arg]}"
    raise AssertionError(f"unknown action {code}")


SPACE_BONUS_LABEL = {"cert": "+1 certificate", "peso": "+1 peso", "grain": "+1 grain",
                     "pesos2": "+2 pesos"}


# -- checking -------------------------------------------------------------------------------
def possible(state: GwtState, seat: int, code: str) -> bool:
    """Whether the action's condition can be met now (effects may still be forgone)."""
    from games.gwt_argentina import build as B
    from games.gwt_argentina import help_farmers as H
    from games.gwt_argentina import hire as HI
    from games.gwt_argentina import market as M
    from games.gwt_argentina import ports as PO

    player = state.players[seat]
    name, _, arg = code.partition(":")
    if name == "discard":
        kind = arg.partition(":")[0]
        return any(P.card_kind(c) == kind for c in player.hand)
    if name == "pair":
        return bool(pair_breeds(player))
    if name == "hire":
        return bool(HI.hire_choices(state, seat, int(arg)))
    if name == "build":
        return bool(B.buildable(state, seat, int(arg)))
    if name == "objective":
        return bool(state.board.objective_display or state.board.objective_deck)
    if name == "aux":
        return bool(aux_choices(state, seat, double=arg == "2"))
    if name == "loco":
        return bool(destinations(state, seat, amount(state, player, arg)))
    if name == "cert":
        return amount(state, player, arg) > 0 and player.certificates < PB.cert_limit(player)
    if name == "grain":
        return amount(state, player, arg) > 0 and player.grain < T.GRAIN_LIMIT
    if name == "pesos":
        return amount(state, player, arg) > 0
    if name == "buy":
        return bool(M.buy_choices(state, seat, player.worker_count("gaucho")))
    if name == "help":
        return H.can_help_any(state, seat, int(arg), None)
    if name == "exh_or_aux":
        return any(P.is_exhaustion(c) for c in player.hand) or bool(aux_choices(state, seat, False))
    if name == "token":
        return True
    if name == "drawdiscard":
        return amount(state, player, arg) > 0 and bool(player.deck or player.discard)
    if name == "quay":
        return bool(player.slots) or any(seat in s for s in state.board.stations.values())
    if name == "grainloco":
        return player.grain >= 1
    if name == "move":
        return True
    if name == "cert2_or_obj":
        return True
    if name == "delivery":
        return bool(PO.deliveries(state, seat))
    if name == "exhaust_others":
        return state.seats > 1 and bool(state.board.exhaustion)
    if name == "swap_market":
        return bool(PB.cattle_in_hand(player)) and bool(state.board.cattle_market)
    if name == "space":
        return bool(PB.cattle_in_hand(player))
    raise AssertionError(f"unknown action {code}")


def pair_breeds(player: Player) -> list[str]:
    counts: dict[str, list[str]] = {}
    for card in player.hand:
        c = P.cattle(card)
        if c is not None:
            counts.setdefault(c.breed, []).append(card)
    return [breed for breed, cards in counts.items() if len(cards) >= 2]


def aux_choices(state: GwtState, seat: int, double: bool) -> list[tuple[str, int]]:
    """Auxiliary actions the seat can do now: (aux id, 1 or 2)."""
    player = state.players[seat]
    out = []
    for aux in T.AUX:
        level = PB.aux_level(player, aux)
        for n in (1, 2):
            if n > level or (n == 2 and not double):
                continue
            if aux_possible(state, seat, aux, n):
                out.append((aux, n))
    return out


def aux_possible(state: GwtState, seat: int, aux: str, n: int) -> bool:
    player = state.players[seat]
    if aux == "coin":
        return True
    if aux == "draw":
        return bool(player.deck or player.discard or player.hand)
    if aux == "cert":
        return player.grain >= n
    if aux in ("grain", "loco"):
        if player.money < n:
            return False
        return aux == "grain" or bool(destinations(state, seat, n))
    if aux == "back":
        return bool(destinations(state, seat, n, back=True, exact=True))
    raise AssertionError(aux)


# -- starting -------------------------------------------------------------------------------
def start(state: GwtState, seat: int, code: str, ctx: Ctx) -> None:
    """Do the action, pushing the frames of its choices (the first runs first)."""
    player = state.players[seat]
    name, _, arg = code.partition(":")
    who = f"Seat {seat + 1}"
    if name == "discard":
        kind, _, pesos = arg.partition(":")
        card = next(c for c in player.hand if P.card_kind(c) == kind)
        PB.discard(player, card)
        PB.gain_money(player, int(pesos))
        ctx.say(state, f"{who} discards a {BREED_NAMES[kind]} for {pesos} pesos.", seat)
    elif name == "pair":
        push(state, "pair", seat, pesos=int(arg))
    elif name == "hire":
        push(state, "hire", seat, mod=int(arg))
    elif name == "build":
        push(state, "build", seat, per=int(arg))
    elif name == "objective":
        push(state, "take_objective", seat)
    elif name == "aux":
        push(state, "aux", seat, double=arg == "2")
    elif name == "loco":
        push(state, "loco", seat, max=amount(state, player, arg))
    elif name == "cert":
        got = PB.gain_cert(player, amount(state, player, arg))
        ctx.say(state, f"{who} gains {got} certificate{'s' * (got != 1)}.", seat)
    elif name == "grain":
        got = PB.gain_grain(player, amount(state, player, arg))
        ctx.say(state, f"{who} gains {got} grain.", seat)
    elif name == "pesos":
        n = amount(state, player, arg) * {"farmland": 2, "sets": 6}.get(arg, 1)
        PB.gain_money(player, n)
        ctx.say(state, f"{who} gains {n} pesos.", seat)
    elif name == "buy":
        push(state, "buy", seat, gauchos=player.worker_count("gaucho"))
    elif name == "help":
        push(state, "help", seat, bonus=int(arg), only=None, chosen=[])
    elif name == "exh_or_aux":
        push(state, "exh_or_aux", seat)
    elif name == "token":
        player.exchange_tokens += 1
        ctx.say(state, f"{who} takes an exchange token.", seat)
    elif name == "drawdiscard":
        n = amount(state, player, arg)
        push(state, "draw_then_discard", seat, n=n, upto=False)
    elif name == "quay":
        city, _, corner = arg.partition(":")
        push_disc(state, seat, corner, {"to": "quay", "city": city, "quay": "I"})
    elif name == "grainloco":
        player.grain -= 1
        PB.gain_money(player, 2)
        push(state, "loco", seat, max=2)
        ctx.say(state, f"{who} pays 1 grain for 2 pesos and a locomotive move.", seat)
    elif name == "move":
        push(state, "move", seat, limit=int(arg), steps=0, extra=True,
             start=player.estanciero)
    elif name == "cert2_or_obj":
        push(state, "cert2_or_obj", seat)
    elif name == "delivery":
        push(state, "deliver", seat)
    elif name == "exhaust_others":
        for other in state.players:
            if other.seat != seat:
                PB.take_exhaustion(state, other, 1)
        ctx.say(state, f"{who} gives every other player an exhaustion card.", seat)
    elif name == "swap_market":
        push(state, "pick_cattle", seat, then="swap_market")
    elif name == "space":
        push(state, "pick_cattle", seat, then=f"space:{arg}")
    else:
        raise AssertionError(f"unknown action {code}")


def objective_action(state: GwtState, seat: int, card: str, ctx: Ctx) -> None:
    """The immediate action printed on an objective card (annex, last page)."""
    player = state.players[seat]
    action, n, *_rest = T.OBJECTIVES[P.objective_number(card)]
    if action == "cert":
        PB.gain_cert(player, n)
    elif action == "loco":
        push(state, "loco", seat, max=n)
    elif action == "draw":
        push(state, "draw_then_discard", seat, n=n, upto=True)
    elif action == "pesos":
        PB.gain_money(player, n)
    elif action == "grain":
        PB.gain_grain(player, n)


def row_action(state: GwtState, seat: int, row: str, position: int, ctx: Ctx) -> None:
    """The immediate action of a worker row's space (p. 13), done at once or forgone."""
    action = T.ROW_ACTIONS.get(row, {}).get(position)
    if action is None:
        return
    push(state, "row_action", seat, action=action, row=row)


ROW_LABELS = {
    "token": "+1 exchange token", "pesos2_remove": "+2 pesos and remove a card from your hand",
    "pesos3_buy": "+3 pesos and buy cattle", "build": "Build (2 pesos per carpintero)",
    "pesos3": "+3 pesos", "build_cheap": "Build (1 peso per carpintero)",
    "remove": "Remove a card from your hand", "cattle_cert": "Discard a cattle card → +1 certificate",
    "loco2": "Locomotive forward up to 2", "pesos5_station": "+5 pesos and upgrade a station behind",
    "grain": "+1 grain", "quay_RT": "A white-corner disc to Rotterdam quay I",
    "quay_LV": "A disc to Liverpool quay I",
}


def do_row_action(state: GwtState, seat: int, action: str, ctx: Ctx) -> None:
    player = state.players[seat]
    if action == "token":
        player.exchange_tokens += 1
    elif action == "pesos2_remove":
        PB.gain_money(player, 2)
        push(state, "remove_cards", seat, n=1)
    elif action == "pesos3_buy":
        PB.gain_money(player, 3)
        push(state, "buy", seat, gauchos=player.worker_count("gaucho"))
    elif action == "build":
        push(state, "build", seat, per=2)
    elif action == "build_cheap":
        push(state, "build", seat, per=1)
    elif action == "pesos3":
        PB.gain_money(player, 3)
    elif action == "remove":
        push(state, "remove_cards", seat, n=1)
    elif action == "cattle_cert":
        push(state, "pick_cattle", seat, then="space:cert")
    elif action == "loco2":
        push(state, "loco", seat, max=2)
    elif action == "pesos5_station":
        PB.gain_money(player, 5)
        push(state, "station_behind", seat)
    elif action == "grain":
        PB.gain_grain(player, 1)
    elif action == "quay_RT":
        push_disc(state, seat, "W", {"to": "quay", "city": "RT", "quay": "I"})
    elif action == "quay_LV":
        push_disc(state, seat, "B", {"to": "quay", "city": "LV", "quay": "I"})
    ctx.say(state, f"Seat {seat + 1}: {ROW_LABELS[action]}.", seat)


def do_aux(state: GwtState, seat: int, aux: str, n: int, ctx: Ctx) -> None:
    player = state.players[seat]
    if aux == "coin":
        PB.gain_money(player, n)
    elif aux == "draw":
        push(state, "draw_then_discard", seat, n=n, upto=False)
    elif aux == "cert":
        player.grain -= n
        PB.gain_cert(player, n)
        PB.gain_money(player, n)
    elif aux == "grain":
        PB.pay(player, n)
        PB.gain_grain(player, n)
    elif aux == "loco":
        PB.pay(player, n)
        push(state, "loco", seat, max=n)
    elif aux == "back":
        push_all(state, [("loco", seat, {"max": n, "back": True}),
                         ("draw_then_remove", seat, {"n": n})])
    ctx.say(state, f"Seat {seat + 1} does the auxiliary action: {AUX_LABELS[aux][n - 1]}.", seat)
