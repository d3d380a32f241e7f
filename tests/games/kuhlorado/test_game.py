"""Turn flow, dice, end of game, pro variant, view and options of the Kuhlorado engine."""

from __future__ import annotations

import json
import re

import pytest

from games import get_game
from games.base import IllegalMove, check_decision
from games.kuhlorado import GAME, KuhloradoOptions, dump_sheet, load_sheet, parse_sheet
from games.kuhlorado.sheet import label
from games.rng import Rng

from .helpers import (
    COW,
    MARKING_SHEET,
    PRO_SHEET,
    cells,
    keys,
    marking,
    play,
    situation,
    with_marks,
)

DIE_FACE = r"([1-5]|cow)"


# -- setup -------------------------------------------------------------------------------
def test_registered_and_described():
    assert get_game("kuhlorado") is GAME
    assert (GAME.name, GAME.title, GAME.min_seats, GAME.max_seats) == (
        "kuhlorado", "Kuhlorado", 2, 2,
    )
    state = GAME.setup(2, KuhloradoOptions(), 1)
    assert [GAME.seat_name(state, s) for s in (0, 1)] == ["Crosses", "Circles"]


def test_only_two_seats():
    """« Joueurs 2 personnes »."""
    for seats in (1, 3):
        with pytest.raises(ValueError, match="exactly 2"):
            GAME.setup(seats, KuhloradoOptions(), 1)


def test_first_player_is_drawn_with_the_seeded_rng():
    """« Préparation du jeu » : On tire au sort pour savoir qui commence."""
    firsts = [GAME.setup(2, KuhloradoOptions(), seed).current for seed in range(40)]
    assert set(firsts) == {0, 1}
    assert firsts == [GAME.setup(2, KuhloradoOptions(), seed).current for seed in range(40)]


def test_sheet_option_and_random_sheet():
    state = GAME.setup(2, GAME.parse_options({"sheet": 4}), 9)
    assert state.sheet_number == 4 and state.sheet == load_sheet(4)
    drawn = {GAME.setup(2, GAME.parse_options({}), seed).sheet_number for seed in range(60)}
    assert drawn == set(range(1, 11))
    for bad in ({"sheet": 0}, {"sheet": 11}, {"colour": "red"}):
        with pytest.raises(ValueError):
            GAME.parse_options(bad)
    assert GAME.parse_options({"pro": True}).pro is True


# -- rolling -------------------------------------------------------------------------------
def test_a_turn_starts_with_a_single_roll_option_that_reveals():
    """« Déroulement de la partie » : Quand c'est le tour d'un joueur, il prend deux dés
    et les lance."""
    state = GAME.setup(2, KuhloradoOptions(), 5)
    decision = GAME.pending(state)
    assert decision.seat == state.current
    assert [(o.key, o.label) for o in decision.options] == [("roll", "Roll the dice")]
    outcome = GAME.apply(state, state.current, "roll")
    assert outcome.reveals
    assert len(outcome.state.dice) == 2 and all(1 <= f <= 6 for f in outcome.state.dice)
    assert re.fullmatch(rf"(Crosses|Circles) roll {DIE_FACE} and {DIE_FACE}\.", outcome.events[0].text)
    assert outcome.state.phase == "reroll"
    assert state.phase == "roll"  # apply never mutates its input


@pytest.mark.parametrize(
    ("key", "rerolled_dice"), [("reroll1", [0]), ("reroll2", [1]), ("rerollboth", [0, 1])]
)
def test_reroll_any_subset_once(key, rerolled_dice):
    """« Déroulement de la partie » : Il a deux essais. Après le premier lancer, il peut
    reprendre un nombre de dés au choix, un, les deux, ou aucun."""
    state = situation(MARKING_SHEET, [3, COW])
    expected_rng = Rng(state=state.rng.state)
    expected = [3, COW]
    for i in rerolled_dice:
        expected[i] = expected_rng.randint(1, 6)
    assert keys(state) == {"keep", "reroll1", "reroll2", "rerollboth"}
    outcome = GAME.apply(state, 0, key)
    assert outcome.reveals and outcome.state.rerolled
    assert outcome.state.dice == expected
    assert outcome.state.phase != "reroll"  # only one reroll per turn


def test_keep_reveals_nothing_and_labels_show_the_dice():
    state = situation(MARKING_SHEET, [3, COW])
    labels = {o.key: o.label for o in GAME.pending(state).options}
    assert labels["keep"] == "Keep 3 + cow"
    assert labels["reroll1"] == "Reroll the 3, keep the cow"
    outcome = GAME.apply(state, 0, "keep")
    assert not outcome.reveals and outcome.state.dice == [3, COW]
    assert not outcome.state.rerolled and outcome.state.phase == "mark"


def test_equal_dice_offer_one_single_die_reroll():
    state = situation(MARKING_SHEET, [4, 4])
    assert keys(state) == {"keep", "reroll1", "rerollboth"}


def test_decision_turn_counts_turns_not_steps():
    state = situation(MARKING_SHEET, [COW, 3])
    turn = GAME.pending(state).turn
    state = play(state, "keep", "mark:D4")
    assert GAME.pending(state).turn == turn
    state = play(state, "mark:B2")
    assert GAME.pending(state).turn == turn + 1 and GAME.pending(state).seat == 1


def test_mark_event_names_the_cells():
    outcome = GAME.apply(play(situation(MARKING_SHEET, [COW, 3]), "keep", "mark:D4"), 0, "mark:F6")
    assert [e.text for e in outcome.events] == ["Crosses mark D4 and F6."]
    assert not outcome.reveals


def test_big_decisions_are_grouped_by_row():
    rows = ["C 3 C 3 C 3 C 3", "3 C 3 C 3 C 3 C"] * 4
    state = marking("\n".join(rows), [COW, 3])
    decision = GAME.pending(state)
    check_decision(decision)
    assert len(decision.options) == 64
    assert decision.groups() == [f"Row {r}" for r in range(1, 9)]
    state = marking("\n".join(rows), [COW, COW])
    state = play(state, "mark:A1")
    decision = GAME.pending(state)
    check_decision(decision)
    assert len(decision.options) == 31 and "done" not in keys(state)


def test_illegal_moves():
    state = situation(MARKING_SHEET, [3, 4])
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, "keep")
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, "mark:G4")  # still in the reroll step


# -- end of game -------------------------------------------------------------------------------
SEVEN_FREE_NUMBERS = ("A1", "B1", "B2", "C3", "D3", "C4", "G4")


def almost_full_sheet() -> str:
    """MARKING_SHEET with every number cell marked except the seven above."""
    sheet = parse_sheet(MARKING_SHEET)
    for i, pos in enumerate(sheet.free_numbers()):
        if label(pos) not in SEVEN_FREE_NUMBERS:
            sheet.set_mark(pos, "xo"[i % 2])
    return dump_sheet(sheet)


def test_game_ends_when_only_five_free_numbers_are_left():
    """« Fin de la partie » : La partie se termine quand, après l'action d'un joueur, ...
    au total, il ne reste plus que 5 cases chiffre libres."""
    state = marking(almost_full_sheet(), [3, 4])
    state = play(state, "mark:G4")
    assert not state.finished and len(state.sheet.free_numbers()) == 6
    state.phase, state.dice = "reroll", [3, 4]
    outcome = GAME.apply(state, 1, "keep")
    outcome = GAME.apply(outcome.state, 1, "mark:C4")
    state = outcome.state
    assert state.finished and GAME.pending(state) is None
    assert state.end_reason == "only 5 free number cells left"
    assert outcome.events[-1].text.startswith("Game over: only 5 free number cells left.")
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(state, 0, "roll")


def test_game_end_is_checked_after_the_whole_action():
    """« Fin de la partie » : après l'action d'un joueur — the second mark of a cow +
    number roll is still allowed when the first one left only 5 free numbers."""
    state = marking(with_marks(almost_full_sheet(), {"A1": "o"}), [COW, 3])
    state = play(state, "mark:B2")  # 5 free numbers left now, but the turn goes on
    assert state.phase == "second_mark" and not state.finished
    assert cells(state) == {"D4"}
    state = play(state, "mark:D4")
    assert state.finished


def test_game_ends_when_no_cow_is_free():
    """« Fin de la partie » : La partie se termine quand, après l'action d'un joueur,
    aucune case vache n'est plus libre."""
    text = with_marks(MARKING_SHEET, {"C7": "o", "E8": "x"})
    state = play(marking(text, [COW, COW]), "mark:D4", "mark:H8")
    assert state.finished and state.end_reason == "no free cow cell is left"


def test_equal_totals_share_the_win():
    """« Comptage des points » : equal totals — both players win (no tie-break given)."""
    text = with_marks(MARKING_SHEET, {"C7": "o", "E8": "o", "H4": "o", "H8": "x"})
    outcome = GAME.apply(marking(text, [COW, COW]), 0, "mark:D4")
    assert outcome.state.finished
    assert GAME.scores(outcome.state)[0]["total"] == GAME.scores(outcome.state)[1]["total"]
    assert GAME.winners(outcome.state) == [0, 1]
    assert outcome.events[-1].text.endswith("a tie, both win.")


# -- pro variant ----------------------------------------------------------------------------------


def test_pro_intermediate_scoring_at_the_ninth_cow():
    """« Variante pro » : Dès que 9 vaches sont marquées au total sur le bloc, on calcule
    un score intermédiaire. Seules les cases doubles sont comptées ici. ... Pour chaque
    case double qu'un joueur possède, il obtient 2 points. Après ce score intermédiaire,
    on continue à jouer tout à fait normalement. À la fin de la partie, les cases doubles
    n'apportent plus de points."""
    state = marking(PRO_SHEET, [COW, 3], pro=True)
    outcome = GAME.apply(state, 0, "mark:A4")  # the 9th cow; A3-A4 is a new x double
    state = outcome.state
    assert state.doubles == [4, 2] and state.doubles_scored
    assert outcome.events[0].text == (
        "Pro scoring: 9 cows are marked. Crosses 2 doubles (4 points), "
        "Circles 1 double (2 points)."
    )
    assert cells(state) == {"C2", "C4", "C6"}
    state = play(state, "mark:C2")  # C2-C3 would be a double, but the scoring is over
    assert state.doubles == [4, 2]
    state.phase, state.dice = "reroll", [COW, COW]
    state = play(state, "keep", "mark:A5", "mark:B5")  # cows 10 and 11: no new scoring
    assert state.doubles == [4, 2]
    scores = GAME.scores(state)
    assert scores[0]["doubles"] == 4 and scores[1]["doubles"] == 2
    assert scores[0]["total"] == 4 + sum(scores[0][k] for k in ("meadows", "troughs", "herds"))


def test_without_pro_there_is_no_intermediate_scoring():
    """« Variante pro » is a variant: the normal game has no doubles."""
    outcome = GAME.apply(marking(PRO_SHEET, [COW, 3]), 0, "mark:A4")
    assert outcome.state.doubles == [0, 0] and not outcome.state.doubles_scored
    assert not any("Pro" in e.text for e in outcome.events)
    assert GAME.scores(outcome.state)[0]["doubles"] == 0


# -- reading ------------------------------------------------------------------------------------
def test_view_is_public_json_and_complete():
    state = play(situation(MARKING_SHEET, [COW, 3], pro=True), "keep", "mark:D4", "mark:F6")
    view = GAME.view(state, 0)
    assert view == GAME.view(state, 1) == GAME.view(state, None)
    assert json.loads(json.dumps(view)) == view
    assert view["cells"][3][3] == {"label": "D4", "kind": "cow", "number": None, "mark": "x"}
    assert view["cells"][2][4]["kind"] == "trough"
    assert view["last_move"] == {"seat": 0, "cells": ["D4", "F6"]}
    assert view["dice"] == ["cow", "3"] and view["dice_seat"] == 0 and not view["rerolled"]
    assert view["phase"] == "roll" and view["current_seat"] == 1
    assert {t["points"] for t in view["troughs"]} == {2, 4}
    assert [p["name"] for p in view["players"]] == ["Crosses", "Circles"]
    assert view["players"][0]["scores"] == GAME.scores(state)[0]
    assert view["pro"] == {
        "enabled": True, "cows_marked": 1, "threshold": 9, "scored": False, "doubles": [0, 0],
    }
    assert not view["finished"] and view["winners"] == []


def test_scores_have_every_category():
    state = GAME.setup(2, KuhloradoOptions(), 3)
    for seat in (0, 1):
        assert set(GAME.scores(state)[seat]) == {"meadows", "troughs", "herds", "doubles", "total"}


def test_evaluate_is_antisymmetric():
    state = play(situation(MARKING_SHEET, [COW, 3]), "keep", "mark:D4", "mark:F6")
    assert GAME.evaluate(state, 0) == -GAME.evaluate(state, 1)
    assert GAME.evaluate(state, 0) > 0
