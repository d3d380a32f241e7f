"""A Merchant or Trader taken with a hut acts before the last icons are collected.

« Après avoir construit votre domaine, vous bénéficiez des effets de chaque icône recouverte
par la tuile que vous venez de placer, dans l'ordre que vous voulez. » (p. 4); « Vous pouvez
utiliser autant de personnages que vous voulez, à tout moment de votre tour » and « Excepté
les Négociants et les Marchands, qui eux, peuvent être utilisés au cours du tour où vous les
obtenez. » (p. 6)
"""

from __future__ import annotations

import pytest

from tests.games.llama_land.helpers import give, keys, play, started, tile_on_top, with_estate

#: A P tile built at r1c1 covers r1c1, r1c2, r2c1, r2c2 and r3c1: here a corn and a hut.
CORN_AND_HUT = "1c 1h 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-"


def corn_supply_empty(character: str, *, corn: int = 1, coins: int = 0, cacao: int = 0):
    """The current player holds ``corn`` corn and ``coins`` coins, the corn supply is empty,
    ``character`` lies in the face-up row, and a P tile is ready to build over a corn and a
    hut."""
    state = with_estate(started(), CORN_AND_HUT)
    give(state, crops={"corn": corn, "cacao": cacao}, coins=coins)
    other = state.players[(state.current + 1) % state.seats]
    other.crops["corn"] += state.supply_crops["corn"]
    state.supply_crops["corn"] = 0
    if character not in state.character_row:
        state.character_deck.remove(character)
        state.character_deck.insert(0, state.character_row.pop())
        state.character_row.append(character)
    tile_on_top(state, "P")
    return state


def test_a_merchant_taken_with_the_hut_sells_the_corn_before_the_corn_icon():
    """The issue's case: with the corn supply empty, 1 corn and 0 coins, build over a corn
    and a hut, take a Merchant (corn) with the hut, sell the corn for a coin — the corn is
    back in the supply — then collect the corn icon: 1 corn and 1 coin."""
    state = corn_supply_empty("merchant:corn")
    seat = state.current
    state = play(state, "pile:P", "build", "b:0:r1c1")
    assert state.phase == "effects", "the order matters: the hut may bring a character"
    state = play(state, "effect:h", "hut:merchant:corn")
    assert state.phase == "effects", "the merchant can act before the last icon"
    assert {"effect:c", "use:merchant:corn:corn"} <= set(keys(state))
    state = play(state, "use:merchant:corn:corn")
    player = state.players[seat]
    assert (player.crops["corn"], player.coins) == (1, 1)
    assert state.supply_crops["corn"] == 0 and state.effects == []


def test_a_trader_taken_with_the_hut_trades_the_corn_before_the_corn_icon():
    """The same with a Trader (corn ↔ cacao), « renvoyez à la réserve 1 des jetons Culture
    illustrés pour obtenir l'autre jeton Culture depuis la réserve »: 1 corn and 1 cacao."""
    state = corn_supply_empty("trader:corn-cacao")
    seat = state.current
    state = play(state, "pile:P", "build", "b:0:r1c1", "effect:h", "hut:trader:corn-cacao")
    assert state.phase == "effects"
    state = play(state, "use:trader:corn-cacao:corn")
    player = state.players[seat]
    assert (player.crops["corn"], player.crops["cacao"]) == (1, 1)


@pytest.mark.parametrize("character", ["merchant:cacao", "trader:cacao-potato"])
def test_no_question_when_the_character_cannot_touch_the_short_supply(character):
    """A character that trades neither corn nor coins for corn cannot change what the corn
    icon gives: after the hut the last icon is collected at once."""
    state = corn_supply_empty(character, cacao=1)
    state = play(state, "pile:P", "build", "b:0:r1c1", "effect:h", f"hut:{character}")
    assert state.phase != "effects" and state.effects == []


def test_no_question_when_nothing_is_short():
    """With corn in the supply the order cannot matter: everything is collected at once (the
    hut still asks which character)."""
    state = with_estate(started(), CORN_AND_HUT)
    tile_on_top(state, "P")
    state = play(state, "pile:P", "build", "b:0:r1c1")
    assert state.phase == "hut"
