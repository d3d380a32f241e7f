"""Pedro's final score (« Décompte final »).

« Le score de Pedro est calculé normalement. Toutefois, il ne marque pas de points de
victoire pour les catégories suivantes : 1 (points pour les pesos), 9 (les tuiles Chef de
gare) et 11 (emplacements débloqués du plateau Joueur). Il marque les points de victoire
positifs de toutes ses cartes Objectif comme si toutes les conditions avaient été
remplies. » The score pad's categories are the engine's (``scoring.CATEGORIES``).
"""

from __future__ import annotations

from dataclasses import replace

from games.gwt_argentina import data
from games.gwt_argentina.pedro.state import PEDRO
from games.gwt_argentina.scoring import Tally, tally, tally_score
from games.gwt_argentina.state import GwtState

#: Lines 1, 9 and 11 of the score pad.
NOT_SCORED = ("money", "station_masters", "move_slot")


def pedro_scores(state: GwtState, read: Tally | None = None) -> dict[str, int]:
    """``read``: Pedro's :func:`tally`, when the caller has it already (the computer
    player's scores read every player's in one pass)."""
    pedro = state.players[PEDRO]
    t = replace(read if read is not None else tally(state, PEDRO), pesos=0, station_masters=(), cleared_slots=frozenset(),
                played_objectives=())
    scores = tally_score(t)
    for category in NOT_SCORED:
        scores[category] = 0
    scores["objectives"] = sum(data.OBJECTIVE_BY_ID[c].vp for c in pedro.objectives)
    scores.pop("total")
    scores["total"] = sum(scores.values())
    return scores
