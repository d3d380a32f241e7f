"""The actions of Pedro's cards (« ACTIONS DE PEDRO »), each with its priority list.

When a priority list leaves several options, the chapter says « prenez vous-même la
décision »; here the last tie goes to the first in the board's own order (job market
left to right, top to bottom; lowest building number; lowest space id) — a simplification.
"""

from __future__ import annotations

from games.gwt_argentina import data as D
from games.gwt_argentina import pieces as P
from games.gwt_argentina.build import need
from games.gwt_argentina.flow import Ctx
from games.gwt_argentina.hire import hire_cost
from games.gwt_argentina.market import take_from_market
from games.gwt_argentina.pedro_data import (
    CARPINTERO,
    CATTLE_BY_GAUCHOS,
    FARMER_COLOUR_ORDER,
    GAUCHO,
    PEDRO_ROWS,
)
from games.gwt_argentina.pedro_rules import (
    farthest_objective,
    take_display_objective,
    update_specialty,
)
from games.gwt_argentina.pedro_state import PEDRO
from games.gwt_argentina.railway import TERMINUS, destinations, is_station
from games.gwt_argentina.state import GwtState
from games.gwt_argentina.trail import building_number, building_owner, track_value

MAX_ROW = D.MAX_WORKERS_PER_ROW


# -- Engager un ouvrier (cartes #1 et #2) -------------------------------------------------
def hire_candidates(state: GwtState) -> list[tuple[int, int, str, int]]:
    """(row, col, tile, cost): « sans en payer le coût d'embauche (mais toujours pas de la
    rangée où se trouve le marqueur Marché de l'emploi) »; a full row of his takes none."""
    pedro = state.players[PEDRO]
    out = []
    for row, cells in enumerate(state.board.job_market[:state.board.job_marker_row]):
        for col, tile in enumerate(cells):
            if tile is None or P.worker_kind(tile) not in PEDRO_ROWS:
                continue
            if pedro.worker_count(P.worker_kind(tile)) >= MAX_ROW:
                continue
            out.append((row, col, tile, hire_cost(row, tile, 0)))
    return out


def hire(state: GwtState, specialty_first: bool, ctx: Ctx) -> None:
    """Card #1: « 1. L'ouvrier dont le coût d'embauche est le plus bas* 2. ... correspondant
    à sa spécialité 3. ... pourvu d'une icône de force 4. ... le plus à gauche dans la rangée
    la plus haute »; card #2: the specialty first, then the lowest cost (* « Prenez compte du
    coût additionnel pour les ouvriers pourvus d'une icône de force »)."""
    assert state.pedro is not None
    special = state.pedro.specialty
    choices = hire_candidates(state)
    if not choices:
        ctx.say(state, "Pedro hires nobody (no worker he can take).")
        return

    def key(choice: tuple[int, int, str, int]) -> tuple:
        row, col, tile, cost = choice
        off = P.worker_kind(tile) != special
        weak = not P.worker_strong(tile)
        return (off, cost, weak, row, col) if specialty_first else (cost, off, weak, row, col)

    row, col, tile, _cost = min(choices, key=key)
    state.board.job_market[row][col] = None
    state.players[PEDRO].workers[P.worker_kind(tile)].append(tile)
    ctx.say(state, f"Pedro hires a {P.tile_label(tile)} (row {row + 1}) for free.")
    changed = update_specialty(state)
    if changed:
        ctx.say(state, f"Pedro's specialty is now {changed}s.")


# -- Obtenir une carte Objectif (carte #7) -------------------------------------------------
def take_objective(state: GwtState, ctx: Ctx) -> None:
    board = state.board
    card = farthest_objective(board)
    if card is None:
        if not board.objective_deck:
            ctx.say(state, "Pedro takes no objective card (none left).")
            return
        card = board.objective_deck.pop(0)
    else:
        take_display_objective(board, card)
    ctx.reveals = True
    state.players[PEDRO].objectives.append(card)
    ctx.say(state, f"Pedro takes objective card {card}.")


# -- Prendre du grain (cartes #6, #8 et #9) ------------------------------------------------
def take_grain(state: GwtState, n: int, ctx: Ctx) -> None:
    pedro = state.players[PEDRO]
    before = pedro.grain
    pedro.grain = min(D.GRAIN_LIMIT, pedro.grain + n)
    ctx.say(state, f"Pedro takes {pedro.grain - before} grain ({pedro.grain} now).")


# -- Aider un ou plusieurs granjeros (cartes #8 et #9) --------------------------------------
def farmer_choice(state: GwtState) -> str | None:
    """« 1. La tuile Fermier rapportant le plus grand montant en pèsos* 2. ... requérant la
    valeur de force la plus basse 3. ... jaune -> orange -> bleu -> vert » (* « les pièces
    occupant l'espace Monnaie ainsi que la valeur en pèsos imprimée sous les granjeros »)."""
    board = state.board
    spaces = [s for s, t in board.trail.items() if P.is_farmer(t)]
    if not spaces:
        return None

    def key(space: str) -> tuple:
        tile = P.farmer(board.trail[space])
        pesos = board.farmer_coins.get(space, 0) + D.FARMER_SPACE_PESOS[space]
        return -pesos, tile.strength, FARMER_COLOUR_ORDER.index(tile.colour), space

    return min(spaces, key=key)


def help_farmer(state: GwtState, keep: bool, ctx: Ctx) -> None:
    """« Après avoir choisi un granjero, toute pièce occupant son espace Monnaie est remise
    à la banque »; card #8 returns the tile to the box, card #9 keeps it (2 VP)."""
    board = state.board
    space = farmer_choice(state)
    if space is None:
        ctx.say(state, "Pedro helps no granjero (none on the board).")
        return
    tile = board.trail.pop(space)
    board.farmer_coins.pop(space, None)
    if keep:
        state.players[PEDRO].helped_farmers.append(tile)
        ctx.say(state, f"Pedro helps the {P.tile_label(tile)} at {space} and keeps it.")
    else:
        board.box_tiles.append(tile)
        ctx.say(state, f"Pedro helps the {P.tile_label(tile)} at {space}: back to the box.")


# -- Acheter du bétail (cartes #3, #10 et #13) ---------------------------------------------
def pick_cattle(market: list[str], values: tuple[int, ...]) -> list[str] | None:
    """Cards of the given breeding values, the most VP first; None if one is missing."""
    left = list(market)
    picked = []
    for value in values:
        fits = [c for c in left if (ct := P.cattle(c)) is not None and ct.value == value]
        if not fits:
            return None
        best = max(fits, key=lambda c: (P.cattle(c).vp, -left.index(c)))
        left.remove(best)
        picked.append(best)
    return picked


def buy_cattle(state: GwtState, ctx: Ctx) -> None:
    """« Si le marché ne contient pas suffisamment de cartes Bétail, Pedro pioche 2 nouvelles
    cartes de la pioche Bétail et les ajoute au marché. Puis, il choisit l'option
    correspondant au nombre de gauchos qu'il possède moins 1 (si cette étape doit être
    répétée plusieurs fois, diminuez ce nombre de 1 à chaque fois) »."""
    board = state.board
    gauchos = min(state.players[PEDRO].worker_count(GAUCHO), max(CATTLE_BY_GAUCHOS))
    while gauchos >= 1:
        picked = pick_cattle(board.cattle_market, CATTLE_BY_GAUCHOS[gauchos])
        if picked is not None:
            for card in picked:
                take_from_market(state, card)
                state.players[PEDRO].deck.append(card)
            ctx.say(state, "Pedro buys " + ", ".join(P.card_label(c) for c in picked) + ".")
            return
        drawn = board.cattle_deck[:2]
        del board.cattle_deck[:2]
        board.cattle_market = P.market_sort(board.cattle_market + drawn)
        if drawn:
            ctx.reveals = True
            ctx.say(state, f"Pedro adds {len(drawn)} card{'s' * (len(drawn) > 1)} to the "
                           f"cattle market.")
        gauchos -= 1
    ctx.say(state, "Pedro buys no cattle.")


def take_value_3(state: GwtState, ctx: Ctx) -> None:
    """Card #13: « il prend du marché une carte Bétail dont la valeur d'élevage est de 3 et
    dont la valeur en points de victoire est la plus haute ... Si le marché ne contient
    aucune carte répondant à ce critère, Pedro ne prend pas de carte Bétail. »"""
    picked = pick_cattle(state.board.cattle_market, (3,))
    if picked is None:
        ctx.say(state, "Pedro takes no cattle (no value-3 card in the market).")
        return
    take_from_market(state, picked[0])
    state.players[PEDRO].deck.append(picked[0])
    ctx.say(state, f"Pedro takes {P.card_label(picked[0])}.")


# -- Construire (cartes #4, #11 et #14) ----------------------------------------------------
def build_site(state: GwtState) -> str | None:
    """« la prochaine case libre au-devant de votre estanciero, tant que cette case est sans
    risque (la case libre peut se situer au début du parcours s'il n'y a pas de case libre
    entre votre estanciero et Buenos Aires) »: nearest by the trail, a fork's branches in
    their order."""
    board = state.board
    risky = set(D.RISK_SPACES) | set(D.RISK_FARMLAND_SPACES)

    def free(space: str) -> bool:
        return space in D.BUILDING_SPACES and space not in risky and space not in board.trail

    for origin in (state.players[0].estanciero or "START", "START"):
        frontier, seen = [origin], {origin}
        while frontier:
            nxt = []
            for here in frontier:
                for space in D.TRAIL.get(here, ()):
                    if space in seen:
                        continue
                    seen.add(space)
                    if free(space):
                        return space
                    nxt.append(space)
            frontier = nxt
    return None


def hands(state: GwtState, number: int) -> int:
    return 1 if D.private_building(number, state.board.building_sides[str(number)]).hand else 0


def vp(state: GwtState, number: int) -> int:
    return D.private_building(number, state.board.building_sides[str(number)]).vp


def own_buildings(state: GwtState) -> list[tuple[str, int]]:
    return sorted((space, building_number(tile)) for space, tile in state.board.trail.items()
                  if ":" in tile and building_owner(tile) == PEDRO)


def replacements(state: GwtState, used: set[int]) -> list[tuple[str, int, int]]:
    """(space, old, new) with ``need(new) - need(old)`` carpinteros in ``used``."""
    out = []
    for space, old in own_buildings(state):
        for new in state.players[PEDRO].buildings_left:
            if need(new) - need(old) in used:
                out.append((space, old, new))
    return out


def best_replacement(state: GwtState, options: list[tuple[str, int, int]]):
    """« Sous-critère pour remplacer : 1. La nouvelle tuile Bâtiment rapportant le plus de
    points de victoire. 2. Maximisez le nombre de tuiles Bâtiment présentant une main »."""
    return min(options, key=lambda o: (-vp(state, o[2]), -(hands(state, o[2]) - hands(state, o[1])),
                                       o[2], o[0]))


def place(state: GwtState, space: str, number: int, ctx: Ctx, old: int | None = None) -> None:
    state.board.trail[space] = f"{PEDRO}:{number}"
    state.players[PEDRO].buildings_left.remove(number)
    side = state.board.building_sides[str(number)]
    if old is None:
        ctx.say(state, f"Pedro builds {number}{side} at {space}.")
    else:
        ctx.say(state, f"Pedro replaces his {old}{side} at {space} by {number}{side}.")


def build(state: GwtState, ctx: Ctx) -> None:
    """« 1. Pedro construit un nouveau bâtiment en utilisant tous ses carpinteros. 2. ...
    tous ses carpinteros moins 1. 3. Pedro remplace un bâtiment en utilisant autant de
    carpinteros que possible. 4. Pedro construit ... en utilisant autant de carpinteros que
    possible. » « Sous-critère pour construire : 1. Une tuile Bâtiment présentant une
    main. »"""
    carp = state.players[PEDRO].worker_count(CARPINTERO)
    left = state.players[PEDRO].buildings_left
    site = build_site(state)

    def new_with(n: int) -> bool:
        fits = [b for b in left if need(b) == n]
        if site is None or not fits:
            return False
        place(state, site, min(fits, key=lambda b: (-hands(state, b), b)), ctx)
        return True

    if new_with(carp) or new_with(carp - 1):
        return
    for used in range(carp, 0, -1):
        options = replacements(state, {used})
        if options:
            space, old, new = best_replacement(state, options)
            place(state, space, new, ctx, old)
            return
    for used in range(carp - 2, 0, -1):
        if new_with(used):
            return
    ctx.say(state, "Pedro builds nothing.")


def build_one(state: GwtState, ctx: Ctx) -> None:
    """Card #14 for a non-carpintero specialist: « il construit un nouveau bâtiment
    nécessitant exactement 1 carpintero. Si Pedro a déjà placé tous ses bâtiments répondant à
    ce critère, il remplace plutôt un de ses bâtiments en utilisant exactement 1 carpintero
    et en suivant le sous-critère pour remplacer. »"""
    left = state.players[PEDRO].buildings_left
    fits = [b for b in left if need(b) == 1]
    if fits:
        site = build_site(state)
        if site is not None:
            place(state, site, min(fits, key=lambda b: (-hands(state, b), b)), ctx)
            return
    options = replacements(state, {1})
    if options and not fits:
        space, old, new = best_replacement(state, options)
        place(state, space, new, ctx, old)
        return
    ctx.say(state, "Pedro builds nothing.")


# -- Avancer la locomotive (cartes #5, #6, #12 et #15) -------------------------------------
def loco_destination(state: GwtState, moves: int) -> str | None:
    """« Elle doit s'arrêter à chaque gare qu'elle atteint et que Pedro n'a pas encore
    améliorée, à moins que l'action actuelle lui permette d'atteindre une gare plus éloignée
    ... Dans ce cas, elle ignorera la première gare pour s'arrêter à la seconde. »"""
    if moves <= 0:
        return None
    reach = destinations(state, PEDRO, moves)
    if not reach:
        return None
    stations = [s for s in reach if is_station(s) and unvisited(state, s)]
    if stations:
        return max(stations, key=track_value)
    plain = [s for s in reach if not is_station(s)] or reach
    return max(plain, key=lambda s: (track_value(s), not s.startswith("b")))


def unvisited(state: GwtState, sid: str) -> bool:
    return sid == TERMINUS or PEDRO not in state.board.stations[sid]


def upgrade(state: GwtState, sid: str, ctx: Ctx) -> None:
    """« Pedro améliore cette gare en y plaçant un des disques provenant de sa réserve (et en
    ignorant les coûts d'amélioration). Puis, remettez la tuile Chef de gare (si elle s'y
    trouve toujours) dans la boîte »; an empty reserve: « prenez un de ses disques à partir
    de la gare valant le moins de points de victoire »."""
    assert state.pedro is not None
    board = state.board
    if state.pedro.discs > 0:
        state.pedro.discs -= 1
    else:
        mine = [s for s, seats in board.stations.items() if PEDRO in seats]
        if not mine:
            return
        lowest = min(mine, key=lambda s: (D.STATION_BY_ID[s].vp, track_value(s)))
        board.stations[lowest].remove(PEDRO)
    board.stations[sid].append(PEDRO)
    master = board.station_masters.get(sid)
    if master is not None and not master.startswith("worker:"):
        del board.station_masters[sid]  # to the box: he never scores it
        ctx.say(state, f"Pedro upgrades station {sid}; its station master goes to the box.")
    else:
        ctx.say(state, f"Pedro upgrades station {sid}.")


def advance_locomotive(state: GwtState, moves: int, ctx: Ctx) -> None:
    pedro = state.players[PEDRO]
    dest = loco_destination(state, moves)
    if dest is None:
        ctx.say(state, "Pedro's locomotive does not move.")
        return
    pedro.locomotive = dest
    ctx.say(state, f"Pedro's locomotive moves to {dest}.")
    if is_station(dest) and unvisited(state, dest):
        upgrade(state, dest, ctx)
    if dest == TERMINUS:
        # « Si la locomotive de Pedro atteint la fin de la voie ferrée, Pedro améliore cette
        # gare. Placez ensuite sa locomotive dans le dépôt. »
        pedro.locomotive = D.DEPOT
