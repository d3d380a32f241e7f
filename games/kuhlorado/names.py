"""The names players read for the seats and the score categories (English message ids,
translated at use with ``games.i18n._``; views carry these ids, renderers translate)."""

from __future__ import annotations

from games.i18n import N_, _p

#: The rulebook's two players: "Un joueur joue avec les croix, l'autre avec les cercles."
SEAT_NAMES = (N_("Crosses"), N_("Circles"))


def category_label(category: str) -> str | None:
    """A score category of ``Kuhlorado.scores`` as players read it (rulebook "Comptage des
    points", "Variante pro"); None for "total" and unknown keys. The context keeps these
    words apart from other games' ("Herds" are Kuhlorado's "terrains")."""
    return {
        "meadows": _p("kuhlorado", "Meadows"), "troughs": _p("kuhlorado", "Troughs"),
        "herds": _p("kuhlorado", "Herds"), "doubles": _p("kuhlorado", "Doubles"),
    }.get(category)
