"""An independent audit of the Kuhlorado engine against the French rulebook.

Each test quotes the passage of the French Kuhlorado rulebook it checks. These tests
cover the edge cases the other files leave open: pairs at the sheet's edge, the cell
between, rolls where only one face can be used, the end checked after the whole action,
troughs sharing a neighbour, the herd thresholds on real sheets, the pro trigger, and
prompts a newcomer can follow.
"""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.kuhlorado import GAME, dump_sheet, parse_sheet, score_sheet
from games.kuhlorado.scoring import count_doubles, herds
from games.kuhlorado.sheet import label, parse_label

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

FILLER_A = "1 2 1 2 1 2 1 2"
FILLER_B = "2 1 2 1 2 1 2 1"


def sheet_text(*rows: str, last: str = "1 2 1 2 1 2 1 C") -> str:
    """The given top rows, then alternating 1/2 rows, and a last row with a free cow."""
    lines = list(rows)
    while len(lines) < 7:
        lines.append(FILLER_A if len(lines) % 2 else FILLER_B)
    return "\n".join([*lines, last])


# -- « Le joueur lance une vache et un chiffre » ------------------------------------------
#: Cow A1 in the corner, every cell around it up to distance 2 (and D1, A4) shows a 3.
CORNER_SHEET = sheet_text(
    "C 3 3 3 1 2 1 2",
    "3 3 3 2 1 2 1 2",
    "3 3 3 1 2 1 2 1",
    "3 1 2 1 2 1 2 1",
)


#: The two pictures of the rulebook: cow C2 and 3 at C4 (C3 between, vertically); cow E3
#: and 4 at G5 with the small trough F4 between them (diagonally).
EXAMPLES_SHEET = sheet_text(
    "1 2 1 2 1 2 1 2",
    "2 1 C 1 2 1 2 1",
    "1 2 5 2 C 2 1 2",
    "2 1 3 1 2 T 2 1",
    "1 2 1 2 1 2 4 2",
)


def test_rulebook_example_left_cow_and_3_vertically():
    """« Exemples : À gauche : Tim a lancé une vache et un 3. Entre les deux cases
    marquées se trouve exactement une case d'écart (à la verticale). »"""
    state = play(marking(EXAMPLES_SHEET, [COW, 3], seat=1), "mark:C2")
    assert cells(state) == {"C4"}
    state = play(state, "mark:C4")
    assert state.last_move.seat == 1
    assert state.last_move.cells == [parse_label("C2"), parse_label("C4")]
    assert state.sheet.mark(parse_label("C2")) == state.sheet.mark(parse_label("C4")) == "o"


def test_rulebook_example_right_cow_and_4_diagonally_over_a_trough():
    """« Exemples : À droite : Tim a lancé une vache et un 4. Entre les deux cases
    marquées se trouve exactement une case d'écart (en diagonale). On saute
    l'abreuvoir. »"""
    state = play(marking(EXAMPLES_SHEET, [4, COW], seat=1), "mark:E3")
    assert cells(state) == {"G5"}
    state = play(state, "mark:G5")
    assert state.last_move.cells == [parse_label("E3"), parse_label("G5")]
    assert state.sheet.mark(parse_label("F4")) is None  # the trough stays unmarked


def test_pair_at_the_corner_only_counts_cells_on_the_sheet():
    """« à condition que les deux cases ... soient séparées d'exactement une case, à
    l'horizontale, à la verticale, ou en diagonale » — from the corner A1 only C1, A3
    and C3 qualify: not the neighbours (B1, A2, B2), not the knight's moves (C2, B3),
    not three cells away (D1, A4)."""
    state = play(marking(CORNER_SHEET, [COW, 3]), "mark:A1")
    assert state.phase == "second_mark"
    assert cells(state) == {"C1", "A3", "C3"}
    for refused in ("B1", "A2", "B2", "C2", "B3", "D1", "A4"):
        with pytest.raises(IllegalMove):
            GAME.apply(state, 0, f"mark:{refused}")


def test_pair_at_the_far_corner_from_the_number_side():
    """« séparées d'exactement une case ... en diagonale » — the 3 at C3 pairs with the
    cow A1 diagonally (B2 between), and the number may be marked first."""
    state = play(marking(CORNER_SHEET, [COW, 3]), "mark:C3")
    assert cells(state) == {"A1"}
    state = play(state, "mark:A1")
    assert state.last_move.cells == [parse_label("C3"), parse_label("A1")]


def test_the_cell_between_may_be_a_cow_or_already_marked():
    """« séparées d'exactement une case » — the rule only asks for one cell of distance;
    what that cell holds (a cow, a mark of either player) does not matter."""
    text = sheet_text("C C 3 1 2 1 2 1")
    state = play(marking(text, [COW, 3]), "mark:A1")
    assert cells(state) == {"C1"}  # the cow B1 lies between
    marked_between = with_marks(MARKING_SHEET, {"C3": "o", "D3": "x", "E4": "o"})
    state = play(marking(marked_between, [COW, 3]), "mark:D4")
    assert {"B2", "D2", "F4"} <= cells(state)


def test_cow_and_number_when_only_the_cow_is_possible():
    """« Le joueur doit en tout cas marquer au moins une case, soit une case vache, soit
    une case avec le chiffre obtenu » — no 5 on the sheet: only cows are offered, and the
    turn ends after the cow with no pointless second step."""
    state = marking(MARKING_SHEET, [5, COW])
    assert cells(state) == {"D4", "C7", "E8", "H8"}
    state = play(state, "mark:D4")
    assert state.phase == "roll" and state.current == 1
    assert state.last_move.cells == [parse_label("D4")]


def test_cow_and_number_pair_needs_a_free_partner_of_the_other_kind():
    """« (et si c'est possible) utiliser les deux » — a 3 whose only cells at distance
    two are numbers other than 3 or marked cows ends the turn after one mark."""
    text = with_marks(MARKING_SHEET, {"D4": "o"})
    state = play(marking(text, [COW, 3]), "mark:B2")  # D4, its only cow partner, is taken
    assert state.phase == "roll" and state.last_move.cells == [parse_label("B2")]


def test_two_numbers_with_one_of_them_used_up_offers_the_other():
    """« Le joueur a lancé deux chiffres » : une case sur la feuille qui correspond à un
    des deux chiffres — no 5 is printed, so the 3 and 5 roll offers the 3 cells only."""
    state = marking(MARKING_SHEET, [3, 5])
    assert cells(state) == {"B2", "D2", "F2", "B4", "C4", "F4", "G4", "B6", "D6", "F6"}
    assert GAME.pending(state).prompt == "Crosses rolled 3 and 5: mark exactly one free 3 or 5 cell."


def test_two_cows_second_mark_may_not_repeat_the_first():
    """« Le joueur a lancé deux vaches » : précisément deux cases vache (libres)."""
    state = play(marking(MARKING_SHEET, [COW, COW]), "mark:D4")
    assert "D4" not in cells(state)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, "mark:D4")


# -- « Il a deux essais » ------------------------------------------------------------------
def test_dice_show_the_numbers_1_to_5_and_a_cow_equally():
    """« 2 dés » — each die shows 1 to 5 or a cow (small-games.md B.1: five numbers and one
    cow face); over many rolls every face comes up, about equally often."""
    counts = dict.fromkeys(range(1, 7), 0)
    for seed in range(300):
        state = GAME.setup(2, None, seed)
        for face in GAME.apply(state, state.current, "roll").state.dice:
            counts[face] += 1
    assert all(60 <= n <= 140 for n in counts.values()), counts


def test_two_cows_reroll_options():
    """« il peut reprendre un nombre de dés au choix, un, les deux, ou aucun » — with two
    equal faces, rerolling the first or the second die is the same choice, offered once."""
    options = GAME.pending(situation(MARKING_SHEET, [COW, COW])).options
    assert [(o.key, o.label) for o in options] == [
        ("keep", "Keep cow + cow"),
        ("reroll1", "Reroll one cow, keep the other"),
        ("rerollboth", "Reroll both dice"),
    ]
    state = GAME.apply(situation(MARKING_SHEET, [COW, COW]), 0, "reroll1").state
    assert state.dice[1] == COW and state.rerolled


def test_a_useless_first_roll_still_gets_its_reroll():
    """« Il a deux essais » ... « s'il n'y avait plus de case libre correspondante, le
    joueur ne marque rien » — the 'nothing' applies to the dice after the reroll, so a
    useless first roll is not skipped: the reroll is offered, and the prompt says what
    keeping would mean."""
    fours = ("C3", "D3", "F3", "C5", "D5", "F5")
    text = with_marks(MARKING_SHEET, {c: "o" for c in fours})
    state = situation(text, [4, 4])
    assert keys(state) == {"keep", "reroll1", "rerollboth"}
    prompt = GAME.pending(state).prompt
    assert "Keeping them marks nothing" in prompt and "no free 4 cell" in prompt
    # A useful roll does not carry the warning.
    assert "nothing" not in GAME.pending(situation(MARKING_SHEET, [4, 4])).prompt
    outcome = GAME.apply(state, 0, "rerollboth")
    assert outcome.reveals and outcome.state.rerolled


# -- « Fin de la partie » -------------------------------------------------------------------
def test_last_free_cow_first_then_the_number_still_allowed():
    """« La partie se termine quand, après l'action d'un joueur, aucune case vache n'est
    plus libre » — marking the last free cow does not stop the turn: the 3 one cell
    beyond it may still be marked, and the game ends after that."""
    text = with_marks(MARKING_SHEET, {"C7": "o", "E8": "x", "H8": "o"})
    state = play(marking(text, [COW, 3]), "mark:D4")
    assert not state.finished and state.phase == "second_mark"
    assert cells(state) == {"B2", "D2", "F2", "B4", "F4", "B6", "D6", "F6"}
    state = play(state, "mark:F6")
    assert state.finished and state.end_reason == "no free cow cell is left"
    assert state.last_move.cells == [parse_label("D4"), parse_label("F6")]


def test_last_free_cow_then_stop_ends_the_game():
    """« après l'action d'un joueur, aucune case vache n'est plus libre » — the action is
    over when the player stops after one mark."""
    text = with_marks(MARKING_SHEET, {"C7": "o", "E8": "x", "H8": "o"})
    state = play(marking(text, [COW, 3]), "mark:D4", "done")
    assert state.finished and GAME.pending(state) is None


def test_a_turn_marking_nothing_does_not_end_the_game():
    """« Pas de chance » : the turn passes; the end is only reached by marks."""
    fours = ("C3", "D3", "F3", "C5", "D5", "F5")
    text = with_marks(MARKING_SHEET, {c: "o" for c in fours})
    state = GAME.apply(situation(text, [4, 4]), 0, "keep").state
    assert not state.finished and state.current == 1 and state.phase == "roll"


def test_six_free_numbers_do_not_end_the_game_and_cows_do_not_count_as_numbers():
    """« au total, il ne reste plus que 5 cases chiffre libres » — counted over number
    cells only (the free cows are not « cases chiffre »)."""
    sheet = parse_sheet(MARKING_SHEET)
    keep_free = {"A1", "B1", "C1", "D1", "E1", "F1", "G1"}
    for i, pos in enumerate(sheet.free_numbers()):
        if label(pos) not in keep_free:
            sheet.set_mark(pos, "xo"[i % 2])
    text = dump_sheet(sheet)
    assert len(sheet.free_numbers()) == 7 and len(sheet.free_cows()) == 4
    state = play(marking(text, [1, 2]), "mark:A1")
    assert not state.finished  # 6 free numbers, 4 free cows
    state.phase, state.dice = "reroll", [COW, COW]
    state = play(state, "keep", "mark:D4", "mark:C7")
    assert not state.finished  # cows do not count towards the 5
    state.phase, state.dice = "reroll", [1, 2]
    state = play(state, "keep", "mark:B1")
    assert state.finished and state.end_reason == "only 5 free number cells left"


# -- « Comptage des points » ---------------------------------------------------------------
def numbers_sheet(marks: dict[str, str], *rows: str) -> dict:
    text = sheet_text(*rows, last="1 2 1 2 1 2 1 2")
    return score_sheet(parse_sheet(with_marks(text, marks)))


def test_all_four_corners_score_all_four_meadows():
    """« chacun des quatre prés du pourtour ... comprend les 8 cases au bord de la zone
    de jeu, les deux cases d'angle incluses » — 4 corners = a majority in 4 meadows;
    marks inside the ring count for no meadow."""
    inner = {f"{c}{r}": "o" for c in "BCDEFG" for r in range(2, 8)}
    corners = {"A1": "x", "H1": "x", "A8": "x", "H8": "x"}
    result = numbers_sheet({**corners, **inner})
    assert result["x"]["meadows"] == 12 and result["o"]["meadows"] == 0


def test_a_corner_each_splits_the_meadows():
    """« les deux cases d'angle incluses » : x in A1 and o in H1 tie the north meadow;
    x takes the west, o the east."""
    result = numbers_sheet({"A1": "x", "H1": "o"})
    assert result["x"]["meadows"] == 3 and result["o"]["meadows"] == 3


@pytest.mark.parametrize(
    ("size", "points"), [(4, 0), (5, 2), (9, 2), (10, 5), (14, 5), (15, 12), (19, 12), (20, 20)]
)
def test_herd_thresholds_on_a_sheet(size, points):
    """« Si un terrain comprend au moins 5 cases reliées, 2 points ... 5 points ... au
    moins 10 cases. 12 points ... au moins 15 cases. Et 20 points ... au moins 20 »."""
    positions = [(r, c) for r in range(8) for c in range(8)][:size]
    result = numbers_sheet({label(p): "x" for p in positions})
    assert result["x"]["herds"] == points


def test_herd_along_the_border_and_mixing_cows_and_numbers():
    """« Remarque : les cases tout à fait au bord peuvent aussi faire partie des
    terrains. » — the whole ring (28 cells, cows and numbers) is one herd of 20+."""
    text = sheet_text("C 2 1 2 1 2 1 2")
    ring = {label((r, c)) for r in range(8) for c in range(8) if r in (0, 7) or c in (0, 7)}
    sheet = parse_sheet(with_marks(text, {cell: "x" for cell in ring}))
    assert [len(h) for h in herds(sheet, "x")] == [28]
    assert score_sheet(sheet)["x"] == {"meadows": 12, "troughs": 0, "herds": 20, "total": 32}


def test_one_cell_shared_by_two_troughs_counts_for_both():
    """« les cases immédiatement voisines de chaque abreuvoir ... sont déterminantes » —
    E4 touches the upright large trough D3-D4 and the small trough F4: one mark, one
    against none, wins both (4 + 2)."""
    result = numbers_sheet(
        {"E4": "x"},
        FILLER_B,
        FILLER_A,
        "2 1 2 L 2 1 2 1",
        "1 2 1 L 2 T 1 2",
    )
    assert result["x"]["troughs"] == 6 and result["o"]["troughs"] == 0


def test_upright_large_trough_majority_over_both_cells():
    """« Un grand abreuvoir rapporte 4 points ... cases directement voisines de
    l'abreuvoir correspondant (attenantes à l'horizontale et à la verticale) » — D3-D4
    has six neighbours: o holds D2 and C3 (upper cell), x holds C4, E4 and D5 (lower)."""
    rows = (FILLER_B, FILLER_A, "2 1 2 L 2 1 2 1", "1 2 1 L 2 1 2 1")
    marks = {"D2": "o", "C3": "o", "C4": "x", "E4": "x", "D5": "x"}
    assert numbers_sheet(marks, *rows)["x"]["troughs"] == 4
    marks["E3"] = "o"  # 3 against 3
    result = numbers_sheet(marks, *rows)
    assert result["x"]["troughs"] == result["o"]["troughs"] == 0
    # Diagonal cells (C2, E2, C5, E5) do not count.
    diagonal = {"C2": "o", "E2": "o", "C5": "o", "E5": "o", "D5": "x"}
    assert numbers_sheet(diagonal, *rows)["x"]["troughs"] == 4


def test_an_untouched_trough_scores_nobody():
    """« Les points sont attribués au joueur qui a marqué plus de cases directement
    voisines » — 0 against 0 is no majority."""
    result = numbers_sheet({}, FILLER_B, FILLER_A, "2 1 2 T 2 1 2 1")
    assert result["x"]["troughs"] == result["o"]["troughs"] == 0


def test_a_trough_splits_a_double_and_a_herd():
    """« Les abreuvoirs séparent le cas échéant des terrains » ; « Variante pro » :
    cases ... attenantes — two marks with a trough between are not a double."""
    sheet = parse_sheet(with_marks(sheet_text("1 T 2 1 C 1 2 1", "C 2 1 2 1 2 1 2"), {
        "A1": "x", "C1": "x", "E1": "o", "E2": "o", "A2": "o",
    }))
    assert count_doubles(sheet, "x") == 0
    assert count_doubles(sheet, "o") == 1  # the cow E1 above the 1 at E2


# -- « Variante pro » -----------------------------------------------------------------------
#: Eight cows marked; x has the double A1-B1, o the double D1-D2.
#: Free cows: A4, A5, B5, C5, D5.


def test_pro_ninth_and_tenth_cow_in_one_turn_scores_after_the_ninth():
    """« Dès que 9 vaches sont marquées au total sur le bloc, on calcule un score
    intermédiaire » — read literally (« dès que »): the scoring happens the moment the
    9th cow is marked, before the 10th of the same two-cow roll. A4 makes the x double
    A3-A4 (scored); A5 then turns it into a triple, which changes nothing."""
    state = play(marking(PRO_SHEET, [COW, COW], pro=True), "mark:A4")
    assert state.doubles_scored and state.doubles == [4, 2]
    assert state.phase == "second_mark"
    state = play(state, "mark:A5")
    assert state.doubles == [4, 2]
    assert count_doubles(state.sheet, "x") == 1  # now only A1-B1: the score is kept


def test_pro_eighth_then_ninth_cow_in_one_turn_scores_both():
    """« Dès que 9 vaches sont marquées au total » — the 8th cow alone triggers nothing;
    the 9th does, with the 8th already on the sheet."""
    text = PRO_SHEET.replace("1 2 3 4 5 1 2 Cx", "1 2 3 4 5 1 2 C")
    state = play(marking(text, [COW, COW], pro=True), "mark:H8")
    assert not state.doubles_scored and state.doubles == [0, 0]
    state = play(state, "mark:A4")
    assert state.doubles_scored and state.doubles == [4, 2]


def test_pro_counts_the_cows_of_both_players():
    """« 9 vaches ... marquées au total sur le bloc » — x has 5 cows and o 3; o's cow is
    the 9th. A5 gives o the new double A5-A6."""
    state = play(marking(PRO_SHEET, [COW, 2], seat=1, pro=True), "mark:A5")
    assert state.doubles == [2, 4]


def test_pro_scoring_is_once_and_kept_to_the_end():
    """« Après ce score intermédiaire, on continue à jouer tout à fait normalement. À la
    fin de la partie, les cases doubles n'apportent plus de points. » — A4 is the 9th and
    last free cow: the scoring and the end come in the same turn; the double C2-C3 made
    afterwards earns nothing, and the intermediate points stay in the total."""
    text = PRO_SHEET.replace("C C C C 5 1 2 3", "1 2 4 1 5 1 2 3")
    state = play(marking(text, [COW, 3], pro=True), "mark:A4")
    assert state.doubles == [4, 2] and not state.finished
    assert cells(state) == {"C2", "C4", "C6"}
    state = play(state, "mark:C2")
    assert state.finished and state.doubles == [4, 2]
    assert count_doubles(state.sheet, "x") == 3  # A1-B1, A3-A4 and C2-C3: no new scoring
    scores = GAME.scores(state)
    final = score_sheet(state.sheet)
    assert scores[0]["doubles"] == 4 and scores[0]["total"] == final["x"]["total"] + 4
    assert scores[1]["doubles"] == 2 and scores[1]["total"] == final["o"]["total"] + 2
    assert GAME.load(GAME.dump(state)) == state


def test_pro_nothing_before_the_ninth_cow():
    """« Dès que 9 vaches sont marquées » — a number mark at 8 cows scores nothing."""
    state = play(marking(PRO_SHEET, [3, 4], pro=True), "mark:C2")
    assert not state.doubles_scored and state.doubles == [0, 0]


# -- prompts a newcomer can follow ------------------------------------------------------------
def test_cow_and_number_prompts_say_one_cell_between():
    """« séparées d'exactement une case » : the prompts must not read as "next to each
    other" ("one cell away" is an adjacent cell in everyday English)."""
    state = marking(MARKING_SHEET, [COW, 3])
    first = GAME.pending(state).prompt
    assert "exactly one cell between" in first and "one cell away" not in first
    second = GAME.pending(play(state, "mark:D4")).prompt
    assert "exactly one cell between" in second and "one cell away" not in second
    assert "trough" in second and "stop" in second


def test_every_prompt_names_the_player_and_every_label_fits_a_menu():
    """Labels and prompts for a player who has never read the rules."""
    states = [
        situation(MARKING_SHEET, [COW, 3]),
        marking(MARKING_SHEET, [COW, 3]),
        play(marking(MARKING_SHEET, [COW, 3]), "mark:D4"),
        marking(MARKING_SHEET, [COW, COW]),
        play(marking(MARKING_SHEET, [COW, COW]), "mark:D4"),
        marking(MARKING_SHEET, [1, 2]),
    ]
    for state in states:
        decision = GAME.pending(state)
        assert decision.prompt.startswith("Crosses ")
        for option in decision.options:
            assert 0 < len(option.label) <= 100
            if option.key.startswith("mark:"):
                cell = option.key.removeprefix("mark:")
                assert option.label.startswith(f"Mark {cell} (")
