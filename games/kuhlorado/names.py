"""The names players read for the seats and the score categories (English message ids,
translated at use with ``games.i18n._``; views carry these ids, renderers translate)."""

from __future__ import annotations

from games.i18n import N_

#: The rulebook's two players: "Un joueur joue avec les croix, l'autre avec les cercles."
SEAT_NAMES = (N_("Crosses"), N_("Circles"))
#: Score categories of ``Kuhlorado.scores`` (rulebook "Comptage des points", "Variante pro").
CATEGORY_NAMES = {
    "meadows": N_("Meadows"), "troughs": N_("Troughs"), "herds": N_("Herds"),
    "doubles": N_("Doubles"),
}
