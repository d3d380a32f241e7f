"""What a seat holds (the contract's ``holdings``): its land and animal cards by names,
and its pesos. The faces matter when it may play a card now."""

from __future__ import annotations

from games.base import Decision, Holdings
from games.hazienda.names import card_name
from games.hazienda.state import HaziendaState
from games.i18n import _, _n, _p


def _cards(counts: dict[str, int]) -> str:
    named = [card_name(kind) if n == 1 else f"{card_name(kind)} ×{n}"
             for kind, n in sorted(counts.items()) if n > 0]
    return ", ".join(named) or _p("cards", "none")


def holdings(state: HaziendaState, seat: int, decision: Decision | None) -> Holdings:
    """``seat``'s hand and money; ``decision`` is the pending decision."""
    player = state.players[seat]
    text = _("Your hand: lands {lands}; animals {animals} · {money}",
             lands=_cards(player.lands), animals=_cards(player.animals),
             money=_n("{n} peso", "{n} pesos", player.money))
    plays = (decision is not None and decision.seat == seat
             and any(o.key.startswith("play:") for o in decision.options))
    return Holdings(text=text[:400], faces=plays and player.hand_size() > 0)
