"""Pedro's standing facts: his experience value and active loading card, his specialty,
the ship order, the objective display's solo order and the forecast spaces' solo slide.

Quotations are from the rulebook's solo chapter.
"""

from __future__ import annotations

from games.gwt_argentina import data
from games.gwt_argentina.pedro.data import LOADING_CARDS, PEDRO_ROWS, LoadingCard
from games.gwt_argentina.pedro.state import PEDRO
from games.gwt_argentina.state import Board, GwtState, Ship


def blue_arrows_passed(board: Board) -> int:
    """Ship-departure (blue) arrows the job-market marker has gone down."""
    return sum(1 for a in data.MARKER_ARROWS
               if a.event == "ships" and a.from_row <= board.job_marker_row)


def loading_card(state: GwtState) -> LoadingCard:
    """« Lorsque le marqueur Marché de l'emploi atteint une des flèches bleues ..., piochez
    la prochaine carte de chargement ... pour remplacer [la carte active] »: the ● card at
    first, then one more card per blue arrow reached (the stack is sorted, so the active
    card follows from the marker's row)."""
    assert state.pedro is not None
    cards = LOADING_CARDS[state.pedro.difficulty]
    return cards[min(blue_arrows_passed(state.board), len(cards) - 1)]


def experience(state: GwtState) -> int:
    """« La carte de chargement active indique également la valeur d'expérience »."""
    return loading_card(state).experience


def update_specialty(state: GwtState) -> str | None:
    """« Si jamais Pedro engage un ouvrier différent de sa spécialité, de sorte qu'il possède
    désormais plus d'ouvriers de ce nouveau type ..., celle-ci changera immédiatement »; « En
    cas d'égalité ..., la spécialité actuelle de Pedro demeure la même. » Returns the new
    specialty when it changed."""
    assert state.pedro is not None
    pedro = state.players[PEDRO]
    before = best = state.pedro.specialty
    for row in PEDRO_ROWS:
        if pedro.worker_count(row) > pedro.worker_count(best):
            best = row
    state.pedro.specialty = best
    return best if best != before else None


def ranked_ships(board: Board) -> list[Ship]:
    """Ships of the loading zone from the highest value down: victory points, then the
    ship's cattle value (reconstruction: « 3e plus grande (7 PV) » ranks by VP)."""
    return sorted(board.ships, key=lambda s: (data.SHIP_BY_ID[s.id].vp, data.SHIP_BY_ID[s.id].value),
                  reverse=True)


def ship_to_load(state: GwtState) -> Ship | None:
    """« Pedro charge le 1er bateau indiqué sur sa carte de chargement active. Si un de ses
    disques s'y trouve déjà, il charge le 2e bateau à la place. De même, ... le 3e » — a
    ship taking several discs (0 and 18) never counts as taken (« il est possible pour Pedro
    de charger le bateau de plus grande valeur plusieurs fois »)."""
    ranked = ranked_ships(state.board)
    for rank in loading_card(state).order:
        if rank > len(ranked):
            continue
        ship = ranked[rank - 1]
        if PEDRO in ship.discs and not data.SHIP_BY_ID[ship.id].repeatable:
            continue
        return ship
    return None


# -- the solo order of the objective display and forecast spaces ---------------------------
#: ``objective_display[0]`` is the place next to the objective deck, the last the farthest.


def take_display_objective(board: Board, card: str) -> bool:
    """« Lorsque vous y prenez une carte Objectif, faites glisser les autres vers le bout de
    la file avant de remplir l'emplacement libre ainsi créé à côté de la pioche ». Returns
    True when a card was drawn."""
    board.objective_display.remove(card)
    if board.objective_deck:
        board.objective_display.insert(0, board.objective_deck.pop(0))
        return True
    return False


def farthest_objective(board: Board) -> str | None:
    """« la carte Objectif de l'offre la plus éloignée de la pioche Objectif »."""
    return board.objective_display[-1] if board.objective_display else None


#: Forecast pairs: the upper and the lower space (reconstruction: "…1" is the upper one).
FORECAST_PAIRS = (("A1", "A2"), ("B1", "B2"), ("C1", "C2"))


def slide_forecasts(board: Board) -> None:
    """« faites glisser les tuiles restantes vers les cases Prévission du bas (si
    nécessaire) avant de remplir les trois cases du haut »."""
    for upper, lower in FORECAST_PAIRS:
        if board.forecast.get(lower) is None and board.forecast.get(upper) is not None:
            board.forecast[lower] = board.forecast[upper]
            board.forecast[upper] = None

def turn_face_down(state: GwtState) -> None:
    """Cards given to Pedro as to any player (an exhaustion card of building 7b lands on a
    player's discard pile) go onto his face-down pile: « Chaque fois que Pedro reçoit des
    cartes Bétail, des cartes Objectif ou des cartes Épuisement (e.g. : la tuile Bâtiment
    personnel « 7b »), placez-les face cachée dans une pile à côté de son plateau »."""
    pedro = state.players[PEDRO]
    pedro.deck.extend(pedro.discard)
    pedro.discard.clear()
