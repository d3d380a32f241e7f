"""« Comptage des points » and the rulebook's scoring examples."""

from __future__ import annotations

import pytest

from games.kuhlorado import parse_sheet, score_sheet
from games.kuhlorado.scoring import count_doubles, herd_value, herds

#: The worked example of « Comptage des points » rebuilt on a sheet: Sarah (x) holds the
#: south meadow, the large trough at the top (D2-E2), the small trough at the bottom (E7)
#: and an 18-cell herd; Tim (o) holds the north and west meadows, the large trough on the
#: left (B5-B6) and herds of 10 and 5 cells (plus a lone cell at G5 that ties the small
#: trough G4 with Sarah's F4). The east meadow is empty.
SARAH_AND_TIM = """
1o 2o Co 4o 5o 1 C 3
3o Co 5 L L 2x 4 1
5o 1 2 3x Cx 4x 5 2
2o 4o C 5x 1 3x T 4
C L 3 1x 2x Cx 4o 5
4o L 1x 2x 3x 5x C 2
1o 3o 4 Cx T 2x 1 3
2o 5o 3 4x 1x Cx 2 C
"""

EMPTY_ROW = "1 2 3 4 5 1 2 3"


def sheet_of(*rows: str):
    """A sheet from the given top rows; the remaining rows are unmarked numbers."""
    lines = list(rows) + [EMPTY_ROW] * (8 - len(rows))
    return parse_sheet("\n".join(lines))


def test_rulebook_example_sarah_21_tim_17():
    """« Comptage des points », Exemple : Sarah (les croix) a la majorité dans le pré sud
    (= 3 points). Elle possède le grand abreuvoir du haut (= 4 points) et le petit
    abreuvoir du bas (= 2 points). Elle obtient 12 points pour son terrain (18 cases).
    Sarah a obtenu 21 points au total. Tim (les cercles) a la majorité dans les prés nord
    et ouest (3 points pour chacun) et possède le grand abreuvoir à gauche (= 4 points).
    Il obtient 2 et 5 points pour ses deux terrains. Il a donc obtenu 17 points au total."""
    sheet = parse_sheet(SARAH_AND_TIM)
    assert sorted(len(h) for h in herds(sheet, "x")) == [18]
    assert sorted(len(h) for h in herds(sheet, "o")) == [1, 5, 10]
    assert score_sheet(sheet) == {
        "x": {"meadows": 3, "troughs": 4 + 2, "herds": 12, "total": 21},
        "o": {"meadows": 3 + 3, "troughs": 4, "herds": 2 + 5, "total": 17},
    }


def test_small_trough_belongs_to_the_majority_of_its_four_orthogonal_neighbours():
    """« Comptage des points » (picture) : 4 cases avoisinent directement, à l'horizontale
    ou à la verticale, avec ce petit abreuvoir. Ces 4 cases déterminent la propriété de
    l'abreuvoir. — and « pas en diagonale »: four circles on the diagonals do not count."""
    sheet = sheet_of(
        "1 2 3 4 5 1 2 3",
        "1 2 3o 4x 5o 1 2 3",
        "1 2 3x T 5x 1 2 3",
        "1 2 3o 4o 5o 1 2 3",
    )
    assert score_sheet(sheet)["x"]["troughs"] == 2
    assert score_sheet(sheet)["o"]["troughs"] == 0


def test_trough_tie_scores_nobody():
    """« Comptage des points » : les points sont attribués au joueur qui a marqué plus de
    cases directement voisines ... que l'autre joueur (a tie gives nobody the points)."""
    sheet = sheet_of("1 2 3 4 5 1 2 3", "1 2 3 4x 5 1 2 3", "1 2 3x T 5o 1 2 3", "1 2 3 4o 5 1 2 3")
    assert score_sheet(sheet)["x"]["troughs"] == score_sheet(sheet)["o"]["troughs"] == 0


def test_large_trough_counts_the_neighbours_of_both_cells():
    """« Comptage des points » : un grand abreuvoir rapporte 4 points ... cases
    directement voisines de l'abreuvoir correspondant (attenantes à l'horizontale et à la
    verticale). Its six neighbours are those of both cells."""
    sheet = sheet_of(
        "1 2 3 4 5 1 2 3",
        "1 2 3 4o 5o 1 2 3",
        "1 2 3x L L 1x 2 3",
        "1 2 3 4x 5 1 2 3",
    )
    # x: C3, F3 (the far sides) and D4 = 3 against o: D2, E2 = 2.
    assert score_sheet(sheet)["x"]["troughs"] == 4
    assert score_sheet(sheet)["o"]["troughs"] == 0


def test_corner_cells_count_for_both_meadows():
    """« Pour les prés du pourtour » : chacun des quatre prés ... comprend les 8 cases au
    bord de la zone de jeu, les deux cases d'angle incluses."""
    sheet = sheet_of("1x 2 3 4 5 1 2 3")
    assert score_sheet(sheet)["x"]["meadows"] == 3 + 3  # north and west
    assert score_sheet(sheet)["o"]["meadows"] == 0


def test_meadow_majority_and_tie():
    """« Comptage des points » : 3 points sont attribués pour chaque pré du pourtour ...
    au joueur qui a marqué plus de cases dans le pré concerné que l'autre joueur."""
    tie = sheet_of("1 2x 3o 4 5 1 2 3")
    assert score_sheet(tie)["x"]["meadows"] == score_sheet(tie)["o"]["meadows"] == 0
    won = sheet_of("1 2x 3o 4x 5 1 2 3")
    assert score_sheet(won)["x"]["meadows"] == 3


def test_herd_of_eight_with_an_unconnected_diagonal_cell():
    """« Pour les terrains » (picture) : Terrain actuellement constitué de 8 cases.
    Attention : la case cochée en bas à gauche n'est pas reliée au terrain. — « les
    liaisons diagonales ne comptent pas »."""
    sheet = sheet_of(
        "1 2 3 4 5 1 2 3",
        "1 2 3x 4x 5x 1 2 3",
        "1 2 3x 4 5x 1x 2 3",
        "1 2x 3 4 5 1x 2x 3",
    )
    assert sorted(len(h) for h in herds(sheet, "x")) == [1, 8]
    assert score_sheet(sheet)["x"]["herds"] == 2


def test_diagonal_contact_does_not_reach_the_next_threshold():
    """« Pour les terrains » : les liaisons diagonales ne comptent pas — 9 + 1 diagonal
    cell is a 9-cell herd (2 points), not 10 (5 points)."""
    sheet = sheet_of(
        "1x 2x 3x 4x 5x 1x 2x 3x",
        "1 2 3 4 5 1 2 3x",
        "1 2 3 4 5 1x 2 3",
    )
    assert sorted(len(h) for h in herds(sheet, "x")) == [1, 9]
    assert score_sheet(sheet)["x"]["herds"] == 2


@pytest.mark.parametrize(
    ("size", "points"),
    [(1, 0), (4, 0), (5, 2), (9, 2), (10, 5), (14, 5), (15, 12), (19, 12), (20, 20), (58, 20)],
)
def test_herd_table(size, points):
    """« Comptage des points » : au moins 5 cases reliées, 2 points ... 5 points pour au
    moins 10 cases. 12 points pour au moins 15 cases. Et 20 points pour au moins 20."""
    assert herd_value(size) == points


def test_every_herd_of_a_player_scores():
    """« Comptage des points » : si un joueur possède plusieurs terrains, il obtient des
    points pour chacun de ces terrains."""
    sheet = sheet_of("1x 2x 3x 4x 5x 1 2o 3o", "1 2 3 4 5 1 2 3", "1x 2x 3x 4x 5x 1 2 3")
    assert score_sheet(sheet)["x"]["herds"] == 2 + 2


def test_troughs_separate_herds():
    """« Attention : les cases abreuvoir ne peuvent jamais être marquées. Les abreuvoirs
    séparent le cas échéant des terrains. »"""
    sheet = sheet_of("1 2 3 4 5 1 2 3", "1x 2x 3x T 5x 1x 2x 3x")
    assert sorted(len(h) for h in herds(sheet, "x")) == [3, 4]
    assert score_sheet(sheet)["x"]["herds"] == 0


def test_doubles_are_exactly_two_adjacent_marks():
    """« Variante pro » : Précisément deux cases (jamais plus) d'un joueur attenantes à
    l'horizontale ou à la verticale constituent une case double. (picture: « 2 cases
    doubles différentes ») — a triple and a diagonal pair are no doubles."""
    sheet = sheet_of(
        "1x 2x 3 4x 5 1 2 3",
        "1 2 3 4x 5 1o 2o 2o",
        "1 2 3 4 5 1 2 3",
        "1x 2 3 4 5 1 2 3",
        "1 2x 3 4 5 1 2o 3",
        "1 2 3 4 5 1 2o 3",
    )
    assert count_doubles(sheet, "x") == 2  # A1-B1 and D1-D2; A4/B5 only touch diagonally
    assert count_doubles(sheet, "o") == 1  # F2-G2-H2 is a triple; G5-G6 is a double
