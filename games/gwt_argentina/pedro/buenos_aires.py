"""Pedro in Buenos Aires (the solo chapter's « Buenos Aires » paragraphs).

« À l'étape ①, Pedro paye autant de grain que possible lorsqu'il livre au quartier d'une
ville. ... Si plusieurs options sont valides, il choisit l'espace bonus rapportant le plus
de points de victoire ; si l'égalité persiste, ... le plus de pesos. Il saute l'étape ②.
Ensuite, à l'étape ③, Pedro charge le prochain bateau, comme indiqué par sa carte de
chargement active. » « Durant les étapes ④, ⑤ et ⑥, Pedro choisit toujours les tuiles des
cases Prévission du bas. » « Finalement, placez son estanciero sur la case Cavalier ».

The bonus of the district space he delivers to is his like any player's (« Pedro est
considéré en tout point comme un joueur »), through his own rules: pesos are lost (« Pedro
ne reçoit ni argent ni jeton Échange »); an objective card is the farthest of the display
(as for card #7 and a ship's objective); a free market card goes face down onto his pile;
a locomotive advance moves his locomotive by his rules (cards #5, #6, #12, #15). Options
still tied after VP and pesos are yours to choose (``pedro.choice``); two spaces of one
district with the same bonus and VP are one option.

Reconstruction: when the lower forecast tile cannot be taken (a worker once the marker
left the job market) he takes the upper one; with an empty disc reserve he loads no ship
(the chapter only says what to do for a station).
"""

from __future__ import annotations

from games.gwt_argentina import data, pieces
from games.gwt_argentina.buenos_aires import AfterStep, worker_choosable
from games.gwt_argentina.flow import Ctx, push
from games.gwt_argentina.hire import place_worker_in_market
from games.gwt_argentina.pedro.actions import advance_locomotive, take_free_cattle, take_objective
from games.gwt_argentina.pedro.choice import Choices, ties
from games.gwt_argentina.pedro.rules import FORECAST_PAIRS, loading_card, ship_to_load
from games.gwt_argentina.pedro.state import PEDRO
from games.gwt_argentina.ports import deliveries, layout
from games.gwt_argentina.setup import place_farmer
from games.gwt_argentina.state import GwtState
from games.i18n import _, _n


def bonus_pesos(bonus: data.Action | None) -> int:
    return int(bonus.amount) if bonus is not None and bonus.kind == "pesos" else 0


def delivery_key(state: GwtState, choice: tuple[str, str, str, int]) -> str:
    """One key per option that differs for the game: city, district, quay, bonus, VP."""
    city, quay, space, _cost = choice
    return f"{quay}:{space}"


def best_deliveries(state: GwtState) -> list[tuple[str, str, str, int]]:
    """« autant de grain que possible », then the most VP, then the most pesos; spaces of
    one district with the same bonus and VP from the same quay count once."""

    def key(choice: tuple[str, str, str, int]) -> tuple[int, ...]:
        city, quay, space, cost = choice
        facts = layout(state, city).space(space)
        return -cost, -facts.vp, -bonus_pesos(facts.bonus)

    #: the same district, quay, bonus and VP: one option
    out: dict[tuple[str, str, str, data.Action | None, int], tuple[str, str, str, int]] = {}
    for choice in ties(deliveries(state, PEDRO), key):
        city, quay, space, _cost = choice
        facts = layout(state, city).space(space)
        district = layout(state, city).district_of(space).compass
        out.setdefault((city, district, quay, facts.bonus, facts.vp), choice)
    return list(out.values())


def deliver(state: GwtState, ctx: Ctx, choices: Choices | None = None) -> None:
    options = best_deliveries(state)
    if not options:
        return
    key = (choices or Choices()).one("deliver", [delivery_key(state, c) for c in options])
    city, quay, space, cost = next(c for c in options if delivery_key(state, c) == key)
    port = state.board.ports[city]
    state.players[PEDRO].grain -= cost
    port.quays[quay].remove(PEDRO)
    port.spaces[space] = PEDRO
    facts = layout(state, city).space(space)
    ctx.announce(state, _n("Pedro delivers {n} grain to {city} {space} ({vp} VP).",
                           "Pedro delivers {n} grain to {city} {space} ({vp} VP).", cost,
                           city=data.CITY_NAMES[city], space=space.split(":")[1], vp=facts.vp))
    district_bonus(state, facts.bonus, ctx)


def district_bonus(state: GwtState, bonus: data.Action | None, ctx: Ctx) -> None:
    if bonus is None:
        return
    if bonus.kind == "pesos":
        ctx.announce(state, _("Pedro takes no pesos (he never has money)."))
    elif bonus.kind == "objective":
        take_objective(state, ctx)
    elif bonus.kind == "take_market_card":
        take_free_cattle(state, bonus.breed or "any", ctx)
    elif bonus.kind == "engine":
        advance_locomotive(state, int(bonus.amount), ctx)
    else:  # pragma: no cover - the district spaces carry only these
        raise AssertionError(bonus.kind)


def load(state: GwtState, ctx: Ctx) -> None:
    """« il prend un disque de sa réserve »; « Pedro ne dépense pas de grain lorsqu'il charge
    un bateau. Si le chargement lui rapporte une carte Objectif, il reçoit la carte de l'offre
    la plus éloignée de la pioche Objectif. »"""
    assert state.pedro is not None
    ship = ship_to_load(state)
    if ship is None or state.pedro.discs == 0:
        ctx.announce(state, _("Pedro loads no ship."))
        return
    state.pedro.discs -= 1
    state.board.load_ship(ship.id, PEDRO)
    facts = data.SHIP_BY_ID[ship.id]
    ctx.announce(state, _("Pedro loads ship {ship} ({vp} VP, loading card {card}).",
                          ship=facts.value, vp=facts.vp, card="●" * loading_card(state).dots))
    if facts.on_load is not None and facts.on_load.kind == "objective":
        take_objective(state, ctx)


def forecasts(state: GwtState, ctx: Ctx) -> None:
    board = state.board
    for upper, lower in FORECAST_PAIRS:
        space = None
        for candidate in (lower, upper):
            tile = board.forecast.get(candidate)
            if tile is not None and (pieces.is_farmer(tile) or worker_choosable(state)):
                space = candidate
                break
        if space is None:
            continue
        tile = board.forecast[space]
        assert tile is not None  # only filled forecast spaces are offered
        board.forecast[space] = None
        if pieces.is_farmer(tile):
            where = place_farmer(board, tile)
            if where is None:
                board.box_tiles.append(tile)
            if where:
                ctx.announce(state, _("Pedro places a {granjero} at {space}.",
                                      granjero=pieces.tile_label(tile), space=where))
            else:
                ctx.announce(state, _("Pedro puts a {granjero} in the box (zone full).",
                                      granjero=pieces.tile_label(tile)))
            continue
        arrow = place_worker_in_market(state, tile)
        ctx.announce(state, _("Pedro puts a {worker} in the job market.",
                              worker=pieces.tile_label(tile)))
        if arrow == "end":
            state.end_triggered_by = PEDRO
            state.players[PEDRO].job_marker = True
            state.last_turns = [0]
            ctx.announce(state, _("Pedro takes the job-market marker: you have one last turn."))
        elif arrow is not None:
            state.after_buenos_aires.append(arrow)


def pedro_buenos_aires(state: GwtState, ctx: Ctx, choices: Choices | None = None) -> None:
    """Step ① may stop for your choice (it changes nothing before that); the rest follows."""
    state.players[PEDRO].estanciero = "BA"
    deliver(state, ctx, choices)
    load(state, ctx)
    forecasts(state, ctx)
    # the job market's arrows, his estanciero to the start, the forecast spaces slid and
    # refilled: the engine's own closing step.
    frame = push(state, "ba_after", PEDRO)
    AfterStep.run(state, frame, ctx)
