"""Final scoring: the 12 categories, the station masters and the objective-card choice."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from games.gwt_argentina import data
from games.gwt_argentina.scoring import (
    CATEGORIES,
    PRINTED,
    Tally,
    available_components,
    best_objective_choice,
    final_scores,
    score_tally,
    tally,
)

WEST = ("lehavre:W1", "rotterdam:W1")


def rows(gaucho=(), carpintero=(), maquinista=(), granjero=()):
    """Worker rows with the printed worker first."""
    return {
        data.GAUCHO: (PRINTED, *gaucho), data.CARPINTERO: (PRINTED, *carpintero),
        data.MAQUINISTA: (PRINTED, *maquinista), data.GRANJERO: (PRINTED, *granjero),
    }


def farmer(colour: str, n: int = 0) -> str:
    return [t.id for t in data.FARMER_TILES if t.colour == colour][n]


def strong(kind: str, n: int) -> tuple[str, ...]:
    return tuple(t.id for t in data.WORKER_TILES if t.kind == kind and t.strong)[:n]


def plain(kind: str, n: int) -> tuple[str, ...]:
    return tuple(t.id for t in data.WORKER_TILES if t.kind == kind and not t.strong)[:n]


def test_categories_are_the_score_pads_twelve():
    """« Prenez le bloc de score et parcourez les 12 catégories. »"""
    scores = score_tally(Tally())
    assert list(scores) == [*CATEGORIES, "total"] and len(CATEGORIES) == 12
    assert scores["total"] == 0


def test_money():
    """« 1 Marquez 1 point de victoire pour chaque tranche de 5 pèsos que vous possédez. »"""
    assert [score_tally(Tally(pesos=p))["money"] for p in (0, 4, 5, 9, 10, 23)] == [0, 0, 1, 1, 2, 4]


def test_buildings():
    """« 2 Marquez la somme des points de victoire indiqués sur chacune de vos tuiles Bâtiment
    se trouvant sur le plateau de jeu. »"""
    assert score_tally(Tally(buildings=("1a", "9a", "10a")))["buildings"] == 1 + 10 + 13
    assert score_tally(Tally(buildings=("9b",)))["buildings"] == 9


def test_ships_can_be_negative():
    """« 3 ... Bien sûr, les points négatifs diminuent votre score. Il est donc possible
    d'obtenir une somme négative. » ; ship 0: « vous perdrez 2 points de victoire pour ce
    disque »."""
    assert score_tally(Tally(ship_discs=("ship0", "ship0")))["ships"] == -4
    assert score_tally(Tally(ship_discs=("ship18", "ship18", "extra16", "ship5")))["ships"] == 33


def test_ports():
    """« 4 Marquez la somme des points de victoire que vous avez débloqués en plaçant vos
    disques sur des villes portuaires. Notez que la plupart des quais rapportent aussi des
    points de victoire pour chaque disque s'y trouvant. » ; Rotterdam west « elle marquera 1
    point de victoire »."""
    t = Tally(quay_discs=("lehavre:I", "liverpool:II", "liverpool:II"),
              district_discs=("rotterdam:W1", "liverpool:S2"))
    assert score_tally(t)["ports"] == 0 + 8 + 8 + 1 + 20
    b = Tally(district_discs=("liverpool:E1",),
              port_sides={"lehavre": "a", "rotterdam": "a", "liverpool": "b"})
    assert score_tally(b)["ports"] == 14


def test_stations_terminus_counts_each_disc():
    """« 5 Marquez la somme des points de victoire indiqués à côté de chaque gare sur laquelle
    est placé un de vos disques. (Si vous avez plusieurs de vos disques sur la dernière gare,
    vous marquez des points pour chacun.) »"""
    t = Tally(station_discs=("b4", "31", "31"))
    assert score_tally(t)["stations"] == data.STATION_BY_ID["b4"].vp + 2 * data.STATION_BY_ID["31"].vp


def test_farmers_beside_the_board_only():
    """« 6 Marquez 2 points de victoire pour chacune des tuiles Fermier que vous avez
    récupérées devant vous (mais pas celles se trouvant sur votre plateau Joueur). »"""
    t = Tally(farmers=(farmer("green"), farmer("yellow")),
              workers=rows(granjero=(farmer("blue"),)))
    assert score_tally(t)["farmers"] == 4


def test_cattle_and_exhaustion():
    """« 7 Parmi votre troupeau (votre pioche, vos cartes en main et votre défausse),
    rassemblez toutes les cartes Épuisement et les cartes Bétail rapportant des points de
    victoire. Marquez le total ... Il est donc possible d'obtenir une somme négative. »"""
    herd = (*[c.id for c in data.starting_cards(0)], "EX", "EX", "EX", "AA5", "CH1")
    assert score_tally(Tally(herd=herd))["cattle"] == 7 + 1 - 3 * 2
    assert score_tally(Tally(herd=("EX",)))["cattle"] == -2


def test_workers_in_columns_5_and_6():
    """« 10 Marquez 4 points de victoire pour chaque tuile Ouvrier placée dans la 5e et 6e
    colonne de votre section Ouvrier. »"""
    t = Tally(workers=rows(gaucho=plain(data.GAUCHO, 5), carpintero=plain(data.CARPINTERO, 4),
                           granjero=tuple(farmer("green", i) for i in range(3))))
    assert score_tally(t)["workers"] == 4 * 3  # gauchos in 5 and 6, carpintero in 5


def test_move_slot_and_job_marker():
    """« 11 Marquez 2 points de victoire si vous avez enlevé votre disque de cet emplacement. »
    « 12 Marquez 2 points de victoire si vous possédez le marqueur Marché de l'emploi. »"""
    t = Tally(cleared_slots=frozenset({"move_1", "move_2"}), has_job_marker=True)
    s = score_tally(t)
    assert (s["move_slot"], s["job_market"], s["total"]) == (2, 2, 4)
    assert score_tally(Tally(cleared_slots=frozenset({"move_1"})))["move_slot"] == 0


# -- Objectives -------------------------------------------------------------------------

MARIE = dict(buildings=("1a", "2a", "3a"),
             farmers=(farmer("yellow"), farmer("blue"), farmer("green")),
             herd=("CA1",), district_discs=WEST,
             played_objectives=("OB06", "OB07", "OB18"))


def test_objective_example_9_points():
    """« Pour remplir toutes les conditions de ses cartes Objectif en fin de la partie, Marie
    doit avoir : au moins 3 de ses tuiles Bâtiment construites sur le plateau, au moins 1
    tuile Fermier de chaque couleur (jaune, bleue, verte) devant elle. au moins 1 carte Bétail
    orange « Caracu » dans son troupeau et au moins 2 de ses disques dans le quartier ouest (W)
    de villes portuaires. Si elle réussit à remplir toutes ces conditions, elle marquera 9
    points de victoire. »"""
    assert score_tally(Tally(**MARIE))["objectives"] == 9


def test_objective_example_4_points():
    """« Mais, par exemple, s'il lui manque un disque dans un quartier ouest, elle ne marquera
    que 4 points de victoire (une carte Objectif dont une condition est d'avoir un disque dans
    un quartier ouest lui ferait perdre 2 points de victoire). »"""
    t = Tally(**{**MARIE, "district_discs": WEST[:1]})
    assert score_tally(t)["objectives"] == 4


def test_each_component_counts_once():
    """« chaque élément de jeu qu'un joueur possède ne peut servir à remplir qu'une seule
    condition sur une seule carte Objectif. Ainsi, si plusieurs de vos cartes Objectif
    présentent la même condition, vous devez posséder assez d'éléments de jeu pour remplir
    autant de fois cette condition. » — two cards needing a building, one building."""
    t = Tally(buildings=("1a",), district_discs=("lehavre:E1", "lehavre:S1"),
              played_objectives=("OB02", "OB14"))
    # OB14 (4 VP) takes the building, OB02 (3 VP) fails: 4 - 2.
    assert score_tally(t)["objectives"] == 2
    assert best_objective_choice(t).fulfilled == ("OB14",)


def test_assignment_beats_greedy():
    """The best combination, not the greedy one: OB04 (5 VP) alone would use the Franqueiro
    and the Angus that OB13 (5) and OB22 (4) need together — « chaque élément de jeu ... ne
    peut servir à remplir qu'une seule condition »."""
    t = Tally(herd=("CH1", "SE1", "FQ1", "AA1"), buildings=("1a", "2a"),
              played_objectives=("OB04", "OB13", "OB22"))
    assert score_tally(t)["objectives"] == 5 + 4 - 2
    assert set(best_objective_choice(t).fulfilled) == {"OB13", "OB22"}


def test_herd_objectives_are_optional_played_ones_mandatory():
    """« À la fin de la partie, pour chaque carte Objectif se trouvant encore dans votre
    troupeau, vous pourrez décider de la compter ou non dans votre pointage final. Les cartes
    Objectif jouées se trouvant dans votre zone d'objectifs sont obligatoirement prises en
    compte, vous n'avez pas le choix. »"""
    unmet_in_herd = Tally(herd=("OB16",))
    assert score_tally(unmet_in_herd)["objectives"] == 0
    unmet_played = Tally(played_objectives=("OB16",))
    assert score_tally(unmet_played)["objectives"] == -2
    met_in_herd = Tally(herd=("OB16",), ship_discs=("ship18",))
    assert score_tally(met_in_herd)["objectives"] == 5
    assert best_objective_choice(met_in_herd).zone == ("OB16",)


def test_station_disc_on_terminus_counts_for_each_objective_condition():
    """« Avoir 1 de vos disques placé sur une gare (pour un joueur donné, chacun de ses disques
    placés sur le terminus compte individuellement). »"""
    t = Tally(station_discs=("31", "31"), district_discs=("lehavre:W1",),
              played_objectives=("OB01",))
    assert score_tally(t)["objectives"] == 4
    assert available_components(t)["station"] == 2


def test_objective_pair_master_may_take_an_unmet_herd_card():
    """« 8 ... pour chaque carte Objectif se trouvant encore dans votre troupeau, vous devez
    décider d'y renoncer ou de l'ajouter à votre zone d'objectifs » then « 9 ... Marquez 3
    points de victoire pour chaque paire de cartes Objectif dans votre zone d'objectifs (peu
    importe si leurs conditions sont remplies ou non) » : adding an unmet card costs 2 and
    completes a pair worth 3, so the best combination adds it."""
    base = dict(ship_discs=("ship18",), played_objectives=("OB16",), herd=("OB14",))
    with_master = score_tally(Tally(**base, station_masters=("SM4",)))
    assert (with_master["objectives"], with_master["station_masters"]) == (5 - 2, 3)
    without = score_tally(Tally(**base))
    assert (without["objectives"], without["station_masters"]) == (5, 0)


# -- Station masters ---------------------------------------------------------------------


def test_master_ships():
    """« Marquez 3 points de victoire pour chaque paire de bateaux, parmi les 8 restants, où se
    trouvent vos disques à la fin de la partie. (Si vous avez plusieurs disques sur les
    bateaux de valeur 0 et 18, chacun de ces disques compte). »"""
    t = Tally(ship_discs=("ship0", "ship0", "ship18", "extra4", "extra7"), station_masters=("SM5",))
    assert score_tally(t)["station_masters"] == 3 * 2


def test_master_stations():
    """« Marquez 3 points de victoire pour chaque paire de gares où se trouvent vos disques.
    (Exception : La dernière gare ne compte qu'une seule fois pour remplir cette condition,
    même si vous avez plusieurs disques sur celle-ci.) »"""
    t = Tally(station_discs=("b4", "31", "31", "31"), station_masters=("SM3",))
    assert score_tally(t)["station_masters"] == 3
    t2 = Tally(station_discs=("b4", "31", "31", "b7"), station_masters=("SM3",))
    assert score_tally(t2)["station_masters"] == 3


def test_master_objectives_met_or_not():
    """« Marquez 3 points de victoire pour chaque paire de cartes Objectif dans votre zone
    d'objectifs (peu importe si leurs conditions sont remplies ou non). »"""
    t = Tally(played_objectives=("OB01", "OB02", "OB03"), station_masters=("SM4",))
    s = score_tally(t)
    assert (s["objectives"], s["station_masters"]) == (-6, 3)


def test_master_strong_workers():
    """« Marquez 3 points de victoire pour chaque paire de tuiles Ouvrier pourvues d'une icône
    de force parmi votre section Ouvrier. »"""
    t = Tally(workers=rows(gaucho=strong(data.GAUCHO, 2), carpintero=strong(data.CARPINTERO, 1),
                           maquinista=plain(data.MAQUINISTA, 3)), station_masters=("SM6",))
    assert score_tally(t)["station_masters"] == 3


def test_master_worker_sets():
    """« Marquez 4 points de victoire pour chaque groupe composé de 1 gaucho, 1 carpintero, 1
    maquinista et 1 granjero dans votre section Ouvrier (incluant ceux imprimés sur votre
    plateau Joueur). »"""
    assert score_tally(Tally(station_masters=("SM2",)))["station_masters"] == 4
    t = Tally(workers=rows(gaucho=plain(data.GAUCHO, 3), carpintero=plain(data.CARPINTERO, 2),
                           maquinista=plain(data.MAQUINISTA, 2), granjero=(farmer("blue"),)),
              station_masters=("SM2",))
    assert score_tally(t)["station_masters"] == 8


def test_master_farmers():
    """« Marquez 1 point de victoire pour chaque tuile Fermier (jaune, orange, bleu, et verte)
    que vous avez récupérée devant vous (mais pas celles se trouvant sur votre plateau
    Joueur). »"""
    t = Tally(farmers=(farmer("yellow"), farmer("orange"), farmer("green")),
              workers=rows(granjero=(farmer("blue"),)), station_masters=("SM8",))
    assert score_tally(t)["station_masters"] == 3


def test_master_cattle_3_to_5():
    """« Marquez 1 point de victoire pour chaque carte Bétail dont la valeur d'élevage est de 3,
    4 ou 5 parmi les cartes de votre troupeau. »"""
    t = Tally(herd=("CA1", "CH1", "FQ1", "AA1", "0:PA1", "EX", "OB01"), station_masters=("SM1",))
    assert score_tally(t)["station_masters"] == 3


def test_master_buildings():
    """« Marquez 3 points de victoire pour chaque paire de tuiles Bâtiment personnel placées
    sur le plateau de jeu. »"""
    t = Tally(buildings=("1a", "2a", "3a", "4a", "5a"), station_masters=("SM7",))
    assert score_tally(t)["station_masters"] == 6


def test_masters_independent_of_objectives():
    """« 9 Marquez la somme des points de victoire que vous rapportent les tuiles Chef de gare
    ... (ces conditions sont indépendantes de celles des cartes Objectif). » — the buildings
    used by objectives still count for the building master."""
    t = Tally(**{**MARIE, "station_masters": ("SM7",)})
    s = score_tally(t)
    assert (s["objectives"], s["station_masters"]) == (9, 3)


# -- The objective search against brute force -------------------------------------------


def _brute_force(t: Tally) -> int:
    have = available_components(t)
    played = list(t.played_objectives)
    optional = [c for c in t.herd if c in data.OBJECTIVE_BY_ID]
    best = None
    for extra in itertools.product((False, True), repeat=len(optional)):
        zone = played + [c for c, keep in zip(optional, extra, strict=True) if keep]
        for met in itertools.product((False, True), repeat=len(zone)):
            need: Counter[str] = Counter()
            points = 0
            for card_id, ok in zip(zone, met, strict=True):
                card = data.OBJECTIVE_BY_ID[card_id]
                if ok:
                    need.update(card.needs)
                    points += card.vp
                else:
                    points += card.penalty
            if all(need[k] <= have[k] for k in need):
                if any(m.condition == "objectives" for m in map(data.STATION_MASTER_BY_ID.get, t.station_masters)):
                    points += 3 * (len(zone) // 2)
                best = points if best is None else max(best, points)
    assert best is not None
    return best


def test_objective_choice_matches_brute_force():
    """« chaque élément de jeu qu'un joueur possède ne peut servir à remplir qu'une seule
    condition sur une seule carte Objectif » and « vous pourrez décider de la compter ou non »:
    the memoised search finds the same optimum as trying every objective area and every set
    of met cards, on random positions (with and without the objective-pair station master)."""
    rng = random.Random(9)
    objective_ids = [c.id for c in data.OBJECTIVE_CARDS]
    for _ in range(150):
        cards = rng.sample(objective_ids, rng.randint(0, 6))
        split = rng.randint(0, len(cards))
        herd = [*cards[split:], *rng.sample([c.id for c in data.MARKET_CARDS], rng.randint(0, 6))]
        t = Tally(
            buildings=tuple(rng.sample([b.id for b in data.PRIVATE_BUILDINGS if b.side == "a"],
                                       rng.randint(0, 4))),
            farmers=tuple(rng.sample([f.id for f in data.FARMER_TILES], rng.randint(0, 4))),
            district_discs=tuple(rng.sample(["lehavre:W1", "lehavre:N1", "lehavre:E1",
                                             "lehavre:S1", "rotterdam:W1", "rotterdam:E1"],
                                            rng.randint(0, 3))),
            station_discs=tuple(rng.choices(["b4", "b7", "31"], k=rng.randint(0, 3))),
            ship_discs=("ship18",) * rng.randint(0, 1),
            herd=tuple(herd), played_objectives=tuple(cards[:split]),
            station_masters=("SM4",) if rng.random() < 0.5 else (),
        )
        s = score_tally(t)
        assert s["objectives"] + s["station_masters"] == _brute_force(t), t
        choice = best_objective_choice(t)
        assert set(t.played_objectives) <= set(choice.zone) <= set(t.played_objectives) | set(herd)
        assert set(choice.fulfilled) <= set(choice.zone)
        assert choice.points == s["objectives"]


# -- Reading the engine's state ---------------------------------------------------------


def _state():
    from games.gwt_argentina.state import Board, GwtState, Player, Port, Ship
    from games.rng import Rng

    def player(seat: int, **kw) -> Player:
        base = dict(seat=seat, money=0, workers={row: [PRINTED] for row in data.WORKER_ROWS},
                    slots=[s.id for s in data.DISC_SLOTS], buildings_left=list(range(1, 11)))
        return Player(**{**base, **kw})

    marie = player(0, money=23, hand=["CA1", "EX"], deck=["OB16"],
                   discard=["AA5", "0:NI1"], objectives=["OB06", "OB07", "OB18"],
                   helped_farmers=[farmer("yellow"), farmer("blue"), farmer("green")],
                   station_masters=["SM7"],
                   workers={data.GAUCHO: [PRINTED, *plain(data.GAUCHO, 3), *strong(data.GAUCHO, 1)],
                            data.CARPINTERO: [PRINTED], data.MAQUINISTA: [PRINTED],
                            data.GRANJERO: [PRINTED]},
                   slots=[s.id for s in data.DISC_SLOTS if s.id not in ("move_1", "move_2")],
                   job_marker=True)
    lucas = player(1, money=4)
    board = Board(
        trail={"N1": "A", "P1": "0:1", "G1": "0:2", "G2": "0:9", "P2": "1:3"},
        building_sides={str(n): "a" for n in range(1, 11)},
        ships=[Ship(id="ship0", discs=[1, 1]), Ship(id="ship18", discs=[0]), Ship(id="extra13", discs=[0])],
        ports={"lehavre": Port(side="a", quays={"I": [0, 1], "II": [0]},
                               spaces={"lehavre:W1": 0, "lehavre:W2": None}),
               "rotterdam": Port(side="a", quays={"I": []},
                                 spaces={"rotterdam:W1": 0, "rotterdam:N1": 1}),
               "liverpool": Port(side="b", quays={"I": [], "II": [1]},
                                 spaces={"liverpool:E1": 1})},
        stations={"b4": [0, 1], "31": [0, 0]},
    )
    return GwtState(seats=2, seed=1, rng=Rng.from_seed(1), players=[marie, lucas], board=board)


def test_final_scores_from_a_state():
    """« Prenez le bloc de score et parcourez les 12 catégories » — every line read off a
    state: Marie has 23 pesos (4), buildings 1a 2a 9a (12), ships 18 and x13 (19), Le Havre
    quays I and II and two west spaces (0 + 1 + 0 + 1), stations b4 and twice the terminus,
    3 helped farmers (6), Caracu 2 + Angus 7 - exhaustion 2 (7), objectives 6/7/18 met plus
    OB16 from her deck met by ship 18 (9 + 5), the building station master (3 for 3
    buildings), a gaucho in column 5 (4), both movement discs (2) and the marker (2)."""
    scores = final_scores(_state())
    marie = scores[0]
    stations = data.STATION_BY_ID["b4"].vp + 2 * data.STATION_BY_ID["31"].vp
    assert marie == {
        "money": 4, "buildings": 1 + 1 + 10, "ships": 12 + 7, "ports": 0 + 1 + 0 + 1,
        "stations": stations, "farmers": 6, "cattle": 2 + 7 - 2, "objectives": 9 + 5,
        "station_masters": 3, "workers": 4, "move_slot": 2, "job_market": 2,
        "total": 4 + 12 + 19 + 2 + stations + 6 + 7 + 14 + 3 + 4 + 2 + 2,
    }
    lucas = scores[1]
    assert (lucas["money"], lucas["buildings"], lucas["ships"]) == (0, 3, -4)
    assert lucas["ports"] == 0 + 8 + 6 + 14  # LH quay I, LV quay II, RT N1, LV side b E1
    assert lucas["total"] == sum(v for k, v in lucas.items() if k != "total")


def test_tally_reads_only_its_own_pieces():
    """Each disc and building counts for its owner only (« vos disques », « vos tuiles
    Bâtiment »)."""
    t = tally(_state(), 1)
    assert t.buildings == ("3a",)
    assert t.ship_discs == ("ship0", "ship0")
    assert sorted(t.quay_discs) == ["lehavre:I", "liverpool:II"]
    assert sorted(t.district_discs) == ["liverpool:E1", "rotterdam:N1"]
    assert t.station_discs == ("b4",)
    assert t.cleared_slots == frozenset()


def test_final_scores_of_random_games():
    """« Prenez le bloc de score et parcourez les 12 catégories » on the end states of random
    games (2, 3 and 4 players, both building sides, both port sides): every id on the table
    is known to the data, each total is the sum of its lines, played objectives are always
    in the area, and the engine's scores agree with :func:`final_scores`."""
    from games.gwt_argentina import GAME
    from testkit.playout import playout

    runs = ((2, {"building_sides": "b", "port_sides": "b"}, 3),
            (3, {"building_sides": "random", "port_sides": "random"}, 5),
            (4, None, 8))
    for seats, options, seed in runs:
        state, _moves = playout(GAME, seats, options, seed)
        scores = final_scores(state)
        assert scores == GAME.scores(state)
        for seat, lines in scores.items():
            assert list(lines) == [*CATEGORIES, "total"]
            assert lines["total"] == sum(v for k, v in lines.items() if k != "total")
            assert lines["money"] == state.players[seat].money // 5
            choice = best_objective_choice(tally(state, seat))
            assert set(state.players[seat].objectives) <= set(choice.zone)


def _marie_in_notation(rotterdam_west: bool):
    from tests.games.gwt_argentina.positions import situation

    rotterdam = "W1=0" if rotterdam_west else "W1=."
    return situation(
        2, p0_objectives="OB06 OB07 OB18", p0_helped_farmers="FY05 FB05 FG04",
        p0_hand="CA1 0:NI2",
        trail="N1=A N2=B N3=C N4=D N5=E N6=F N7=G N8=H P1=0:1 G1=0:2 G2=0:3",
        port_lehavre="side=a quays I[0 1] II[] spaces W1=0 W2=. W3=. W4=. N1=. N2=. N3=. "
                     "E1=. E2=. E3=. S1=. S2=. closed W4 N3 E3 S2",
        port_rotterdam=f"side=a quays I[] spaces {rotterdam} W2=. W3=. N1=. N2=. N3=. E1=. "
                       "E2=. S1=. S2=. closed W3 N3 E2 S2",
    )


def test_objective_example_in_the_engine_notation():
    """« Si elle réussit à remplir toutes ces conditions, elle marquera 9 points de victoire.
    Mais, par exemple, s'il lui manque un disque dans un quartier ouest, elle ne marquera que
    4 points de victoire » — Marie's position written in the situation notation."""
    assert final_scores(_marie_in_notation(True))[0]["objectives"] == 9
    assert final_scores(_marie_in_notation(False))[0]["objectives"] == 4


def test_hired_granjeros_do_not_meet_farmer_conditions():
    """« Lorsque vous faites le décompte de vos cartes Objectif, ne tenez compte que des
    granjeros aux couleurs correspondantes qui se trouvent à côté de votre plateau Joueur (et
    pas ceux se trouvant dans votre rangée granjero). »"""
    hired = Tally(station_discs=("b4",), farmers=(farmer("yellow"),),
                  workers=rows(granjero=(farmer("blue"),)), played_objectives=("OB10",))
    assert score_tally(hired)["objectives"] == -2
    beside = Tally(station_discs=("b4",), farmers=(farmer("yellow"), farmer("blue")),
                   played_objectives=("OB10",))
    assert score_tally(beside)["objectives"] == 4


def test_the_one_pass_tallies_read_what_tally_reads():
    """``tallies`` (all seats in one pass, for the computer player) equals ``tally`` seat
    by seat at every step of random games, the solo game included."""
    from games.gwt_argentina import GAME
    from games.gwt_argentina.scoring import tallies
    from testkit.playout import playout

    def each(before, after, seat, key):
        assert tallies(after) == {p.seat: tally(after, p.seat) for p in after.players}

    for seats, seed in ((1, 2), (2, 4), (4, 6)):
        playout(GAME, seats, {"port_sides": "random", "building_sides": "random"}, seed,
                each_step=each)
