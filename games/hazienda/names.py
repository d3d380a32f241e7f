"""The words players read for Hazienda's colours, cards, animals and score categories.

Message ids are English (translated with ``games.i18n``); the French words are the
rulebook's where it has them (rouge, bleu …; carte terrain, carte animal; montagne,
pampa; mare, hacienda, pion récolte, domaine, troupeau, marché). Views keep the machine
names ("red", "horse", "forest"): renderers translate them with these functions.
"""

from __future__ import annotations

from collections.abc import Callable

from games.i18n import N_, _, _p

COLOURS = {"red": N_("Red"), "blue": N_("Blue"), "yellow": N_("Yellow"),
           "green": N_("Green"), "black": N_("Black")}
#: Score categories (rulebook "Décomptes"; herds only in Variante I).
CATEGORIES = {"markets": N_("Markets"), "domains": N_("Domains"), "haciendas": N_("Haciendas"),
              "ponds": N_("Ponds"), "herds": N_("Herds"), "money": N_("Money")}


def colour_name(colour: str) -> str:
    """A player's colour, capitalised: the seat's name ("Red")."""
    return _(COLOURS[colour]) if colour in COLOURS else colour.capitalize()


def category_label(category: str) -> str:
    return _(CATEGORIES[category]) if category in CATEGORIES else category


def category_word(category: str) -> str:
    """A category inside a sentence ("domains +2")."""
    return category_label(category).lower()


#: Each name translated when asked for, not all ten to return one (decisions name cards
#: in every option label).
_CARD_NAMES: dict[str, Callable[[], str]] = {
    "mountain": lambda: _p("card", "mountain"), "forest": lambda: _p("card", "forest"),
    "meadow": lambda: _p("card", "meadow"), "stone": lambda: _p("card", "stone"),
    "swamp": lambda: _p("card", "swamp"), "pampa": lambda: _p("card", "pampa"),
    "cattle": lambda: _p("card", "cattle"), "horse": lambda: _p("card", "horse"),
    "pig": lambda: _p("card", "pig"), "sheep": lambda: _p("card", "sheep"),
}
_ANIMALS_WITH_ARTICLE: dict[str, Callable[[], str]] = {
    "cattle": lambda: _p("an animal", "cattle"), "horse": lambda: _p("an animal", "a horse"),
    "pig": lambda: _p("an animal", "a pig"), "sheep": lambda: _p("an animal", "a sheep"),
}


def card_name(card: str) -> str:
    """A land kind or an animal species as the name of its card ("forest", "horse"),
    lower case, as in "a {card} card"."""
    name = _CARD_NAMES.get(card)
    return card if name is None else name()


def animal_with_article(species: str) -> str:
    """An animal with its indefinite article ("a horse"; "cattle" takes none)."""
    name = _ANIMALS_WITH_ARTICLE.get(species)
    return species if name is None else name()


def upper_first(text: str) -> str:
    """``text`` with its first letter in capitals (labels start with the card's name)."""
    for index, char in enumerate(text):
        if char.isalpha():
            return text[:index] + char.upper() + text[index + 1:]
    return text
