"""The ties Pedro's priority lists leave to you (« Les décisions de Pedro »).

« Si plusieurs options sont offertes pour un critère donné, la décision est prise en se
basant sur le critère suivant sur la liste. Finalement, si plusieurs options subsistent,
prenez vous-même la décision. »

A rule of Pedro's that ends with several options left calls :meth:`Choices.one`; if you
have not decided yet it raises :class:`Tie` *before the rule changes anything*, Pedro's
turn (``pedro.turn``) stops and you get the decision (``pedro_tie`` frame of ``pedro.tie``, your seat). Your
answer is kept under the tie's ``what`` and the rule runs again, now with one option.
Keys are the options' own names (a space, a card id, a building number), never
translated.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar


class Tie(Exception):
    """Several options left after every criterion: ``what`` is decided by you."""

    def __init__(self, what: str, keys: list[str]) -> None:
        super().__init__(what, keys)
        self.what = what
        self.keys = keys


class Choices:
    """Your answers to the ties of the rule now running (``what`` -> key)."""

    def __init__(self, chosen: dict[str, str] | None = None) -> None:
        self.chosen = {} if chosen is None else chosen

    def one(self, what: str, keys: list[str]) -> str:
        distinct = list(dict.fromkeys(keys))
        if not distinct:
            raise ValueError(f"no option for {what}")
        if len(distinct) == 1:
            return distinct[0]
        key = self.chosen.get(what)
        if key in distinct:
            return key
        raise Tie(what, distinct)


T = TypeVar("T")


def ties(items: list[T], key: Callable[[T], Any]) -> list[T]:
    """The items sharing the best (lowest) ``key``, in their order."""
    if not items:
        return []
    best = min(key(i) for i in items)
    return [i for i in items if key(i) == best]
