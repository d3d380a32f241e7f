"""Actions (rulebook p. 12–18 and the annex): hiring, building, buying cattle, the
locomotive and stations, helping granjeros, auxiliary actions, exchange tokens."""

from __future__ import annotations

import pytest

from games.gwt_argentina import GAME
from tests.games.gwt_argentina.positions import keys, labels, play, situation

TURN_END = "turn_end 0 {}"
NEUTRALS = "N1=A N2=B N3=C N4=D N5=E N6=F N7=G N8=H"
EMPTY_ROWS = {f"job_row_{r}": ". . . ." for r in range(1, 12)}
HAND = "0:NI1 0:NI2 0:PA1 0:PA2"


def stations(**discs: str) -> str:
    """The stations line with every station, e.g. ``stations(b4="0", b7="1 0")``."""
    from games.gwt_argentina import data

    return " ".join(f"{st.id}[{discs.get('t' + st.id if st.id.isdigit() else st.id, '')}]"
                    for st in data.STATIONS)


def p0(money=10, certificates=0, grain=0, tokens=0, estanciero="N1", locomotive="0"):
    return (f"money={money} certificates={certificates} grain={grain} tokens={tokens} "
            f"estanciero={estanciero} locomotive={locomotive} job_marker=no")


def at_location(space, trail="", **changes):
    frame = f'location 0 {{"done": [], "locked": false, "space": "{space}"}}'
    changes.setdefault("p0", p0(estanciero=space))
    changes.setdefault("p0_hand", HAND)
    changes.setdefault("farmer_coins", "-")
    return situation(3, first_turn="-", trail=f"{NEUTRALS} {trail}".strip(),
                     stack=[TURN_END, *changes.pop("frames", []), frame],
                     **changes)


def test_marie_hires_at_seven_and_at_nine():
    """« elle ne peut pas engager la maquinista provenant de la rangée où se trouve le
    marqueur ..., elle paye 7 pésos pour engager celle de la rangée précédente ... déclenchant
    ainsi une action immédiate. Elle décide d'effectuer cette action en défaussant 1 carte
    Bétail ... pour avancer son marqueur Certificat d'une case. ② ... un gaucho pourvu d'une
    icône de force dont le coût d'embauche normal est de 6 pésos ... l'icône de cette seconde
    action augmente le coût de 2 pésos et ... la force augmente toujours le coût de 1 peso,
    elle doit plutôt payer un total de 9 pésos ... reçoit immédiatement un jeton Échange.
    ③ N'ayant pas de carte Bétail « Holando Argentino » en main, elle doit renoncer à
    l'action immédiate qui lui aurait rapporté 2 pésos. »"""
    rows = dict(EMPTY_ROWS, job_row_1=". GA01 GA12 CA12", job_row_2=". MA09 CA13 GA13",
                job_row_3=". GA14 MA10 .")
    state = at_location("N1", p0=p0(money=16), p0_maquinista="printed MA11", **rows)
    assert "act:0" not in keys(state), "no Holando Argentino in hand"
    state = play(state, "act:1")
    menu = labels(state)
    assert menu["hire:J2.2"] == "Maquinista for 7 pesos (row 2)"
    assert not any(k.startswith("hire:J3.") for k in menu), "the marker's row is closed"
    state = play(state, "hire:J2.2")
    assert state.players[0].money == 9 and state.players[0].workers["maquinista"][-1] == "MA09"
    assert "certificate" in labels(state)["do"]
    state = play(state, "do", "card:0:NI1")
    assert state.players[0].certificates == 1
    state = play(state, "act:2")
    assert labels(state)["hire:J1.2"] == "Gaucho with strength for 9 pesos (row 1)"
    state = play(state, "hire:J1.2")
    assert state.players[0].money == 0
    state = play(state, "do")
    assert state.players[0].exchange_tokens == 1


def test_a_full_row_takes_no_more_workers():
    """« Si une rangée est déjà pleine, vous ne pouvez plus engager d'ouvriers de ce type. »"""
    rows = dict(EMPTY_ROWS, job_row_1=". GA12 CA12 .")
    state = at_location("N1", p0=p0(money=20), p0_gaucho="printed GA13 GA14 GA15 GA16 GA17",
                        **rows)
    state = play(state, "act:1")
    assert [k for k in keys(state) if k.startswith("hire:")] == ["hire:J1.3"]


def test_building_costs_two_pesos_per_carpintero_and_the_difference_when_replacing():
    """« Pour construire ce bâtiment sur une case vide du parcours, Marie doit posséder au
    moins 2 carpinteros ... et payer 4 pésos. Si elle remplace ce bâtiment déjà construit par
    celui-ci, elle doit posséder au moins 3 carpinteros et payer 6 pésos. » The replaced
    tile « retirez définitivement »."""
    state = at_location("N2", p0=p0(money=10, estanciero="N2"), p0_carpintero="printed CA12")
    state = play(state, "act:1")
    assert {k for k in keys(state) if k.startswith("b:")} == {"b:1", "b:2", "b:3", "b:4"}
    state = play(state, "b:3")
    assert labels(state)["at:P1"] == "P1 (empty): 4 pesos"
    state = play(state, "at:P1")
    assert state.board.trail["P1"] == "0:3" and state.players[0].money == 6
    replace = at_location("N2", trail="P1=0:3", p0=p0(money=6, estanciero="N2"),
                          p0_carpintero="printed CA12 CA13", p0_buildings_left="1 2 4 5 6 7 8 9 10")
    replace = play(replace, "act:1", "b:8")
    assert labels(replace)["at:P1"] == "P1 (replace 3): 6 pesos"
    assert not any(k != "at:P1" for k in keys(replace) if k.startswith("at:")), \
        "5 carpinteros are needed on an empty space"
    replace = play(replace, "at:P1")
    assert replace.board.trail["P1"] == "0:8" and replace.players[0].money == 0
    assert 3 not in replace.players[0].buildings_left and 8 not in replace.players[0].buildings_left


def test_sixth_carpintero_builds_at_one_peso_per_carpintero():
    """« Cette action de construction comporte l'avantage de ne coûter que 1 péso par
    carpintero au lieu de 2 pésos. »"""
    rows = dict(EMPTY_ROWS, job_row_1=". CA12 . .")
    state = at_location("N1", p0=p0(money=11), p0_carpintero="printed CA13 CA14 CA15 CA16",
                        **rows)
    state = play(state, "act:1", "hire:J1.2", "do")
    assert GAME.pending(state).prompt == "Which building (1 pesos per carpintero)?"
    state = play(state, "b:8", "at:P1")
    assert state.players[0].money == 0


def test_buying_cattle_with_one_and_two_gauchos():
    """« Si vous ne possédez qu'un seul gaucho, vous n'avez que les 3 options suivantes :
    Caracu pour 4 pésos, ... valeur d'élevage est de 3 pour 5 pésos, ... Franqueiro pour 11
    pésos » ; with 2 gauchos also « 1 carte ... valeur d'élevage est de 3 pour 2 pésos OU
    ... Aberdeen-Angus pour 11 pésos » ; each gaucho once; « Toute carte Bétail que vous
    achetez ... est placée face visible sur vos défausses. »"""
    market = "CA1 CH1 FQ1 AA1"
    one = at_location("N5", p0=p0(money=20, estanciero="N5"), cattle_market=market)
    one = play(one, "act:1")
    costs = {k: v.split(": ")[1] for k, v in labels(one).items() if k.startswith("buy:")}
    assert sorted(costs.values()) == ["11 pesos, 1 gaucho", "4 pesos, 1 gaucho",
                                      "5 pesos, 1 gaucho"]
    two = at_location("N5", p0=p0(money=20, estanciero="N5"), cattle_market=market,
                      p0_gaucho="printed GA12")
    two = play(two, "act:1")
    two_costs = sorted(v.split(": ")[1] for k, v in labels(two).items() if k.startswith("buy:"))
    assert "2 pesos, 2 gauchos" in two_costs and "11 pesos, 2 gauchos" in two_costs
    two = play(two, next(k for k, v in labels(two).items() if v.endswith("2 pesos, 2 gauchos")))
    assert two.players[0].money == 18 and "CH1" in two.players[0].discard
    assert not any(k.startswith("buy:") for k in keys(two)) and "draw2" not in keys(two)


def test_an_unused_gaucho_draws_two_cards_into_the_market():
    """« Tout gaucho non utilisé ... peut vous servir à piocher 2 cartes de la pioche Bétail
    du marché et de les ajouter face visible au marché. »"""
    state = at_location("N5", p0=p0(money=0, estanciero="N5"), cattle_market="CA1",
                        cattle_deck="FQ1 AA1 CH1")
    state = play(state, "act:1")
    assert "draw2" in keys(state)
    state = play(state, "draw2")
    assert sorted(state.board.cattle_market) == ["AA1", "CA1", "FQ1"]
    assert state.board.cattle_deck == ["CH1"]


def test_marie_locomotive_skips_the_occupied_space():
    """« Marie possède 3 maquinistas ... Partant de la case 1, sa locomotive atteint la case
    5 (la case 3 étant occupée par la locomotive rouge, cette case est totalement ignorée).
    Autrement, elle aurait pu suivre l'aiguillage de la case 4 pour atteindre
    l'embranchement. »"""
    state = at_location("N4", p0=p0(estanciero="N4", locomotive="1"),
                        p0_maquinista="printed MA11 MA12",
                        p1="money=8 certificates=0 grain=0 tokens=0 estanciero=N1 "
                           "locomotive=3 job_marker=no")
    state = play(state, "act:1")
    assert [k for k in keys(state) if k.startswith("to:")] == ["to:2", "to:4", "to:b4", "to:5"]
    assert play(state, "to:5").players[0].locomotive == "5"


def test_upgrading_a_station_and_taking_its_station_master():
    """« Pour améliorer une gare, payez le coût d'amélioration ... Placez ensuite un de vos
    disques ... Un disque provenant d'un emplacement à coins noirs ne peut être placé que sur
    un emplacement de gare à coins noirs. ... vous pouvez la récupérer en la remplaçant par
    une de vos tuiles Ouvrier ... de la case la plus à droite de la rangée »."""
    state = at_location("N4", p0=p0(money=5, estanciero="N4", locomotive="6"),
                        p0_gaucho="printed GA12", p0_maquinista="printed MA12",
                        station_masters="b7=SM3")
    state = play(state, "act:1", "to:b7")
    assert "station master SM3" in labels(state)["upgrade"]
    state = play(state, "upgrade")
    slots = [k[5:] for k in keys(state) if k.startswith("slot:")]
    assert slots and all(not s.startswith(("move", "hand")) for s in slots), "white station"
    state = play(state, "slot:aux_cert_1")
    assert state.board.stations["b7"] == [0] and state.players[0].money == 3
    assert keys(state)[:1] == ["give:gaucho"]
    state = play(state, "give:gaucho")
    player = state.players[0]
    assert player.station_masters == ["SM3"] and player.workers["gaucho"] == ["printed"]
    assert state.board.station_masters["b7"] == "worker:GA12" and player.money == 5
    assert GAME.scores(state)[0]["stations"] == 2


def test_the_terminus_ends_the_move_then_the_depot():
    """« Si votre locomotive atteint cette case, son déplacement s'y termine et vous pouvez
    améliorer cette gare normalement. ... ce terminus peut être amélioré plusieurs fois ...
    Ensuite, vous devez placer votre locomotive sur le dépôt ferroviaire »."""
    state = at_location("N4", p0=p0(money=9, estanciero="N4", locomotive="30"),
                        p0_maquinista="printed MA11 MA12", stations=stations(t31="0"))
    state = play(state, "act:1")
    assert [k for k in keys(state) if k.startswith("to:")] == ["to:31"]
    state = play(state, "to:31", "upgrade", "slot:aux_cert_1")
    assert state.board.stations["31"] == [0, 0] and state.players[0].locomotive == "depot"


def test_marie_helps_two_granjeros_with_strength_ten():
    """« Marie a 3 icônes de force ... Elle choisit d'aider le granjero bleu (requérant 6 de
    force) ainsi que le granjero vert (requérant 4 de force). ... révèle ... « Caracu »
    pourvue d'une force de 7. Même si elle atteint déjà la force requise, elle décide aussi
    de révéler une carte Bétail « Niata ». ... prendre 1 carte Épuisement ... reçoit 5 pésos
    (2 + 1 des espaces Monnaie, et 0 + 2 tel qu'indiqué sur le plateau). Marie choisit de
    placer le granjero bleu dans sa rangée granjero ... elle paye 6 pésos et ... avancer son
    marqueur de grain d'une case. ... elle place le granjero vert à côté de son plateau »."""
    slots = ("aux_pesos_2 aux_draw_2 aux_cert_1 aux_cert_2 aux_grain_1 aux_grain_2 "
             "aux_engine_1 aux_engine_2 aux_remove_1 aux_remove_2 move_1 move_2 hand_1 hand_2 "
             "cert_limit strength_2")  # strength_1 (white) cleared: 1 strength
    state = at_location("N6", trail="BF1=FB08 GF3=FG02", p0=p0(money=6, estanciero="N6"),
                        farmer_coins="BF1=2 GF3=1", p0_slots=slots,
                        p0_gaucho="printed GA01", p0_carpintero="printed CA01",
                        p0_hand="CA1 0:NI1 0:PA1 0:PA2")
    state = play(state, "act:1", "add:BF1", "add:GF3", "go")
    assert "done" not in keys(state), "3 strength of 10"
    state = play(state, "reveal:CA1")
    assert "done" in keys(state)
    state = play(state, "reveal:0:NI1")
    assert labels(state)["done"] == "Help them (1 exhaustion card)"
    state = play(state, "done")
    player = state.players[0]
    assert player.money == 11 and sorted(player.discard)[-3:] == ["0:NI1", "CA1", "EX"]
    assert "BF1" not in state.board.trail and "GF3" not in state.board.trail
    assert labels(state)["hire"] == "Hire into your granjero row for 6 pesos"
    state = play(state, "hire", "do")
    assert state.players[0].workers["granjero"] == ["printed", "FB08"]
    assert (state.players[0].money, state.players[0].grain) == (5, 1)
    state = play(state, "keep")
    assert state.players[0].helped_farmers == ["FG02"]


def test_help_is_impossible_without_enough_strength():
    """« Si vous ne pouvez pas atteindre la force requise pour aider au moins un granjero,
    vous ne pouvez pas effectuer l'action »."""
    state = at_location("N6", trail="YF1=FY15", p0=p0(estanciero="N6"), p0_hand=HAND)
    assert "act:1" not in keys(state)


def test_five_b_pays_six_per_worker_set():
    """« Vous possédez 4 gauchos, 2 carpinteros, 2 maquinistas et 4 granjeros dans votre
    section Ouvrier. Vous recevez donc 12 pésos. Si vous engageriez 1 carpintero et 1
    maquinista supplémentaires, vous recevriez 18 pésos grâce à cette action locale. »"""
    workers = dict(p0_gaucho="printed GA12 GA13 GA14", p0_granjero="printed FB01 FB02 FB03")
    state = at_location("P1", trail="P1=0:5", p0=p0(money=0, estanciero="P1"),
                        options={"building_sides": "b"}, p0_carpintero="printed CA12",
                        p0_maquinista="printed MA12", **workers)
    assert labels(state)["act:0"] == "+12 pesos"
    more = at_location("P1", trail="P1=0:5", p0=p0(money=0, estanciero="P1"),
                       options={"building_sides": "b"}, p0_carpintero="printed CA12 CA13",
                       p0_maquinista="printed MA12 MA13", **workers)
    assert play(more, "act:0").players[0].money == 18


@pytest.mark.parametrize("aux,single,double", [
    ("aux_pesos", (1, 0), (2, 0)), ("aux_grain", (-1, 1), (-2, 2)),
])
def test_auxiliary_actions_single_and_double(aux, single, double):
    """« Recevez 1 pèsos » / « Recevez 2 pèsos » ; « Payez 1 pèsos et avancez votre marqueur
    de grain d'une case » / « Payez 2 pèsos ... de 2 cases ». A double needs both slots
    cleared (« Si les 2 emplacements sont libres »)."""
    cleared = {"aux_pesos": ["aux_pesos_2"], "aux_grain": ["aux_grain_1", "aux_grain_2"]}[aux]
    from games.gwt_argentina import data

    slots = " ".join(s.id for s in data.DISC_SLOTS if s.id not in cleared)
    state = at_location("N7", p0=p0(money=5, estanciero="N7"), p0_slots=slots)
    state = play(state, "act:1")
    assert {f"aux:{aux}:1", f"aux:{aux}:2"} <= set(keys(state))
    one = play(state, f"aux:{aux}:1")
    two = play(state, f"aux:{aux}:2")
    if aux == "aux_grain":  # 2 grain may be taken in part: the player says how many
        assert keys(two)[:3] == ["take:2", "take:1", "take:0"]
        two = play(two, "take:2")
    for after, (money, grain) in ((one, single), (two, double)):
        assert (after.players[0].money - 5, after.players[0].grain) == (money, grain)


def test_single_auxiliary_at_a_location_never_doubles():
    """« Lorsque vous utilisez cette icône pour effectuer une action auxiliaire simple sur un
    lieu, vous ne pouvez pas la doubler »."""
    state = play(at_location("N1", p0_slots="move_1"), "aux")
    assert "aux:aux_pesos:2" not in keys(state) and "aux:aux_pesos:1" in keys(state)


def test_locomotive_back_then_draw_and_remove():
    """« Reculez votre locomotive d'une case. Piochez 1 carte de votre pioche Bétail et
    retirez du jeu 1 carte de votre main » ; « Si votre locomotive se trouve sur la case de
    départ ... vous ne pouvez pas effectuer cette action. »"""
    from games.gwt_argentina import data

    slots = " ".join(s.id for s in data.DISC_SLOTS if s.id != "aux_remove_1")
    state = at_location("N1", p0=p0(locomotive="5"), p0_slots=slots, p0_deck="0:FR1")
    state = play(state, "aux")
    state = play(state, "aux:aux_remove:1")
    assert [k for k in keys(state) if k.startswith("to:")] == ["to:4", "to:b4"]
    state = play(state, "to:4")
    assert "0:FR1" in state.players[0].hand
    state = play(state, "remove:0:NI1")
    assert "0:NI1" in state.board.box_cards and state.players[0].locomotive == "4"
    start = at_location("N1", p0=p0(locomotive="0"), p0_slots=slots)
    assert "aux:aux_remove:1" not in keys(play(start, "aux"))


def test_exchange_token_draws_two_then_discards_two():
    """« Pour utiliser un jeton Échange, remettez-le à la banque. Piochez ensuite jusqu'à 2
    cartes ... Puis, défaussez ensuite autant de cartes que vous en avez piochées. »"""
    state = at_location("N1", p0=p0(tokens=1), p0_deck="0:FR1 0:FR2 0:FR3")
    assert {"xt:2", "xt:1"} <= set(keys(state))
    state = play(state, "xt:2", "discard:0:NI1", "discard:0:FR1")
    player = state.players[0]
    assert player.exchange_tokens == 0 and len(player.hand) == 4
    assert player.discard[-2:] == ["0:NI1", "0:FR1"]


def test_no_exchange_token_while_revealing():
    """« Lorsque vous révélez votre main ... (durant l'étape ② de Buenos Aires ou lorsque
    vous effectuez l'action « Aider un ou plusieurs granjeros ») ... ces moments sont les
    seuls où vous ne pouvez pas utiliser de jetons Échange »."""
    state = at_location("N6", trail="GF1=FG01", p0=p0(tokens=2, estanciero="N6"),
                        p0_hand="CA1 0:NI1 0:PA1 0:PA2")
    state = play(state, "act:1", "add:GF1", "go")
    assert not any(k.startswith("xt:") for k in keys(state))
    income = situation(3, first_turn="-", stack=[TURN_END, "ba_after 0 {}", "ba_income 0 {}"],
                       p0=p0(tokens=2, estanciero="BA"))
    assert not any(k.startswith("xt:") for k in keys(income))


def test_objective_card_taken_from_the_display_is_replaced():
    """« Si vous prenez une carte de l'offre d'objectifs, remplacez-la immédiatement en
    révélant une nouvelle carte de la pioche Objectif. » — onto the discard pile."""
    state = at_location("N3", p0=p0(estanciero="N3"), objective_display="OB01 OB02 OB03 OB04",
                        objective_deck="OB05 OB06")
    state = play(state, "act:0", "obj:OB02")
    assert state.board.objective_display == ["OB01", "OB03", "OB04", "OB05"]
    assert state.players[0].discard[-1] == "OB02"


def test_a_building_replaced_under_the_estanciero_is_not_activated_at_once():
    """« Si vous remplacez une tuile Bâtiment alors que votre estanciero s'y trouve, vous ne
    pouvez pas activer le nouveau bâtiment immédiatement. » Here the 6th carpintero, hired
    at your own 6a, replaces that very 6a by 9a: the menu stays 6a's."""
    rows = dict(EMPTY_ROWS, job_row_1=". CA12 . .")
    state = situation(3, first_turn="-", trail=f"{NEUTRALS} P1=0:6", farmer_coins="-",
                      p0=p0(money=30, estanciero="P1"), p0_hand=HAND,
                      p0_carpintero="printed CA13 CA14 CA15 CA16",
                      p0_buildings_left="1 2 3 4 5 7 8 9 10", **rows,
                      stack=[TURN_END, 'location 0 {"done": [], "locked": false, '
                                       '"space": "P1", "tile": "0:6"}'])
    state = play(state, "act:0", "hire:J1.2", "do", "b:9", "at:P1")
    assert state.board.trail["P1"] == "0:9"
    assert labels(state)["act:1"] == "Locomotive up to 1", "still 6a's second action"


def test_an_extra_move_gives_an_extra_phase_b_where_it_stops():
    """« Avancez votre estanciero d'un lieu sur le parcours. Effectuez une phase B
    additionnelle sur ce nouveau lieu. » ; « vous devez déplacer votre estanciero d'au moins
    un lieu » ; « Vous ne pourrez compléter votre main (phase C) qu'après avoir effectué la
    nouvelle phase B. »"""
    state = at_location("P1", trail="P1=0:2", p0=p0(estanciero="P1"))
    assert labels(state)["act:1"] == "Move up to 1, extra phase B"
    state = play(state, "act:1")
    assert "stop" not in keys(state) and keys(state)[0] == "to:N2"
    state = play(state, "to:N2")
    assert GAME.pending(state).prompt.startswith("Phase B at N2")
    hand = len(state.players[0].hand)
    state = play(state, "end")
    assert GAME.pending(state).seat == 1, "the first location's phase B ended with the move"
    assert len(state.players[0].hand) >= hand


def test_move_limit_rises_when_its_discs_leave_the_board():
    """« BLEU a une limite de 4 déplacements, tandis que celle de ROUGE est de 6 » (3
    players: 4 at the start; the first movement slot adds 2)."""
    from games.gwt_argentina import data

    slots = " ".join(s.id for s in data.DISC_SLOTS if s.id != "move_1")
    frame = 'move 0 {"extra": false, "limit": 6, "steps": 0}'
    state = situation(3, first_turn="-", trail=NEUTRALS, p0=p0(estanciero="N1"),
                      p0_slots=slots, stack=[TURN_END, frame])
    state = play(state, "to:N2", "to:N3", "to:N4", "to:N5", "to:N6")
    assert "stop" in keys(state) and "to:N7" in keys(state)
    state = play(state, "to:N7")
    assert state.players[0].estanciero == "N7"
    assert GAME.pending(state).prompt.startswith("Phase B at N7")


def test_sixth_maquinista_at_the_depot_upgrades_a_station_before_24():
    """« Dans le cas où votre locomotive se trouve au dépôt ferroviaire alors que vous
    effectuez l'action immédiate de la case la plus à droite de votre rangée maquinista,
    recevez 5 pésos et améliorez la gare de votre choix située avant la case 24 »."""
    rows = dict(EMPTY_ROWS, job_row_1=". MA12 . .")
    state = at_location("N1", p0=p0(money=7, locomotive="depot"), stations=stations(b4="0"),
                        p0_maquinista="printed MA13 MA14 MA15 MA16", **rows)
    state = play(state, "act:1", "hire:J1.2", "do")
    assert state.players[0].money == 6
    offered = [k[3:] for k in keys(state) if k.startswith("up:")]
    assert offered == ["b7", "b10", "b13", "b16", "b19", "b22"], "not b4 (already), not 25+"


def test_a_white_target_takes_a_black_disc_when_no_white_is_left_else_a_station_disc():
    """« Si vous devez placer un disque sur un emplacement à bordure blanche alors qu'il ne
    vous reste que des disques sur des emplacements à bordure noire, vous êtes tout de même
    autorisé ... Si vous devez placer un disque ... alors qu'il ne vous en reste plus ...,
    retirez plutôt un de vos disques se trouvant sur une gare de votre choix »."""
    state = situation(3, first_turn="-", p0=p0(estanciero="BA"), p0_slots="move_1",
                      stack=[TURN_END, "ba_after 0 {}", 'ba_load 0 {"value": 8}'])
    state = play(state, "ship:ship8")
    assert [k for k in keys(state) if k.startswith("slot:")] == ["slot:move_1"]
    none_left = situation(3, first_turn="-", p0=p0(estanciero="BA"), p0_slots="-",
                          stations=stations(b4="0", b7="1 0"),
                          stack=[TURN_END, "ba_after 0 {}", 'ba_load 0 {"value": 1}'])
    none_left = play(none_left, "ship:ship1")
    assert [k for k in keys(none_left) if k.startswith("station:")] == ["station:b4",
                                                                        "station:b7"]
    none_left = play(none_left, "station:b7")
    assert none_left.board.stations["b7"] == [1]
    assert none_left.board.ships[1].discs == [0]


def test_permanent_certificate_and_loading_grain_of_station_masters():
    """« chacune de ces tuiles augmente votre valeur totale d'élevage de 1 jusqu'à la fin de
    la partie » ; « Du grain permanent pour le chargement ... vous accordent une réduction
    sur la quantité de grain nécessaire pour le chargement »."""
    state = situation(3, first_turn="-", p0=p0(money=0, estanciero="BA"),
                      p0_station_masters="SM5 SM4", p0_hand="0:NI1",
                      stack=[TURN_END, "ba_after 0 {}", "ba_income 0 {}"])
    assert labels(state)["spend:0"] == "Spend 0 certificates: income 2"
    state = play(state, "spend:0", "ship:ship1")
    state = play(state, keys(state)[0])
    assert state.players[0].money == 2
    load = situation(3, first_turn="-", p0=p0(money=0, grain=0, estanciero="BA"),
                     p0_station_masters="SM4",
                     stack=[TURN_END, "ba_after 0 {}", 'ba_load 0 {"value": 3}'])
    load = play(load, "ship:ship3")
    load = play(load, keys(load)[0])
    assert load.players[0].money == 0, "ship 3's one grain is covered by the station master"


def test_certificates_stop_at_their_limit():
    """« vous ne pouvez pas dépasser votre limite de certificats temporaires (votre limite
    est de 4 en début de partie) »."""
    state = at_location("P1", trail="P1=0:9", p0=p0(certificates=3, estanciero="P1"))
    state = play(state, "act:0")
    assert state.players[0].certificates == 4


ANNEX = {  # rulebook annex, "BÂTIMENTS PERSONNELS A / B", as the menu reads them
    "1a": ["+2 grain"],  # on farmland itself, with another one there: « elle compte elle-même »
    "2a": ["Auxiliary action (single or double)", "Move up to 1, extra phase B"],
    "3a": ["+1 exchange token", "Help granjeros (+3 strength)"],
    "4a": ["Draw up to 1, discard as many", "+2 certificates"],
    "5a": ["+2 grain", "A disc to Rotterdam quay I"],
    "6a": ["Hire a worker (1 peso cheaper)", "Locomotive up to 1"],
    "7a": ["Pay 1 grain → locomotive up to 2, +2 pesos", "Move up to 3, extra phase B"],
    "8a": ["+1 grain", "A disc to Liverpool quay I"],
    "9a": ["+3 certificates", "Move up to 3, extra phase B"],
    "10a": ["+5 grain", "+5 pesos", "Locomotive up to 3"],
    "1b": ["+4 pesos"],
    "2b": ["+1 peso", "Move up to 1, extra phase B"],
    "3b": ["+2 certificates / discard an objective: its action, +3 certificates"],
    "4b": ["+1 certificate", "+2 grain"],
    "5b": ["+6 pesos", "Auxiliary action (single or double)"],
    "6b": ["+3 grain", "+3 pesos", "Deliver grain to a port"],
    "7b": ["An exhaustion card to every other player", "Move up to 3, extra phase B"],
    "8b": ["+2 certificates", "Help granjeros (+6 strength)"],
    "9b": ["Hire a worker (4 pesos cheaper)", "Move up to 5, extra phase B"],
    "10b": ["+3 pesos", "A cattle card for any market card, into your hand"],
}


@pytest.mark.parametrize("building", list(ANNEX))
def test_every_private_building_side_offers_its_annex_actions(building):
    """Each side's local actions, as the annex lists them, offered with what they give, and
    each one can be started and finished."""
    number, side = int(building[:-1]), building[-1]
    rows = dict(EMPTY_ROWS, job_row_1=". GA12 CA12 MA12")
    state = at_location("G1", trail=f"G1=0:{number} G2=0:1 GF1=FG01",
                        p0=p0(money=10, grain=2, estanciero="G1"), options={"building_sides": side},
                        p0_hand="OB16 0:NI1 0:PA1 CA1", p0_deck="0:FR1 0:FR2",
                        p0_helped_farmers="FG02 FG03", p0_buildings_left="2 3 4 5 6 7 8 9 10",
                        **rows)
    menu = labels(state)
    assert [menu[k] for k in menu if k.startswith("act:")] == ANNEX[building]
    for key in [k for k in menu if k.startswith("act:")]:
        after = play(state, key)
        for _ in range(30):  # finish the action with the first choice of each step
            decision = GAME.pending(after)
            if decision.prompt.startswith("Phase B") or decision.seat != 0:
                break
            options = [o.key for o in decision.options if not o.key.startswith("xt:")]
            after = play(after, options[0])
        assert GAME.pending(after).prompt.startswith("Phase B")


NEUTRAL_ANNEX = {  # rulebook annex, "BÂTIMENTS NEUTRES"
    "A": ["Discard a Holando Argentino → +2 pesos", "Hire a worker", "Hire a worker (+2 pesos)"],
    "B": ["Discard a Patagonico → +2 pesos", "Build (2 pesos per carpintero)"],
    "C": ["Take an objective card", "Single auxiliary action", "Locomotive up to 1"],
    "D": ["Discard 2 of one breed → +2 pesos", "Locomotive up to 1"],
    "E": ["Discard a Fronterizo → +2 pesos", "Buy cattle (1 gaucho)"],
    "F": ["+1 certificate", "Help granjeros"],
    "G": ["Locomotive up to 1", "Auxiliary action (single or double)"],
    "H": ["+1 grain", "Return an exhaustion card / single auxiliary action"],
}


@pytest.mark.parametrize("letter", list(NEUTRAL_ANNEX))
def test_every_neutral_building_offers_its_annex_actions(letter):
    """« 1. Défaussez 1 carte « Holando Argentino » pour recevoir 2 pésos. 2. Engagez un
    ouvrier sans modifier son coût. 3. Engagez un ouvrier dont le coût est augmenté de 2
    pésos. » … through H: each action offered with what it gives, and carried through."""
    space = f"N{'ABCDEFGH'.index(letter) + 1}"
    rows = dict(EMPTY_ROWS, job_row_1=". GA12 CA12 MA12")
    state = at_location(space, trail="GF1=FG01", p0=p0(money=10, grain=2, estanciero=space),
                        p0_hand="0:HO1 0:NI1 0:PA1 0:FR1 0:NI2 EX CA1", **rows)
    menu = labels(state)
    assert [menu[k] for k in menu if k.startswith("act:")] == NEUTRAL_ANNEX[letter]
    for key in [k for k in menu if k.startswith("act:")]:
        after = play(state, key)
        for _ in range(30):
            decision = GAME.pending(after)
            if decision.prompt.startswith("Phase B"):
                break
            after = play(after, next(o.key for o in decision.options if not o.key.startswith("xt:")))
        assert GAME.pending(after).prompt.startswith("Phase B")


def test_three_gauchos_buy_two_value_three_cards_for_five_and_five_two_franqueiros_for_nine():
    """« Si vous utilisez 3 gauchos et payez 5 pésos, vous achetez 2 cartes Bétail dont la
    valeur d'élevage est de 3 chacune » ; « Si vous utilisez 5 gauchos et payez 9 pésos,
    vous achetez 2 cartes Bétail « Franqueiro ». »"""
    three = at_location("N5", p0=p0(money=5, estanciero="N5"), cattle_market="CH1 SE1 BO1",
                        p0_gaucho="printed GA12 GA13")
    three = play(three, "act:1")
    first = next(k for k, v in labels(three).items() if v.endswith("5 pesos, 3 gauchos"))
    assert "(1st of 2)" in labels(three)[first]
    three = play(three, first)
    three = play(three, keys(three)[0])
    assert three.players[0].money == 0 and len(three.board.cattle_market) == 1
    five = at_location("N5", p0=p0(money=9, estanciero="N5"), cattle_market="FQ1 FQ4 AA1",
                       p0_gaucho="printed GA12 GA13 GA14 GA15")
    five = play(five, "act:1")
    first = next(k for k, v in labels(five).items() if v.endswith("9 pesos, 5 gauchos"))
    five = play(five, first, "card:FQ4")
    assert five.players[0].money == 0 and five.board.cattle_market == ["AA1"]
    assert {"FQ1", "FQ4"} <= set(five.players[0].discard)


def test_help_with_the_bonus_alone_takes_no_exhaustion_card():
    """« Les bâtiments « 3a » et « 8b » augmente temporairement votre force totale. Dans ce
    cas particulier, il est même possible d'effectuer cette action sans révéler de cartes
    Bétail et conséquemment ne pas obtenir de cartes Épuisement. »"""
    state = at_location("P1", trail="P1=0:8 GF1=FG05", p0=p0(money=0, estanciero="P1"),
                        options={"building_sides": "b"})
    state = play(state, "act:1", "add:GF1", "go")
    assert labels(state)["done"] == "Help them (0 exhaustion cards)"
    state = play(state, "done", "keep")
    assert "EX" not in state.players[0].discard and state.players[0].helped_farmers == ["FG05"]


def test_seven_b_gives_every_other_player_an_exhaustion_card():
    """« Chacun des autres joueurs prend une carte Épuisement et la place sur sa défausse
    personnelle. »"""
    state = at_location("P1", trail="P1=0:7", p0=p0(estanciero="P1"),
                        options={"building_sides": "b"})
    before = [p.discard.count("EX") for p in state.players]
    state = play(state, "act:0")
    after = [p.discard.count("EX") for p in state.players]
    assert [a - b for a, b in zip(after, before, strict=True)] == [0, 1, 1]


def test_ten_b_swaps_a_cattle_card_for_any_market_card_into_the_hand():
    """« Défaussez une carte Bétail de la race de votre choix ET prenez une carte Bétail de
    votre choix du marché. Ajoutez cette dernière directement à votre main. »"""
    state = at_location("P1", trail="P1=0:10", p0=p0(estanciero="P1"),
                        options={"building_sides": "b"}, cattle_market="CA1 AA6")
    state = play(state, "act:1", "card:0:NI1", "card:AA6")
    player = state.players[0]
    assert "AA6" in player.hand and "0:NI1" in player.discard
    assert state.board.cattle_market == ["CA1"]


def test_discarding_two_cattle_of_one_breed():
    """« Défaussez exactement 2 cartes Bétail de la même race. → Recevez 2 pèsos. »"""
    state = at_location("N4", p0=p0(money=0, estanciero="N4"), p0_hand="0:NI1 0:NI2 0:PA1 CA1")
    assert [k for k in keys(play(state, "act:0")) if k.startswith("breed:")] == ["breed:niata"]
    state = play(state, "act:0", "breed:niata")
    assert state.players[0].money == 2 and state.players[0].hand == ["0:PA1", "CA1"]
