"""The 10 sheet layouts of the pad, in the sheet notation (see games.kuhlorado.sheet).

These are a RECONSTRUCTION: the real pad has 10 different layouts that repeat, but no
source describes them (none was found). What is known and kept: 8×8 cells, two
small troughs (1 cell) and two large troughs (2 cells) per sheet, numbers 1–5 and cows,
a darker outer ring of meadows whose cells all show a number or a cow.

Design reasoning:

* 64 − 6 trough cells = 58 markable cells.
* Each die shows the cow 1 time in 6, exactly like each number, so a roll contains at
  least one cow as often as it contains a given number (11/36). But cows are marked more
  eagerly than any single number: two cows mark two of them, and cow + number allows a
  cow as well. With about 9 cells per number, 12–16 cows make the two end conditions
  ("no free cow" and "only 5 free numbers left") both reachable, so a player can race
  for either. The sheets hold 12–16 cows (14 on average); the remaining 42–46 cells are
  split as evenly as possible over 1–5 (8 or 9 cells each, 10 on the 12-cow sheet).
* Troughs sit in the inner 6×6 (every meadow cell stays markable) and no two troughs
  touch, not even diagonally, so each trough has its own neighbourhood to fight over.
  Every sheet has one horizontal and one vertical large trough.
* No two orthogonally adjacent cells show the same content, so a single number never
  builds a herd on its own and cows are scattered; 4–7 cows sit in the meadows.
* Check by simulation (30 games per sheet between simple greedy players that keep any
  roll with a cow): games last 35–41 turns (about 18 per player); on every sheet both
  end conditions occur, the cows running out first in about 80 % of the games.
"""

from __future__ import annotations

from games.kuhlorado.sheet import Sheet, parse_sheet

SHEETS: tuple[str, ...] = (
    # Sheet 1: 14 cows
    """
    C 2 4 3 C 2 1 2
    3 C 1 C L L 5 4
    C 5 C 4 2 C 4 C
    2 L 2 3 C 1 3 4
    4 L 1 C 3 5 2 1
    5 3 5 3 T C 1 5
    4 5 T C 1 4 3 C
    3 2 4 5 2 5 C 1
    """,
    # Sheet 2: 13 cows
    """
    5 3 C 5 4 2 C 5
    3 4 L L 1 L 4 C
    1 C 2 4 C L 3 4
    5 3 C 2 4 5 2 C
    3 5 T 1 3 1 T 1
    1 4 2 C 4 C 2 C
    2 C 5 2 1 4 3 1
    C 1 C 3 5 3 5 2
    """,
    # Sheet 3: 15 cows
    """
    2 1 C 4 1 3 4 3
    5 C 2 C 4 C 3 C
    3 5 T 5 C 4 5 4
    4 2 C 3 T 3 4 2
    2 C L 1 4 1 C 4
    1 5 L 5 2 L L C
    5 3 C 1 5 2 1 2
    3 C 3 C 1 C 5 C
    """,
    # Sheet 4: 14 cows
    """
    3 C 4 C 1 5 3 5
    1 4 1 5 4 1 T 2
    5 2 5 2 C 4 1 C
    3 4 L C 2 C 3 2
    4 5 L 2 C L L 5
    C 3 4 1 3 C 1 3
    5 1 C 2 T 3 C 1
    2 C 3 4 C 5 4 C
    """,
    # Sheet 5: 14 cows
    """
    2 1 3 2 5 C 5 3
    3 4 2 5 C 5 C 5
    1 C 4 T 2 4 2 1
    4 5 1 C 3 1 C 4
    2 L L 2 C 5 3 C
    C 2 C 1 3 4 L 1
    1 4 T C 4 C L 3
    C 5 3 4 3 5 2 C
    """,
    # Sheet 6: 13 cows
    """
    C 1 3 2 C 1 3 5
    4 C 2 C 4 L C 4
    1 T 3 5 3 L 3 5
    3 C 1 2 C 1 2 4
    2 5 2 3 L L C 5
    4 3 C 5 4 2 1 C
    1 C 4 3 2 4 T 1
    2 5 C 1 5 C 4 5
    """,
    # Sheet 7: 15 cows
    """
    1 4 5 C 4 C 2 3
    3 C T 1 2 3 C 2
    2 3 5 C L 5 3 4
    C L L 5 L 1 5 C
    5 4 5 C 4 2 4 1
    1 5 C T C 3 2 3
    2 C 3 C 4 1 C 1
    C 5 1 4 C 4 2 3
    """,
    # Sheet 8: 14 cows
    """
    1 2 4 3 C 3 2 5
    5 1 3 C 3 L L 4
    4 C 2 L C 1 5 1
    C 2 4 L 1 2 4 C
    4 C 5 C 4 1 3 2
    C T 2 5 C 4 5 3
    5 2 5 1 5 C T C
    3 1 C 4 C 2 3 1
    """,
    # Sheet 9: 16 cows
    """
    3 2 C 2 C 4 5 4
    5 C 4 5 3 C T 1
    1 5 2 C 2 1 5 2
    5 L C 4 C 3 C 1
    3 L 5 C 1 4 5 2
    1 4 C 1 L L 3 C
    2 T 2 5 3 4 C 3
    C 1 C 4 C 3 4 C
    """,
    # Sheet 10: 12 cows
    """
    4 2 4 1 4 1 2 3
    C 5 3 5 1 5 C 2
    4 L L C 2 T 1 3
    2 4 C 1 C 3 5 4
    1 L 4 C 1 C 3 C
    4 L 5 1 3 4 5 2
    C 2 1 2 5 T 2 3
    5 C 3 5 3 C 5 C
    """,
)


def load_sheet(number: int) -> Sheet:
    """A fresh, unmarked copy of sheet ``number`` (1–10)."""
    if not 1 <= number <= len(SHEETS):
        raise ValueError(f"there are sheets 1 to {len(SHEETS)}, not {number}")
    return parse_sheet(SHEETS[number - 1])
