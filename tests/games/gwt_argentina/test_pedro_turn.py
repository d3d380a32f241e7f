"""Pedro's turn, movement, Buenos Aires, loading cards, end and scoring (solo chapter)."""

from __future__ import annotations

from games.gwt_argentina import GAME, data
from games.gwt_argentina.buenos_aires import AfterStep
from games.gwt_argentina.flow import push, settle
from games.gwt_argentina.market import TakeObjectiveStep
from games.gwt_argentina.pedro.buenos_aires import deliver, forecasts, load
from games.gwt_argentina.pedro.data import LOADING_CARDS
from games.gwt_argentina.pedro.move import choose_path, move_pedro
from games.gwt_argentina.pedro.rules import loading_card, ranked_ships, ship_to_load
from games.gwt_argentina.pedro.scoring import pedro_scores
from games.gwt_argentina.pedro.turn import after_human_turn
from games.gwt_argentina.state import Ship
from games.gwt_argentina.trail import pay_toll
from tests.games.gwt_argentina.pedro_helpers import PEDRO, Ctx, play_pedro_turn, solo, texts

FIRST_FORK = ("P1", "G1", "G2", "GF1", "GF2", "GF3", "GF4", "RG1", "RG2")


def clear_first_fork(state):
    for space in FIRST_FORK:
        state.board.trail.pop(space, None)


# -- turn -----------------------------------------------------------------------------------
def test_turn_draws_the_top_card_and_discards_it():
    """« À son tour, piochez la carte du dessus de sa pioche ... À la fin du tour de Pedro,
    placez la carte piochée face visible sur sa défausse. »"""
    state = solo()
    top = state.pedro.deck[0]
    ctx = Ctx()
    play_pedro_turn(state, ctx)
    assert state.pedro.discard == [top] and top not in state.pedro.deck
    assert texts(ctx)[0] == f"Pedro draws his card #{top}."
    assert all(t.startswith(("Pedro", "The ", "You")) for t in texts(ctx))


def test_empty_deck_reshuffles_the_discard():
    """« Si la pioche de Pedro est épuisée au début de son tour, mélangez sa défausse afin de
    former une nouvelle pioche. »"""
    state = solo()
    state.pedro.discard, state.pedro.deck = state.pedro.deck, []
    play_pedro_turn(state, Ctx())
    assert len(state.pedro.deck) == 14 and len(state.pedro.discard) == 1


def test_pedro_plays_right_after_your_turn():
    """« Vous êtes le premier Joueur »; Pedro's turn follows yours inside the same step."""
    import random
    state = solo(seed=2)
    rnd = random.Random(1)
    while state.turn < 2:
        decision = GAME.pending(state)
        out = GAME.apply(state, decision.seat, rnd.choice(decision.options).key)
        state = out.state
    assert len(state.pedro.discard) == 1
    assert any(e.text.startswith("Pedro draws") for e in out.events)
    assert GAME.pending(state).seat == 0


# -- movement -------------------------------------------------------------------------------
def test_fewest_tolls_then_fewest_paid_to_you():
    """« 2. Le chemin avec le moins de taxes 3. Le chemin pour lequel il aura à vous payer le
    moins de taxes que possible »."""
    state = solo()
    clear_first_fork(state)
    state.players[PEDRO].estanciero = "N1"
    state.board.trail["P1"] = "0:1"   # your building, black hand
    state.board.trail["GF1"] = "0:2"  # your building, no hand
    assert choose_path(state, 2) == ("GF1", "N2")
    farmer = next(f.id for f in data.FARMER_TILES if f.hand == "black")
    state.board.trail["GF1"] = farmer
    assert choose_path(state, 2) == ("GF1", "N2")  # same toll, none of it to you


def test_shortest_way_with_shortcuts_and_early_stop_at_buenos_aires():
    """« 1. Le chemin le plus court (pour atteindre ou pour se rapprocher de Buenos Aires)* »
    (* « Pedro prend en compte les raccourcis »); « Atteindre Buenos Aires est le seul cas où
    son déplacement peut se terminer prématurément. »"""
    state = solo()
    state.players[PEDRO].estanciero = "N6"
    state.players[PEDRO].locomotive = "23"
    assert choose_path(state, 3) == ("S23",)
    state.players[PEDRO].locomotive = "0"
    assert len(choose_path(state, 3)) == 3


def test_you_take_your_toll_from_the_bank():
    """« Lorsque l'estanciero de Pedro passe par ou termine son déplacement sur un de vos
    bâtiments présentant une main verte ou noire, prenez ce montant de la banque. »"""
    state = solo()
    clear_first_fork(state)
    state.players[PEDRO].estanciero = "N1"
    state.board.trail["P1"] = "0:1"
    state.board.trail["GF1"], state.board.trail["GF2"] = "0:2", "0:4"  # the longer way
    money = state.players[0].money
    move_pedro(state, 1, Ctx())
    assert state.players[PEDRO].estanciero == "P1"
    assert state.players[0].money == money + data.TOLLS[2]["black"]


def test_you_pay_pedros_tolls_to_the_bank():
    """« Si votre estanciero passe par ou termine son déplacement sur un des bâtiments de
    Pedro présentant une main verte ou noire, payez la taxe à la banque. »"""
    state = solo()
    state.board.trail["P1"] = f"{PEDRO}:1"
    pay_toll(state, state.players[0], "P1", Ctx())
    assert state.players[0].money == 7 - data.TOLLS[2]["black"]
    assert state.players[PEDRO].money == 0


def test_variable_movement_by_workers():
    """« L'estanciero de Pedro avance d'un lieu sur le parcours pour chaque ouvrier du type
    correspondant qu'il possède. » (cards #10–#15)"""
    from games.gwt_argentina.pedro.turn import amount

    state = solo()
    pedro = state.players[PEDRO]
    assert amount(state, "gaucho") == pedro.worker_count("gaucho")
    assert amount(state, "xp") == loading_card(state).experience


# -- Buenos Aires ---------------------------------------------------------------------------
def test_example_delivery_to_liverpool():
    """« À l'étape ① de Buenos Aires, Pedro livre 6 de ses 7 grains à Liverpool, déplaçant un
    de ses disques du quai I vers l'espace bonus rapportant 14 points de victoire »; « Pedro
    paye autant de grain que possible »."""
    state = solo(port_sides="aab")
    state.board.ports["lehavre"].quays["I"].remove(PEDRO)
    state.board.ports["liverpool"].quays["I"].append(PEDRO)
    state.players[PEDRO].grain = 7
    deliver(state, Ctx())
    assert state.players[PEDRO].grain == 1
    assert state.board.ports["liverpool"].spaces["liverpool:E1"] == PEDRO
    assert PEDRO not in state.board.ports["liverpool"].quays["I"]


def test_action_first_then_buenos_aires_without_income():
    """« Lorsque l'estanciero de Pedro atteint Buenos Aires, effectuez tout d'abord l'action
    indiquée par la carte de Pedro dans son intégralité avant d'effectuer l'action de Buenos
    Aires »; « Il saute l'étape ② »; « Finalement, placez son estanciero sur la case
    Cavalier »."""
    state = solo()
    state.players[PEDRO].estanciero = "YF7"
    state.pedro.deck.remove(7)
    state.pedro.deck.insert(0, 7)  # card #7: an objective card
    ctx = Ctx()
    play_pedro_turn(state, ctx)
    lines = texts(ctx)
    took = next(i for i, t in enumerate(lines) if "objective card" in t)
    loaded = next(i for i, t in enumerate(lines) if "loads" in t)
    assert took < loaded
    assert state.players[PEDRO].estanciero == "START" and state.players[PEDRO].money == 0
    assert state.pedro.discs == 16


def test_loading_order_no_grain_and_repeatable_ship():
    """« Pedro charge le 1er bateau indiqué sur sa carte de chargement active. Si un de ses
    disques s'y trouve déjà, il charge le 2e bateau à la place »; « Pedro ne dépense pas de
    grain lorsqu'il charge un bateau »; « avec la carte ●●, il est possible pour Pedro de
    charger le bateau de plus grande valeur plusieurs fois »."""
    state = solo("easy")
    ranked = ranked_ships(state.board)
    assert ship_to_load(state).id == ranked[2].id  # ● easy: the 3rd first (reconstruction)
    state.players[PEDRO].grain = 3
    load(state, Ctx())
    (loaded,) = [ship for ship in state.board.ships if ship.id == ranked[2].id]
    assert PEDRO in loaded.discs and state.players[PEDRO].grain == 3
    assert ship_to_load(state).id == ranked[1].id
    state = solo("expert")
    state.board.job_marker_row = 4  # the ●● card
    for _ in range(3):
        load(state, Ctx())
    top = ranked_ships(state.board)[0]
    assert top.id == "ship18" and top.discs == [PEDRO] * 3


def test_the_two_dot_card_by_difficulty():
    """« Facile : Pedro charge le bateau dont la valeur est la 3e plus grande (7 PV) ;
    ensuite, ... la 2e plus grande (7/9 PV) et après, ... la plus grande (12 PV). Moderé :
    ... la 2e plus grande (7/9 PV), et après, ... la plus grande (12 PV répétitivement).
    Expert : Pedro charge (répétitivement) le bateau dont la valeur est la plus grande »."""
    assert LOADING_CARDS["easy"][1].order == (3, 2, 1)
    assert LOADING_CARDS["moderate"][1].order[:2] == (2, 1)
    assert set(LOADING_CARDS["moderate"][1].order[1:]) == {1}
    assert set(LOADING_CARDS["expert"][1].order) == {1}
    state = solo()
    state.board.ships += [Ship(id="extra16"), Ship(id="extra13"), Ship(id="extra14")]
    assert [data.SHIP_BY_ID[s.id].vp for s in ranked_ships(state.board)[:4]] == [12, 9, 7, 7]


def test_blue_arrows_change_the_loading_card():
    """« Lorsque le marqueur Marché de l'emploi atteint une des flèches bleues ..., piochez la
    prochaine carte de chargement ... et placez-la face visible sur la carte de chargement
    active pour remplacer cette dernière. »"""
    state = solo()
    dots = []
    for row in range(len(state.board.job_market) + 1):
        state.board.job_marker_row = row
        dots.append(loading_card(state).dots)
    assert dots == sorted(dots) and dots[0] == 1 and dots[-1] == 4
    ship_rows = [a.from_row for a in data.MARKER_ARROWS if a.event == "ships"]
    for i, row in enumerate(ship_rows):
        assert dots[row] == i + 2 and dots[row - 1] == i + 1


def test_objective_from_a_rotterdam_ship():
    """« Si le chargement lui rapporte une carte Objectif, il reçoit la carte de l'offre la
    plus éloignée de la pioche Objectif. »"""
    state = solo()
    state.board.ships = [Ship(id="ship6")]
    farthest = state.board.objective_display[-1]
    load(state, Ctx())
    assert state.players[PEDRO].objectives == [farthest]


def test_forecasts_from_the_lower_spaces_then_slide():
    """« Durant les étapes ④, ⑤ et ⑥, Pedro choisit toujours les tuiles des cases Prévission
    du bas. Faites glisser les tuiles restantes vers les cases Prévission du bas avant de
    remplir les trois cases du haut. »"""
    state = solo()
    before = dict(state.board.forecast)
    forecasts(state, Ctx())
    assert all(state.board.forecast[f"{x}2"] is None for x in "ABC")
    assert all(state.board.forecast[f"{x}1"] == before[f"{x}1"] for x in "ABC")
    bag_a = state.board.bag_a[0]
    frame = push(state, "ba_after", PEDRO)
    AfterStep.run(state, frame, Ctx())
    assert state.board.forecast["A2"] == before["A1"] and state.board.forecast["A1"] == bag_a


def test_your_objective_display_order():
    """« Lorsque vous y prenez une carte Objectif, faites glisser les autres vers le bout de
    la file avant de remplir l'emplacement libre ainsi créé à côté de la pioche Objectif. »"""
    state = solo()
    display = list(state.board.objective_display)
    top = state.board.objective_deck[0]
    frame = push(state, "take_objective", 0)
    TakeObjectiveStep.apply(state, frame, f"obj:{display[1]}", Ctx())
    assert state.board.objective_display == [top, display[0], *display[2:]]


# -- the end and the score ------------------------------------------------------------------
def test_you_trigger_the_end_pedro_plays_once_more():
    """« Pedro est considéré en tout point comme un joueur »: after you take the marker, every
    other player — Pedro — has one last turn."""
    state = solo()
    state.end_triggered_by = 0
    after_human_turn(state, Ctx())
    settle(state, Ctx())
    assert state.finished and len(state.pedro.discard) == 1


def test_pedro_triggers_the_end_you_play_once_more():
    state = solo()
    state.end_triggered_by = PEDRO
    state.last_turns = [0]
    after_human_turn(state, Ctx())
    assert state.finished
    assert state.pedro.discard == [] and state.last_turns == []  # he did not play again


def test_pedro_scoring():
    """« il ne marque pas de points de victoire pour les catégories suivantes : 1 (points pour
    les pesos), 9 (les tuiles Chef de gare) et 11 (emplacements débloqués du plateau Joueur).
    Il marque les points de victoire positifs de toutes ses cartes Objectif comme si toutes
    les conditions avaient été remplies. »"""
    state = solo()
    pedro = state.players[PEDRO]
    pedro.money = 50
    pedro.station_masters = [data.STATION_MASTERS[0].id]
    pedro.objectives = ["OB16", "OB04"]
    scores = pedro_scores(state)
    assert scores["money"] == 0 and scores["station_masters"] == 0 and scores["move_slot"] == 0
    assert scores["objectives"] == data.OBJECTIVE_BY_ID["OB16"].vp + data.OBJECTIVE_BY_ID["OB04"].vp
    assert scores["total"] == sum(v for k, v in scores.items() if k != "total")
    pedro.helped_farmers = [data.FARMER_TILES[0].id]
    assert pedro_scores(state)["farmers"] == 2


def test_a_tie_with_pedro_is_a_shared_win():
    """« Pedro est considéré en tout point comme un joueur » and « Le joueur qui totalise le
    plus de points de victoire remporte la partie. En cas d'égalité, la victoire est
    partagée » (our reading: the solo chapter has no rule of its own for a tie)."""
    start = solo()
    mine = GAME.scores(start)[0]["total"]
    theirs = GAME.pedro_scores(start)["total"]
    tie = start.clone()
    tie.players[0].money = 5 * (theirs - mine + start.players[0].money // 5)  # 1 VP / 5 pesos
    assert GAME.scores(tie)[0]["total"] == theirs
    assert GAME.winners(tie) == [0] and GAME.automa(tie).won
    ahead = tie.clone()
    ahead.players[0].money += 5
    assert GAME.winners(ahead) == [0] and not GAME.automa(ahead).won
    behind = tie.clone()
    behind.players[0].money -= 5
    assert GAME.winners(behind) == [] and GAME.automa(behind).won


def test_cards_carry_the_actions_the_chapter_names():
    """« Engager un ouvrier (cartes #1 et #2) », « Obtenir une carte Objectif (carte #7) »,
    « Prendre du grain (cartes #6, #8 et #9) », « Aider un ou plusieurs granjeros (cartes #8
    et #9) », « Acheter du bétail au marché (cartes #3, #10 et #13) », « Construire un des
    bâtiments de Pedro (cartes #4, #11 et #14) », « Avancer la locomotive de Pedro (cartes
    #5, #6, #12 et #15) »; « Les cartes #10 à #15 de Pedro introduisent un déplacement
    variable »; « Carte #6 : La locomotive de Pedro avance d'autant de cases que sa valeur
    d'expérience »; « Carte #15 : La locomotive de Pedro avance d'une case. »"""
    from games.gwt_argentina.pedro.data import CARDS

    named = {"hire": {1, 2}, "objective": {7}, "grain": {6, 8, 9}, "farmer": {8, 9},
             "cattle": {3, 10, 13}, "build": {4, 11, 14}, "loco": {5, 6, 12, 15}}
    for family, numbers in named.items():
        carrying = {c.number for c in CARDS if any(a.kind.startswith(family) for a in c.actions)}
        assert carrying == numbers, family
    assert {c.number for c in CARDS if isinstance(c.move, str) and c.move != "xp"} == \
        set(range(10, 16))
    six = next(c for c in CARDS if c.number == 6)
    assert any(a.kind == "loco" and a.amount == "xp" for a in six.actions)
    fifteen = next(c for c in CARDS if c.number == 15)
    assert [(a.kind, a.amount, a.only, a.unless) for a in fifteen.actions] == \
        [("loco", 1, None, None)], "one space, whatever his specialty"


def test_upper_forecast_when_the_lower_worker_cannot_be_taken():
    """Worker tiles can no longer be chosen once the marker left the job market; Pedro then
    takes the upper tile (reconstruction, pedro.buenos_aires)."""
    state = solo()
    worker = next(w.id for w in data.WORKER_TILES if w.id not in state.board.forecast.values()
                  and w.id in state.board.bag_b)
    farmer = next(t for t in state.board.bag_a)
    state.board.bag_b.remove(worker)
    state.board.bag_a.remove(farmer)
    state.board.forecast["A2"], state.board.forecast["A1"] = worker, farmer
    state.board.forecast.update(B1=None, B2=None, C1=None, C2=None)
    state.board.job_marker_row = len(state.board.job_market)
    forecasts(state, Ctx())
    assert state.board.forecast["A2"] == worker and state.board.forecast["A1"] is None


def test_delivery_ties_go_to_victory_points_then_pesos():
    """« Si plusieurs options sont valides, il choisit l'espace bonus rapportant le plus de
    points de victoire ; si l'égalité persiste, il choisit l'espace concerné rapportant le
    plus de pesos. » Rotterdam side a: the west district (1 grain) has 1/0/0 VP; the east
    one (4 grain) 4 VP with 8 pesos and 4 VP with 6 pesos."""
    state = solo()
    state.board.ports["lehavre"].quays["I"].remove(PEDRO)
    rotterdam = state.board.ports["rotterdam"]
    rotterdam.quays["I"] += [PEDRO, PEDRO]
    rotterdam.closed = []
    state.players[PEDRO].grain = 1
    deliver(state, Ctx())
    assert rotterdam.spaces["rotterdam:W1"] == PEDRO
    state.players[PEDRO].grain = 4
    deliver(state, Ctx())
    assert rotterdam.spaces["rotterdam:E1"] == PEDRO and rotterdam.spaces["rotterdam:E2"] is None
    assert state.players[PEDRO].grain == 0
