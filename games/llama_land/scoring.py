"""Scoring ("Fin de la partie et décompte des points", p. 7) and objective points."""

from __future__ import annotations

from games.llama_land.conditions import card_condition_met, condition_met, ranking_value
from games.llama_land.state import LlamaLandState, Objective, Player

CATEGORIES = ("llamas", "crops", "coins", "objectives")


def open_spaces(state: LlamaLandState) -> list[int]:
    """"dans une partie à 2 joueurs, la case du milieu de chaque carte Objectif doit
    rester vide"."""
    return [0, 2] if state.seats == 2 else [0, 1, 2]


def met(player: Player, objective: Objective) -> bool:
    if objective.colour == "blue":
        return condition_met(player.estate, objective.name)
    return card_condition_met(player, objective.name)


def objective_points(state: LlamaLandState, objective: Objective) -> dict[int, int]:
    """Points per seat from one objective card."""
    points: dict[int, int] = {}
    if objective.colour != "gold":
        for space, seat in enumerate(objective.markers):
            if seat is not None and met(state.players[seat], objective):
                points[seat] = objective.points[space]
        return points
    # Gold: rank the players with a marker; "S'il y a égalité, le joueur dont le
    # marqueur est le plus proche du sommet l'emporte." The n-th ranked player scores
    # the n-th open space from the top.
    ranked = sorted(
        ((seat, space) for space, seat in enumerate(objective.markers) if seat is not None),
        key=lambda item: (-ranking_value(state.players[item[0]], objective.name), item[1]),
    )
    spaces = open_spaces(state)
    for rank, (seat, _) in enumerate(ranked):
        points[seat] = objective.points[spaces[rank]]
    return points


def scores(state: LlamaLandState) -> dict[int, dict[str, int]]:
    result = {}
    objective_totals = {seat: 0 for seat in range(state.seats)}
    for objective in state.objectives:
        for seat, points in objective_points(state, objective).items():
            objective_totals[seat] += points
    for seat, player in enumerate(state.players):
        cats = {
            "llamas": sum(card.points for card in player.llama_cards),
            "crops": player.crop_count(),  # 1 point per crop token
            "coins": player.coins // 2,  # 1 point per 2 coins, rounded down
            "objectives": objective_totals[seat],
        }
        cats["total"] = sum(cats.values())
        result[seat] = cats
    return result


def winners(state: LlamaLandState) -> list[int]:
    """Most points; ties to the most llama-card points; then the win is shared."""
    table = scores(state)
    best = max((sc["total"], sc["llamas"]) for sc in table.values())
    return [s for s, sc in table.items() if (sc["total"], sc["llamas"]) == best]
