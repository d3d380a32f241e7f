"""Phase A (movement, tolls, shortcuts), phase B's choices at each kind of location, and
phase C (rulebook p. 6–12), with the rulebook's worked examples."""

from __future__ import annotations

from games.gwt_argentina import GAME
from tests.games.gwt_argentina.positions import keys, labels, play, situation

NEUTRALS = "N1=A N2=B N3=C N4=D N5=E N6=F N7=G N8=H"
MOVE = 'move 0 {"extra": false, "limit": 4, "steps": 0}'
TURN_END = "turn_end 0 {}"


def at(space, trail, **changes):
    """Seat 0 to move from ``space`` (3 players, first turns over)."""
    changes.setdefault("stack", [TURN_END, MOVE])
    p0 = changes.pop("p0", f"money=7 certificates=0 grain=0 tokens=0 estanciero={space} "
                           f"locomotive=0 job_marker=no")
    return situation(3, trail=f"{NEUTRALS} {trail}".strip(), first_turn="-", p0=p0,
                     farmer_coins="-", **changes)


def test_marie_reaches_the_neutral_building_in_two_or_three_moves():
    """« pour atteindre ce bâtiment neutre, l'estanciero bleu de Marie peut se déplacer de
    2 lieux en passant par le bâtiment rouge, ou de 3 lieux en passant par les 2 tuiles
    Fermier vertes. » Empty spaces « ne comptent pas comme des lieux »."""
    state = at("N1", "P1=1:2 GF1=FG02 GF2=FG03")
    assert [k for k in keys(state) if k.startswith("to:")] == ["to:P1", "to:GF1"]
    via_building = play(state, "to:P1")
    assert "to:N2" in keys(via_building)  # G1, G2 are empty: N2 is the next location
    via_farmers = play(state, "to:GF1", "to:GF2")
    assert "to:N2" in keys(via_farmers)
    assert GAME.pending(play(via_farmers, "to:N2")).prompt.startswith("Move your estanciero (3")


def test_move_limit_stops_the_estanciero():
    """« Vous devez effectuer au moins 1 déplacement ... sans dépasser la limite de
    déplacement » (3 players: 4 at the start)."""
    state = at("N1", "")
    assert "stop" not in keys(state)
    state = play(state, "to:N2")
    assert "stop" in keys(state)
    state = play(state, "to:N3", "to:N4", "to:N5")
    assert state.players[0].estanciero == "N5"
    assert GAME.pending(state).prompt.startswith("Phase B at N5")


def test_shortcut_needs_the_locomotive_and_ends_in_buenos_aires():
    """« Marie ne peut pas emprunter le raccourci menant à la case 9 de la voie ferrée, car
    sa locomotive ne se trouve qu'à la case 8 ... elle déplace son estanciero de deux lieux
    à partir du bâtiment neutre H et passe par la tuile Fermier jaune (sur laquelle elle
    paye 1 peso) jusqu'à la case 6 ... son estanciero est transféré immédiatement à Buenos
    Aires »."""
    p0 = "money=5 certificates=0 grain=0 tokens=0 estanciero=N8 locomotive=8 job_marker=no"
    state = at("N8", "YF4=FY01", p0=p0)
    assert "to:S9" not in keys(state)
    state = play(state, "to:YF4")
    assert state.players[0].money == 4 and state.board.farmer_coins["YF4"] == 1
    assert "to:S6" in keys(state)
    state = play(state, "to:S6")
    assert state.players[0].estanciero == "BA"
    assert GAME.pending(state).prompt.startswith("Income")  # no disc to deliver: step 2
    david = at("N8", "YF4=FY01", p0=p0.replace("locomotive=8", "locomotive=9"))
    assert "to:S9" in keys(david)


def test_tolls_three_players_to_the_owner_or_the_farmers_money_space():
    """« Marie possède 2 pesos. Si elle déplace son estanciero par le chemin du bas, elle
    devra payer 2 pesos à David ... main verte ... sur le bâtiment personnel de Lucas
    présentant une main noire, Marie n'aura alors plus assez d'argent ... son estanciero
    pourra tout de même poursuivre son chemin. ... le chemin du haut ... payer 1 peso dans
    l'espace Monnaie de la première tuile Fermier présentant une main noire, puis son
    dernier 1 peso pour la seconde »."""
    p0 = "money=2 certificates=0 grain=0 tokens=0 estanciero=N2 locomotive=0 job_marker=no"
    trail = "G3=1:7 G4=2:1 BF1=FB04 BF2=FB07"
    state = at("N2", trail, p0=p0)
    david, lucas = state.players[1].money, state.players[2].money
    lower = play(state, "to:G3", "to:G4")
    assert lower.players[0].money == 0
    assert lower.players[1].money == david + 2 and lower.players[2].money == lucas
    assert "to:N3" in keys(lower), "« vous pouvez tout de même effectuer le déplacement »"
    upper = play(state, "to:BF1", "to:BF2")
    assert upper.players[0].money == 0
    assert upper.board.farmer_coins["BF1"] == 1 and upper.board.farmer_coins["BF2"] == 1
    assert upper.players[1].money == david


def test_four_players_green_hand_costs_one():
    """« À 4 joueurs : chaque main noire coûte 1 peso et chaque main verte coûte 1 peso. »"""
    state = situation(4, trail=f"{NEUTRALS} P1=1:7", first_turn="-", farmer_coins="-",
                      p0="money=7 certificates=0 grain=0 tokens=0 estanciero=N1 locomotive=0 "
                         "job_marker=no", stack=[TURN_END, MOVE])
    state = play(state, "to:P1")
    assert state.players[0].money == 6


def test_own_buildings_charge_no_toll():
    """« S'il s'agit d'une tuile Bâtiment d'un autre joueur, vous devez payer cette taxe à
    ce joueur » — not for your own."""
    state = play(at("N1", "P1=0:7"), "to:P1")
    assert state.players[0].money == 7


def test_farmer_green_hand_then_aux_or_help_this_farmer_only():
    """« Si l'estanciero de Marie termine son déplacement sur cette tuile Fermier, elle
    devra immédiatement placer 2 pesos dans l'espace Monnaie (à cause de la main verte) et
    elle pourra ensuite soit effectuer une action auxiliaire simple ou aider ce granjero
    (et seulement celui-ci). »"""
    state = at("N1", "GF1=FG02 BF1=FB01", p0_hand="0:NI1 0:NI2 0:PA1 0:PA2")
    state = play(state, "to:GF1", "stop")
    assert state.board.farmer_coins["GF1"] == 2 and state.players[0].money == 5
    assert set(keys(state)) >= {"help", "aux", "end"}
    helping = play(state, "help")
    assert [k for k in keys(helping) if k.startswith("add:")] == ["add:GF1"]
    state = play(state, "aux")
    assert "aux:aux_pesos:1" in keys(state)
    state = play(state, "aux:aux_pesos:1")
    assert keys(state) == ["end"], "one single auxiliary action, then nothing else"


def test_opponent_building_offers_only_a_single_auxiliary_action():
    """« Sur un bâtiment adverse ..., vous n'avez qu'une seule option : Effectuer une action
    auxiliaire simple »."""
    state = play(at("N1", "P1=1:6"), "to:P1", "stop")
    assert set(keys(state)) == {"aux", "end"}


def test_own_building_actions_in_any_order_or_one_auxiliary_instead():
    """« Elle peut effectuer chaque action de ce lieu (dans l'ordre de son choix) : 1. Elle
    peut engager un ouvrier (dont le coût d'embauche est réduit de 1). 2. ... locomotive ...
    3. ... l'action spéciale en défaussant une carte Bétail de sa main afin d'avancer son
    marqueur Certificat d'une case. ... c'est seulement si elle renonce à toutes les actions
    du bâtiment qu'elle peut effectuer une action auxiliaire simple à la place. »"""
    state = at("BF4", "R1=0:6", p0_hand="0:NI1 0:NI2 0:PA1 0:PA2")
    state = play(state, "to:R1", "stop")
    menu = labels(state)
    assert menu["act:0"] == "Hire a worker (1 peso cheaper)"
    assert menu["act:1"] == "Locomotive up to 1"
    assert menu["act:2"] == "Discard a card of your choice → +1 certificate"
    assert "aux" in menu
    state = play(state, "act:2", "card:0:NI1")
    assert state.players[0].certificates == 1
    assert "aux" not in keys(state) and "act:2" not in keys(state)
    assert {"act:0", "act:1", "end"} <= set(keys(state))


def test_phase_c_draws_to_the_hand_limit_without_reshuffling_early():
    """« Marie a une limite de main de 5 cartes ... Il ne lui restait donc que 3 cartes en
    main ... elle doit piocher 2 cartes ... si sa pioche contient exactement 2 cartes à ce
    moment-ci, elle complète ainsi sa main jusqu'à sa limite, mais ne mélange pas sa
    défausse immédiatement. »"""
    slots = ("aux_pesos_2 aux_draw_2 aux_cert_1 aux_cert_2 aux_grain_1 aux_grain_2 "
             "aux_engine_1 aux_engine_2 aux_remove_1 aux_remove_2 move_1 move_2 hand_2 "
             "cert_limit strength_1 strength_2")  # hand_1 cleared: limit 5
    state = at("N1", "", p0_slots=slots, p0_hand="0:NI1 0:NI2 0:NI3", p0_deck="0:PA1 0:PA2",
               p0_discard="0:FR1 0:FR2 0:FR3 0:HO1 0:HO2 0:HO3 0:NI4 0:NI5 0:PA3 EX",
               stack=[TURN_END, 'location 0 {"done": [], "locked": false, "space": "N1"}'])
    state = play(state, "end")
    p = state.players[0]
    assert len(p.hand) == 5 and p.deck == [] and len(p.discard) == 10


def test_objective_cards_are_played_before_phase_a():
    """« vous pouvez en jouer autant que vous voulez : avant d'effectuer la phase A ; avant
    ou après avoir effectué une action en phase B. » OB16: +4 pesos."""
    state = at("N1", "", p0_hand="OB16 0:NI1 0:NI2 0:NI3")
    assert "obj:OB16" in keys(state)
    state = play(state, "obj:OB16")
    assert state.players[0].objectives == ["OB16"] and state.players[0].money == 11
    state = play(state, "to:N2")
    assert not any(k.startswith("obj:") for k in keys(state)), "not during the move"
