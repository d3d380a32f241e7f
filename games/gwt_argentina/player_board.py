"""A player's board and herd: tracks, limits, strength, drawing and discarding cards."""

from __future__ import annotations

from games.gwt_argentina import data, pieces
from games.gwt_argentina.flow import Ctx
from games.gwt_argentina.state import PRINTED, GwtState, Player
from games.gwt_argentina.told import _, joined


# -- limits read off the player board (rulebook p. 10) ----------------------------------
def move_limit(state: GwtState, player: Player) -> int:
    return data.MOVE_LIMIT[state.table()] + sum(n for s, n in data.MOVE_BONUS.items()
                                           if s not in player.slots)


def hand_limit(player: Player) -> int:
    return data.HAND_LIMIT_BASE + sum(n for s, n in data.HAND_BONUS.items() if s not in player.slots)


def cert_limit(player: Player) -> int:
    return data.CERT_LIMIT_UNLOCKED if "cert_limit" not in player.slots else data.CERT_LIMIT_BASE


def board_strength(player: Player) -> int:
    """Strength icons on the player board: cleared slots and workers with the icon."""
    strength = sum(n for s, n in data.STRENGTH_BONUS.items() if s not in player.slots)
    for row in player.workers.values():
        strength += sum(1 for t in row if t != PRINTED and pieces.worker_strong(t))
    return strength


def permanent(player: Player, kind: str) -> int:
    """Permanent certificates or loading grain from station masters
    ("permanent_certificate" / "permanent_grain")."""
    total = 0
    for m in player.station_masters:
        reward = data.STATION_MASTER_BY_ID[m].reward
        if reward.kind == kind:
            total += reward.amount
    return total


def workers(player: Player, row: str) -> int:
    return player.worker_count(row)


# -- tracks ---------------------------------------------------------------------------
def gain_money(player: Player, n: int) -> None:
    player.money += n


def pay(player: Player, n: int) -> None:
    if n > player.money:
        raise AssertionError("paying more than the player has")
    player.money -= n


def gain_cert(player: Player, n: int) -> int:
    """Advance the certificate marker up to its limit; returns the steps taken."""
    before = player.certificates
    player.certificates = min(cert_limit(player), player.certificates + n)
    return player.certificates - before


def gain_grain(player: Player, n: int) -> int:
    before = player.grain
    player.grain = min(data.GRAIN_LIMIT, player.grain + n)
    return player.grain - before


# -- cards ----------------------------------------------------------------------------
def draw(state: GwtState, player: Player, n: int, ctx: Ctx) -> list[str]:
    """Draw ``n`` cards; the discard is shuffled into a new deck only when a draw needs
    it (rulebook p. 6). Fewer cards when the whole herd is in hand."""
    drawn = []
    for _card in range(n):
        if not player.deck:
            if not player.discard:
                break
            player.deck = player.discard
            player.discard = []
            state.rng.shuffle(player.deck)
        drawn.append(player.deck.pop(0))
    player.hand.extend(drawn)
    if drawn:
        ctx.reveals = True
        ctx.private(player.seat, _("You drew {cards}.",
                                   cards=joined([pieces.card_label(c) for c in drawn])))
    return drawn


def discard(player: Player, card: str) -> None:
    player.hand.remove(card)
    player.discard.append(card)


def remove_from_hand(state: GwtState, player: Player, card: str) -> None:
    """Remove a card from the herd: exhaustion cards go back on their pile (p. 18)."""
    player.hand.remove(card)
    if pieces.is_exhaustion(card):
        state.board.exhaustion.append(card)
    else:
        state.board.box_cards.append(card)


def take_exhaustion(state: GwtState, player: Player, n: int) -> int:
    taken = 0
    for _card in range(n):
        if not state.board.exhaustion:
            break
        player.discard.append(state.board.exhaustion.pop())
        taken += 1
    return taken


def hand_kinds(player: Player) -> dict[str, str]:
    """One card per distinct kind in hand: kind -> a card id (for discard options)."""
    kinds: dict[str, str] = {}
    for card in player.hand:
        kinds.setdefault(pieces.card_kind(card), card)
    return kinds


def cattle_in_hand(player: Player, breeds: set[str] | None = None) -> list[str]:
    out = []
    for card in player.hand:
        c = pieces.cattle(card)
        if c is not None and (breeds is None or c.breed in breeds):
            out.append(card)
    return out


def breed_of(card: str) -> str | None:
    c = pieces.cattle(card)
    return c.breed if c else None


def breeding_total(player: Player) -> int:
    """Sum of the breeding values of the different breeds in hand (rulebook p. 9)."""
    values: dict[str, int] = {}
    for card in player.hand:
        c = pieces.cattle(card)
        if c is not None:
            values[c.breed] = c.value
    return sum(values.values())


# -- auxiliary actions (rulebook p. 18) ------------------------------------------------
def aux_level(player: Player, aux: str) -> int:
    """0 locked, 1 single, 2 double. The +pesos and draw actions are open from the start
    and double once their one slot is cleared; the others open with one of their two
    slots cleared and double with both."""
    if aux in data.AUX_ALWAYS_OPEN:
        return 2 if data.AUX_DOUBLE_SLOT[aux] not in player.slots else 1
    slots = data.AUX_ACTIONS[aux][0]
    return sum(1 for s in slots if s not in player.slots)
