"""The three marking cases of "Déroulement de la partie" and their edge cases."""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.kuhlorado import GAME, parse_sheet
from games.kuhlorado.sheet import parse_label

from .helpers import COW, MARKING_SHEET, cells, keys, marking, play, situation, with_marks

EIGHT_AROUND_D4 = {"B2", "D2", "F2", "B4", "F4", "B6", "D6", "F6"}
ALL_THREES = EIGHT_AROUND_D4 | {"C4", "G4"}
ALL_COWS = {"D4", "C7", "E8", "H8"}


def test_two_numbers_mark_exactly_one_matching_cell():
    """« Le joueur a lancé deux chiffres » : le joueur doit marquer précisément une case
    sur la feuille qui correspond à un des deux chiffres ... entièrement libre de décider
    quelle case correspondante (encore libre) il marque."""
    state = marking(MARKING_SHEET, [3, 4])
    fours = {"C3", "D3", "F3", "C5", "D5", "F5"}
    assert cells(state) == ALL_THREES | fours
    state = play(state, "mark:G4")
    assert state.sheet.mark(parse_label("G4")) == "x"
    assert state.current == 1 and state.phase == "roll"
    assert state.last_move.cells == [parse_label("G4")]


def test_two_numbers_without_a_free_cell_mark_nothing():
    """« Le joueur a lancé deux chiffres » : s'il n'y avait plus de case libre
    correspondante, le joueur ne marque rien. Pas de chance."""
    fours_marked = with_marks(
        MARKING_SHEET, {c: "o" for c in ("C3", "D3", "F3", "C5", "D5", "F5")}
    )
    outcome = GAME.apply(situation(fours_marked, [4, 4]), 0, "keep")
    state = outcome.state
    assert state.current == 1 and state.phase == "roll" and not state.finished
    assert state.last_move.cells == []
    assert any("can mark nothing" in e.text for e in outcome.events)
    assert parse_sheet(fours_marked) == state.sheet


def test_two_numbers_double_roll_offers_that_number_only():
    """« Le joueur a lancé deux chiffres » : une case qui correspond à un des deux
    chiffres (ici deux fois le même)."""
    assert cells(marking(MARKING_SHEET, [3, 3])) == ALL_THREES


def test_two_cows_mark_exactly_two_cow_cells():
    """« Le joueur a lancé deux vaches » : le joueur doit marquer précisément deux cases
    vache (libres) au choix n'importe où sur la feuille."""
    state = marking(MARKING_SHEET, [COW, COW])
    assert cells(state) == ALL_COWS
    state = play(state, "mark:C7")
    assert state.phase == "second_mark"
    # The second cow is compulsory: no way to stop, and anywhere on the sheet.
    assert keys(state) == {"mark:D4", "mark:E8", "mark:H8"}
    state = play(state, "mark:H8")
    assert state.last_move.cells == [parse_label("C7"), parse_label("H8")]
    assert state.current == 1


def test_two_cows_with_one_free_cow_left_mark_only_that_one():
    """« Le joueur a lancé deux vaches » : Remarque : s'il ne restait qu'une seule case
    vache libre, le joueur ne marque que cette case."""
    text = with_marks(MARKING_SHEET, {"C7": "o", "E8": "x", "H8": "o"})
    state = marking(text, [COW, COW])
    assert keys(state) == {"mark:D4"}
    state = play(state, "mark:D4")
    assert state.last_move.cells == [parse_label("D4")]
    assert state.finished  # and then no cow is free: « Fin de la partie »


def test_cow_and_number_first_mark_is_a_cow_or_that_number():
    """« Le joueur lance une vache et un chiffre » : marquer au moins une case, soit une
    case vache, soit une case avec le chiffre obtenu."""
    state = marking(MARKING_SHEET, [COW, 3])
    assert cells(state) == ALL_COWS | ALL_THREES
    assert "done" not in keys(state)


@pytest.mark.parametrize("target", sorted(EIGHT_AROUND_D4))
def test_cow_and_number_second_mark_exactly_one_cell_between(target):
    """« Le joueur lance une vache et un chiffre » : marquer deux cases correspondantes
    - à condition que les deux cases ... soient séparées d'exactement une case, à
    l'horizontale, à la verticale, ou en diagonale. Attention : une case abreuvoir peut
    se trouver entre les deux cases marquées."""
    state = play(marking(MARKING_SHEET, [COW, 3]), "mark:D4")
    # All 8 directions; F2 lies beyond the trough E3 and F6 beyond the large trough E5.
    assert cells(state) == EIGHT_AROUND_D4
    assert "done" in keys(state)
    state = play(state, f"mark:{target}")
    assert state.last_move.cells == [parse_label("D4"), parse_label(target)]
    assert state.sheet.mark(parse_label(target)) == "x"


def test_cow_and_number_second_mark_from_the_number_side():
    """« Le joueur lance une vache et un chiffre » : le joueur peut décider librement
    lequel des deux il souhaite marquer ... et donc marquer deux cases correspondantes
    (the cow may come second; a trough between)."""
    state = play(marking(MARKING_SHEET, [COW, 3]), "mark:F6")
    assert cells(state) == {"D4", "H8"}  # D4 over the trough E5, H8 over G7


def test_cow_and_number_second_mark_is_optional():
    """« Le joueur lance une vache et un chiffre » : Mais le joueur peut, s'il le
    souhaite (et si c'est possible) utiliser les deux."""
    state = play(marking(MARKING_SHEET, [COW, 3]), "mark:D4", "done")
    assert state.last_move.cells == [parse_label("D4")]
    assert state.current == 1 and state.phase == "roll"


def test_cow_and_number_without_a_partner_ends_the_turn_after_one_mark():
    """« Le joueur lance une vache et un chiffre » : « (et si c'est possible) » — no cell
    of the other kind exactly one cell away, so the turn ends after the first mark."""
    state = play(marking(MARKING_SHEET, [COW, 3]), "mark:C4")
    assert state.current == 1 and state.phase == "roll"
    assert state.last_move.cells == [parse_label("C4")]


def test_cow_and_number_adjacent_or_far_cells_do_not_pair():
    """« séparées d'exactement une case » : neither next to each other (C4) nor two cells
    apart (G4), and never the same kind twice (no cow besides D4 at distance 2)."""
    state = play(marking(MARKING_SHEET, [COW, 3]), "mark:D4")
    assert "C4" not in cells(state) and "G4" not in cells(state)
    state = play(marking(MARKING_SHEET, [COW, 3]), "mark:E8")
    assert state.phase == "roll" and state.last_move.cells == [parse_label("E8")]


def test_cow_and_number_second_mark_skips_marked_cells():
    """« Le joueur lance une vache et un chiffre » : deux cases correspondantes (libres)."""
    text = with_marks(MARKING_SHEET, {"B2": "o", "F6": "x"})
    state = play(marking(text, [COW, 3]), "mark:D4")
    assert cells(state) == EIGHT_AROUND_D4 - {"B2", "F6"}


def test_troughs_are_never_offered_nor_markable():
    """« Attention : les cases abreuvoir ne peuvent jamais être marquées. »"""
    sheet = parse_sheet(MARKING_SHEET)
    for face_pair in ([1, 2], [3, 4], [5, COW], [COW, COW]):
        state = marking(MARKING_SHEET, face_pair)
        assert not {"E3", "E5", "E6"} & cells(state)
    for trough in ("E3", "E5", "E6"):
        with pytest.raises(ValueError):
            sheet.set_mark(parse_label(trough), "x")


def test_a_marked_cell_cannot_be_marked_again():
    """« une case correspondante (encore libre) » : a cell is marked at most once."""
    text = with_marks(MARKING_SHEET, {"G4": "o"})
    state = marking(text, [3, 4])
    assert "G4" not in cells(state)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, "mark:G4")


def test_an_option_key_from_the_wrong_case_is_refused():
    """« Le joueur a lancé deux chiffres » : only a cell with one of the two numbers."""
    state = marking(MARKING_SHEET, [3, 4])
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, "mark:D4")  # a cow
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, "mark:G4")  # not this seat's turn
