"""The actions of Pedro's cards (rulebook, solo chapter « ACTIONS DE PEDRO »)."""

from __future__ import annotations

import pytest

from games.gwt_argentina import data, pieces
from games.gwt_argentina.build import need
from games.gwt_argentina.pedro import actions as pedro_actions
from games.gwt_argentina.pedro.choice import Choices, Tie
from games.gwt_argentina.pedro.data import CARD_BY_NUMBER
from games.gwt_argentina.pedro.turn import chosen_actions
from tests.games.gwt_argentina.pedro_helpers import PEDRO, Ctx, solo, texts


def workers(kind: str, strong: bool) -> list[str]:
    return [w.id for w in data.WORKER_TILES if w.kind == kind and w.strong == strong]


def empty_market(state):
    state.board.job_market = [[None] * 4 for _ in state.board.job_market]


# -- hire -----------------------------------------------------------------------------------
def test_hire_cheapest_first_card_1():
    """Card #1: « 1. L'ouvrier dont le coût d'embauche est le plus bas* 2. L'ouvrier concerné
    correspondant à sa spécialité ... * Prenez compte du coût additionnel pour les ouvriers
    pourvus d'une icône de force. » Row costs 6, 7: a strong worker of row 1 costs 7."""
    state = solo()
    state.players[PEDRO].workers = {"gaucho": ["printed", workers("gaucho", False)[5]],
                                    "carpintero": ["printed"], "maquinista": ["printed"],
                                    "granjero": []}
    state.pedro.specialty = "gaucho"
    empty_market(state)
    strong_ca, plain_ma = workers("carpintero", True)[0], workers("maquinista", False)[0]
    plain_ga = workers("gaucho", False)[0]
    state.board.job_market[0][2] = strong_ca   # 6 + 1 = 7
    state.board.job_market[0][3] = plain_ma    # 6
    state.board.job_market[1][2] = plain_ga    # 7, his specialty
    pedro_actions.hire(state, False, Ctx())
    assert plain_ma in state.players[PEDRO].workers["maquinista"]
    assert state.board.job_market[0][3] is None
    pedro_actions.hire(state, False, Ctx())  # 7 and 7: the specialty wins the tie
    assert plain_ga in state.players[PEDRO].workers["gaucho"]


def test_hire_specialty_first_card_2_and_not_from_marker_row():
    """Card #2: « 1. L'ouvrier correspondant à sa spécialité 2. ... le coût d'embauche le plus
    bas » — « sans en payer le coût d'embauche (mais toujours pas de la rangée où se trouve
    le marqueur Marché de l'emploi) »; « 3. ... pourvu d'une icône de force 4. ... le plus à
    gauche dans la rangée la plus haute »."""
    state = solo()
    state.players[PEDRO].workers = {"gaucho": ["printed"], "maquinista": ["printed"],
                                    "carpintero": ["printed", workers("carpintero", False)[5]],
                                    "granjero": []}
    state.pedro.specialty = "carpintero"
    empty_market(state)
    state.board.job_marker_row = 2
    cheap_ga = workers("gaucho", False)[0]
    ca_plain, ca_strong = workers("carpintero", False)[0], workers("carpintero", True)[0]
    state.board.job_market[0][2] = cheap_ga
    state.board.job_market[1][2] = ca_plain   # 7
    state.board.job_market[1][3] = ca_strong  # 8
    state.board.job_market[2][2] = workers("carpintero", False)[1]  # the marker's row
    pedro_actions.hire(state, True, Ctx())
    assert ca_plain in state.players[PEDRO].workers["carpintero"]
    assert state.players[PEDRO].money == 0  # free
    pedro_actions.hire(state, True, Ctx())
    assert ca_strong in state.players[PEDRO].workers["carpintero"]
    pedro_actions.hire(state, True, Ctx())
    assert cheap_ga in state.players[PEDRO].workers["gaucho"]
    ctx = Ctx()
    pedro_actions.hire(state, True, ctx)  # only the marker's row is left
    assert state.board.job_market[2][2] is not None and "hires nobody" in texts(ctx)[0]


def test_specialty_changes_only_when_exceeded():
    """« En cas d'égalité pour le nombre d'ouvriers, la spécialité actuelle de Pedro demeure
    la même. Si jamais Pedro engage un ouvrier ... de sorte qu'il possède désormais plus
    d'ouvriers de ce nouveau type que ceux que sa spécialité actuelle, celle-ci changera
    immédiatement »."""
    state = solo()
    pedro = state.players[PEDRO]
    pedro.workers = {"gaucho": ["printed", workers("gaucho", False)[0]],
                     "carpintero": ["printed"], "maquinista": ["printed"], "granjero": []}
    state.pedro.specialty = "gaucho"
    empty_market(state)
    state.board.job_market[0][3] = workers("maquinista", False)[0]
    state.board.job_market[1][3] = workers("maquinista", False)[1]
    pedro_actions.hire(state, False, Ctx())
    assert state.pedro.specialty == "gaucho"  # 2 against 2
    ctx = Ctx()
    pedro_actions.hire(state, False, ctx)
    assert state.pedro.specialty == "maquinista"
    assert any("specialty is now maquinista" in t for t in texts(ctx))


# -- objective, grain -----------------------------------------------------------------------
def test_objective_farthest_from_the_deck_and_slide():
    """« Pedro reçoit la carte Objectif de l'offre la plus éloignée de la pioche Objectif.
    Puis, faites glisser les autres vers le bout de la file avant de remplir l'emplacement
    libre ainsi créé à côté de la pioche Objectif. »"""
    state = solo()
    display = list(state.board.objective_display)
    top = state.board.objective_deck[0]
    pedro_actions.take_objective(state, Ctx())
    assert state.players[PEDRO].objectives == [display[-1]]
    assert state.board.objective_display == [top] + display[:-1]


def test_grain():
    """« Pedro reçoit la quantité correspondante de grain. Avancez son marqueur de grain
    d'autant de cases que le nombre indiqué. »"""
    state = solo()
    pedro_actions.take_grain(state, 2, Ctx())
    assert state.players[PEDRO].grain == 2
    state.players[PEDRO].grain = data.GRAIN_LIMIT - 1
    pedro_actions.take_grain(state, 2, Ctx())
    assert state.players[PEDRO].grain == data.GRAIN_LIMIT


# -- farmers --------------------------------------------------------------------------------
def farmer_of(colour: str, strength: int | None = None) -> str:
    return next(f.id for f in data.FARMER_TILES if f.colour == colour
                and (strength is None or f.strength == strength))


def test_farmer_priorities():
    """« 1. La tuile Fermier rapportant le plus grand montant en pèsos* 2. ... requérant la
    valeur de force la plus basse 3. ... jaune -> orange -> bleu -> vert » (* « les pièces
    occupant l'espace Monnaie ainsi que la valeur en pèsos imprimée »)."""
    state = solo()
    board = state.board
    for space in [s for s, t in board.trail.items() if pieces.is_farmer(t)]:
        del board.trail[space]
    green, blue = farmer_of("green"), farmer_of("blue")
    board.trail["GF1"], board.trail["BF1"] = green, blue
    board.farmer_coins = {"GF1": 0, "BF1": 0}
    pesos = {s: data.FARMER_SPACE_PESOS[s] for s in ("GF1", "BF1")}
    richer = max(pesos, key=pesos.get)
    if pesos["GF1"] == pesos["BF1"]:
        # equal pesos: strength, then colour (blue before green)
        strengths = {s: pieces.farmer(board.trail[s]).strength for s in pesos}
        expect = min(pesos, key=lambda s: (strengths[s], s != "BF1"))
    else:
        expect = richer
    assert pedro_actions.farmer_choice(state) == expect
    # coins on the other tile make it the richest
    other = "GF1" if expect == "BF1" else "BF1"
    board.farmer_coins[other] = 10
    assert pedro_actions.farmer_choice(state) == other


def test_farmer_colour_order_breaks_ties():
    state = solo()
    board = state.board
    for space in [s for s, t in board.trail.items() if pieces.is_farmer(t)]:
        del board.trail[space]
    yellow = next(f for f in data.FARMER_TILES if f.colour == "yellow")
    green = next(f for f in data.FARMER_TILES if f.colour == "green" and f.strength == yellow.strength)
    board.trail["YF1"], board.trail["GF1"] = yellow.id, green.id
    board.farmer_coins = {"YF1": 0, "GF1": 0}
    gap = data.FARMER_SPACE_PESOS["YF1"] - data.FARMER_SPACE_PESOS["GF1"]
    board.farmer_coins["GF1" if gap > 0 else "YF1"] = abs(gap)
    assert pedro_actions.farmer_choice(state) == "YF1"


def test_help_farmer_box_or_keep_and_coins_to_bank():
    """« toute pièce occupant son espace Monnaie est remise à la banque »; « Retirez de la
    partie la tuile Fermier choisie en la remettant dans la boîte »; « Prenez la tuile
    Fermier choisie et placez-la à côté du plateau de Pedro »."""
    state = solo()
    space = pedro_actions.farmer_choice(state)
    tile = state.board.trail[space]
    state.board.farmer_coins[space] = 3
    pedro_actions.help_farmer(state, False, Ctx())
    assert space not in state.board.trail and tile in state.board.box_tiles
    assert space not in state.board.farmer_coins and state.players[PEDRO].money == 0
    space = pedro_actions.farmer_choice(state)
    tile = state.board.trail[space]
    pedro_actions.help_farmer(state, True, Ctx())
    assert state.players[PEDRO].helped_farmers == [tile]


# -- cattle ---------------------------------------------------------------------------------
def cards_of(value: int) -> list[str]:
    return [c for c in data.MARKET_CARD_BY_ID if pieces.cattle(c).value == value]


def test_cattle_by_gauchos_most_vp_first():
    """« Pedro achète des cartes Bétail du marché et choisit une option selon le nombre de
    gauchos qu'il possède »; « Si plusieurs cartes Bétail de même valeur sont disponibles,
    Pedro choisit toujours celle(s) rapportant le plus de points de victoire. »"""
    state = solo()
    threes = sorted(cards_of(3), key=lambda c: pieces.cattle(c).vp)
    state.board.cattle_market = [threes[0], threes[-1]]
    state.players[PEDRO].workers["gaucho"] = ["printed"]  # 1 gaucho: one value-3 card
    pedro_actions.buy_cattle(state, Ctx())
    assert state.players[PEDRO].deck == [threes[-1]]
    assert state.board.cattle_market == [threes[0]]


def test_cattle_not_enough_draws_two_and_one_gaucho_less():
    """« Si le marché ne contient pas suffisamment de cartes Bétail, Pedro pioche 2 nouvelles
    cartes de la pioche Bétail et les ajoute au marché. Puis, il choisit l'option
    correspondant au nombre de gauchos qu'il possède moins 1 »."""
    state = solo()
    three = cards_of(3)[0]
    state.board.cattle_market = [three]
    state.players[PEDRO].workers["gaucho"] = ["printed", workers("gaucho", False)[0],
                                              workers("gaucho", False)[1]]  # 3: a value 4
    state.board.cattle_deck = [c for c in cards_of(3)[1:5]]
    ctx = Ctx()
    pedro_actions.buy_cattle(state, ctx)
    # 3 gauchos (value 4) fails, 2 cards drawn; 2 gauchos: two value-3 cards.
    assert len(state.players[PEDRO].deck) == 2
    assert all(pieces.cattle(c).value == 3 for c in state.players[PEDRO].deck)
    assert any("adds 2 cards" in t for t in texts(ctx))


def test_card_13_value_3_for_others():
    """« Carte #13 : Si Pedro n'est pas spécialisé en gauchos, il prend du marché une carte
    Bétail dont la valeur d'élevage est de 3 et dont la valeur en points de victoire est la
    plus haute. Si le marché ne contient aucune carte répondant à ce critère, Pedro ne prend
    pas de carte Bétail. »"""
    state = solo()
    state.pedro.specialty = "maquinista"
    assert [a.kind for a in chosen_actions(state, CARD_BY_NUMBER[13])] == ["cattle3"]
    state.pedro.specialty = "gaucho"
    assert [a.kind for a in chosen_actions(state, CARD_BY_NUMBER[13])] == ["cattle"]
    state.board.cattle_market = cards_of(4)[:2]
    pedro_actions.take_value_3(state, Ctx())
    assert state.players[PEDRO].deck == []
    threes = sorted(cards_of(3), key=lambda c: pieces.cattle(c).vp)
    state.board.cattle_market = [threes[0], threes[-1]]
    pedro_actions.take_value_3(state, Ctx())
    assert state.players[PEDRO].deck == [threes[-1]]


def test_example_card_10_no_action_for_a_carpintero_specialist():
    """« Puisque sa spécialité se trouve vis-à-vis de la rangée de carpinteros, il n'effectue
    pas d'action. » (the chapter's example, card #10)"""
    state = solo()
    state.pedro.specialty = "carpintero"
    assert chosen_actions(state, CARD_BY_NUMBER[10]) == []


# -- build ----------------------------------------------------------------------------------
def set_carpinteros(state, n: int) -> None:
    extra = workers("carpintero", False)[:n - 1]
    state.players[PEDRO].workers["carpintero"] = ["printed", *extra]


def test_build_site_ahead_of_your_estanciero_never_risky():
    """« ce bâtiment doit être placé dans la prochaine case libre au-devant de votre
    estanciero, tant que cette case est sans risque (la case libre peut se situer au début du
    parcours s'il n'y a pas de case libre entre votre estanciero et Buenos Aires) »."""
    state = solo()
    state.players[0].estanciero = "N3"
    # two free spaces equally near on the two branches of a fork: you choose
    with pytest.raises(Tie) as tie:
        pedro_actions.build_site(state)
    assert tie.value.what == "site" and tie.value.keys == ["P4", "P5"]
    assert pedro_actions.build_site(state, Choices({"site": "P5"})) == "P5"
    state.players[0].estanciero = "YF6"
    # YF7 leads to Buenos Aires: no free space ahead, from the start of the trail
    assert pedro_actions.build_site(state) == "P1"
    state.players[0].estanciero = "N8"
    assert pedro_actions.build_site(state) == "P1"  # R3 and R4 ahead are risk spaces
    state.players[0].estanciero = "N5"
    assert pedro_actions.build_site(state) == "G5"  # RG3 is a risk space


def test_build_with_all_carpinteros_then_minus_one():
    """« 1. Pedro construit un nouveau bâtiment en utilisant tous ses carpinteros. 2. ...
    tous ses carpinteros moins 1. » « Sous-critère pour construire : 1. Une tuile Bâtiment
    présentant une main. »"""
    state = solo()
    set_carpinteros(state, 2)
    pedro_actions.build(state, Ctx())
    built = [t for t in state.board.trail.values() if t.startswith("1:")]
    assert built == ["1:3"]  # 3 and 4 need 2; 3 has a hand
    pedro_actions.build(state, Ctx())
    pedro_actions.build(state, Ctx())  # no 2 left: 1 carpintero (1 has a hand, then 2)
    built = sorted(t for t in state.board.trail.values() if t.startswith("1:"))
    assert built == ["1:1", "1:3", "1:4"]


def test_replace_as_many_carpinteros_as_possible():
    """« 3. Pedro remplace un bâtiment en utilisant autant de carpinteros que possible. »
    « Sous-critère pour remplacer : 1. La nouvelle tuile Bâtiment rapportant le plus de
    points de victoire. »"""
    state = solo()
    set_carpinteros(state, 2)
    pedro = state.players[PEDRO]
    state.board.trail["P1"] = "1:1"
    state.board.trail["P2"] = "1:3"
    pedro.buildings_left = [n for n in pedro.buildings_left if n not in (1, 2, 3, 4)]
    pedro_actions.build(state, Ctx())
    # 2 carpinteros: nothing needs 2 or 1; replace with a difference of 2: 1 -> 5/6 (need 3)
    # or 3 -> 7 (need 4); the most VP is 7.
    assert state.board.trail["P2"] == "1:7" and state.board.trail["P1"] == "1:1"
    assert 3 not in pedro.buildings_left and 7 not in pedro.buildings_left


def test_build_as_many_as_possible_last():
    """« 4. Pedro construit un nouveau bâtiment en utilisant autant de carpinteros que
    possible. »"""
    state = solo()
    set_carpinteros(state, 4)
    pedro = state.players[PEDRO]
    pedro.buildings_left = [1, 2]
    pedro_actions.build(state, Ctx())
    assert "1:1" in state.board.trail.values()


def test_card_14_one_carpintero():
    """« Carte #14 : Si Pedro n'est pas spécialisé en carpinteros, il construit un nouveau
    bâtiment nécessitant exactement 1 carpintero. Si Pedro a déjà placé tous ses bâtiments
    répondant à ce critère, il remplace plutôt un de ses bâtiments en utilisant exactement 1
    carpintero »."""
    state = solo()
    set_carpinteros(state, 5)
    pedro_actions.build_one(state, Ctx())
    assert "1:1" in state.board.trail.values()
    pedro_actions.build_one(state, Ctx())
    assert "1:2" in state.board.trail.values()
    pedro_actions.build_one(state, Ctx())
    mine = sorted(t for t in state.board.trail.values() if t.startswith("1:"))
    assert len(mine) == 2 and any(need(int(t[2:])) == 2 for t in mine)


# -- locomotive -----------------------------------------------------------------------------
def test_locomotive_stops_at_a_new_station_or_the_farther_one():
    """« Elle doit s'arrêter à chaque gare qu'elle atteint et que Pedro n'a pas encore
    améliorée, à moins que l'action actuelle lui permette d'atteindre une gare plus éloignée
    ... Dans ce cas, elle ignorera la première gare pour s'arrêter à la seconde. »"""
    state = solo()
    branches = [s.id for s in data.BRANCH_STATIONS]
    first = branches[0]
    switch = data.STATION_BY_ID[first].switch
    state.players[PEDRO].locomotive = str(switch - 1)
    dest = pedro_actions.loco_destination(state, 2)
    assert dest == first
    state.board.stations[first].append(PEDRO)
    assert pedro_actions.loco_destination(state, 2) != first


def test_upgrade_from_reserve_and_station_master_to_the_box():
    """« Pedro améliore cette gare en y plaçant un des disques provenant de sa réserve (et en
    ignorant les coûts d'amélioration). Puis, remettez la tuile Chef de gare ... dans la
    boîte ; Pedro ne marquera pas de points pour celle-ci. »"""
    state = solo()
    sid = next(s for s in data.STATION_MASTER_SPACES)
    pedro_actions.upgrade(state, sid, Ctx())
    assert state.board.stations[sid] == [PEDRO] and state.pedro.discs == 16
    assert sid not in state.board.station_masters
    assert state.players[PEDRO].station_masters == []


def test_upgrade_with_an_empty_reserve_takes_the_cheapest_station_disc():
    """« Dans le rare cas où la réserve de disques de Pedro est épuisée ..., prenez un de ses
    disques à partir de la gare valant le moins de points de victoire »."""
    state = solo()
    stations = sorted(data.BRANCH_STATIONS, key=lambda s: s.vp)
    low, high, target = stations[0].id, stations[-1].id, stations[1].id
    state.board.stations[low].append(PEDRO)
    state.board.stations[high].append(PEDRO)
    state.pedro.discs = 0
    pedro_actions.upgrade(state, target, Ctx())
    assert PEDRO not in state.board.stations[low] and PEDRO in state.board.stations[target]


def test_terminus_then_depot():
    """« Si la locomotive de Pedro atteint la fin de la voie ferrée, Pedro améliore cette
    gare. Placez ensuite sa locomotive dans le dépôt. »"""
    state = solo()
    state.players[PEDRO].locomotive = str(data.TERMINUS - 1)
    pedro_actions.advance_locomotive(state, 1, Ctx())
    assert state.players[PEDRO].locomotive == data.DEPOT
    assert PEDRO in state.board.stations[str(data.TERMINUS)]


def test_locomotive_jumps_over_yours():
    """« Lorsque la locomotive de Pedro avance sur la voie ferrée, elle saute par-dessus la
    vôtre normalement. »"""
    state = solo()
    state.players[0].locomotive = "1"
    pedro_actions.advance_locomotive(state, 1, Ctx())
    assert state.players[PEDRO].locomotive == "2"


def test_station_master_space_stays_empty():
    """« Pedro ne remplace pas le Chef de gare par un de ses ouvriers (l'espace Chef de gare
    demeurera vide pour le reste de la partie). »"""
    state = solo()
    sid = data.STATION_MASTER_SPACES[0]
    before = {row: list(t) for row, t in state.players[PEDRO].workers.items()}
    pedro_actions.upgrade(state, sid, Ctx())
    assert state.board.station_masters.get(sid) is None
    assert state.players[PEDRO].workers == before


def test_exhaustion_cards_go_to_his_pile():
    """« Chaque fois que Pedro reçoit des cartes Bétail, des cartes Objectif ou des cartes
    Épuisement (e.g. : la tuile Bâtiment personnel « 7b »), placez-les ... dans une pile à
    côté de son plateau. Pedro marquera des points à la fin de la partie. »"""
    from games.gwt_argentina.actions import start
    from games.gwt_argentina.data.actions import Action
    from games.gwt_argentina.pedro.scoring import pedro_scores

    state = solo()
    before = pedro_scores(state)["cattle"]
    start(state, 0, Action("exhaust_opponents"), Ctx())
    assert state.players[PEDRO].herd() == [data.EXHAUSTION_CARD_ID]
    assert pedro_scores(state)["cattle"] == before + data.card_vp(data.EXHAUSTION_CARD_ID)
