"""The worked examples printed in the rulebook, each quoted."""

from __future__ import annotations

from games.llama_land import GAME, dump_estate
from games.llama_land.turn import feed_choices
from tests.games.llama_land.helpers import (
    first_place,
    give,
    keys,
    play,
    started,
    tile_on_top,
    with_estate,
)


def test_marker_example_three_players_and_two():
    """« Exemple : dommage, votre adversaire est arrivé en premier et s'est placé sur la
    case du haut. À 3 ou 4 joueurs, vous pouvez vous placer sur la case valant 9 points
    de victoire. Dans une partie à 2 joueurs, vous ne pouvez vous placer que sur la case
    valant 6 points. »"""
    for seats, allowed in ((3, [9, 6]), (2, [6])):
        state = started(seats)
        card = next(i for i, o in enumerate(state.objectives) if o.points[1:] == [9, 6])
        opponent = (state.current + 1) % seats
        state.objectives[card].markers[0] = opponent
        tile_on_top(state, "P")
        state = play(state, "pile:P", "extend")
        state = play(state, first_place(state))  # any extension
        assert state.phase == "marker"
        spaces = [int(k.split(":")[3]) for k in keys(state) if k.startswith(f"mark:s:{card}:")]
        assert [state.objectives[card].points[s] for s in spaces] == allowed
        after = play(state, f"mark:s:{card}:2")
        assert after.objectives[card].markers == [opponent, None, state.current]
        assert after.players[state.current].markers_left == 3


def test_feeding_example_two_cacao_and_four_coins():
    """« Exemple : vous décidez de payer 2 cacao et 4 pièces pour obtenir la carte Cacao
    valant 10 points de victoire, amenant ainsi la valeur du cacao à 8 points de
    victoire. »"""
    state = started(3)
    state.llama_columns["cacao"] = [10, 8, 7, 7, 6, 6, 5, 5]
    give(state, crops={"cacao": 2}, coins=4)
    supply_cacao, supply_coins = state.supply_crops["cacao"], state.supply_coins
    tile_on_top(state, "P")
    state = play(state, "pile:P", "extend")
    state = play(state, first_place(state))
    if state.phase == "marker":
        state = play(state, "mark:skip")
    assert "feed:cacao:2" in keys(state)  # 2 cacao + 2 × 2 coins
    assert "feed:cacao:1" not in keys(state)  # 3 cacao: only 2
    seat = state.current
    state = play(state, "feed:cacao:2")
    player = state.players[seat]
    assert [(c.crop, c.points) for c in player.llama_cards] == [("cacao", 10)]
    assert state.llama_columns["cacao"][0] == 8
    assert player.crops["cacao"] == 0 and player.coins == 0
    assert state.supply_crops["cacao"] == supply_cacao + 2
    assert state.supply_coins == supply_coins + 4
    assert state.phase == "llama"


def test_llama_example_any_empty_cell_without_icon():
    """« Exemple : vous décidez de placer le lama sur une tuile Terrain que vous venez de
    construire. Vous pouvez placer le lama sur n'importe quelle case vide et sans icône
    de votre domaine. Vous n'êtes pas obligé de le placer sur la dernière tuile
    acquise. » — and in the llamas variant: « vous devez le placer sur une case vide de
    la tuile que vous venez de placer à ce tour »."""
    estate = "1c 1k 1p 1$\n1$ 1p 1- 1L\n1k 1c 1$ 1h\n1c 1k 1p 1-"
    new_tile = {"r2c1", "r3c1"}  # the grass cells of the P tile "kp-k-" built at r1c1
    elsewhere = {"r2c3", "r4c4"}  # grass on the start board; r2c4 holds a llama
    for variant, expected in (("standard", new_tile | elsewhere), ("llamas", new_tile)):
        state = with_estate(started(3, variant), estate)
        give(state, crops={"corn": 3})
        tile_on_top(state, "P", "kp-k-")
        seat = state.current
        state = play(state, "pile:P", "build", "b:0:r1c1")
        assert dump_estate(state.players[seat].estate) == (
            "2k 2p 1p 1$\n2- 2k 1- 1L\n2- 1c 1$ 1h\n1c 1k 1p 1-")
        assert state.players[seat].crops == {"corn": 4, "cacao": 2, "potato": 1}
        state = play(state, "feed:corn:0")
        assert {k.removeprefix("llama:") for k in keys(state)} == expected
        state = play(state, "llama:r4c4" if variant == "standard" else "llama:r3c1")
        llamas = state.players[seat].estate.llamas()
        assert len(llamas) == 2 and state.supply_llamas == 32  # one was in the text


def test_turn_example_corn_farmer():
    """« Exemple de tour : vous construisez une tuile par-dessus deux icônes de maïs et une
    icône de pièce. Grâce au Fermier de maïs que vous avez obtenu au tour précédent,
    vous obtenez 3 maïs et 1 pièce depuis la réserve. Plus qu'un maïs (ou une pièce) à
    récolter et vous pourrez nourrir votre premier lama ! »"""
    state = with_estate(started(3), "1c 1c 1- 1-\n1$ 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-")
    give(state, coins=0, characters=["farmer:corn"], taken=state.turn - 1)  # the turn before
    tile_on_top(state, "P")
    seat = state.current
    state = play(state, "pile:P", "build", "b:0:r1c1")  # covers r1c1 r1c2 r2c1 r2c2 r3c1
    player = state.players[seat]
    assert player.crops == {"corn": 3, "cacao": 0, "potato": 0}
    assert player.coins == 1
    # not yet a llama with 3 corn and 1 coin: the turn ended without a feeding step
    assert state.current != seat
    # one more corn, or one more coin, would have fed one
    for extra in ({"crops": {"corn": 4}}, {"coins": 2}):
        other = state.clone()
        other.current = seat
        give(other, **extra)
        assert feed_choices(other), extra


def test_farmer_taken_this_turn_gives_nothing():
    """« les cartes Personnage qui octroient un bénéfice lorsque vous recouvrez certaines
    icônes ne s'activent pas durant le tour où vous les obtenez »"""
    state = with_estate(started(3), "1c 1c 1- 1-\n1$ 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-")
    give(state, coins=0, characters=["farmer:corn"], taken=state.turn)
    tile_on_top(state, "P")
    seat = state.current
    state = play(state, "pile:P", "build", "b:0:r1c1")
    assert state.players[seat].crops["corn"] == 2
    assert GAME.pending(state) is not None
