"""Buenos Aires: the six steps in order (rulebook p. 9–11), then the job market's arrows,
the estanciero back to the start, and the forecast spaces refilled.

1 delivery · 2 income (breeds in hand + certificates) · 3 loading onto a ship ·
4, 5, 6 forecasts A, B, C (a farmer to its zone, a worker to the job market).
"""

from __future__ import annotations

from games.base import Option, seat_ref
from games.gwt_argentina import data, pieces, player_board
from games.gwt_argentina.action_facts import describe_printed
from games.gwt_argentina.actions import start
from games.gwt_argentina.discs import corner_slots, push_disc
from games.gwt_argentina.flow import (
    AutomaticStep,
    Ctx,
    DecisionStep,
    opt,
    pop,
    push,
    push_all,
    step,
)
from games.gwt_argentina.hire import place_worker_in_market
from games.gwt_argentina.market import refill_market
from games.gwt_argentina.objectives import objective_options, play_objective
from games.gwt_argentina.pedro.rules import slide_forecasts
from games.gwt_argentina.setup import place_farmer
from games.gwt_argentina.state import Frame, GwtState, Ship
from games.gwt_argentina.told import _, _n, joined
from games.gwt_argentina.words import ships_sail


def enter_buenos_aires(state: GwtState, seat: int) -> None:
    push_all(state, [("deliver", seat, {"ba": True}), ("ba_pause", seat, {"before": 2}),
                     ("ba_income", seat, {}),
                     ("ba_forecast", seat, {"letter": "A"}),
                     ("ba_forecast", seat, {"letter": "B"}),
                     ("ba_forecast", seat, {"letter": "C"}),
                     ("ba_after", seat, {}), ("ba_pause", seat, {"before": None})])


# Objective cards between the steps. « Lors de votre tour, si vous avez une ou plusieurs
# cartes Objectif en main, vous pouvez en jouer autant que vous voulez : avant d'effectuer
# la phase A ; avant ou après avoir effectué une action en phase B. Vous ne pouvez pas jouer
# une carte Objectif au cours d'une action ni lors de la phase C » (p. 16), and Buenos Aires
# is phase B: « PHASE B Effectuez la ou les actions du lieu atteint (suite) » (p. 10), its six
# steps its actions. So they are offered at the first decision of steps 1 (a delivery in
# Buenos Aires), 3, 4, 5 and 6, before their effect; before step 2, whose decision comes
# after the hand is revealed, and after step 6 a ``ba_pause`` asks only when an objective
# card is in hand.
def with_objectives(state: GwtState, seat: int, options: list[Option]) -> list[Option]:
    """A step's options and, when it has any, the objective cards one may play first."""
    return options + objective_options(state, seat) if options else options


def played_objective(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> bool:
    """Play the objective card of an ``obj:`` key (the step stays pending)."""
    if not key.startswith("obj:"):
        return False
    play_objective(state, frame.seat, key[4:], ctx)
    return True


@step("ba_pause")
class PauseStep(DecisionStep):
    """A moment between two Buenos Aires steps (``before``: the next step, or None after
    step 6) to play objective cards; it is skipped with none in hand."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        if frame.data["before"] == 2:
            return _("Buenos Aires: play an objective card before your income (step 2)?")
        return _("Buenos Aires: play an objective card before the end of phase B?")

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        cards = objective_options(state, frame.seat)
        if not cards:
            return []
        go = _("Go on to the income") if frame.data["before"] == 2 else _("End phase B")
        return cards + [opt("go", go)]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        if not played_objective(state, frame, key, ctx):
            pop(state, frame)


@step("ba_income")
class IncomeStep(DecisionStep):
    """Step 2: reveal the hand; income = breeding values of the different breeds + the
    certificates spent (temporary, chosen) and permanent (station masters)."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        player = state.players[frame.seat]
        base = player_board.breeding_total(player) + player_board.permanent(player, "permanent_certificate")
        return _("Income: breeding value {n}. Spend temporary certificates?", n=base)

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        player = state.players[frame.seat]
        base = player_board.breeding_total(player) + player_board.permanent(player, "permanent_certificate")
        return [opt(f"spend:{k}", _n("Spend {n} certificate: income {income}",
                                     "Spend {n} certificates: income {income}", k,
                                     income=base + k))
                for k in range(player.certificates, -1, -1)]

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        pop(state, frame)
        player = state.players[frame.seat]
        k = int(key[6:])
        value = player_board.breeding_total(player) + player_board.permanent(player, "permanent_certificate") + k
        player.certificates -= k
        hand = joined([pieces.card_label(c) for c in player.hand]) if player.hand else _("no cards")
        player_board.gain_money(player, value)
        for card in list(player.hand):
            if pieces.is_exhaustion(card):
                state.board.exhaustion.append(card)
            else:
                player.discard.append(card)
        player.hand = []
        ctx.announce(state, _n("{who} reveals {hand}; income {n} peso.",
                               "{who} reveals {hand}; income {n} pesos.", value,
                               who=seat_ref(frame.seat), hand=hand), frame.seat)
        ctx.reveals = True  # the hand was secret
        push(state, "ba_load", frame.seat, value=value)


def loadable(state: GwtState, seat: int, value: int) -> list[Ship]:
    """Ships of value ≤ the income, not one already holding your disc (but ships 0 and 18),
    whose hold can take a disc of your board: « Un disque provenant d'un emplacement à coins
    noirs ne peut être placé que dans une cale à coins noirs » (p. 10). The special cases of
    p. 20 (a black-slot disc on a white place when only those are left, a disc taken back
    from a station) name « un emplacement Ville lors d'une livraison, ou sur une gare lors
    d'une amélioration », not ships: our reading applies them to a ship only when no ship
    could be loaded otherwise, for the cattle « doit maintenant être chargé sur un bateau »."""
    out = []
    for ship in state.board.ships:
        facts = data.SHIP_BY_ID[ship.id]
        if facts.value > value:
            continue
        if seat in ship.discs and not facts.repeatable:
            continue
        out.append(ship)
    player = state.players[seat]
    strict = [s for s in out if corner_slots(player, data.SHIP_BY_ID[s.id].corner)]
    return strict or out


def ship_name(ship_id: str) -> str:
    return _("ship {n}", n=data.SHIP_BY_ID[ship_id].value)


def ship_label(ship_id: str) -> str:
    s = data.SHIP_BY_ID[ship_id]
    dest = s.destination.split(":") if s.destination else None
    bits = [ship_name(ship_id), _n("{n} grain", "{n} grain", s.grain),
            _("{n} VP", n=s.vp) if s.vp else None,
            _("black corner") if s.corner == "black" else None,
            describe_printed(s.on_load) if s.on_load else None,
            _("to {city} {quay}", city=data.CITY_NAMES[dest[0]], quay=dest[1]) if dest else None]
    return ", ".join(b for b in bits if b)


@step("ba_load")
class LoadStep(DecisionStep):
    """Step 3: a disc onto a ship of value ≤ the income (not one already holding your
    disc, except ships 0 and 18); its actions; its grain, 2 pesos per missing grain."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Load your cattle (value {n}) onto which ship?", n=frame.data["value"])

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        return with_objectives(state, frame.seat, [
            opt(f"ship:{s.id}", ship_label(s.id), at=s.id)
            for s in loadable(state, frame.seat, frame.data["value"])])

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        if played_objective(state, frame, key, ctx):
            return
        pop(state, frame)
        ship = data.SHIP_BY_ID[key[5:]]
        push(state, "load_pay", frame.seat, ship=ship.id)
        if ship.on_load is not None and ship.on_load.kind == "objective":
            # « choisir une carte Objectif de l'offre d'objectifs » (p. 10): not the deck
            push(state, "take_objective", frame.seat, display_only=True)
        elif ship.on_load is not None:
            start(state, frame.seat, ship.on_load, ctx)
        push_disc(state, frame.seat, ship.corner, {"to": "ship", "id": ship.id})


@step("load_pay")
class LoadPayStep(AutomaticStep):
    @staticmethod
    def run(state: GwtState, frame: Frame, ctx: Ctx) -> None:
        pop(state, frame)
        player = state.players[frame.seat]
        ship_id = frame.data["ship"]
        need = max(0, data.SHIP_BY_ID[ship_id].grain - player_board.permanent(player, "permanent_grain"))
        grain = min(need, player.grain)
        player.grain -= grain
        pesos = min(player.money, data.GRAIN_SHORTFALL_PESOS * (need - grain))
        player.money -= pesos
        ctx.announce(state, _("{who} loads onto {ship}: {grain}, {pesos}.",
                              who=seat_ref(frame.seat), ship=ship_name(ship_id),
                              grain=_n("{n} grain", "{n} grain", grain),
                              pesos=_n("{n} peso", "{n} pesos", pesos)), frame.seat)


def worker_choosable(state: GwtState) -> bool:
    """Worker tiles can no longer be chosen once the marker left the job market (p. 19)."""
    return state.board.job_marker_row < len(state.board.job_market)


@step("ba_forecast")
class ForecastStep(DecisionStep):
    """Steps 4–6: one of the two tiles of a forecast pair to its place."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _("Forecast {letter}: which tile?", letter=frame.data["letter"])

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        letter = frame.data["letter"]
        out = []
        for space in (f"{letter}1", f"{letter}2"):
            tile = state.board.forecast.get(space)
            if tile is None or (pieces.is_worker(tile) and not worker_choosable(state)):
                continue
            label = (_("{space}: {tile} to its zone", space=space, tile=pieces.tile_label(tile))
                     if pieces.is_farmer(tile) else
                     _("{space}: {tile} to the job market", space=space, tile=pieces.tile_label(tile)))
            out.append(opt(f"take:{space}", label, at=f"forecast:{space}"))
        return with_objectives(state, frame.seat, out)

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        if played_objective(state, frame, key, ctx):
            return
        pop(state, frame)
        space = key[5:]
        tile = state.board.forecast[space]
        assert tile is not None  # only filled forecast spaces are offered
        state.board.forecast[space] = None
        if pieces.is_farmer(tile):
            where = place_farmer(state.board, tile)
            if where is None:
                state.board.box_tiles.append(tile)
            if where:
                text = _("{who} places a {tile} at {space}.", who=seat_ref(frame.seat),
                         tile=pieces.tile_label(tile), space=where)
            else:
                text = _("{who} places a {tile} in the box (zone full).",
                         who=seat_ref(frame.seat), tile=pieces.tile_label(tile))
            ctx.announce(state, text, frame.seat)
            return
        arrow = place_worker_in_market(state, tile)
        ctx.announce(state, _("{who} puts a {tile} in the job market.", who=seat_ref(frame.seat),
                              tile=pieces.tile_label(tile)), frame.seat)
        if arrow == "end":
            state.end_triggered_by = frame.seat
            state.players[frame.seat].job_marker = True
            state.last_turns = [(frame.seat + i) % state.seats for i in range(1, state.seats)]
            ctx.announce(state, _("{who} takes the job-market marker: every other player has one "
                                  "last turn.", who=seat_ref(frame.seat)), frame.seat)
        elif arrow is not None:
            state.after_buenos_aires.append(arrow)


@step("ba_after")
class AfterStep(AutomaticStep):
    @staticmethod
    def run(state: GwtState, frame: Frame, ctx: Ctx) -> None:
        pop(state, frame)
        for event in state.after_buenos_aires:
            if event == "market":
                refill_market(state)
                ctx.reveals = True
                ctx.announce(state, _("The cattle market is refilled."))
            elif event.startswith("ships:"):
                sail(state, event[6:], ctx)
        state.after_buenos_aires = []
        state.players[frame.seat].estanciero = "START"
        board = state.board
        if state.pedro is not None:  # solo: the lower forecast spaces first (pedro.rules)
            slide_forecasts(board)
        for space, tile in board.forecast.items():
            if tile is None:
                bag = {"A": board.bag_a, "B": board.bag_b, "C": board.bag_c}[space[0]]
                if bag:
                    board.forecast[space] = bag.pop(0)
                    ctx.reveals = True


def sail(state: GwtState, colour: str, ctx: Ctx) -> None:
    """The 3 ships of an anchor colour sail: their discs go to their quays; 2 ships of the
    pile join the loading zone (rulebook p. 11 and its clarification)."""
    board = state.board
    staying = []
    for ship in board.ships:
        facts = data.SHIP_BY_ID[ship.id]
        if facts.anchor == colour:
            assert facts.destination is not None  # a ship with an anchor sails somewhere
            city, quay = facts.destination.split(":")
            board.ports[city].quays[quay].extend(ship.discs)
            board.ships_gone.append(ship.id)
        else:
            staying.append(ship)
    for _ship in range(data.SHIPS_DRAWN_PER_DEPARTURE):
        if board.ship_pile:
            staying.append(Ship(id=board.ship_pile.pop(0)))
            ctx.reveals = True
    board.ships = sorted(staying, key=lambda s: data.SHIP_BY_ID[s.id].value)
    ctx.announce(state, ships_sail(colour))
