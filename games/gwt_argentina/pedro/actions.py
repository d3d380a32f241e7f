"""The actions of Pedro's cards (« ACTIONS DE PEDRO »), each with its priority list.

When a priority list leaves several options, the chapter says « prenez vous-même la
décision »: the rule asks you through :class:`~.choice.Choices` (a granjero, a set
of cattle cards of equal value and VP, a building site at a fork, a building, a
replacement). The hiring list ends on one worker (« le plus à gauche dans la rangée la
plus haute »), the locomotive on the farthest space, so neither asks.

Cards Pedro receives go face down onto his pile (``Player.deck``): « Chaque fois que Pedro
reçoit des cartes Bétail, des cartes Objectif ou des cartes Épuisement ..., placez-les face
cachée dans une pile à côté de son plateau ».
"""

from __future__ import annotations

from typing import Any

from games.gwt_argentina import data, pieces
from games.gwt_argentina.build import need
from games.gwt_argentina.flow import Ctx
from games.gwt_argentina.hire import hire_cost
from games.gwt_argentina.market import take_from_market
from games.gwt_argentina.pedro.choice import Choices, ties
from games.gwt_argentina.pedro.data import (
    CARPINTERO,
    CATTLE_BY_GAUCHOS,
    FARMER_COLOUR_ORDER,
    GAUCHO,
    PEDRO_ROWS,
    row_name,
)
from games.gwt_argentina.pedro.rules import (
    farthest_objective,
    take_display_objective,
    update_specialty,
)
from games.gwt_argentina.pedro.state import PEDRO
from games.gwt_argentina.railway import TERMINUS, destinations, is_station
from games.gwt_argentina.state import GwtState
from games.gwt_argentina.trail import building_number, building_owner, track_value
from games.i18n import _, _n

MAX_ROW = data.MAX_WORKERS_PER_ROW


# -- Engager un ouvrier (cartes #1 et #2) -------------------------------------------------
def hire_candidates(state: GwtState) -> list[tuple[int, int, str, int]]:
    """(row, col, tile, cost): « sans en payer le coût d'embauche (mais toujours pas de la
    rangée où se trouve le marqueur Marché de l'emploi) »; a full row of his takes none."""
    pedro = state.players[PEDRO]
    out = []
    for row, cells in enumerate(state.board.job_market[:state.board.job_marker_row]):
        for col, tile in enumerate(cells):
            if tile is None or pieces.worker_kind(tile) not in PEDRO_ROWS:
                continue
            if pedro.worker_count(pieces.worker_kind(tile)) >= MAX_ROW:
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
        ctx.announce(state, _("Pedro hires nobody (no worker he can take)."))
        return

    def key(choice: tuple[int, int, str, int]) -> tuple[int, ...]:
        row, col, tile, cost = choice
        off = pieces.worker_kind(tile) != special
        weak = not pieces.worker_strong(tile)
        return (off, cost, weak, row, col) if specialty_first else (cost, off, weak, row, col)

    row, col, tile, _cost = min(choices, key=key)
    state.board.job_market[row][col] = None
    state.players[PEDRO].workers[pieces.worker_kind(tile)].append(tile)
    ctx.announce(state, _("Pedro hires a {worker} (row {row}) for free.",
                          worker=pieces.tile_label(tile), row=row + 1))
    changed = update_specialty(state)
    if changed:
        ctx.announce(state, _("Pedro's specialty is now {row}.", row=row_name(changed)))


# -- Obtenir une carte Objectif (carte #7) -------------------------------------------------
def take_objective(state: GwtState, ctx: Ctx) -> None:
    board = state.board
    card = farthest_objective(board)
    if card is None:
        if not board.objective_deck:
            ctx.announce(state, _("Pedro takes no objective card (none left)."))
            return
        card = board.objective_deck.pop(0)
    else:
        take_display_objective(board, card)
    ctx.reveals = True
    state.players[PEDRO].objectives.append(card)
    ctx.announce(state, _("Pedro takes objective card {card}.", card=card))


# -- Prendre du grain (cartes #6, #8 et #9) ------------------------------------------------
def take_grain(state: GwtState, n: int, ctx: Ctx) -> None:
    pedro = state.players[PEDRO]
    before = pedro.grain
    pedro.grain = min(data.GRAIN_LIMIT, pedro.grain + n)
    ctx.announce(state, _n("Pedro takes {n} grain ({total} now).",
                           "Pedro takes {n} grain ({total} now).", pedro.grain - before,
                           total=pedro.grain))


# -- Aider un ou plusieurs granjeros (cartes #8 et #9) --------------------------------------
def farmer_choice(state: GwtState, choices: Choices | None = None) -> str | None:
    """« 1. La tuile Fermier rapportant le plus grand montant en pèsos* 2. ... requérant la
    valeur de force la plus basse 3. ... jaune -> orange -> bleu -> vert » (* « les pièces
    occupant l'espace Monnaie ainsi que la valeur en pèsos imprimée sous les granjeros »)."""
    board = state.board
    spaces = [s for s, t in board.trail.items() if pieces.is_farmer(t)]
    if not spaces:
        return None

    def key(space: str) -> tuple[int, int, int]:
        tile = pieces.farmer(board.trail[space])
        pesos = board.farmer_coins.get(space, 0) + data.FARMER_SPACE_PESOS[space]
        return -pesos, tile.strength, FARMER_COLOUR_ORDER.index(tile.colour)

    return (choices or Choices()).one("farmer", ties(spaces, key))


def help_farmer(state: GwtState, keep: bool, ctx: Ctx, choices: Choices | None = None) -> None:
    """« Après avoir choisi un granjero, toute pièce occupant son espace Monnaie est remise
    à la banque »; card #8 returns the tile to the box, card #9 keeps it (2 VP)."""
    board = state.board
    space = farmer_choice(state, choices)
    if space is None:
        ctx.announce(state, _("Pedro helps no granjero (none on the board)."))
        return
    tile = board.trail.pop(space)
    board.farmer_coins.pop(space, None)
    if keep:
        state.players[PEDRO].helped_farmers.append(tile)
        ctx.announce(state, _("Pedro helps the {granjero} at {space} and keeps it.",
                              granjero=pieces.tile_label(tile), space=space))
    else:
        board.box_tiles.append(tile)
        ctx.announce(state, _("Pedro helps the {granjero} at {space}: back to the box.",
                              granjero=pieces.tile_label(tile), space=space))


# -- Acheter du bétail (cartes #3, #10 et #13) ---------------------------------------------
def cattle_picks(market: list[str], values: tuple[int, ...]) -> list[tuple[str, ...]]:
    """Every way to take cards of the given breeding values, each time the most VP (« Si
    plusieurs cartes Bétail de même valeur sont disponibles, Pedro choisit toujours
    celle(s) rapportant le plus de points de victoire »); [] if one value is missing.
    Cards of one kind are the same pick; kinds of equal VP are a tie."""
    if not values:
        return [()]
    fits = [c for c in market if (ct := pieces.cattle(c)) is not None and ct.value == values[0]]
    if not fits:
        return []
    best = max(pieces.herd_card(c).vp for c in fits)
    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for card in dict((pieces.card_kind(c), c) for c in fits if pieces.herd_card(c).vp == best).values():
        left = list(market)
        left.remove(card)
        for rest in cattle_picks(left, values[1:]):
            pick = (card, *rest)
            out.setdefault(tuple(sorted(pieces.card_kind(c) for c in pick)), pick)
    return list(out.values())


def pick_key(pick: tuple[str, ...]) -> str:
    return "+".join(sorted(pick))


def choose_pick(market: list[str], values: tuple[int, ...],
                choices: Choices | None) -> tuple[str, ...] | None:
    picks = cattle_picks(market, values)
    if not picks:
        return None
    key = (choices or Choices()).one("cattle", [pick_key(p) for p in picks])
    return next(p for p in picks if pick_key(p) == key)


def to_his_pile(state: GwtState, cards: tuple[str, ...] | list[str]) -> None:
    """« placez-les face cachée dans une pile à côté de son plateau »."""
    state.players[PEDRO].deck.extend(cards)



def buy_cattle(state: GwtState, ctx: Ctx, choices: Choices | None = None,
               progress: dict[str, Any] | None = None) -> None:
    """« Si le marché ne contient pas suffisamment de cartes Bétail, Pedro pioche 2 nouvelles
    cartes de la pioche Bétail et les ajoute au marché. Puis, il choisit l'option
    correspondant au nombre de gauchos qu'il possède moins 1 (si cette étape doit être
    répétée plusieurs fois, diminuez ce nombre de 1 à chaque fois) ». ``progress`` keeps
    the count already lowered when a tie stops the turn after some draws."""
    board = state.board
    progress = {} if progress is None else progress
    gauchos = progress.get("gauchos",
                           min(state.players[PEDRO].worker_count(GAUCHO), max(CATTLE_BY_GAUCHOS)))
    while gauchos >= 1:
        picked = choose_pick(board.cattle_market, CATTLE_BY_GAUCHOS[gauchos], choices)
        if picked is not None:
            for card in picked:
                take_from_market(state, card)
            to_his_pile(state, picked)
            ctx.announce(state, _("Pedro buys {cards}.",
                                  cards=", ".join(pieces.card_label(c) for c in picked)))
            return
        drawn = board.cattle_deck[:2]
        del board.cattle_deck[:2]
        board.cattle_market = pieces.market_sort(board.cattle_market + drawn)
        if drawn:
            ctx.reveals = True
            ctx.announce(state, _n("Pedro adds {n} card to the cattle market.",
                                   "Pedro adds {n} cards to the cattle market.", len(drawn)))
        gauchos -= 1
        progress["gauchos"] = gauchos
    ctx.announce(state, _("Pedro buys no cattle."))


def take_value_3(state: GwtState, ctx: Ctx, choices: Choices | None = None) -> None:
    """Card #13: « il prend du marché une carte Bétail dont la valeur d'élevage est de 3 et
    dont la valeur en points de victoire est la plus haute ... Si le marché ne contient
    aucune carte répondant à ce critère, Pedro ne prend pas de carte Bétail. »"""
    picked = choose_pick(state.board.cattle_market, (3,), choices)
    if picked is None:
        ctx.announce(state, _("Pedro takes no cattle (no value-3 card in the market)."))
        return
    take_from_market(state, picked[0])
    to_his_pile(state, picked)
    ctx.announce(state, _("Pedro takes {card}.", card=pieces.card_label(picked[0])))


def take_free_cattle(state: GwtState, breed: str, ctx: Ctx) -> None:
    """A district bonus « une carte ... du marché » of a breed: the one with the most VP
    (cards of one breed and VP are alike), onto his face-down pile."""
    fits = [c for c in state.board.cattle_market if pieces.herd_card(c).breed == breed]
    if not fits:
        ctx.announce(state, _("Pedro takes no cattle (none of that breed in the market)."))
        return
    card = max(fits, key=lambda c: pieces.herd_card(c).vp)
    take_from_market(state, card)
    to_his_pile(state, [card])
    ctx.announce(state, _("Pedro takes {card}.", card=pieces.card_label(card)))


# -- Construire (cartes #4, #11 et #14) ----------------------------------------------------
def build_site(state: GwtState, choices: Choices | None = None) -> str | None:
    """« la prochaine case libre au-devant de votre estanciero, tant que cette case est sans
    risque (la case libre peut se situer au début du parcours s'il n'y a pas de case libre
    entre votre estanciero et Buenos Aires) »: nearest by the trail; free spaces equally
    near on two branches of a fork are a tie."""
    board = state.board
    risky = set(data.RISK_SPACES) | set(data.RISK_FARMLAND_SPACES)

    def free(space: str) -> bool:
        return space in data.BUILDING_SPACES and space not in risky and space not in board.trail

    for origin in (state.players[0].estanciero or "START", "START"):
        frontier, seen = [origin], {origin}
        while frontier:
            nxt = []
            for here in frontier:
                for space in data.TRAIL.get(here, ()):
                    if space not in seen:
                        seen.add(space)
                        nxt.append(space)
            found = [space for space in nxt if free(space)]
            if found:
                return (choices or Choices()).one("site", found)
            frontier = nxt
    return None


def hands(state: GwtState, number: int) -> int:
    return 1 if data.private_building(number, state.board.building_sides[str(number)]).hand else 0


def vp(state: GwtState, number: int) -> int:
    return data.private_building(number, state.board.building_sides[str(number)]).vp


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


def replacement_key(option: tuple[str, int, int]) -> str:
    space, _old, new = option
    return f"{space}>{new}"


def best_replacement(state: GwtState, options: list[tuple[str, int, int]],
                     choices: Choices | None = None) -> tuple[str, int, int]:
    """« Sous-critère pour remplacer : 1. La nouvelle tuile Bâtiment rapportant le plus de
    points de victoire. 2. Maximisez le nombre de tuiles Bâtiment présentant une main »."""
    best = ties(options, lambda o: (-vp(state, o[2]), -(hands(state, o[2]) - hands(state, o[1]))))
    key = (choices or Choices()).one("replace", [replacement_key(o) for o in best])
    return next(o for o in best if replacement_key(o) == key)


def new_building(state: GwtState, fits: list[int], choices: Choices | None) -> int:
    """« Sous-critère pour construire : 1. Une tuile Bâtiment présentant une main. »"""
    best = ties(fits, lambda b: -hands(state, b))
    return int((choices or Choices()).one("build", [str(b) for b in best]))


def place(state: GwtState, space: str, number: int, ctx: Ctx, old: int | None = None) -> None:
    state.board.trail[space] = f"{PEDRO}:{number}"
    state.players[PEDRO].buildings_left.remove(number)
    side = state.board.building_sides[str(number)]
    if old is None:
        ctx.announce(state, _("Pedro builds {building} at {space}.", building=f"{number}{side}",
                              space=space))
    else:
        ctx.announce(state, _("Pedro replaces his {old} at {space} by {building}.",
                              old=f"{old}{side}", space=space, building=f"{number}{side}"))


def build(state: GwtState, ctx: Ctx, choices: Choices | None = None) -> None:
    """« 1. Pedro construit un nouveau bâtiment en utilisant tous ses carpinteros. 2. ...
    tous ses carpinteros moins 1. 3. Pedro remplace un bâtiment en utilisant autant de
    carpinteros que possible. 4. Pedro construit ... en utilisant autant de carpinteros que
    possible. » « Sous-critère pour construire : 1. Une tuile Bâtiment présentant une
    main. »"""
    carp = state.players[PEDRO].worker_count(CARPINTERO)
    left = state.players[PEDRO].buildings_left

    def new_with(n: int) -> bool:
        fits = [b for b in left if need(b) == n]
        if not fits:
            return False
        site = build_site(state, choices)
        if site is None:
            return False
        place(state, site, new_building(state, fits, choices), ctx)
        return True

    if new_with(carp) or new_with(carp - 1):
        return
    for used in range(carp, 0, -1):
        options = replacements(state, {used})
        if options:
            space, old, new = best_replacement(state, options, choices)
            place(state, space, new, ctx, old)
            return
    for used in range(carp - 2, 0, -1):
        if new_with(used):
            return
    ctx.announce(state, _("Pedro builds nothing."))


def build_one(state: GwtState, ctx: Ctx, choices: Choices | None = None) -> None:
    """Card #14 for a non-carpintero specialist: « il construit un nouveau bâtiment
    nécessitant exactement 1 carpintero. Si Pedro a déjà placé tous ses bâtiments répondant à
    ce critère, il remplace plutôt un de ses bâtiments en utilisant exactement 1 carpintero
    et en suivant le sous-critère pour remplacer. »"""
    left = state.players[PEDRO].buildings_left
    fits = [b for b in left if need(b) == 1]
    if fits:
        site = build_site(state, choices)
        if site is not None:
            place(state, site, new_building(state, fits, choices), ctx)
            return
    options = replacements(state, {1})
    if options and not fits:
        space, old, new = best_replacement(state, options, choices)
        place(state, space, new, ctx, old)
        return
    ctx.announce(state, _("Pedro builds nothing."))


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
        lowest = min(mine, key=lambda s: (data.STATION_BY_ID[s].vp, track_value(s)))
        board.stations[lowest].remove(PEDRO)
    board.stations[sid].append(PEDRO)
    master = board.station_masters.get(sid)
    if master is not None and not master.startswith("worker:"):
        del board.station_masters[sid]  # to the box: he never scores it
        ctx.announce(state, _("Pedro upgrades station {station}; its station master goes to the "
                              "box.", station=sid))
    else:
        ctx.announce(state, _("Pedro upgrades station {station}.", station=sid))


def advance_locomotive(state: GwtState, moves: int, ctx: Ctx) -> None:
    pedro = state.players[PEDRO]
    dest = loco_destination(state, moves)
    if dest is None:
        ctx.announce(state, _("Pedro's locomotive does not move."))
        return
    pedro.locomotive = dest
    ctx.announce(state, _("Pedro's locomotive moves to {space}.", space=dest))
    if is_station(dest) and unvisited(state, dest):
        upgrade(state, dest, ctx)
    if dest == TERMINUS:
        # « Si la locomotive de Pedro atteint la fin de la voie ferrée, Pedro améliore cette
        # gare. Placez ensuite sa locomotive dans le dépôt. »
        pedro.locomotive = data.DEPOT
