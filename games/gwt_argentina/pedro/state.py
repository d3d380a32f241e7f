"""Pedro's own pieces of the game state (solo mode): what the 2–4 player ``Player`` model has
no place for. His estanciero, locomotive, grain, workers, herd pile (``deck``), objective
cards, helped farmers and buildings live in ``GwtState.players[PEDRO]`` like any player's:
« Pedro est considéré en tout point comme un joueur ».
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

#: Pedro's index in ``GwtState.players``; ``GwtState.seats`` stays 1 (one human seat).
PEDRO = 1

#: « facile ♦, modéré ♦♦ ou expert ♦♦♦ ».
Difficulty = Literal["easy", "moderate", "expert"]


class PedroState(BaseModel):
    difficulty: Difficulty = "moderate"
    #: His draw pile of card numbers (1–15), top first, and his face-up discard pile.
    deck: list[int] = Field(default_factory=list)
    discard: list[int] = Field(default_factory=list)
    #: The worker row his specialisation tile faces.
    specialty: str = "gaucho"
    #: Discs left in his reserve (17 at set-up).
    discs: int = 17

    def clone(self) -> PedroState:
        return self.model_copy(update={"deck": list(self.deck), "discard": list(self.discard)})
