"""Building game states in a chosen situation for the Kuhlorado tests."""

from __future__ import annotations

from games.kuhlorado import GAME, KuhloradoOptions, KuhloradoState, dump_sheet, parse_sheet
from games.kuhlorado.marking import COW_FACE
from games.kuhlorado.sheet import parse_label

COW = COW_FACE

#: A sheet for the marking tests. Around the cow D4 the eight cells exactly one cell
#: away (B2 D2 F2 B4 F4 B6 D6 F6) all show 3; E3 (small trough) lies between D4 and F2,
#: E5 (large trough E5-E6) between D4 and F6. C4 is a 3 right next to D4, G4 a 3 three
#: cells away. Cows: D4, C7, E8, H8.
MARKING_SHEET = """
1 2 1 2 1 2 1 2
2 3 1 3 1 3 2 1
1 2 4 4 T 4 1 2
2 3 3 C 1 3 3 2
1 2 4 4 L 4 1 2
2 3 1 3 L 3 2 1
1 2 C 2 1 2 1 2
2 1 2 1 C 1 2 C
"""


def situation(
    sheet_text: str, dice: list[int], seat: int = 0, pro: bool = False, seed: int = 7
) -> KuhloradoState:
    """A state where ``seat`` has just rolled ``dice`` on that sheet (phase "reroll")."""
    state = GAME.setup(2, KuhloradoOptions(pro=pro), seed)
    state.sheet = parse_sheet(sheet_text)
    state.current = seat
    state.dice = list(dice)
    state.dice_seat = seat
    state.phase = "reroll"
    return state


def marking(sheet_text: str, dice: list[int], seat: int = 0, pro: bool = False) -> KuhloradoState:
    """Like :func:`situation`, after choosing to keep the dice (the marking phase)."""
    return GAME.apply(situation(sheet_text, dice, seat, pro), seat, "keep").state


def keys(state: KuhloradoState) -> set[str]:
    decision = GAME.pending(state)
    assert decision is not None
    return {o.key for o in decision.options}


def cells(state: KuhloradoState) -> set[str]:
    """The cells offered by the pending decision (``mark:C4`` → ``C4``)."""
    return {k.removeprefix("mark:") for k in keys(state) if k.startswith("mark:")}


def play(state: KuhloradoState, *steps: str) -> KuhloradoState:
    """Apply option keys for whoever is to decide."""
    for key in steps:
        decision = GAME.pending(state)
        assert decision is not None, f"game over before {key!r}"
        state = GAME.apply(state, decision.seat, key).state
    return state


def with_marks(text: str, marks: dict[str, str]) -> str:
    """The sheet text with some cells marked (``{"C7": "x"}``)."""
    sheet = parse_sheet(text)
    for cell, symbol in marks.items():
        sheet.set_mark(parse_label(cell), symbol)
    return dump_sheet(sheet)


#: Eight cows are marked; x has the double A1-B1, o the double D1-D2; A4 is a free cow.
PRO_SHEET = """
Cx Cx 3 Co 5 1 2 3
1 2 3 Co 5 1 2 3
Cx 2 Cx 4 5 1 2 3
C 2 3 4 5 1 2 3
C C C C 5 1 2 3
Co 2 3 4 5 1 2 3
1 2 3 4 5 1 2 3
1 2 3 4 5 1 2 Cx
"""
