"""What a seat holds (the contract's ``holdings``): its hand by names, with the breeding
value and strength it gives, its pesos and exchange tokens.

The card faces matter to a decision that picks, reveals, pairs or discards hand cards, or
reckons the hand's strength or breeding value: :data:`FACE_KINDS`, and any option naming
a card of the hand.
"""

from __future__ import annotations

from games.base import Decision, Holdings
from games.gwt_argentina import pieces, player_board
from games.gwt_argentina.help_farmers import reveal_potential
from games.gwt_argentina.state import GwtState
from games.i18n import _, _n

#: Decisions about the hand itself: helping granjeros (strength), the income (breeding
#: value), discarding two of a breed, the first turn's discard, drawing then discarding or
#: removing, a delivery (the hand's value) and 10b's swap with the market.
FACE_KINDS = frozenset({
    "help", "help_reveal", "pair", "ba_income", "first_discard", "discard_cards",
    "remove_cards", "draw_then_discard", "draw_then_remove", "deliver", "market_to_hand",
})


def card_name(card: str) -> str:
    """A hand card's short name: the breed (and its points when it has any), an
    exhaustion card or an objective by its number."""
    c = pieces.cattle(card)
    if c is not None:
        return _("{breed} ({vp} VP)", breed=c.name, vp=c.vp) if c.vp else c.name
    if pieces.is_exhaustion(card):
        return _("exhaustion card")
    return _("objective {n}", n=card[2:])


def hand_names(hand: list[str]) -> str:
    """ "Niata ×2, Fronterizo, exhaustion card" (cards of one kind counted once)."""
    counts: dict[str, int] = {}
    for card in hand:
        name = card_name(card)
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def holdings(state: GwtState, seat: int, decision: Decision | None,
             kind: str | None) -> Holdings:
    """``seat``'s holdings; ``decision`` is what it is asked now (its pending or side
    decision, None when nothing), ``kind`` that decision's step kind."""
    player = state.players[seat]
    if player.hand:
        hand = _("Your hand: {cards} (breeding value {value}, strength up to {strength})",
                 cards=hand_names(player.hand), value=player_board.breeding_total(player),
                 strength=reveal_potential(state, seat))
    else:
        hand = _("Your hand is empty")
    parts = [hand, _n("{n} peso", "{n} pesos", player.money),
             _n("{n} exchange token", "{n} exchange tokens", player.exchange_tokens)]
    return Holdings(text=" · ".join(parts)[:400], faces=bool(player.hand) and about_hand(
        player.hand, decision, kind))


def about_hand(hand: list[str], decision: Decision | None, kind: str | None) -> bool:
    """Whether the cards' faces matter to ``decision``."""
    if decision is None:
        return False
    if kind in FACE_KINDS:
        return True
    cards = set(hand)
    return any(o.key.split(":", 1)[-1] in cards for o in decision.options)
