"""Llama Land views for the renderer tests: real set-ups from the engine, with estates,
collections and markers written in by hand (estates in the notation of NOTATION.md)."""

from __future__ import annotations

from games.llama_land.deal import new_state, start_estate
from games.llama_land.estate import Estate, parse_estate
from games.llama_land.state import LlamaCard, LlamaLandOptions, LlamaLandState
from games.llama_land.views import public_view

NAMES = ["Alice", "Bartholomew the Magnificent", "Chen", "Dolores"]

#: Plausible estates after 6–8 turns: extended around the start board, built up to level 5.
MID_ESTATES = [
    """
. . 1c 1- 1k . .
. . 1p 1h 1- 1$ .
1- 2c 2L 1- 3k 1- 1c
1p 2- 2- 1$ 3L 3p 1-
1- 1k 1- 2h 3- 1c .
. 1p 1$ 2k 2- . .
""",
    """
1c 1- 1k 1p . . . .
1- 1$ 1- 1c 1- 1p . .
2L 2c 1k 4- 4L 1h 1- 1k
2p 2- 1- 4$ 5L 1- 1c .
. . . 4- 5c 1p . .
""",
    """
1- 1c 1- 1$
1k 2L 2p 1-
1- 2- 2c 1h
1p 1- 1k 1c
. 1- 1p .
. 1c 1h .
. 1- 1k .
""",
    """
. . . . 1- 1k 1c
1- 1c 1- 1$ 1p 1- .
1k 3h 3- 3L 1- . .
1- 3p 1c 2- 2- . .
1$ 1- 1- 2L 2k . .
. . 1p 1- 1- . .
""",
]
#: Cells with a foundation in their stack, and the cells of each player's latest turn
#: (in the estate's own rows and columns, the text's first row being row 1).
MID_FOUNDATIONS = [["r4c5"], ["r3c4", "r4c4"], [], ["r3c2"]]
MID_LAST_TURN = [["r3c5", "r4c5", "r4c6", "r5c5", "r2c6"],
                 ["r3c4", "r3c5", "r4c4", "r4c5", "r5c4", "r5c5"],
                 ["r5c2", "r6c2", "r7c2", "r6c3", "r7c3"],
                 ["r3c2", "r3c3", "r3c4", "r4c2", "r3c1"]]


def start_view(seats: int = 2, variant: str = "standard") -> dict:
    state = new_state(seats, LlamaLandOptions(variant=variant), 5)
    return public_view(state, None)


def sides_chosen(state: LlamaLandState) -> LlamaLandState:
    for player in state.players:
        player.side = "A"
        player.estate = start_estate(player.board * 2)
    state.phase = "tile"
    return state


def mid_state(seats: int, variant: str = "standard", seed: int = 5) -> LlamaLandState:
    state = sides_chosen(new_state(seats, LlamaLandOptions(variant=variant), seed))
    for seat, player in enumerate(state.players):
        player.estate = Estate(parse_estate(MID_ESTATES[seat]).cells)
        player.foundations = dict.fromkeys(MID_FOUNDATIONS[seat], 1)
        player.foundations_left = 3 - len(MID_FOUNDATIONS[seat])
        player.last_turn = list(MID_LAST_TURN[seat])
        player.crops = {"corn": seat + 1, "cacao": 3 - seat % 3, "potato": 2 * seat}
        player.coins = 2 + seat
        player.turns = 7
        for crop in ("corn", "cacao", "potato")[: seat % 3 + 1]:
            player.llama_cards.append(LlamaCard(crop=crop, points=state.llama_columns[crop].pop(0)))
    from games.llama_land.state import Character

    state.players[0].characters = [Character(card="trader:corn-cacao", taken=2)]
    state.players[1].characters = [Character(card="miner", taken=3),
                                   Character(card="farmer:potato", taken=5),
                                   Character(card="merchant:corn", taken=6)]
    for k, objective in enumerate(state.objectives[:4]):
        objective.markers[0 if k % 2 else 2] = k % seats
        state.players[k % seats].markers_left -= 1
    state.turn = 29
    state.current = 1 % seats
    return state


def mid_view(seats: int = 2, variant: str = "standard") -> dict:
    return public_view(mid_state(seats, variant), None)


def end_view(seats: int = 3) -> dict:
    state = mid_state(seats)
    state.finished = True
    state.phase = "over"
    view = public_view(state, None)
    view["scores"] = {
        str(s): {"llamas": 20 + 3 * s, "crops": 4 - s, "coins": 1, "objectives": 9 * (s % 2),
                 "total": 25 + 3 * s - s + 9 * (s % 2)}
        for s in range(seats)
    }
    totals = {s: view["scores"][str(s)]["total"] for s in range(seats)}
    best = max(totals.values())
    view["winners"] = [s for s, t in totals.items() if t == best]
    return view
