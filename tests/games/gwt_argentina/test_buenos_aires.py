"""Buenos Aires (rulebook p. 9–11): delivery, income, loading, forecasts, ship departures,
the cattle market refill, and the end of the game (p. 19)."""

from __future__ import annotations

from games.gwt_argentina import GAME
from tests.games.gwt_argentina.positions import keys, labels, play, situation

TURN_END = "turn_end 0 {}"
AFTER = "ba_after 0 {}"
ROTTERDAM_OPEN = ("side=a quays I[0 0] spaces W1=. W2=. W3=. N1=. N2=. N3=. E1=. E2=. S1=. "
                  "S2=. closed -")


def p0(money=10, certificates=0, grain=0, estanciero="BA", locomotive="0"):
    return (f"money={money} certificates={certificates} grain={grain} tokens=0 "
            f"estanciero={estanciero} locomotive={locomotive} job_marker=no")


def ba(*frames, **changes):
    """Seat 0 in Buenos Aires with these steps to go (the first one pending)."""
    return situation(3, first_turn="-", stack=[TURN_END, AFTER, *reversed(frames)], **changes)


def test_marie_delivers_one_grain_to_rotterdam_west():
    """« Marie a deux de ses disques à Rotterdam et 3 grains. Elle prend un de ces disques,
    livre 1 grain et déplace ce disque dans le quartier ouest (W) de Rotterdam. Elle reçoit
    immédiatement 6 pesos et elle marquera 1 point de victoire ... (Même si elle possède
    encore 2 grains, elle ne peut effectuer qu'une seule livraison lors de cette étape.)
    Autrement, elle aurait pu dépenser 2 grains et réclamer les 4 points de victoire du
    quartier nord. Toutefois, elle n'aurait pas pu livrer de grain aux quartiers est ou sud
    de Rotterdam »."""
    state = ba("deliver 0 {}", "ba_income 0 {}", p0=p0(money=0, grain=3),
               port_rotterdam=ROTTERDAM_OPEN,
               port_lehavre="side=a quays I[1 2] II[] spaces W1=. W2=. W3=. W4=. N1=. N2=. "
                            "N3=. E1=. E2=. E3=. S1=. S2=. closed -")
    menu = labels(state)
    rotterdam = {k.split(":")[-1] for k in menu if k.startswith("d:I:rotterdam")}
    assert rotterdam == {"W1", "W2", "W3", "N1", "N2", "N3"}
    assert "4 VP" in menu["d:I:rotterdam:N3"] and "2 grain" in menu["d:I:rotterdam:N3"]
    state = play(state, "d:I:rotterdam:W1")
    player = state.players[0]
    assert (player.money, player.grain) == (6, 2)
    assert state.board.ports["rotterdam"].spaces["rotterdam:W1"] == 0
    assert state.board.ports["rotterdam"].quays["I"] == [0]
    assert GAME.pending(state).prompt.startswith("Income"), "only one delivery"
    assert GAME.scores(state)[0]["ports"] == 1 + 2  # W1's VP and the disc left on quay I


def test_quay_two_discounts_the_grain():
    """« les quais « II » offrent une réduction sur la quantité de grain à payer »: Le Havre
    II (−2) delivers to the North district (3 grain) for 1."""
    state = ba("deliver 0 {}", p0=p0(grain=1),
               port_lehavre="side=a quays I[1 2] II[0] spaces W1=. W2=. W3=. W4=. N1=. N2=. "
                            "N3=. E1=. E2=. E3=. S1=. S2=. closed -")
    assert "1 grain" in labels(state)["d:II:lehavre:N1"]
    assert "d:II:lehavre:E1" not in keys(state)  # 5 - 2 = 3 grain


def test_marie_income_of_ten():
    """« Marie a 4 cartes en main. Parmi celles-ci, elle a 2 cartes « Patagonico ». ... Sa
    valeur totale d'élevage est de 8. ... Elle décide d'en utiliser 2 en reculant son
    marqueur de 2 cases ... ce qui lui fait un total de 10. ... Elle reçoit 10 pesos de la
    banque. Elle place ensuite les 4 cartes de sa main dans sa défausse. »"""
    state = ba("ba_income 0 {}", p0=p0(money=0, certificates=3),
               p0_hand="0:PA1 0:PA2 CH1 SE1", p0_discard="-")
    assert labels(state)["spend:2"] == "Spend 2 certificates: income 10"
    assert labels(state)["spend:0"] == "Spend 0 certificates: income 8"
    state = play(state, "spend:2")
    player = state.players[0]
    assert (player.money, player.certificates, player.hand) == (10, 1, [])
    assert sorted(player.discard) == sorted(["0:PA1", "0:PA2", "CH1", "SE1"])


def test_exhaustion_cards_in_hand_go_back_to_their_pile_at_income():
    """« Si vous avez des cartes Épuisement en main durant l'étape 2, remettez-les
    immédiatement dans la pile Épuisement au lieu de les placer sur votre défausse. »"""
    state = ba("ba_income 0 {}", p0=p0(), p0_hand="EX 0:NI1", p0_discard="-")
    pile = len(state.board.exhaustion)
    state = play(state, "spend:0")
    assert state.players[0].discard == ["0:NI1"] and len(state.board.exhaustion) == pile + 1


def test_marie_loading_choices_with_ten():
    """« Avec sa valeur totale d'élevage de 10, Marie pourrait charger le bateau dont la
    valeur de chargement est de 9 ... Puisqu'elle ne possède que 2 grains, elle les dépense
    et elle doit payer un coût complémentaire de 4 pésos ... Autrement, elle pourrait charger
    le bateau dont la valeur de chargement est de 8. Par contre, elle pourrait ne placer
    qu'un disque provenant d'un emplacement à coins blancs et devrait alors obtenir une carte
    Objectif ... ne payer que 1 grain ... Même si elle avait atteint une valeur totale
    d'élevage de 11, elle n'aurait pas pu charger le bateau dont la valeur de chargement est
    de 11, car un de ses disques s'y trouve déjà. »"""
    ships = ("ship0[] ship1[] ship3[] ship5[] ship6[] ship7[] ship8[] ship9[] ship11[0] "
             "ship15[] ship18[]")
    state = ba('ba_load 0 {"value": 10}', p0=p0(money=10, grain=2), ships=ships)
    offered = [k for k in keys(state) if k.startswith("ship:")]
    assert offered == [f"ship:ship{v}" for v in (0, 1, 3, 5, 6, 7, 8, 9)]
    nine = play(state, "ship:ship9")
    assert any(k == "slot:move_1" for k in keys(nine)), "a black ship takes any disc"
    nine = play(nine, "slot:move_1")
    assert (nine.players[0].grain, nine.players[0].money) == (0, 6)
    eight = play(state, "ship:ship8")
    slots = [k[5:] for k in keys(eight) if k.startswith("slot:")]
    assert slots and all(not s.startswith(("move", "hand", "strength_2")) for s in slots)
    eight = play(eight, "slot:aux_cert_1")
    assert GAME.pending(eight).prompt == "Which objective card do you take?"
    eight = play(eight, keys(eight)[0])
    assert (eight.players[0].grain, eight.players[0].money) == (1, 10)
    eleven = ba('ba_load 0 {"value": 11}', p0=p0(), ships=ships)
    assert "ship:ship11" not in keys(eleven)


def test_ships_zero_and_eighteen_take_several_discs():
    """« Les 2 seules exceptions à cette règle sont : le bateau à la valeur la plus faible
    ... et le bateau à la valeur la plus haute » ; ship 0 « recevez immédiatement 2 pésos »."""
    state = ba('ba_load 0 {"value": 18}', p0=p0(money=0, grain=6),
               ships="ship0[0] ship1[] ship18[0]")
    assert {"ship:ship0", "ship:ship18"} <= set(keys(state))
    zero = play(state, "ship:ship0", "slot:aux_cert_1")
    assert zero.players[0].money == 2 and zero.board.ships[0].discs == [0, 0]


def test_forecast_farmer_to_its_lowest_free_space_or_the_box():
    """« placez-la dans la zone de la même couleur, dans la case libre au numéro le plus
    bas. S'il n'y a plus de case libre, retirez la tuile Fermier de la partie »."""
    state = ba('ba_forecast 0 {"letter": "A"}', p0=p0(),
               trail="N1=A N2=B N3=C N4=D N5=E N6=F N7=G N8=H GF1=FG01 GF3=FG02",
               forecast="A1=FG05 A2=FB05 B1=GA01 B2=GA02 C1=FY01 C2=FY02")
    state = play(state, "take:A1")
    assert state.board.trail["GF2"] == "FG05"
    full = ba('ba_forecast 0 {"letter": "A"}', p0=p0(),
              trail="N1=A N2=B N3=C N4=D N5=E N6=F N7=G N8=H GF1=FG01 GF2=FG02 GF3=FG03 "
                    "GF4=FG04", forecast="A1=FG05 A2=FB05 B1=GA01 B2=GA02 C1=FY01 C2=FY02")
    full = play(full, "take:A1")
    assert "FG05" in full.board.box_tiles


def departure_position(**changes):
    """3 players, the marker on row 4 with one space left: a worker moves it on along the
    blue arrow of the yellow ships."""
    rows = {f"job_row_{r}": ". . . ." for r in range(1, 12)}
    rows["job_row_4"] = ". GA01 GA02 ."
    return ba('ba_forecast 0 {"letter": "B"}', p0=p0(), job_marker_row="3",
              forecast="A1=FG05 A2=FB05 B1=GA03 B2=GA04 C1=FY01 C2=FY02", **rows, **changes)


def test_marie_triggers_the_yellow_departure():
    """« Marie a placé un de ses disques sur le bateau dont la valeur de chargement est de 5
    ... et a déclenché le départ des bateaux à la bannière jaune en plaçant une tuile
    Ouvrier à l'étape ⑤. Elle déplace chacun des disques se trouvant sur ces 3 bateaux vers
    les plateaux Ville portuaire Le Havre et Rotterdam, sur les quais correspondants.
    Ensuite, elle remet ces 3 bateaux dans la boîte, en pioche 2 autres » — after the six
    steps; then « Déplacez votre estanciero au début du parcours » and the forecast spaces
    are refilled."""
    state = departure_position(ships="ship0[] ship1[1] ship3[] ship5[0] ship7[2] ship18[]",
                               ship_pile="extra12 extra4 extra16")
    state = play(state, "take:B1")
    board = state.board
    assert board.job_marker_row == 4 and board.job_market[3][3] == "GA03"
    assert [s.id for s in board.ships] == ["ship0", "ship3", "extra4", "extra12", "ship18"]
    assert board.ports["lehavre"].quays["II"] == [0]
    assert board.ports["lehavre"].quays["I"][-1] == 1
    assert board.ports["rotterdam"].quays["I"] == [2]
    assert state.players[0].estanciero == "START"
    assert board.forecast["B1"] is not None


def test_yellow_arrow_refills_the_cattle_market_to_its_size():
    """« ramenez le marché au bétail à son nombre initial : À 3 joueurs : 12 cartes » — never
    above it."""
    rows = {f"job_row_{r}": ". . . ." for r in range(1, 12)}
    rows["job_row_5"] = ". GA01 GA02 ."
    state = ba('ba_forecast 0 {"letter": "B"}', p0=p0(), job_marker_row="4",
               forecast="A1=FG05 A2=FB05 B1=GA03 B2=GA04 C1=FY01 C2=FY02",
               cattle_market="CA1 CH1 SE1", **rows)
    state = play(state, "take:B1")
    assert len(state.board.cattle_market) == 12


def end_position(c_tiles="C1=MA01 C2=FY02", **changes):
    rows = {f"job_row_{r}": ". GA05 GA06 GA07" for r in range(1, 11)}
    rows["job_row_11"] = ". GA01 GA02 ."
    return ba('ba_forecast 0 {"letter": "B"}', 'ba_forecast 0 {"letter": "C"}', p0=p0(),
              job_marker_row="10", forecast=f"A1=FG05 A2=FB05 B1=GA03 B2=GA04 {c_tiles}",
              **rows, **changes)


def test_end_triggered_in_step_five_no_worker_in_step_six_then_one_turn_each():
    """« La fin de la partie est déclenchée lorsque vous placez une tuile Ouvrier sur la
    dernière case du Marché de l'emploi lorsque vous effectuez l'étape 5 ou 6 ... récupérez
    le marqueur ... Si cela se déroule durant l'étape 5, effectuez l'étape 6, mais vous ne
    pourrez pas choisir une autre tuile Ouvrier. ... Ensuite, chaque autre joueur effectue
    un dernier tour de jeu ». Scoring 12: « 2 points ... si vous possédez le marqueur »."""
    state = end_position()
    state = play(state, "take:B1")
    assert state.end_triggered_by == 0 and state.players[0].job_marker
    assert keys(state) == ["take:C2"], "the worker of C1 cannot be chosen"
    state = play(state, "take:C2")
    assert state.last_turns == [1, 2] and GAME.pending(state).seat == 1
    assert state.players[0].estanciero == "START"
    assert GAME.scores(state)[0]["job_market"] == 2
    for seat in (1, 2):
        for _ in range(200):
            decision = GAME.pending(state)
            if decision is None or decision.seat != seat:
                break
            options = [k for k in keys(state) if not k.startswith("xt:")]
            state = play(state, next((k for k in ("end", "stop") if k in options), options[0]))
    assert state.finished and GAME.pending(state) is None


def test_step_six_skipped_when_only_workers_are_left():
    """« S'il ne reste que des tuiles Ouvrier dans les cases Prévision, sautez complètement
    l'étape 6. »"""
    state = play(end_position(c_tiles="C1=MA01 C2=MA02"), "take:B1")
    assert state.stack[-1].kind == "move" and GAME.pending(state).seat == 1


def test_workers_fill_the_markers_row_left_to_right_on_the_used_columns():
    """« Placez toujours la tuile dans la rangée où se trouve le marqueur ... Remplissez les
    cases de cette rangée de gauche à droite. ... À 3 joueurs, n'utilisez que les 3
    colonnes les plus à droite ... Remplissez toujours la case contenant le marqueur
    Marché de l'emploi en dernier. Lorsque vous placez une tuile Ouvrier dans cette case,
    déplacez le marqueur ... vers ... la prochaine rangée »."""
    rows = {f"job_row_{r}": ". . . ." for r in range(1, 12)}
    state = ba('ba_forecast 0 {"letter": "B"}', 'ba_forecast 0 {"letter": "C"}', p0=p0(),
               job_marker_row="3", forecast="A1=FG05 A2=FB05 B1=GA03 B2=GA04 C1=MA01 C2=MA02",
               **rows)
    state = play(state, "take:B1", "take:C1")
    assert state.board.job_market[3] == [None, "GA03", "MA01", None]
    assert state.board.job_marker_row == 3, "the marker's own space is filled last"
