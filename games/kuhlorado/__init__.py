"""Kuhlorado: the rules engine, the sheet notation, scoring and the 10 sheets."""

from games.kuhlorado.game import Kuhlorado, KuhloradoOptions, KuhloradoState
from games.kuhlorado.scoring import score_sheet
from games.kuhlorado.sheet import Sheet, dump_sheet, parse_sheet
from games.kuhlorado.sheets import SHEETS, load_sheet

GAME = Kuhlorado()

__all__ = [
    "GAME", "SHEETS", "Kuhlorado", "KuhloradoOptions", "KuhloradoState", "Sheet",
    "dump_sheet", "load_sheet", "parse_sheet", "score_sheet",
]
