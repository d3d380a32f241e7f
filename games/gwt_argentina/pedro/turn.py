"""Pedro's turn, played inside ``apply`` right after yours (the solo chapter).

« À son tour, piochez la carte du dessus de sa pioche. La carte piochée vous demandera
d'avancer l'estanciero de Pedro d'un certain nombre de lieux sur le parcours, et ensuite
d'effectuer une action. Le lieu où son estanciero termine son déplacement n'a aucune
incidence sur son action. À la fin du tour de Pedro, placez la carte piochée face visible
sur sa défausse. » « Si la pioche de Pedro est épuisée au début de son tour, mélangez sa
défausse afin de former une nouvelle pioche. » Every action is one event line. His turn is
a frame (``pedro_turn``) so that a tie of his rules can wait for your decision
(``pedro_tie``, :mod:`.tie`).
"""

from __future__ import annotations

from typing import Any

from games.gwt_argentina.flow import AutomaticStep, Ctx, pop, push, step
from games.gwt_argentina.pedro import tie as tie_step  # noqa: F401  (registers pedro_tie)
from games.gwt_argentina.pedro.actions import (
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
from games.gwt_argentina.pedro.buenos_aires import pedro_buenos_aires
from games.gwt_argentina.pedro.choice import Choices, Tie
from games.gwt_argentina.pedro.data import CARD_BY_NUMBER, Act, PedroCard, row_name
from games.gwt_argentina.pedro.move import move_pedro
from games.gwt_argentina.pedro.rules import experience
from games.gwt_argentina.pedro.state import PEDRO
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.trail import ends_move
from games.gwt_argentina.turn import begin_turn
from games.i18n import _


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


def do_action(state: GwtState, act: Act, ctx: Ctx, choices: Choices,
              progress: dict[str, Any]) -> None:
    kind = act.kind
    if kind in ("hire_cheap", "hire_special"):
        hire(state, kind == "hire_special", ctx)
    elif kind == "cattle":
        buy_cattle(state, ctx, choices, progress)
    elif kind == "cattle3":
        take_value_3(state, ctx, choices)
    elif kind == "build":
        build(state, ctx, choices)
    elif kind == "build1":
        build_one(state, ctx, choices)
    elif kind == "loco":
        advance_locomotive(state, amount(state, act.amount), ctx)
    elif kind == "grain":
        take_grain(state, amount(state, act.amount), ctx)
    elif kind == "objective":
        take_objective(state, ctx)
    elif kind in ("farmer_box", "farmer_keep"):
        help_farmer(state, kind == "farmer_keep", ctx, choices)
    else:  # pragma: no cover - the data names only these
        raise AssertionError(kind)


def draw_card(state: GwtState, ctx: Ctx) -> int:
    pedro = state.pedro
    assert pedro is not None
    if not pedro.deck:
        pedro.deck = pedro.discard
        pedro.discard = []
        state.rng.shuffle(pedro.deck)
        ctx.announce(state, _("Pedro shuffles his discard pile into a new deck."))
    ctx.reveals = True
    return pedro.deck.pop(0)


def start_pedro_turn(state: GwtState, ctx: Ctx) -> None:
    """Draw his card and push the steps of his turn (``pedro_turn``): the move, each action
    his specialty does, Buenos Aires when he reached it, the end of the turn. Pedro is the
    current player until the end (your exchange tokens are for your turn only)."""
    assert state.pedro is not None
    state.current = PEDRO
    number = draw_card(state, ctx)
    ctx.announce(state, _("Pedro draws his card #{number}.", number=number))
    push(state, "pedro_turn", PEDRO, card=number, todo=["move"], chosen={}, progress={})


def run_step(state: GwtState, frame: Frame, name: str, ctx: Ctx) -> None:
    assert state.pedro is not None
    card = CARD_BY_NUMBER[frame.data["card"]]
    choices = Choices(frame.data["chosen"])
    if name == "move":
        where = move_pedro(state, amount(state, card.move), ctx, choices)
        acts = [i for i, a in enumerate(card.actions) if a in chosen_actions(state, card)]
        if not acts:
            ctx.announce(state, _("Pedro does no action (his specialty is {row}).",
                                  row=row_name(state.pedro.specialty)))
        # « effectuez tout d'abord l'action indiquée par la carte de Pedro dans son
        # intégralité avant d'effectuer l'action de Buenos Aires »
        frame.data["todo"] += [f"act:{i}" for i in acts] + (["ba"] if ends_move(where) else [])
    elif name.startswith("act:"):
        do_action(state, card.actions[int(name[4:])], ctx, choices, frame.data["progress"])
    elif name == "ba":
        pedro_buenos_aires(state, ctx, choices)
    else:  # pragma: no cover - only the names above are pushed
        raise AssertionError(name)


@step("pedro_turn")
class PedroTurnStep(AutomaticStep):
    """Runs Pedro's steps in order; a tie left by his rules stops it for your decision."""

    @staticmethod
    def run(state: GwtState, frame: Frame, ctx: Ctx) -> None:
        while frame.data["todo"]:
            name = frame.data["todo"][0]
            try:
                run_step(state, frame, name, ctx)
            except Tie as tie:
                push(state, "pedro_tie", 0, what=tie.what, keys=tie.keys)
                return
            frame.data["todo"].pop(0)
            frame.data["chosen"] = {}
            frame.data["progress"] = {}
        pop(state, frame)
        assert state.pedro is not None
        state.pedro.discard.append(frame.data["card"])
        if state.end_triggered_by == 0:  # that was his last turn
            end_game(state, ctx)
        else:
            begin_turn(state, 0)


def end_game(state: GwtState, ctx: Ctx) -> None:
    """The end. Its result — both scores and who won — is told by the front ends from
    ``Game.automa`` and ``Game.winners``, once, as for every game."""
    state.finished = True
    ctx.announce(state, _("The game is over."))


def after_human_turn(state: GwtState, ctx: Ctx) -> None:
    """Called at the end of your turn (phase C done): Pedro plays, or the game ends. The
    end: « Pedro est considéré en tout point comme un joueur » — when you take the marker
    he has one last turn, when he takes it you have one."""
    if state.end_triggered_by == PEDRO:
        state.last_turns = []
        end_game(state, ctx)  # that was your last turn
        return
    start_pedro_turn(state, ctx)
