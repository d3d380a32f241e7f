"""Pedro in Buenos Aires (the solo chapter's « Buenos Aires » paragraphs).

« À l'étape ①, Pedro paye autant de grain que possible lorsqu'il livre au quartier d'une
ville. ... Si plusieurs options sont valides, il choisit l'espace bonus rapportant le plus
de points de victoire ; si l'égalité persiste, ... le plus de pesos. Il saute l'étape ②.
Ensuite, à l'étape ③, Pedro charge le prochain bateau, comme indiqué par sa carte de
chargement active. » « Durant les étapes ④, ⑤ et ⑥, Pedro choisit toujours les tuiles des
cases Prévission du bas. » « Finalement, placez son estanciero sur la case Cavalier ».

Reconstruction: the bonus of the district space he delivers to is not done (he has no
money, and the chapter only places the disc); when the lower forecast tile cannot be taken
(a worker once the marker left the job market) he takes the upper one; with an empty
disc reserve he loads no ship (the chapter only says what to do for a station).
"""

from __future__ import annotations

from games.gwt_argentina import data as D
from games.gwt_argentina import pieces as P
from games.gwt_argentina.buenos_aires import AfterStep, worker_choosable
from games.gwt_argentina.flow import Ctx, push
from games.gwt_argentina.hire import place_worker_in_market
from games.gwt_argentina.pedro_actions import take_objective
from games.gwt_argentina.pedro_rules import FORECAST_PAIRS, loading_card, ship_to_load
from games.gwt_argentina.pedro_state import PEDRO
from games.gwt_argentina.ports import deliveries, layout
from games.gwt_argentina.setup import place_farmer
from games.gwt_argentina.state import GwtState


def bonus_pesos(bonus: D.Action | None) -> int:
    return int(bonus.amount) if bonus is not None and bonus.kind == "pesos" else 0


def deliver(state: GwtState, ctx: Ctx) -> None:
    choices = deliveries(state, PEDRO)
    if not choices:
        return

    def key(choice: tuple[str, str, str, int]) -> tuple:
        city, quay, space, cost = choice
        facts = layout(state, city).space(space)
        return cost, facts.vp, bonus_pesos(facts.bonus), space

    city, quay, space, cost = max(choices, key=key)
    port = state.board.ports[city]
    state.players[PEDRO].grain -= cost
    port.quays[quay].remove(PEDRO)
    port.spaces[space] = PEDRO
    ctx.say(state, f"Pedro delivers {cost} grain to {D.CITY_NAMES[city]} {space.split(':')[1]} "
                   f"({layout(state, city).space(space).vp} VP).")


def load(state: GwtState, ctx: Ctx) -> None:
    """« il prend un disque de sa réserve »; « Pedro ne dépense pas de grain lorsqu'il charge
    un bateau. Si le chargement lui rapporte une carte Objectif, il reçoit la carte de l'offre
    la plus éloignée de la pioche Objectif. »"""
    assert state.pedro is not None
    ship = ship_to_load(state)
    if ship is None or state.pedro.discs == 0:
        ctx.say(state, "Pedro loads no ship.")
        return
    state.pedro.discs -= 1
    ship.discs.append(PEDRO)
    facts = D.SHIP_BY_ID[ship.id]
    ctx.say(state, f"Pedro loads ship {facts.value} ({facts.vp} VP, loading card "
                   f"{'●' * loading_card(state).dots}).")
    if facts.on_load is not None and facts.on_load.kind == "objective":
        take_objective(state, ctx)


def forecasts(state: GwtState, ctx: Ctx) -> None:
    board = state.board
    for upper, lower in FORECAST_PAIRS:
        space = None
        for candidate in (lower, upper):
            tile = board.forecast.get(candidate)
            if tile is not None and (P.is_farmer(tile) or worker_choosable(state)):
                space = candidate
                break
        if space is None:
            continue
        tile = board.forecast[space]
        board.forecast[space] = None
        if P.is_farmer(tile):
            where = place_farmer(board, tile)
            if where is None:
                board.box_tiles.append(tile)
            ctx.say(state, f"Pedro places a {P.tile_label(tile)} "
                           f"{'at ' + where if where else 'in the box (zone full)'}.")
            continue
        arrow = place_worker_in_market(state, tile)
        ctx.say(state, f"Pedro puts a {P.tile_label(tile)} in the job market.")
        if arrow == "end":
            state.end_triggered_by = PEDRO
            state.players[PEDRO].job_marker = True
            state.last_turns = [0]
            ctx.say(state, "Pedro takes the job-market marker: you have one last turn.")
        elif arrow is not None:
            state.after_buenos_aires.append(arrow)


def pedro_buenos_aires(state: GwtState, ctx: Ctx) -> None:
    state.players[PEDRO].estanciero = "BA"
    deliver(state, ctx)
    load(state, ctx)
    forecasts(state, ctx)
    # the job market's arrows, his estanciero to the start, the forecast spaces slid and
    # refilled: the engine's own closing step.
    frame = push(state, "ba_after", PEDRO)
    AfterStep.run(state, frame, ctx)
