"""What a seat holds (the contract's ``holdings``): crops, coins, character cards (those
used this turn marked), llama cards and foundation tiles, by names. Llama Land has no
secret: this is the seat's own part of the table in one line for its private panels."""

from __future__ import annotations

from games.base import Holdings
from games.i18n import _, _n
from games.llama_land.names import amount, character_title, resource_name
from games.llama_land.state import LlamaLandState


def holdings(state: LlamaLandState, seat: int) -> Holdings:
    player = state.players[seat]
    in_turn = seat == state.current and not state.finished
    crops = ", ".join(amount(player.crops.get(c, 0), c) for c in ("corn", "cacao", "potato"))
    parts = [_("You hold: {crops}", crops=crops), amount(player.coins, "coin")]
    if player.characters:
        named = [_("{card} (used)", card=character_title(ch.card))
                 if in_turn and i in state.used else character_title(ch.card)
                 for i, ch in enumerate(player.characters)]
        parts.append(_("characters: {cards}", cards=", ".join(named)))
    if player.llama_cards:
        cards = ", ".join(f"{resource_name(c.crop)} {c.points}" for c in player.llama_cards)
        parts.append(_("llama cards: {cards}", cards=cards))
    parts.append(_n("{n} foundation tile", "{n} foundation tiles", player.foundations_left))
    return Holdings(text=" · ".join(parts)[:400])
