"""Set-up ("Mise en place", rulebook p. 2–3)."""

from __future__ import annotations

from games.llama_land import data
from games.llama_land.estate import Cell, Estate
from games.llama_land.state import (
    LlamaLandOptions,
    LlamaLandState,
    Objective,
    ObjectiveColour,
    Player,
)
from games.rng import Rng


def start_estate(face: int) -> Estate:
    """A start board face as an estate of height 1 on rows 1-4, columns 1-4."""
    rows = data.START_FACES[face].split(" / ")
    return Estate({(r + 1, c + 1): Cell(1, icon) for r, row in enumerate(rows) for c, icon in enumerate(row)})


def face_index(board: int, side: str) -> int:
    return board * 2 + (0 if side == "A" else 1)


def new_state(seats: int, options: LlamaLandOptions, seed: int) -> LlamaLandState:
    rng = Rng.from_seed(seed)
    # 1. five piles of one shape each, shuffled
    piles = {}
    for index, shape in enumerate(data.SHAPE_NAMES):
        pile = list(range(index * data.TILES_PER_SHAPE, (index + 1) * data.TILES_PER_SHAPE))
        rng.shuffle(pile)
        piles[shape] = pile
    # 3.-4. llama cards: draw per crop by player count, the highest on top
    columns, box = {}, {}
    for crop in data.CROPS:
        cards = list(data.LLAMA_CARD_VALUES)
        rng.shuffle(cards)
        n = data.LLAMA_CARDS_BY_PLAYERS[seats]
        columns[crop] = sorted(cards[:n], reverse=True)
        box[crop] = sorted(cards[n:], reverse=True)
    # 5. characters: a face-down deck and a row of five
    deck = list(data.CHARACTERS)
    rng.shuffle(deck)
    row, deck = deck[:data.CHARACTER_ROW], deck[data.CHARACTER_ROW:]
    # 6. 3 purple (experts: gold) and 4 blue objectives; none for beginners
    objectives = []
    if options.objectives:
        upper = data.GOLD_OBJECTIVES if options.experts else data.PURPLE_OBJECTIVES
        colour: ObjectiveColour = "gold" if options.experts else "purple"
        names = sorted(upper)
        rng.shuffle(names)
        for name in sorted(names[:data.PURPLE_IN_PLAY], key=list(upper).index):
            objectives.append(Objective(name=name, colour=colour, points=list(upper[name])))
        blue = sorted(data.BLUE_OBJECTIVES)
        rng.shuffle(blue)
        for name in sorted(blue[:data.BLUE_IN_PLAY], key=list(data.BLUE_OBJECTIVES).index):
            objectives.append(Objective(name=name, colour="blue", points=list(data.BLUE_OBJECTIVES[name])))
    # 7. a start board each, at random (the side is the player's choice)
    boards = list(range(data.START_BOARDS))
    rng.shuffle(boards)
    # 8. the first player takes the crook and 0 coins; then 1, 2, 3 clockwise
    first = rng.randrange(seats)
    players = []
    for seat in range(seats):
        coins = data.START_COINS[(seat - first) % seats]
        players.append(Player(board=boards[seat], crops={c: 0 for c in data.CROPS}, coins=coins))
    return LlamaLandState(
        game="llama-land",
        seats=seats,
        seed=seed,
        rng=rng,
        turn=1,
        options=options,
        players=players,
        first=first,
        current=first,
        phase="side",
        piles=piles,
        character_deck=deck,
        character_row=row,
        llama_columns=columns,
        llama_box=box,
        supply_crops=dict(data.CROP_TOKENS),
        supply_coins=data.COINS - sum(p.coins for p in players),
        supply_llamas=data.LLAMA_TOKENS,
        objectives=objectives,
    )
