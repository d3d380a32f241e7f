"""The words players read for Llama Land's seats, icons, crops, characters, objectives and
score categories, in the active language (``games.i18n``).

French words are the rulebook's: maïs, cacao, pomme de terre, pièce, hutte; Négociant,
Colon, Marchand, Mineur, Fermier, Ouvrier; the objective names of its last page. Views
keep machine names and English titles (the same in every language); renderers and
messages translate them with these functions.
"""

from __future__ import annotations

from games.i18n import N_, _, _n, _p
from games.llama_land import data

SEAT_NAMES = (N_("Red"), N_("Blue"), N_("Yellow"), N_("Green"))
CATEGORIES = {"llamas": N_("Llama cards"), "crops": N_("Crops"), "coins": N_("Coins"),
              "objectives": N_("Objectives")}


def seat_name(seat: int) -> str:
    return _(SEAT_NAMES[seat])


def category_label(category: str) -> str:
    return _(CATEGORIES[category]) if category in CATEGORIES else category


def resource_name(what: str) -> str:
    """A crop or a coin, one of it, lower case: "corn", "potato", "coin"."""
    if what == "corn":
        return _p("llama land", "corn")
    if what == "cacao":
        return _p("llama land", "cacao")
    if what == "potato":
        return _p("llama land", "potato")
    if what == "coin":
        return _p("llama land", "coin")
    if what == "hut":
        return _p("llama land", "hut")
    if what == "grass":
        return _p("llama land", "grass")
    return what


def icon_name(letter: str) -> str:
    """An icon of the notation (``c k p $ h -``) in words."""
    return resource_name(data.ICON_NAMES.get(letter, letter))


def amount(n: int, what: str) -> str:
    """``n`` crops of one kind or ``n`` coins: "3 corn", "1 potato", "2 coins"."""
    if what == "coin":
        return _n("{n} coin", "{n} coins", n)
    if what == "corn":
        return _n("{n} corn", "{n} corn", n)
    if what == "cacao":
        return _n("{n} cacao", "{n} cacao", n)
    if what == "potato":
        return _n("{n} potato", "{n} potato", n)
    return f"{n} {what}"


def kind_title(kind: str) -> str:
    """A character card's kind: "Trader", "Merchant" ..."""
    return _(data.KIND_TITLES[kind]) if kind in data.KIND_TITLES else kind


def character_title(card: str) -> str:
    """A character card with the crops it shows: "Merchant (corn)", "Trader (corn ↔ cacao)"."""
    kind, _sep, rest = card.partition(":")
    crops = rest.split("-") if rest else []
    title = kind_title(kind)
    return f"{title} ({' ↔ '.join(resource_name(c) for c in crops)})" if crops else title


def objective_title(name: str) -> str:
    return _(data.OBJECTIVE_TITLES[name]) if name in data.OBJECTIVE_TITLES else name


def objective_text(name: str, colour: str) -> str:
    """The condition of an objective card (gold cards rank the players instead)."""
    texts = data.GOLD_TEXT if colour == "gold" else data.OBJECTIVE_TEXT
    return _(texts[name]) if name in texts else name


def orientation_label(orientation: int) -> str:
    """How a tile is turned (and flipped, 4–7): "↻90", "↻180 flipped"."""
    turn = f"↻{90 * (orientation % 4)}"
    return _("{turn} flipped", turn=turn) if orientation >= 4 else turn
