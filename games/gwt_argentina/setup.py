"""Set-up for 2–4 players (rulebook "Mise en place du jeu" 1–18)."""

from __future__ import annotations

from games.gwt_argentina import pieces as P
from games.gwt_argentina import tables as T
from games.gwt_argentina.state import (
    PRINTED,
    WORKER_ROWS,
    Board,
    Frame,
    GwtOptions,
    GwtState,
    Player,
    Port,
    Ship,
)
from games.rng import Rng


def market_sort(cards: list[str]) -> list[str]:
    """The cattle market sorted by colour: orange, yellow, red, blue, brown, purple."""
    def key(card: str) -> tuple[int, str]:
        c = P.cattle(card)
        colour = c.colour if c else ""
        order = T.MARKET_ORDER.index(colour) if colour in T.MARKET_ORDER else len(T.MARKET_ORDER)
        return order, card
    return sorted(cards, key=key)


def first_column(seats: int) -> int:
    """Columns used in the job market: the rightmost ``seats`` of 4 (rulebook p. 11)."""
    return 4 - seats


def place_farmer(board: Board, tile: str) -> str | None:
    """Put a farmer on the free space of its colour with the lowest number; None if full."""
    colour = P.farmer(tile).colour
    for space in T.FARMER_SPACES[colour]:
        if space not in board.trail:
            board.trail[space] = tile
            board.farmer_coins[space] = 0
            return space
    return None


def new_state(seats: int, options: GwtOptions, seed: int) -> GwtState:
    rng = Rng.from_seed(seed)
    board = Board()

    # 2. station masters: 5 of the 8 at random on the station-master spaces.
    masters = sorted(T.STATION_MASTERS)
    rng.shuffle(masters)
    board.station_masters = dict(zip(T.MASTER_SPACES, masters[:5], strict=True))
    board.stations = {sid: [] for sid in T.BRANCHES} | {T.TERMINUS[0]: []}

    # 3. neutral buildings on their letters (first game) or shuffled.
    letters = list(T.NEUTRAL_LETTERS)
    if not options.first_game:
        rng.shuffle(letters)
    board.trail.update(dict(zip(T.NEUTRAL_SPACES, letters, strict=True)))

    # 5. bags.
    board.bag_a = [t for colour in ("green", "blue", "orange") for t in P.farmer_tiles(colour)]
    board.bag_b = P.worker_tiles("B")
    board.bag_c = P.worker_tiles("C") + P.farmer_tiles("yellow")
    for bag in (board.bag_a, board.bag_b, board.bag_c):
        rng.shuffle(bag)

    # 6. five farmers from bag A, each on the lowest free space of its colour.
    placed = 0
    while placed < 5:
        tile = board.bag_a.pop(0)
        if place_farmer(board, tile) is None:
            board.bag_a.append(tile)
            rng.shuffle(board.bag_a)
            continue
        placed += 1

    # 4 + 7. job market: rows 1–2 full from the player-count column, row 3 up to the
    # space left of the marker (5 / 8 / 11 workers).
    board.job_market = [[None] * 4 for _ in range(T.JOB_ROWS)]
    board.job_marker_row = 2
    for row in range(3):
        for col in range(first_column(seats), 4):
            if row == 2 and col == 3:
                break
            board.job_market[row][col] = board.bag_b.pop(0)

    # 8. forecast spaces.
    for letter, bag in (("A", board.bag_a), ("B", board.bag_b), ("C", board.bag_c)):
        for n in (1, 2):
            board.forecast[f"{letter}{n}"] = bag.pop(0)

    # 9. cattle market and exhaustion pile.
    board.cattle_deck = P.market_cards()
    rng.shuffle(board.cattle_deck)
    size = T.MARKET_SIZE[seats]
    board.cattle_market = market_sort(board.cattle_deck[:size])
    del board.cattle_deck[:size]
    board.exhaustion = [f"exh-{n + 1}" for n in range(T.EXHAUSTION_CARDS)]

    # 10. objectives.
    board.objective_deck = [f"obj-{n}" for n in sorted(T.OBJECTIVES)]
    rng.shuffle(board.objective_deck)
    board.objective_display = board.objective_deck[:4]
    del board.objective_deck[:4]

    # 11. ships: the 11 sun ships in ascending order, the 7 others shuffled below.
    board.ships = [Ship(id=s) for s in T.SUN_SHIPS]
    board.ship_pile = [s for s in T.SHIPS if s not in T.SUN_SHIPS]
    rng.shuffle(board.ship_pile)

    # 12. port cities, sides and closure tiles.
    for city in ("LH", "RT", "LV"):
        side = options.port_sides if options.port_sides != "random" else rng.choice(["a", "b"])
        layout = T.PORTS[city][side]
        port = Port(side=side, quays={q: [] for q in layout["quays"]})
        for _district, (_cost, spaces) in layout["districts"].items():
            for space, _bonus, _vp in spaces:
                port.spaces[space] = None
        if city in T.CLOSURES[seats]:
            port.closed = [T.CLOSED_SPACE]
        board.ports[city] = port

    # 15. private building sides, the same for every player.
    for n in T.PRIVATE:
        side = options.building_sides
        if side == "random":
            side = rng.choice(["a", "b"])
        board.building_sides[str(n)] = side

    # 14, 16–18. players.
    players = []
    for seat in range(seats):
        deck = P.starting_cards(seat) + [board.exhaustion.pop()]
        rng.shuffle(deck)
        money, cards = T.STARTING[seat]
        player = Player(seat=seat, money=money, exchange_tokens=1,
                        hand=deck[:cards], deck=deck[cards:],
                        workers={row: [PRINTED] for row in WORKER_ROWS},
                        slots=list(T.SLOTS), buildings_left=list(T.PRIVATE))
        board.ports["LH"].quays["I"].append(seat)
        players.append(player)

    state = GwtState(seats=seats, seed=seed, rng=rng, options=options, players=players,
                     board=board, current=0, first_turn=list(range(seats)))
    state.stack = [Frame(kind="turn", seat=0)]
    return state
