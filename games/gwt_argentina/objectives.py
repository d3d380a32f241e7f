"""Playing objective cards: « Lors de votre tour, si vous avez une ou plusieurs cartes
Objectif en main, vous pouvez en jouer autant que vous voulez : avant d'effectuer la phase
A ; avant ou après avoir effectué une action en phase B » (p. 16). The options are offered
by the steps that allow them (phase A and B, the Buenos Aires steps, a delivery there).
"""

from __future__ import annotations

from games.base import Option, seat_ref
from games.gwt_argentina import pieces
from games.gwt_argentina.actions import objective_action
from games.gwt_argentina.flow import Ctx, opt
from games.gwt_argentina.state import GwtState
from games.gwt_argentina.told import _


def objective_options(state: GwtState, seat: int) -> list[Option]:
    seen: set[str] = set()
    out = []
    for card in state.players[seat].hand:
        if pieces.is_objective(card) and card not in seen:
            seen.add(card)
            out.append(opt(f"obj:{card}", _("Play {card}", card=pieces.card_label(card))))
    return out


def play_objective(state: GwtState, seat: int, card: str, ctx: Ctx) -> None:
    player = state.players[seat]
    player.hand.remove(card)
    player.objectives.append(card)
    ctx.announce(state, _("{who} plays {card}.", who=seat_ref(seat),
                          card=pieces.card_label(card)), seat)
    objective_action(state, seat, card, ctx)
