"""Component data checked against the rulebook's component list and set-up text."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from games.gwt_argentina import data


def test_cattle_card_counts():
    """« 92 cartes Bétail · 56 cartes Bétail de départ 14 par joueur : 5 Niata 3 Patagonico
    3 Fronterizo 3 Holando Argentino · 36 cartes Bétail du marché : 6 Caracu 5 Chaqueño
    5 Serrano 5 Blanco Orejinegro 9 Franqueiro 6 Aberdeen-Angus »"""
    market = Counter(c.breed for c in data.MARKET_CARDS)
    assert market == {data.CARACU: 6, data.CHAQUENO: 5, data.SERRANO: 5, data.BLANCO: 5,
                      data.FRANQUEIRO: 9, data.ANGUS: 6}
    assert len(data.MARKET_CARDS) == 36
    per_seat = [data.starting_cards(seat) for seat in range(4)]
    assert all(len(cards) == 14 for cards in per_seat)
    assert Counter(c.breed for c in per_seat[0]) == {data.NIATA: 5, data.PATAGONICO: 3,
                                                    data.FRONTERIZO: 3, data.HOLANDO: 3}
    assert 4 * 14 + 36 == 92
    ids = [c.id for c in data.MARKET_CARDS] + [c.id for cards in per_seat for c in cards]
    assert len(set(ids)) == len(ids) == 92


def test_breeds_named_in_the_rulebook():
    """« Défaussez exactement 1 carte Bétail noire « Fronterizo » » ; « 1 carte Bétail verte
    « Patagonico » » ; « 1 carte Bétail orange « Caracu » » ; « une carte Bétail « Caracu »
    pourvue d'une force de 7 » ; Marie : « « Patagonico » (valeur d'élevage : 2),
    « Chaqueño » (valeur d'élevage : 3), « Serrano » (valeur d'élevage : 3) »."""
    b = data.BREED_BY_ID
    assert b[data.FRONTERIZO].colour == "black"
    assert b[data.PATAGONICO].colour == "green"
    assert (b[data.CARACU].colour, b[data.CARACU].strength) == ("orange", 7)
    assert (b[data.PATAGONICO].value, b[data.CHAQUENO].value, b[data.SERRANO].value) == (2, 3, 3)
    assert set(data.VALUE_3_BREEDS) == {x.id for x in data.BREEDS if x.value == 3}


def test_market_colours_follow_the_printed_order():
    """« ordonnez-les par couleur dans l'ordre suivant : orange, jaune, rouge, bleu, marron,
    violet » — six market breeds, one colour each."""
    colours = [data.BREED_BY_ID[b].colour for b in data.MARKET_BREEDS]
    assert sorted(colours, key=data.MARKET_COLOUR_ORDER.index) == colours
    assert set(colours) == set(data.MARKET_COLOUR_ORDER)


def test_market_size_by_players():
    """« à 2 joueurs, révélez 9 cartes. à 3 joueurs, révélez 12 cartes. à 4 joueurs, révélez
    15 cartes. »"""
    assert data.MARKET_SIZE == {2: 9, 3: 12, 4: 15}


def test_exhaustion_cards():
    """« 25 cartes Épuisement » ; « ajoutez-y 1 carte Épuisement. Ces 15 cartes constituent
    votre pioche Bétail » ; « Si vous révélez 1 ou 2 cartes Bétail, prenez ... 1 carte
    Épuisement ... 3 ou 4 cartes Bétail, ... 2 cartes Épuisement »."""
    assert data.EXHAUSTION_CARDS == 25
    assert 14 + data.EXHAUSTION_IN_STARTING_DECK == 15
    assert [data.exhaustion_for_revealed(n) for n in range(5)] == [0, 1, 1, 2, 2]
    with pytest.raises(ValueError):
        data.exhaustion_for_revealed(5)


def test_purchase_options_quoted_in_the_rulebook():
    """« Si vous ne possédez qu'un seul gaucho, vous n'avez que les 3 options suivantes :
    ... « Caracu » pour 4 pésos, ... valeur d'élevage est de 3 pour 5 pésos, ...
    « Franqueiro » pour 11 pésos. » ; « Si vous utilisez 3 gauchos et payez 5 pésos, vous
    achetez 2 cartes ... de 3 » ; « Si vous utilisez 5 gauchos et payez 9 pésos, vous
    achetez 2 cartes Bétail « Franqueiro » »."""
    one = {(o.breeds, o.cost) for o in data.PURCHASE_OPTIONS if o.gauchos == 1}
    assert one == {((data.CARACU,), 4), (data.VALUE_3_BREEDS, 5), ((data.FRANQUEIRO,), 11)}
    opts = {(o.gauchos, o.breeds, o.cards, o.cost) for o in data.PURCHASE_OPTIONS}
    assert (3, data.VALUE_3_BREEDS, 2, 5) in opts
    assert (5, (data.FRANQUEIRO,), 2, 9) in opts
    assert (2, (data.ANGUS,), 1, 11) in opts and (2, data.VALUE_3_BREEDS, 1, 2) in opts


def test_worker_tiles():
    """« 57 tuiles Ouvrier · 19 de chaque : (parmi lesquels 8 sont pourvus d'une icône de
    force) gaucho, carpintero, maquinista » ; « sac B (qui ne contient que des tuiles
    Ouvrier) »."""
    assert len(data.WORKER_TILES) == 57
    for kind in data.WORKER_TYPES:
        tiles = [t for t in data.WORKER_TILES if t.kind == kind]
        assert len(tiles) == 19
        assert sum(t.strong for t in tiles) == 8
    assert all(tid[:2] in ("GA", "CA", "MA") for tid in data.bag_contents("B"))
    assert len({t.id for t in data.WORKER_TILES}) == 57


def test_farmer_tiles():
    """« 51 tuiles Fermier · 12 de chaque : granjero vert, bleu, orange · 15 de chaque :
    granjero jaune » ; « chaque granjero individuel a une valeur variant entre 3 et 8 »."""
    assert len(data.FARMER_TILES) == 51
    assert Counter(t.colour for t in data.FARMER_TILES) == {"green": 12, "blue": 12,
                                                         "orange": 12, "yellow": 15}
    assert all(3 <= t.strength <= 8 for t in data.FARMER_TILES)
    assert all(t.hand in data.HAND_COLOURS for t in data.FARMER_TILES)
    assert len({t.id for t in data.FARMER_TILES}) == 51


def test_bags():
    """« triez-les selon la lettre marquée au verso (A, B et C) et placez-les dans les sacs
    correspondants » ; set-up 6 draws farmers from bag A ; bag B « ne contient que des tuiles
    Ouvrier »."""
    a, b, c = (data.bag_contents(x) for x in "ABC")
    assert len(a) + len(b) + len(c) == 57 + 51
    assert all(x.startswith(("FG", "FB", "FO")) for x in a) and len(a) == 36
    assert len(b) == 39
    assert sum(x.startswith("FY") for x in c) == 15 and len(c) == 33


def test_job_market_seeding():
    """« Ainsi, selon le nombre de joueurs, vous devriez avoir 5, 8 ou 11 tuiles Ouvrier sur
    le marché de l'emploi » : rows 1 and 2 full, row 3 up to the cell left of the marker
    (the row's last cell) — « Remplissez toujours la case contenant le marqueur ... en
    dernier »."""
    for players, seeded in data.JOB_MARKET_SEED.items():
        columns = len(data.job_market_columns(players))
        assert columns == players
        assert seeded == (data.JOB_MARKER_START_ROW - 1) * columns + (columns - 1)
    assert data.job_market_columns(2) == (2, 3)  # « les 2 colonnes les plus à droite »
    assert len(data.JOB_MARKET_COSTS) == data.JOB_MARKET_ROWS == 11


def test_job_market_costs_in_marie_example():
    """« elle paye 7 pésos pour engager celle de la rangée précédente » (the marker is in row
    3) ; « un gaucho pourvu d'une icône de force dont le coût d'embauche normal est de 6
    pésos ... elle doit plutôt payer un total de 9 pésos »."""
    assert data.JOB_MARKET_COSTS[data.JOB_MARKER_START_ROW - 2] == 7
    assert data.JOB_MARKET_COSTS[0] + 2 + data.STRONG_WORKER_SURCHARGE == 9


def test_job_market_arrows():
    """« Chaque flèche bleue ▼ du marché du travail a à sa droite une icône d'ancre avec un
    fond coloré : jaune, turquoise et violet » ; « Si le marqueur Marché de l'emploi est
    déplacé le long de la flèche rouge de la dernière rangée, la fin de la partie est
    déclenchée »."""
    ships = [a.anchor for a in data.MARKER_ARROWS if a.event == "ships"]
    assert ships == ["yellow", "turquoise", "purple"]
    assert [a.from_row for a in data.MARKER_ARROWS if a.event == "end"] == [data.JOB_MARKET_ROWS]
    assert all(data.JOB_MARKER_START_ROW <= a.from_row <= data.JOB_MARKET_ROWS for a in data.MARKER_ARROWS)


def test_ship_anchor_colours():
    """« Les navires qui ont été installés dans la zone de chargement ont également des icônes
    d'ancre ... : 3 navires pour chacune des 3 couleurs » ; « Ces navires de remplacement ont
    des points de victoire, plutôt que des icônes d'ancre »."""
    anchors = Counter(s.anchor for s in data.SUN_SHIPS if s.anchor)
    assert anchors == {"yellow": 3, "turquoise": 3, "purple": 3}
    assert all(s.anchor is None and s.destination is None for s in data.EXTRA_SHIPS)
    for s in data.SHIPS:
        if s.destination:
            city, quay = s.destination.split(":")
            assert quay in data.quays(city)


def test_ships_order():
    """« Parmi les 18 tuiles Bateau, disposez les 11 bateaux avec l'icône Soleil ... tout
    d'abord le bateau de valeur 0 ... les 10 autres bateaux ... en ordre croissant ... Le
    bateau de valeur 18 sera donc placé au bas de la colonne. Mélangez les 7 bateaux
    restants (sans icône Soleil) »."""
    assert len(data.SHIPS) == 18 and len(data.SUN_SHIPS) == 11 and len(data.EXTRA_SHIPS) == 7
    values = [s.value for s in data.SUN_SHIPS]
    assert values == sorted(values) and values[0] == 0 and values[-1] == 18
    assert all(s.sun for s in data.SUN_SHIPS) and not any(s.sun for s in data.EXTRA_SHIPS)
    assert len({s.id for s in data.SHIPS}) == 18


def test_loading_example_ships():
    """« Marie pourrait charger le bateau dont la valeur de chargement est de 9 ... prendre
    un de ses disques provenant de l'emplacement de son choix ... Puisqu'elle ne possède
    que 2 grains, elle les dépense et elle doit payer un coût complémentaire de 4 pésos » ;
    « le bateau ... de 8 ... ne placer qu'un disque provenant d'un emplacement à coins blancs
    et devrait alors obtenir une carte Objectif ... ne payer que 1 grain »."""
    s9, s8 = data.SHIP_BY_ID["ship9"], data.SHIP_BY_ID["ship8"]
    assert s9.corner == "black"
    assert (s9.grain - 2) * data.GRAIN_SHORTFALL_PESOS == 4
    assert s8.corner == "white" and s8.grain == 1 and s8.on_load == data.Action("objective")
    assert data.SHIP_BY_ID["ship0"].vp == -2 and data.SHIP_BY_ID["ship0"].on_load == data.pesos(2)
    assert {s.id for s in data.SHIPS if s.repeatable} == {"ship0", "ship18"}


def test_trail_reaches_buenos_aires():
    """« Vous devez toujours déplacer votre estanciero vers Buenos Aires, en suivant le
    parcours » : every space reaches Buenos Aires and every space is reached from the
    start; the trail has no cycle."""
    order = list(data.walk_order())
    assert sorted(order) == sorted(data.TRAIL)
    reaches = {data.BUENOS_AIRES}
    for space in reversed(order):
        if any(t in reaches for t in data.TRAIL[space]):
            reaches.add(space)
    assert reaches == set(data.TRAIL)


def test_trail_spaces():
    """« Placez les 7 tuiles Bâtiment neutre sur les 7 cases neutres » (the component list
    and annex have 8, A à H) ; « 1 est le plus bas et 4, le plus haut » for a farmer area ;
    « 6 raccourcis marqués par des flèches rouges ... (3, 6, 9, 12, 17 ou 23) »."""
    assert len(data.NEUTRAL_SPACES) == 8 and data.NEUTRAL_SPACE_LETTER["N8"] == "H"
    assert len(data.BUILDING_SPACES) == 22
    assert {c: len(a) for c, a in data.FARMER_AREAS.items()} == {
        "green": 4, "blue": 4, "orange": 4, "yellow": 7}
    assert tuple(sorted(data.SHORTCUTS.values())) == data.SHORTCUT_THRESHOLDS == (3, 6, 9, 12, 17, 23)
    for s in data.SHORTCUTS:
        assert data.TRAIL[s] == (data.BUENOS_AIRES,)
    spaces = set(data.TRAIL) - {data.START, data.BUENOS_AIRES}
    assert spaces == set(data.NEUTRAL_SPACES) | set(data.BUILDING_SPACES) | set(data.FARMER_SPACES) | set(data.SHORTCUTS)
    assert set(data.RISK_ACTIONS) == set(data.RISK_SPACES) | set(data.RISK_FARMLAND_SPACES)
    # « Elle peut effectuer l'action spéciale en défaussant une carte Bétail de sa main afin
    # d'avancer son marqueur Certificat d'une case. »
    assert data.RISK_ACTIONS["R1"].action == data.discard("any", data.certificates(1))


def _paths(start: str, goal: str) -> list[list[str]]:
    if start == goal:
        return [[goal]]
    return [[start, *p] for nxt in data.TRAIL[start] for p in _paths(nxt, goal)]


def test_marie_two_routes_to_a_neutral_building():
    """« pour atteindre ce bâtiment neutre, l'estanciero bleu de Marie peut se déplacer de 2
    lieux en passant par le bâtiment rouge, ou de 3 lieux en passant par les 2 tuiles
    Fermier vertes » : from N1 to N2, one route has 3 building spaces, the other 4 green
    farmer spaces and 2 building spaces."""
    routes = {tuple(p[1:-1]) for p in _paths("N1", "N2")}
    assert routes == {("P1", "G1", "G2"), ("GF1", "GF2", "GF3", "GF4", "RG1", "RG2")}


def test_marie_shortcut_from_h():
    """« elle déplace son estanciero de deux lieux à partir du bâtiment neutre H et passe par
    la tuile Fermier jaune (sur laquelle elle paye 1 peso) jusqu'à la case 6 de la voie
    ferrée » ; « Marie ne peut pas emprunter le raccourci menant à la case 9 »."""
    h = next(s for s, letter in data.NEUTRAL_SPACE_LETTER.items() if letter == "H")
    assert "S9" in data.TRAIL[h]
    assert any(p == [h, yf, "S6"] for yf in data.FARMER_AREAS["yellow"] for p in _paths(h, "S6"))
    assert data.TOLLS[3]["black"] == 1


def test_tolls_by_player_count():
    """« À 2 joueurs : chaque main noire coûte 1 peso et chaque main verte coûte 2 pesos. À 3
    joueurs : ... 1 peso ... 2 pesos. À 4 joueurs : ... 1 peso ... 1 peso. »"""
    assert data.TOLLS == {2: {"black": 1, "green": 2}, 3: {"black": 1, "green": 2},
                       4: {"black": 1, "green": 1}}


def test_move_limits():
    """« Selon le nombre de joueurs, la limite de déplacement de votre estanciero est de 3, 4
    ou 5 en début de partie »."""
    assert sorted(data.MOVE_LIMIT.values()) == [3, 4, 5]


def test_forecast_spaces():
    """« Piochez 2 tuiles du sac A ... sur les deux cases marquées A. ... sac B ... B. ...
    sac C ... C. » ; « Les 6 étapes de Buenos Aires : 1 Livraison ... 2 Revenu ... 3
    Chargement ... 4 Prévision A ... 5 Prévision B ... 6 Prévision C »."""
    assert Counter(bag for bag, _ in data.FORECAST_SPACES.values()) == {"A": 2, "B": 2, "C": 2}
    assert {bag: step for bag, step in data.FORECAST_SPACES.values()} == {"A": 4, "B": 5, "C": 6}
    assert data.BUENOS_AIRES_STEPS[:3] == ("delivery", "income", "loading")
    assert len(data.BUENOS_AIRES_STEPS) == 6


def test_buildings():
    """« 8 tuiles Bâtiment neutre ... marquée d'une lettre majuscule (A à H) » ; « 40 tuiles
    Bâtiment personnel 10 par joueur, recto verso ... marquée d'un nombre (1 à 10) et d'une
    lettre minuscule (a ou b) » ; « C'est le seul moyen de construire un bâtiment demandant
    plus de 6 carpinteros »."""
    assert [b.id for b in data.NEUTRAL_BUILDINGS] == list("ABCDEFGH")
    assert len(data.PRIVATE_BUILDINGS) == 20
    assert {b.id for b in data.PRIVATE_BUILDINGS} == {f"{n}{s}" for n in range(1, 11) for s in "ab"}
    carps = [data.private_building(n, "a").carpinteros for n in range(1, 11)]
    assert carps == sorted(carps)
    assert [n for n in range(1, 11) if data.private_building(n, "a").carpinteros > data.MAX_WORKERS_PER_ROW] == [9, 10]
    for n in range(1, 11):
        a, b = data.private_building(n, "a"), data.private_building(n, "b")
        assert (a.carpinteros, a.hand) == (b.carpinteros, b.hand)


def test_build_cost_example():
    """« Pour construire ce bâtiment sur une case vide du parcours, Marie doit posséder au
    moins 2 carpinteros dans sa section Ouvrier et payer 4 pésos. »"""
    two = [b for b in data.PRIVATE_BUILDINGS if b.carpinteros == 2]
    assert two and all(b.build_cost == 4 for b in two)


def test_neutral_actions_from_annex():
    """Annex: A « Défaussez 1 carte « Holando Argentino » pour recevoir 2 pésos. Engagez un
    ouvrier sans modifier son coût. Engagez un ouvrier dont le coût est augmenté de 2
    pésos. » ; C « Obtenez une carte Objectif. Effectuez une action auxiliaire simple.
    Avancez votre locomotive d'une case. »"""
    a = data.NEUTRAL_BY_ID["A"].actions
    assert a == (data.discard(data.HOLANDO, data.pesos(2)), data.Action("hire", 0), data.Action("hire", 2))
    assert [x.key for x in data.NEUTRAL_BY_ID["C"].actions] == ["objective", "aux_single", "engine:1"]
    assert data.NEUTRAL_BY_ID["F"].actions[1].limit == 3  # « jusqu'à 3 granjeros »


def test_action_keys_are_unique_per_building():
    """« Vous ne pouvez effectuer chaque action du lieu qu'une seule fois » : the engine names
    a building's local actions by their key, so keys must not repeat on one building."""
    for b in (*data.NEUTRAL_BUILDINGS, *data.PRIVATE_BUILDINGS):
        keys = [a.key for a in b.actions]
        assert len(keys) == len(set(keys)), b.id
        assert all(len(k) <= 60 for k in keys)


def test_player_board_discs():
    """« 72 disques 18 par joueur » ; « 18 disques, sur chacun des 17 emplacements ronds ...
    (seuls les 2 emplacements gris restent vides). Placez votre dernier disque sur le quai I
    du plateau Ville portuaire Le Havre. »"""
    assert len(data.DISC_SLOTS) == 17 and data.DISCS_PER_PLAYER == 18
    assert len({s.id for s in data.DISC_SLOTS}) == 17
    assert data.START_QUAY == "lehavre:I"
    assert 4 * data.DISCS_PER_PLAYER == 72


def test_special_disc_slots():
    """« Si vous retirez le disque de droite ②, vous recevez immédiatement 3 pésos » ;
    « Dans la rangée du bas, si vous retirez le disque de droite, vous devez immédiatement
    payer 3 pésos » ; « l'emplacement de disque à coins blancs fournit exactement 1 de force,
    tandis que l'emplacement à coins noirs ... fournit 2 de force » ; « 11 Marquez 2 points
    de victoire si vous avez enlevé votre disque de cet emplacement »."""
    assert [s.gain for s in data.DISC_SLOTS if s.gain] == [3]
    assert [s.pay for s in data.DISC_SLOTS if s.pay] == [3]
    assert data.STRENGTH_BONUS == {"strength_1": 1, "strength_2": 2}
    assert data.DISC_SLOT_BY_ID["strength_1"].corner == "white"
    assert data.DISC_SLOT_BY_ID["strength_2"].corner == "black"
    assert [s.vp for s in data.DISC_SLOTS if s.vp] == [data.MOVE_SLOT_VP] == [2]
    for aux, (slots, _text) in data.AUX_ACTIONS.items():
        assert all(data.DISC_SLOT_BY_ID[s].unlocks == aux for s in slots)


def test_limits():
    """« une limite de main de 4 cartes et peut l'augmenter jusqu'à 6 » ; certificates « votre
    limite est de 4 au début de la partie » ; grain « La limite est de 8 »."""
    assert data.HAND_LIMIT_BASE + sum(data.HAND_BONUS.values()) == 6
    assert data.CERT_LIMIT_BASE == 4 and data.GRAIN_LIMIT == 8


def test_start_by_seat():
    """« 1er joueur : 7 pésos, 4 cartes et 1 jeton Échange · 2e joueur : 8 pésos, 5 cartes et
    1 jeton Échange · 3e joueur : 9 pésos, 6 cartes ... · 4e joueur : 10 pésos, 7 cartes et 1
    jeton Échange »."""
    assert data.START_PESOS == (7, 8, 9, 10)
    assert data.START_CARDS == (4, 5, 6, 7)
    assert data.START_EXCHANGE_TOKENS == (1, 1, 1, 1)


def test_worker_rows():
    """« la première case de chaque rangée est déjà occupée » ; « chaque ouvrier placé dans la
    5e ou 6e colonne d'une rangée rapportera 4 points » ; « Payez 10 pésos afin de pouvoir
    ajouter un granjero et placer 1 disque sur le quai I de Liverpool. Payez 6 pésos ...
    grain ... Payez 8 pésos ... quai I de Rotterdam. »"""
    assert set(data.ROW_SLOTS) == set(data.WORKER_ROWS)
    assert all(len(slots) == data.ROW_CELLS == 6 for slots in data.ROW_SLOTS.values())
    granjero = data.ROW_SLOTS[data.GRANJERO]
    assert {(s.cost, s.actions[0].kind) for s in granjero[1:]} >= {
        (6, "grain"), (8, "disc_to_quay"), (10, "disc_to_quay")}
    assert granjero[-1].actions[0].city == "liverpool"
    builds = [s for row in data.ROW_SLOTS.values() for s in row for a in s.actions if a.kind == "build"]
    assert len(builds) == 1 and builds[0].actions[0].amount == 1  # « 1 peso pour chaque carpintero »


def test_building_5b_example():
    """« Vous possédez 4 gauchos, 2 carpinteros, 2 maquinistas et 4 granjeros dans votre
    section Ouvrier. Vous recevez donc 12 pésos. Si vous engageriez 1 carpintero et 1
    maquinista supplémentaires, vous recevriez 18 pésos grâce à cette action locale. »"""
    act = data.PRIVATE_BY_ID["5b"].actions[0]
    assert act.kind == "pesos_per_worker_set"
    assert act.amount * min(4, 2, 2, 4) == 12
    assert act.amount * min(4, 3, 3, 4) == 18


def test_railway():
    """« La dernière case (case 31) de la voie ferrée, le terminus » ; « elle aurait pu suivre
    l'aiguillage de la case 4 pour atteindre l'embranchement » ; « placez-en une au hasard
    sur chacun des 5 Espaces Chef de gare » ; « la gare de votre choix située avant la case
    24 »."""
    assert data.TERMINUS == 31 and data.STATION_BY_ID["31"].switch == 31
    assert data.track_next("4") == ("5", "b4") and data.track_next("b4") == ("5",)
    assert data.track_next("1") == ("2",) and data.track_next("31") == ()
    assert set(data.track_previous("5")) == {"4", "b4"}
    assert data.track_previous("0") == () and data.track_previous(data.DEPOT) == ()
    assert len(data.STATION_MASTER_SPACES) == data.STATION_MASTERS_IN_PLAY == 5
    assert any(s.switch < data.DEPOT_UPGRADE_BEFORE for s in data.BRANCH_STATIONS)
    assert all(s.corner in ("white", "black") and s.cost > 0 and s.vp > 0 for s in data.STATIONS)
    # Every numbered space is on the way from the start to the terminus.
    seen, frontier = set(), ["0"]
    while frontier:
        p = frontier.pop()
        if p not in seen:
            seen.add(p)
            frontier.extend(data.track_next(p))
    assert {str(n) for n in range(32)} <= seen


def test_station_masters():
    """« 8 tuiles Chef de gare » ; « Actions immédiates des tuiles Chef de gare : Recevez 2
    pésos. Avancer votre marqueur de grain de 2 cases. » ; « Du grain permanent pour le
    chargement peut être obtenu sur deux tuiles Chef de gare » ; eight conditions in
    « Les conditions individuelles des tuiles Chef de gare »."""
    assert len(data.STATION_MASTERS) == 8
    kinds = Counter(m.reward.kind for m in data.STATION_MASTERS)
    assert kinds["permanent_grain"] == 2
    assert {m.reward for m in data.STATION_MASTERS if m.reward.kind in ("pesos", "grain")} == {
        data.pesos(2), data.grain(2)}
    assert sorted(m.condition for m in data.STATION_MASTERS) == sorted(data.STATION_MASTER_CONDITIONS)


def test_objective_cards():
    """« 24 cartes Objectif » ; the conditions « Avoir 1 de vos tuiles Bâtiment personnel
    construite ... 1 tuile Fermier orange ... quartier est (E) ... une gare ... valeur
    d'élevage de 3 ... « Franqueiro » ... « Aberdeen-Angus » ... le bateau dont la valeur de
    chargement est 18 » ; « Révélez les 4 premières cartes »."""
    assert len(data.OBJECTIVE_CARDS) == 24 and data.OBJECTIVE_DISPLAY == 4
    used = {c for card in data.OBJECTIVE_CARDS for c in card.needs}
    assert used <= set(data.CONDITIONS)
    assert {"building", "farmer_orange", "district_E", "station", "cattle_3", "franqueiro",
            "angus", "ship18"} <= used
    assert all(card.vp > 0 > card.penalty for card in data.OBJECTIVE_CARDS)


def test_objective_example_cards():
    """« au moins 3 de ses tuiles Bâtiment ... au moins 1 tuile Fermier de chaque couleur
    (jaune, bleue, verte) ... au moins 1 carte Bétail orange « Caracu » ... au moins 2 de ses
    disques dans le quartier ouest (W) ... elle marquera 9 points de victoire »."""
    cards = [data.OBJECTIVE_BY_ID[i] for i in ("OB06", "OB07", "OB18")]
    needs: Counter[str] = Counter()
    for c in cards:
        needs.update(c.needs)
    assert needs == {"building": 3, "farmer_yellow": 1, "farmer_blue": 1, "farmer_green": 1,
                     "caracu": 1, "district_W": 2}
    assert sum(c.vp for c in cards) == 9


def test_port_cities():
    """« 3 plateaux Ville portuaire recto verso Face a Face b » ; « avec Le Havre à gauche,
    Rotterdam au centre, et Liverpool à droite » ; « 3 tuiles Fermeture pour les parties à 2
    ou 3 joueurs » ; « à 2 joueurs : 1 tuile Fermeture sur chacun des 3 plateaux ... à 3
    joueurs : ... sur Rotterdam ... à 4 joueurs : Remettez toutes les tuiles Fermeture »."""
    assert data.CITIES == ("lehavre", "rotterdam", "liverpool")
    assert len(data.PORT_CITIES) == 6
    assert {n: len(c) for n, c in data.CLOSURE_TILES.items()} == {2: 3, 3: 1, 4: 0}
    assert data.CLOSURE_TILES[3] == ("rotterdam",)
    for city in data.PORT_CITIES.values():
        assert [x.compass for x in city.districts] == list(data.DISTRICTS)
        ids = [s.id for x in city.districts for s in x.spaces]
        assert len(ids) == len(set(ids))
        assert set(city.quay_vp) == set(data.quays(city.city))
        assert all(sp in ids for sp in city.closed_by_tile)


def test_rotterdam_example():
    """« Elle prend un de ces disques, livre 1 grain et déplace ce disque dans le quartier
    ouest (W) de Rotterdam. Elle reçoit immédiatement 6 pésos et elle marquera 1 point de
    victoire » ; « elle aurait pu dépenser 2 grains et réclamer les 4 points de victoire du
    quartier nord ... elle n'aurait pas pu livrer de grain aux quartiers est ou sud » (with
    3 grain)."""
    r = data.port_city("rotterdam", "a")
    west, north, east, south = r.districts
    assert west.grain == 1 and (west.spaces[0].bonus, west.spaces[0].vp) == (data.pesos(6), 1)
    assert north.grain == 2 and 4 in [s.vp for s in north.spaces]
    assert east.grain > 3 and south.grain > 3


def test_pedro_liverpool_example():
    """« Pedro livre 6 de ses 7 grains à Liverpool, déplaçant un de ses disques du quai I
    vers l'espace bonus rapportant 14 points de victoire » : one side of Liverpool has a
    district costing 6 with a 14-VP space."""
    found = [(city.side, x.compass) for city in (data.port_city("liverpool", s) for s in "ab")
             for x in city.districts if x.grain == 6 and any(sp.vp == 14 for sp in x.spaces)]
    assert found


def _all_actions():
    def walk(action):
        yield action
        for sub in (*action.then, *action.options):
            yield from walk(sub)

    roots = [a for b in (*data.NEUTRAL_BUILDINGS, *data.PRIVATE_BUILDINGS) for a in b.actions]
    roots += [a for slots in data.ROW_SLOTS.values() for s in slots for a in s.actions]
    roots += [m.reward for m in data.STATION_MASTERS] + [c.action for c in data.OBJECTIVE_CARDS]
    roots += [s.on_load for s in data.SHIPS if s.on_load]
    roots += [r.action for r in data.RISK_ACTIONS.values()]
    roots += [sp.bonus for city in data.PORT_CITIES.values() for x in city.districts
              for sp in x.spaces if sp.bonus]
    for root in roots:
        yield from walk(root)


def test_every_action_kind_is_documented():
    """« peu importe la situation dans laquelle les actions sont déclenchées, ces actions sont
    toujours représentées par les mêmes icônes » : one vocabulary of action kinds, each listed
    in the table of data.actions (what the engine dispatches on)."""
    from games.gwt_argentina.data import actions as data_actions

    documented = set(re.findall(r"^``(\w+)``", data_actions.__doc__ or "", flags=re.M))
    assert {"pesos", "hire", "either", "swap_with_market"} <= documented
    used = {a.kind for a in _all_actions()}
    assert used <= documented, used - documented


def test_income_example_values():
    """« Marie a 4 cartes en main. Parmi celles-ci, elle a 2 cartes « Patagonico ». ... Sa valeur
    totale d'élevage est de 8. » then « Elle décide d'en utiliser 2 ... ce qui lui fait un
    total de 10. »"""
    hand = [data.PATAGONICO, data.PATAGONICO, data.CHAQUENO, data.SERRANO]
    total = sum(data.BREED_BY_ID[b].value for b in set(hand))
    assert total == 8 and total + 2 == 10


def test_help_farmers_example_values():
    """« Marie a 3 icônes de force sur son plateau Joueur puisqu'elle a libéré l'emplacement à
    coins blancs et engagé 2 ouvriers pourvus d'une icône de force. Elle choisit d'aider le
    granjero bleu (requérant 6 de force) ainsi que le granjero vert (requérant 4 de force).
    ... une carte Bétail « Caracu » pourvue d'une force de 7 ... Puisqu'elle a révélé 2
    cartes Bétail, elle doit à présent prendre 1 carte Épuisement » ; « reçoit 5 pésos (2 + 1
    des espaces Monnaie, et 0 + 2 tel qu'indiqué sur le plateau) »."""
    white = next(s for s in data.DISC_SLOTS if s.unlocks == "strength" and s.corner == "white")
    strength = data.STRENGTH_BONUS[white.id] + 2 + data.BREED_BY_ID[data.CARACU].strength
    assert strength == 10
    assert {(t.colour, t.strength) for t in data.FARMER_TILES} >= {("blue", 6), ("green", 4)}
    assert data.exhaustion_for_revealed(2) == 1
    assert {0, 2} <= set(data.FARMER_SPACE_PESOS.values())


def test_move_limit_example():
    """« BLEU a une limite de 4 déplacements, tandis que celle de ROUGE est de 6. » — same
    game, so the same base (3 players); ROUGE has cleared the first movement disc."""
    base = data.MOVE_LIMIT[3]
    assert base == 4
    assert base + data.MOVE_BONUS["move_1"] == 6


def test_hand_limit_example():
    """« Marie a une limite de main de 5 cartes (elle a déjà libéré un emplacement
    correspondant sur son plateau Joueur). »"""
    assert data.HAND_LIMIT_BASE + data.HAND_BONUS["hand_1"] == 5


def test_replacement_example():
    """« Si elle remplace ce bâtiment déjà construit par celui-ci, elle doit posséder au moins
    3 carpinteros dans sa section Ouvrier et payer 6 pésos. » — the difference of the two
    tiles' carpinteros is 3, paid 2 pesos each."""
    carps = {b.carpinteros for b in data.PRIVATE_BUILDINGS}
    assert any(hi - lo == 3 for hi in carps for lo in carps)
    assert 3 * data.BUILD_PESOS_PER_CARPINTERO == 6


def test_locomotive_example_switches():
    """« Partant de la case 1, sa locomotive atteint la case 5 (la case 3 étant occupée par la
    locomotive rouge, cette case est totalement ignorée). Autrement, elle aurait pu suivre
    l'aiguillage de la case 4 pour atteindre l'embranchement. » — three steps from 1 over an
    occupied 3 reach 5 or the branch of 4, and no switch comes earlier."""
    def reach(start: str, steps: int, occupied: set[str]) -> set[str]:
        frontier = {start}
        for _ in range(steps):
            nxt = set()
            for pos in frontier:
                for p in data.track_next(pos):
                    nxt |= set(data.track_next(p)) if p in occupied else {p}
            frontier = nxt
        return frontier

    assert reach("1", 3, {"3"}) == {"5", "b4"}
