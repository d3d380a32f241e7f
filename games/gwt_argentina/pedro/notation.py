"""Pedro's line of the situation notation (NOTATION.md, « Pedro »)::

    pedro: specialty=carpintero discs=15 deck=4,12,1 discard=7,2

His difficulty is the ``difficulty`` option; everything else of his is a ``player 1``
section like any player's.
"""

from __future__ import annotations

from collections.abc import Callable

from games.gwt_argentina.pedro.data import CARD_BY_NUMBER, PEDRO_ROWS
from games.gwt_argentina.pedro.state import Difficulty, PedroState
from games.i18n import _


def _numbers(cards: list[int]) -> str:
    return ",".join(map(str, cards)) or "-"


def write_pedro(pedro: PedroState) -> str:
    return (f"pedro: specialty={pedro.specialty} discs={pedro.discs} "
            f"deck={_numbers(pedro.deck)} discard={_numbers(pedro.discard)}")


def read_pedro(value: str, difficulty: Difficulty, error: Callable[[str], Exception]) -> PedroState:
    fields = dict(part.partition("=")[::2] for part in value.split())
    if set(fields) != {"specialty", "discs", "deck", "discard"}:
        raise error(_("Pedro's line is 'pedro: specialty=… discs=… deck=… discard=…'"))
    if fields["specialty"] not in PEDRO_ROWS:
        raise error(_("Pedro's specialty is one of {rows}", rows=", ".join(PEDRO_ROWS)))
    try:
        discs = int(fields["discs"])
        piles = [[] if fields[k] == "-" else [int(n) for n in fields[k].split(",")]
                 for k in ("deck", "discard")]
    except ValueError:
        raise error(_("Pedro's discs is a number, his deck and discard card numbers "
                      "separated by commas (or -)")) from None
    cards = piles[0] + piles[1]
    if not 0 <= discs <= 17 or any(n not in CARD_BY_NUMBER for n in cards) \
            or len(set(cards)) != len(cards):
        raise error(_("Pedro has 0–17 discs in reserve and each of his cards 1–15 at most "
                      "once"))
    return PedroState(difficulty=difficulty, specialty=fields["specialty"], discs=discs,
                      deck=piles[0], discard=piles[1])
