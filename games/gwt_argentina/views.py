"""What a seat may see. Public: the whole board, every player's board, discard piles
(face up), the sizes of hands and decks. Private: one's own hand. Hidden from everyone: the
order of every deck, pile and bag, and other players' hands."""

from __future__ import annotations

from typing import Any

from games.gwt_argentina import player_board
from games.gwt_argentina.state import GwtState
from games.gwt_argentina.told import from_log_lines
from games.rng import Rng


def public_view(state: GwtState) -> dict[str, Any]:
    board = state.board
    players = []
    for p in state.players:
        players.append({
            "seat": p.seat, "money": p.money, "certificates": p.certificates, "grain": p.grain,
            "exchange_tokens": p.exchange_tokens, "hand_size": len(p.hand),
            "deck_size": len(p.deck), "discard": list(p.discard),
            "workers": {row: list(tiles) for row, tiles in p.workers.items()},
            "slots": list(p.slots), "buildings_left": list(p.buildings_left),
            "objectives": list(p.objectives), "helped_farmers": list(p.helped_farmers),
            "station_masters": list(p.station_masters), "estanciero": p.estanciero,
            "locomotive": p.locomotive, "job_marker": p.job_marker,
            # what the cleared slots and workers add up to (for the player-board image)
            "limits": {"move": player_board.move_limit(state, p), "hand": player_board.hand_limit(p),
                       "certificates": player_board.cert_limit(p), "strength": player_board.board_strength(p)},
        })
    return {
        "game": state.game, "seats": state.seats, "current": state.current,
        "turn": state.turn, "finished": state.finished,
        "end_triggered_by": state.end_triggered_by, "last_turns": list(state.last_turns),
        "players": players,
        "board": {
            "trail": dict(board.trail), "farmer_coins": dict(board.farmer_coins),
            "building_sides": dict(board.building_sides),
            "job_market": [list(row) for row in board.job_market],
            "job_marker_row": board.job_marker_row, "forecast": dict(board.forecast),
            "bags": {"A": len(board.bag_a), "B": len(board.bag_b), "C": len(board.bag_c)},
            "cattle_market": list(board.cattle_market),
            "cattle_deck": len(board.cattle_deck), "exhaustion": len(board.exhaustion),
            "objective_display": list(board.objective_display),
            "objective_deck": len(board.objective_deck),
            "ships": [{"id": s.id, "discs": list(s.discs)} for s in board.ships],
            "ship_pile": len(board.ship_pile),
            "ports": {c: p.model_dump() for c, p in board.ports.items()},
            "stations": {k: list(v) for k, v in board.stations.items()},
            "station_masters": dict(board.station_masters),
        },
        "log": from_log_lines(state.log[-10:]),  # in the viewer's language
    }


def seat_view(state: GwtState, seat: int) -> dict[str, Any]:
    return {"seat": seat, "hand": list(state.players[seat].hand)}


def redeal_unseen(state: GwtState, seat: int, rng: Rng) -> None:
    """Shuffle what ``seat`` cannot know: every deck's order (its own too), the other
    players' hands (re-dealt from their hand and deck together), the market deck, the
    objective deck, the ship pile and the bags. Each is sorted first, so the result
    depends only on what ``seat`` knows (the cards in them, not their hidden order)."""
    for player in state.players:
        if player.seat == seat:
            player.deck.sort()
            rng.shuffle(player.deck)
            continue
        pool = sorted(player.hand + player.deck)
        rng.shuffle(pool)
        player.hand = pool[:len(player.hand)]
        player.deck = pool[len(player.hand):]
    board = state.board
    for pile in (board.cattle_deck, board.objective_deck, board.ship_pile,
                 board.bag_a, board.bag_b, board.bag_c):
        pile.sort()
        rng.shuffle(pile)
