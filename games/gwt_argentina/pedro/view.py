"""What everyone sees of Pedro: his board, specialty, reserve, loading card, piles."""

from __future__ import annotations

from typing import Any

from games.gwt_argentina.pedro.data import difficulty_name
from games.gwt_argentina.pedro.rules import loading_card
from games.gwt_argentina.pedro.scoring import pedro_scores
from games.gwt_argentina.pedro.state import PEDRO
from games.gwt_argentina.state import GwtState


def pedro_view(state: GwtState) -> dict[str, Any]:
    assert state.pedro is not None
    card = loading_card(state)
    return {
        "seat": PEDRO, "difficulty": state.pedro.difficulty,
        "difficulty_name": difficulty_name(state.pedro.difficulty),
        "specialty": state.pedro.specialty, "reserve_discs": state.pedro.discs,
        "deck_size": len(state.pedro.deck), "discard": list(state.pedro.discard),
        "loading_card": {"dots": card.dots, "experience": card.experience,
                         "order": list(card.order)},
        "scores": pedro_scores(state),
    }
