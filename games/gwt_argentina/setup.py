"""Set-up for 2–4 players (rulebook "Mise en place du jeu" 1–18)."""

from __future__ import annotations

from games.gwt_argentina import data, pieces
from games.gwt_argentina.pedro.setup import set_up_pedro
from games.gwt_argentina.state import (
    PRINTED,
    SIDES,
    WORKER_ROWS,
    Board,
    Frame,
    GwtOptions,
    GwtState,
    Player,
    Port,
    Ship,
    side_of,
)
from games.rng import Rng


def place_farmer(board: Board, tile: str) -> str | None:
    """Put a farmer on the free space of its colour with the lowest number; None if full."""
    colour = pieces.farmer(tile).colour
    for space in data.FARMER_AREAS[colour]:
        if space not in board.trail:
            board.trail[space] = tile
            board.farmer_coins[space] = 0
            return space
    return None


def new_state(seats: int, options: GwtOptions, seed: int) -> GwtState:
    rng = Rng.from_seed(seed)
    # Solo: « Procédez à la mise en place ... pour une partie à 2 joueurs » (Pedro's chapter).
    table = max(seats, 2)
    board = Board()

    # 2. station masters: 5 of the 8 at random on the station-master spaces.
    masters = [m.id for m in data.STATION_MASTERS]
    rng.shuffle(masters)
    board.station_masters = dict(zip(data.STATION_MASTER_SPACES,
                                     masters[:data.STATION_MASTERS_IN_PLAY], strict=True))
    board.stations = {s.id: [] for s in data.STATIONS}

    # 3. neutral buildings on their letters (first game) or shuffled.
    letters = list(data.NEUTRAL_LETTERS)
    if not options.first_game:
        rng.shuffle(letters)
    board.trail.update(dict(zip(data.NEUTRAL_SPACES, letters, strict=True)))

    # 5. bags.
    board.bag_a = list(data.bag_contents("A"))
    board.bag_b = list(data.bag_contents("B"))
    board.bag_c = list(data.bag_contents("C"))
    for bag in (board.bag_a, board.bag_b, board.bag_c):
        rng.shuffle(bag)

    # 6. five farmers from bag A, each on the lowest free space of its colour ("S'il ne
    # reste aucune case libre ... remettez cette tuile dans le sac et piochez-en une autre").
    placed = 0
    while placed < data.SETUP_FARMERS:
        tile = board.bag_a.pop(0)
        if place_farmer(board, tile) is None:
            board.bag_a.append(tile)
            rng.shuffle(board.bag_a)
            continue
        placed += 1

    # 4 + 7. job market: rows 1–2 full from the player-count column, row 3 up to the
    # space left of the marker (5 / 8 / 11 workers).
    columns = data.job_market_columns(table)
    board.job_market = [[None] * data.JOB_MARKET_COLUMNS for _ in range(data.JOB_MARKET_ROWS)]
    board.job_marker_row = data.JOB_MARKER_START_ROW - 1
    for row in range(data.JOB_MARKER_START_ROW):
        for col in columns:
            if row == board.job_marker_row and col == columns[-1]:
                break
            board.job_market[row][col] = board.bag_b.pop(0)

    # 8. forecast spaces.
    for space, (letter, _step) in data.FORECAST_SPACES.items():
        bag = {"A": board.bag_a, "B": board.bag_b, "C": board.bag_c}[letter]
        board.forecast[space] = bag.pop(0)

    # 9. cattle market and exhaustion pile.
    board.cattle_deck = pieces.market_cards()
    rng.shuffle(board.cattle_deck)
    size = data.MARKET_SIZE[table]
    board.cattle_market = pieces.market_sort(board.cattle_deck[:size])
    del board.cattle_deck[:size]
    board.exhaustion = [data.EXHAUSTION_CARD_ID] * data.EXHAUSTION_CARDS

    # 10. objectives.
    board.objective_deck = [o.id for o in data.OBJECTIVE_CARDS]
    rng.shuffle(board.objective_deck)
    board.objective_display = board.objective_deck[:data.OBJECTIVE_DISPLAY]
    del board.objective_deck[:data.OBJECTIVE_DISPLAY]

    # 11. ships: the 11 sun ships in ascending order, the 7 others shuffled below.
    board.ships = [Ship(id=s.id) for s in data.SUN_SHIPS]
    board.ship_pile = [s.id for s in data.EXTRA_SHIPS]
    rng.shuffle(board.ship_pile)

    # 12. port cities, sides and closure tiles.
    for i, city in enumerate(data.CITIES):
        sides = options.port_sides
        if sides == "random":
            side = rng.choice(SIDES)
        else:  # "a", "b", or one letter per city ("aba")
            side = side_of(sides[i] if len(sides) == len(data.CITIES) else sides)
        layout = data.port_city(city, side)
        port = Port(side=side, quays={q: [] for q in data.quays(city)})
        for district in layout.districts:
            for district_space in district.spaces:
                port.spaces[district_space.id] = None
        if city in data.CLOSURE_TILES[table]:
            port.closed = list(layout.closed_by_tile)
        board.ports[city] = port

    # 15. private building sides, the same for every player.
    for n in data.PRIVATE_NUMBERS:
        sides = options.building_sides
        board.building_sides[str(n)] = rng.choice(SIDES) if sides == "random" else sides

    # 14, 16–18. players: 17 discs on the board, the 18th on Le Havre quay I; 14 starting
    # cattle cards and 1 exhaustion card shuffled; money, cards and a token by seat.
    start_city, start_quay = data.START_QUAY.split(":")
    players = []
    for seat in range(table):
        deck = pieces.starting_cards(seat) + [board.exhaustion.pop()]
        rng.shuffle(deck)
        cards = data.START_CARDS[seat]
        player = Player(seat=seat, money=data.START_PESOS[seat],
                        exchange_tokens=data.START_EXCHANGE_TOKENS[seat],
                        hand=deck[:cards], deck=deck[cards:],
                        workers={row: [PRINTED] for row in WORKER_ROWS},
                        slots=[s.id for s in data.DISC_SLOTS],
                        buildings_left=list(data.PRIVATE_NUMBERS))
        board.ports[start_city].quays[start_quay].append(seat)
        players.append(player)

    state = GwtState(seats=seats, seed=seed, rng=rng, options=options, players=players,
                     board=board, current=0, first_turn=list(range(seats)))
    state.stack = [Frame(kind="turn_start", seat=0)]
    if seats == 1:
        set_up_pedro(state)
    return state
