"""Ties left by Pedro's priority lists are your decision (« Les décisions de Pedro »)."""

from __future__ import annotations

import pytest

from games.base import check_decision
from games.gwt_argentina import GAME, data, pieces
from games.gwt_argentina.build import need
from games.gwt_argentina.notation import read, write
from games.gwt_argentina.pedro import actions as pedro_actions
from games.gwt_argentina.pedro.choice import Choices, Tie
from games.gwt_argentina.pedro.move import choose_path
from tests.games.gwt_argentina.pedro_helpers import PEDRO, Ctx, play_pedro_turn, solo, texts


def two_equal_granjeros(state) -> tuple[str, str]:
    """Two yellow granjeros of strength 8 on YF1 and YF2, each worth 1 peso (YF2 prints 1,
    YF1 prints 0 and holds a coin): equal on every criterion."""
    board = state.board
    for space in [s for s, t in board.trail.items() if pieces.is_farmer(t)]:
        board.box_tiles.append(board.trail.pop(space))
    a, b = [f.id for f in data.FARMER_TILES if f.colour == "yellow" and f.strength == 8][:2]
    for tile in (a, b):  # from wherever they are (bags, forecast, box)
        for pile in (board.bag_a, board.bag_b, board.bag_c, board.box_tiles):
            if tile in pile:
                pile.remove(tile)
        for space, there in board.forecast.items():
            if there == tile:
                board.forecast[space] = None
    board.trail["YF1"], board.trail["YF2"] = a, b
    board.farmer_coins = {"YF1": 1}
    assert data.FARMER_SPACE_PESOS["YF1"] + 1 == data.FARMER_SPACE_PESOS["YF2"]
    return a, b


def test_a_tie_of_granjeros_is_asked_to_you_and_pedro_goes_on():
    """« Si plusieurs options sont offertes pour un critère donné, la décision est prise en
    se basant sur le critère suivant sur la liste. Finalement, si plusieurs options
    subsistent, prenez vous-même la décision. » Card #8's granjero, in a real turn: the
    decision is yours (your seat, one option per granjero), Pedro waits, then goes on."""
    state = solo(seed=4)
    _a, b = two_equal_granjeros(state)
    state.pedro.deck.remove(8)
    state.pedro.deck.insert(0, 8)  # card #8: grain, then a granjero to the box
    ctx = Ctx()
    play_pedro_turn(state, ctx)
    decision = GAME.pending(state)
    while decision.prompt.startswith("Pedro's priorities") and "granjero" not in decision.prompt:
        state = GAME.apply(state, 0, decision.options[0].key).state  # a tie of his move
        decision = GAME.pending(state)
    check_decision(decision)
    assert decision.seat == 0 and "granjero" in decision.prompt
    assert [o.key for o in decision.options] == ["YF1", "YF2"]
    assert [o.at for o in decision.options] == ["YF1", "YF2"]
    assert "xt" not in [o.key for o in decision.options]  # no exchange token in his turn
    assert state.board.trail["YF2"] == b  # nothing done before your answer
    assert read(write(state)) == state and GAME.load(GAME.dump(state)) == state  # NOTATION.md
    out = GAME.apply(state, 0, "YF2")
    after = out.state
    assert "YF2" not in after.board.trail and b in after.board.box_tiles
    assert "YF1" in after.board.trail
    lines = [e.text for e in out.events]
    assert lines[0].startswith("You decide for Pedro")
    assert any("back to the box" in t for t in lines)
    assert 8 in after.pedro.discard  # his turn went on to its end
    assert GAME.pending(after).seat == 0 and after.current == 0


def test_a_bad_answer_changes_nothing():
    """Bad input changes nothing (the contract); the tie is still yours."""
    state = solo(seed=4)
    two_equal_granjeros(state)
    state.pedro.deck.remove(9)
    state.pedro.deck.insert(0, 9)
    play_pedro_turn(state, Ctx())
    with pytest.raises(ValueError):
        GAME.apply(state, 0, "not-a-space")


def test_granjero_tie_by_rule():
    """« 1. La tuile Fermier rapportant le plus grand montant en pèsos* 2. ... la valeur de
    force la plus basse 3. ... jaune -> orange -> bleu -> vert » — then you choose."""
    state = solo()
    two_equal_granjeros(state)
    with pytest.raises(Tie) as tie:
        pedro_actions.farmer_choice(state)
    assert tie.value.what == "farmer" and tie.value.keys == ["YF1", "YF2"]
    assert pedro_actions.farmer_choice(state, Choices({"farmer": "YF1"})) == "YF1"
    state.board.farmer_coins["YF1"] = 2  # now YF1 is worth more: no tie
    assert pedro_actions.farmer_choice(state) == "YF1"


def test_cards_of_one_kind_are_one_option():
    """« Si plusieurs cartes Bétail de même valeur sont disponibles, Pedro choisit toujours
    celle(s) rapportant le plus de points de victoire »: two cards of the same breed and VP
    are the same choice, never a question."""
    same = [c for c in data.MARKET_CARD_BY_ID if pieces.card_kind(c) == "blanco/3"][:2]
    assert len(pedro_actions.cattle_picks(same, (3,))) == 1
    assert len(pedro_actions.cattle_picks(same, (3, 3))) == 1


def test_building_tie_is_yours():
    """« Sous-critère pour construire : 1. Une tuile Bâtiment présentant une main. » Then you
    choose: buildings 5a and 6a both need 3 carpinteros and neither has a hand."""
    state = solo()
    fits = [b for b in state.players[PEDRO].buildings_left if need(b) == 3]
    assert fits == [5, 6] and not pedro_actions.hands(state, 5) and not pedro_actions.hands(state, 6)
    with pytest.raises(Tie) as tie:
        pedro_actions.new_building(state, fits, None)
    assert tie.value.what == "build" and tie.value.keys == ["5", "6"]
    assert pedro_actions.new_building(state, fits, Choices({"build": "6"})) == 6
    assert pedro_actions.new_building(state, [1, 2], None) == 1  # 1a has a hand, 2a none: no tie


def test_move_to_either_branch_is_yours():
    """« 1. Le chemin le plus court (pour atteindre ou pour se rapprocher de Buenos Aires)
    2. Le chemin avec le moins de taxes 3. Le chemin pour lequel il aura à vous payer le
    moins de taxes que possible », then « prenez vous-même la décision »: the two branches
    of the first fork, each starting with one of his own buildings (no toll for him), are
    as near to Buenos Aires."""
    state = solo()
    for space in ("P1", "G1", "G2", "GF1", "GF2", "GF3", "GF4", "RG1", "RG2"):
        state.board.trail.pop(space, None)
    state.players[PEDRO].estanciero = "N1"
    state.board.trail["P1"], state.board.trail["GF1"] = f"{PEDRO}:2", f"{PEDRO}:3"
    with pytest.raises(Tie) as tie:
        choose_path(state, 1)
    assert tie.value.what == "move" and tie.value.keys == ["P1", "GF1"]
    assert choose_path(state, 1, Choices({"move": "GF1"})) == ("GF1",)
    state.board.trail["P1"] = "0:1"  # your building with a hand on one branch: no tie
    assert choose_path(state, 1) == ("GF1",)


def test_texts_of_a_tie_decision_fit_discord():
    """Everything sent to Discord fits its limits (300-character prompt, 100 a label)."""
    state = solo(seed=4)
    two_equal_granjeros(state)
    state.pedro.deck.remove(8)
    state.pedro.deck.insert(0, 8)
    ctx = Ctx()
    play_pedro_turn(state, ctx)
    decision = GAME.pending(state)
    assert len(decision.prompt) <= 300 and all(len(o.label) <= 100 for o in decision.options)
    assert all(t.startswith(("Pedro", "The ", "You")) for t in texts(ctx))
