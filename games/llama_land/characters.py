"""Character cards ("Actions des cartes Personnage", p. 6).

Traders and merchants are actions the owner takes at any moment of their turn, also in
the turn they were taken. Settlers, miners, farmers and workers pay a bonus when their
owner builds over the right icons, not in the turn they were taken. Every card acts at
most once per turn; "vous ne bénéficiez pas des effets d'un personnage si la réserve
arrive à court" — a swap whose gain the supply cannot give is not offered.
"""

from __future__ import annotations

from collections import Counter

from games.i18n import N_, _
from games.llama_land import data
from games.llama_land.names import amount, kind_title
from games.llama_land.state import LlamaLandState

CHARACTERS = N_("Characters")


def kind_of(card: str) -> str:
    return card.partition(":")[0]


def crops_of(card: str) -> list[str]:
    rest = card.partition(":")[2]
    return rest.split("-") if rest else []


def usable_index(state: LlamaLandState, card: str) -> int | None:
    """The first copy of ``card`` the current player has not used this turn."""
    for i, ch in enumerate(state.player().characters):
        if ch.card == card and i not in state.used:
            return i
    return None


def swaps(state: LlamaLandState) -> list[tuple[str, str, str]]:
    """(card, what is returned, what is gained) for each action possible now: one per
    kind of swap, whichever copy of a card is used."""
    player = state.player()
    found: dict[tuple[str, str, str], None] = {}
    for i, ch in enumerate(player.characters):
        if i in state.used:
            continue
        kind, crops = kind_of(ch.card), crops_of(ch.card)
        if kind == data.TRADER:
            a, b = crops
            for give, get in ((a, b), (b, a)):
                if player.crops[give] >= 1 and state.supply_crops[get] >= 1:
                    found[(ch.card, give, get)] = None
        elif kind == data.MERCHANT:
            (crop,) = crops
            if player.coins >= 1 and state.supply_crops[crop] >= 1:
                found[(ch.card, "coin", crop)] = None
            if player.crops[crop] >= 1 and state.supply_coins >= 1:
                found[(ch.card, crop, "coin")] = None
    return list(found)


def swap_choices(state: LlamaLandState) -> list[tuple[str, str, str]]:
    """(key, label, group) of each character action possible now."""
    choices = []
    for card, give, get in swaps(state):
        title = kind_title(kind_of(card))
        choices.append((f"use:{card}:{give}", f"{title}: {amount(1, give)} → {amount(1, get)}",
                        _(CHARACTERS)))
    return choices


def apply_swap(state: LlamaLandState, key: str, who: str) -> str:
    """Apply a ``use:<card>:<given>`` option; return what ``who`` did, for the event."""
    card, _sep, give = key.removeprefix("use:").rpartition(":")
    found = [get for c, g, get in swaps(state) if c == card and g == give]
    if not found:
        raise ValueError(f"no such character action {key!r}")
    get = found[0]
    player = state.player()
    index = usable_index(state, card)
    assert index is not None
    state.used.append(index)
    if give == "coin":
        player.coins -= 1
        state.supply_coins += 1
    else:
        player.crops[give] -= 1
        state.supply_crops[give] += 1
    if get == "coin":
        player.coins += 1
        state.supply_coins -= 1
    else:
        player.crops[get] += 1
        state.supply_crops[get] -= 1
    return _("{who} uses a {character}: {give} → {get}.", who=who,
             character=kind_title(kind_of(card)).lower(), give=amount(1, give), get=amount(1, get))


def bonuses(state: LlamaLandState, paid: list[str]) -> list[str]:
    """The build bonuses due for the icons ``paid`` out: ``bonus:<character index>``.
    Cards taken this turn do not act; each card acts once."""
    icons = Counter(paid)
    due = []
    for i, ch in enumerate(state.player().characters):
        if ch.taken >= state.turn or i in state.used:
            continue
        kind, crops = kind_of(ch.card), crops_of(ch.card)
        if kind == data.SETTLER:
            ok = all(icons[data.CROP_LETTER[c]] >= 1 for c in data.CROPS)
        elif kind == data.MINER:
            ok = icons[data.COIN_ICON] >= 1
        elif kind == data.FARMER:
            ok = icons[data.CROP_LETTER[crops[0]]] >= 2  # "si vous recouvrez 2 fois l'icône"
        elif kind == data.WORKER:
            ok = icons[data.HUT] >= 1
        else:
            ok = False
        if ok:
            due.append(f"bonus:{i}")
    return due


def bonus_gain(card: str) -> tuple[str, int]:
    """What a build bonus gives: ("coin", n) or (crop, n)."""
    kind = kind_of(card)
    if kind == data.SETTLER:
        return "coin", 2  # "prenez en plus 2 pièces"
    if kind == data.FARMER:
        return crops_of(card)[0], 1
    return "coin", 1  # miner, worker
