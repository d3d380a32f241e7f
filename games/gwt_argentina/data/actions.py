"""Structured actions: what a building, a worker slot, a station master or an objective card
does, as data the engine dispatches on (``Action.kind``).

Kinds (``amount`` is ``n`` below; "up to" means the player may take less):

========================== ============================================================
kind                       meaning
========================== ============================================================
``pesos``                  receive n pesos
``grain``                  grain marker up n
``certificates``           certificate marker up to n (never past the limit)
``engine``                 locomotive forward up to n spaces
``engine_by_maquinistas``  locomotive forward up to as many spaces as maquinistas
``exchange_token``         take n exchange tokens
``hire``                   hire one worker, cost changed by n (0, +2, -1, -4)
``build``                  place or replace one private building, n pesos per carpintero
``buy_cattle``             the cattle market action (options by gauchos)
``objective``              take one objective card (display or stack)
``aux_single``             one single auxiliary action
``aux_any``                one single or double auxiliary action
``help_farmers``           help up to ``limit`` farmers anywhere, strength + n
``discard_breed``          discard exactly one card of ``breed`` ("any": your choice),
                           then do ``then`` (e.g. receive pesos)
``discard_pair``           discard exactly 2 cards of the same breed, then ``then``
``grain_per_granjero``     grain up n per granjero in your granjero row
``pesos_per_granjero``     n pesos per granjero in your granjero row
``grain_per_farmland``     grain up n per own building on farmland
``pesos_per_farmland``     n pesos per own building on farmland
``draw_discard_gauchos``   draw as many cards as gauchos, then discard as many
``draw_discard``           draw up to n cards, then discard as many as drawn
``disc_to_quay``           put a disc from your board on ``city`` quay ``quay``
                           (``corner`` "white": only from a white-corner slot)
``pay_grain``              grain down n (the condition), then ``then``
``move``                   move the estanciero 1 … n locations, then an extra phase B
``remove_exhaustion``      return one exhaustion card from hand to the pile
``certificate_per_farmer_pair`` certificate up 1 per 2 farmers beside your board
``pesos_per_worker_set``   n pesos per gaucho+carpintero+maquinista+granjero set
``delivery``               Buenos Aires step 1 (port delivery) away from Buenos Aires
``exhaust_opponents``      each other player puts an exhaustion card on their discard
``swap_with_market``       discard one cattle card, take any market card into your hand
``take_market_card``       take a market card of ``breed`` for free (onto your discard)
``discard_objective``      discard an objective card from hand, do its immediate action,
                           then ``then``
``remove_card``            remove n cards of your hand from the game
``upgrade_station_behind`` upgrade one station behind your locomotive (at the depot: one
                           before space 24)
``permanent_certificate``  +n breeding value at every income (station master)
``permanent_grain``        n less grain to pay at every loading (station master)
``either``                 exactly one of ``options`` (a white slash on the tile)
========================== ============================================================
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Action:
    kind: str
    amount: int = 0
    breed: str | None = None
    city: str | None = None
    quay: int = 0
    corner: str | None = None
    #: help_farmers: how many farmers at most.
    limit: int = 0
    #: What a condition (discard, pay_grain) gives once met, in order.
    then: tuple[Action, ...] = ()
    #: For ``either``: the alternatives.
    options: tuple[Action, ...] = ()

    @property
    def key(self) -> str:
        """A short stable id, e.g. ``pesos:2`` or ``discard_breed:holando>pesos:2``."""
        parts = [self.kind]
        if self.amount:
            parts.append(str(self.amount))
        if self.breed:
            parts.append(self.breed)
        if self.city:
            parts.append(f"{self.city}{self.quay}")
        if self.corner:
            parts.append(self.corner)
        key = ":".join(parts)
        if self.then:
            key += ">" + "+".join(a.key for a in self.then)
        if self.options:
            key += "(" + "|".join(a.key for a in self.options) + ")"
        return key


def pesos(n: int) -> Action:
    return Action("pesos", n)


def grain(n: int) -> Action:
    return Action("grain", n)


def certificates(n: int) -> Action:
    return Action("certificates", n)


def engine(n: int) -> Action:
    return Action("engine", n)


def move(n: int) -> Action:
    return Action("move", n)


def discard(breed: str, *then: Action) -> Action:
    return Action("discard_breed", breed=breed, then=then)


def either(*options: Action) -> Action:
    return Action("either", options=options)
