"""Pedro's turn, played inside ``apply`` right after yours (the solo chapter).

« À son tour, piochez la carte du dessus de sa pioche. La carte piochée vous demandera
d'avancer l'estanciero de Pedro d'un certain nombre de lieux sur le parcours, et ensuite
d'effectuer une action. Le lieu où son estanciero termine son déplacement n'a aucune
incidence sur son action. À la fin du tour de Pedro, placez la carte piochée face visible
sur sa défausse. » « Si la pioche de Pedro est épuisée au début de son tour, mélangez sa
défausse afin de former une nouvelle pioche. » Every action is one event line.
"""

from __future__ import annotations

from games.gwt_argentina.flow import Ctx
from games.gwt_argentina.pedro_actions import (
    advance_locomotive,
    build,
    build_one,
    buy_cattle,
    help_farmer,
    hire,
    take_grain,
    take_objective,
    take_value_3,
)
from games.gwt_argentina.pedro_ba import pedro_buenos_aires
from games.gwt_argentina.pedro_data import CARD_BY_NUMBER, Act, PedroCard
from games.gwt_argentina.pedro_move import move_pedro
from games.gwt_argentina.pedro_rules import experience
from games.gwt_argentina.pedro_state import PEDRO
from games.gwt_argentina.state import GwtState
from games.gwt_argentina.trail import ends_move


def amount(state: GwtState, value: int | str) -> int:
    """A number, « valeur d'expérience » ("xp"), or « un lieu ... pour chaque ouvrier du
    type correspondant qu'il possède » (a worker row)."""
    if isinstance(value, int):
        return value
    if value == "xp":
        return experience(state)
    return state.players[PEDRO].worker_count(value)


def chosen_actions(state: GwtState, card: PedroCard) -> list[Act]:
    """« Pedro effectuera l'action correspondant à sa spécialité actuelle. Il effectuera
    parfois des actions moins efficaces ou même aucune action. »"""
    assert state.pedro is not None
    special = state.pedro.specialty
    return [a for a in card.actions
            if (a.only is None or a.only == special) and (a.unless is None or a.unless != special)]


def do_action(state: GwtState, act: Act, ctx: Ctx) -> None:
    kind = act.kind
    if kind in ("hire_cheap", "hire_special"):
        hire(state, kind == "hire_special", ctx)
    elif kind == "cattle":
        buy_cattle(state, ctx)
    elif kind == "cattle3":
        take_value_3(state, ctx)
    elif kind == "build":
        build(state, ctx)
    elif kind == "build1":
        build_one(state, ctx)
    elif kind == "loco":
        advance_locomotive(state, amount(state, act.amount), ctx)
    elif kind == "grain":
        take_grain(state, amount(state, act.amount), ctx)
    elif kind == "objective":
        take_objective(state, ctx)
    elif kind in ("farmer_box", "farmer_keep"):
        help_farmer(state, kind == "farmer_keep", ctx)
    else:  # pragma: no cover - the data names only these
        raise AssertionError(kind)


def draw_card(state: GwtState, ctx: Ctx) -> int:
    pedro = state.pedro
    assert pedro is not None
    if not pedro.deck:
        pedro.deck = pedro.discard
        pedro.discard = []
        state.rng.shuffle(pedro.deck)
        ctx.say(state, "Pedro shuffles his discard pile into a new deck.")
    ctx.reveals = True
    return pedro.deck.pop(0)


def play_pedro_turn(state: GwtState, ctx: Ctx) -> None:
    assert state.pedro is not None
    number = draw_card(state, ctx)
    card = CARD_BY_NUMBER[number]
    ctx.say(state, f"Pedro draws his card #{number}.")
    where = move_pedro(state, amount(state, card.move), ctx)
    actions = chosen_actions(state, card)
    if not actions:
        ctx.say(state, f"Pedro does no action (his specialty is {state.pedro.specialty}s).")
    for act in actions:
        do_action(state, act, ctx)
    # « effectuez tout d'abord l'action indiquée par la carte de Pedro dans son intégralité
    # avant d'effectuer l'action de Buenos Aires »
    if ends_move(where):
        pedro_buenos_aires(state, ctx)
    state.pedro.discard.append(number)


def after_human_turn(state: GwtState, ctx: Ctx) -> bool:
    """Called at the end of your turn (phase C done). Pedro plays unless the game ends;
    returns True when the game is over. The end: « Pedro est considéré en tout point comme
    un joueur » — when you take the marker he has one last turn, when he takes it you
    have one."""
    if state.end_triggered_by == PEDRO:
        state.last_turns = []
        return True  # that was your last turn
    play_pedro_turn(state, ctx)
    return state.end_triggered_by == 0


def final_line(state: GwtState) -> str:
    """The verdict of a solo game: you win by beating Pedro's total."""
    from games.gwt_argentina.pedro_scoring import pedro_scores
    from games.gwt_argentina.scoring import score_tally, tally

    mine = score_tally(tally(state, 0))["total"]
    his = pedro_scores(state)["total"]
    who = "You beat Pedro" if mine > his else "Pedro wins"
    return f"Final score: you {mine}, Pedro {his}. {who}."
