"""Extending and building (« Placer une tuile Terrain »), foundations and icons."""

from __future__ import annotations

from games.llama_land import GAME, dump_estate
from games.llama_land.placement import build_placements, extend_placements, oriented
from tests.games.llama_land.helpers import give, keys, play, started, tile_on_top, with_estate

FLAT = "1- 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-"


def test_orientations_turn_and_flip():
    """« Vous pouvez pivoter et retourner votre nouvelle tuile à votre gré. »"""
    shapes = {frozenset(oriented("P", o)) for o in range(8)}
    assert len(shapes) == 8  # the P pentomino has 8 distinct orientations
    assert len({frozenset(oriented("T", o)) for o in range(8)}) == 4


def test_extend_touches_the_estate_on_free_ground():
    """« Au moins une des cases de la nouvelle tuile doit être orthogonalement adjacente à
    une case de votre domaine actuel. »"""
    state = with_estate(started(), FLAT)
    tile = tile_on_top(state, "P")
    places = extend_placements(state.player(), tile)
    estate = state.player().estate
    assert places
    for place in places:
        assert not any(p in estate for p in place.cells)
        assert any(estate.touches(p) for p in place.cells)
    # a diagonal touch only is not enough: the P tile with its corner at r5c5 (below-right)
    assert all(place.anchor != (5, 5) for place in places)


def test_build_rules():
    """« Vous ne pouvez pas placer une tuile sur un lama ou un espace vide. » and « Une tuile
    ne peut pas recouvrir complètement une tuile de forme identique. »"""
    state = with_estate(started(), "1- 1- 1- 1-\n1- 1L 1- 1-\n1- 1- 1- .\n1- 1- 1- 1-")
    tile = tile_on_top(state, "P")
    cells = {frozenset(p.cells) for p in build_placements(state.player(), tile)}
    assert all((2, 2) not in c and (3, 4) not in c for c in cells)
    assert frozenset({(1, 3), (1, 4), (2, 3), (2, 4), (3, 3)}) in cells
    # build a P there, then no P may lie exactly on it again; a T may cover part of it
    state = play(state, "pile:P", "build", "b:0:r1c3")
    nxt = state.clone()
    nxt.current = (state.current - 1) % state.seats  # the same player again
    nxt.phase = "tile"
    player = nxt.player()
    again = {frozenset(p.cells) for p in build_placements(player, tile_on_top(nxt, "P"))}
    first = frozenset({(1, 3), (1, 4), (2, 3), (2, 4), (3, 3)})
    assert first not in again
    assert any(len(cells & first) == 4 for cells in again)  # partly covering it is fine


def test_foundations_fill_gaps_and_hide_icons():
    """« Avant de construire, vous pouvez décider de placer autant de tuiles Fondations que
    vous le désirez ... tant que la nouvelle tuile Terrain recouvre complètement toutes les
    fondations placées à ce tour. » / « les icônes recouvertes par une tuile Fondations ne
    vous octroient aucun bénéfice. » / « La hauteur de votre domaine est illimitée. »"""
    state = with_estate(started(), "3- 3- 1- 1-\n3- 2c 1- 1-\n1p 1- 1- 1-\n1- 1- 1- 1-")
    give(state, crops={"corn": 0, "potato": 0})
    tile_on_top(state, "P", "--cpk")
    seat = state.current
    # P at r1c1: r1c1 r1c2 r2c1 (level 3), r2c2 (level 2 + 1 foundation), r3c1 (1 + 2)
    assert "b:0:r1c1" in keys(play(state, "pile:P", "build"))
    label = next(o.label for o in GAME.pending(play(state, "pile:P", "build")).options if o.key == "b:0:r1c1")
    assert label == "r1c1–r3c2 ↻0 · nothing · 3 foundations"
    state = play(state, "pile:P", "build", "b:0:r1c1")
    player = state.players[seat]
    assert player.foundations_left == 0
    assert player.foundations == {"r2c2": 1, "r3c1": 2}
    assert player.crops["corn"] == 0 and player.crops["potato"] == 0  # hidden, no gain
    assert dump_estate(player.estate).split("\n")[:3] == ["4- 4- 1- 1-", "4c 4p 1- 1-", "4k 1- 1- 1-"]


def test_foundations_are_limited_to_three():
    """« Prenez également 3 tuiles Fondations » — four would be needed here."""
    state = with_estate(started(), "3- 3- 1- 1-\n3- 1c 1- 1-\n1p 1- 1- 1-\n1- 1- 1- 1-")
    tile = tile_on_top(state, "P")
    assert all(p.anchor != (1, 1) or p.orientation != 0 for p in build_placements(state.player(), tile))


def test_covered_icons_pay_out():
    """« Après avoir construit votre domaine, vous bénéficiez des effets de chaque icône
    recouverte par la tuile que vous venez de placer » — corn, cacao, potato, coin."""
    state = with_estate(started(), "1c 1k 1- 1-\n1p 1$ 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-")
    give(state, coins=0)
    tile_on_top(state, "P")
    seat = state.current
    state = play(state, "pile:P", "build", "b:0:r1c1")
    player = state.players[seat]
    assert player.crops == {"corn": 1, "cacao": 1, "potato": 1}
    assert player.coins == 1


def test_empty_supply_gives_nothing():
    """« S'il n'y en a plus dans la réserve, il ne se passe rien. »"""
    state = with_estate(started(), "1c 1c 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-")
    other = (state.current + 1) % state.seats
    state.players[other].crops["corn"] += state.supply_crops["corn"] - 1
    state.supply_crops["corn"] = 1
    tile_on_top(state, "P")
    seat = state.current
    state = play(state, "pile:P", "build", "b:0:r1c1")
    assert state.players[seat].crops["corn"] == 1 and state.supply_crops["corn"] == 0


def test_hut_takes_a_character_and_refills_the_row():
    """« prenez 1 carte Personnage, soit parmi celles de la rangée face visible, soit au
    sommet de la pioche ... Si vous prenez un personnage de la rangée, remplacez-le par
    la première carte de la pioche »"""
    state = with_estate(started(), "1h 1h 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-")
    tile_on_top(state, "P")
    seat = state.current
    row, deck = list(state.character_row), list(state.character_deck)
    state = play(state, "pile:P", "build", "b:0:r1c1")
    assert state.phase == "hut"
    state = play(state, f"hut:{row[2]}")
    assert state.character_row == row[:2] + row[3:] + [deck[0]]
    assert state.phase == "hut"  # the second hut, one at a time
    state = play(state, "hut:deck")
    assert state.character_deck == deck[2:]
    assert [c.card for c in state.players[seat].characters] == [row[2], deck[1]]


def test_effects_in_the_order_the_player_chooses_when_it_matters():
    """« vous bénéficiez des effets de chaque icône recouverte ... dans l'ordre que vous
    voulez » — with the corn supply empty, trading a corn away first refills it."""
    state = with_estate(started(), "1c 1k 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-")
    give(state, crops={"corn": 1}, characters=["trader:corn-cacao"], taken=state.turn - 1)
    other = state.players[(state.current + 1) % state.seats]
    other.crops["corn"] += state.supply_crops["corn"]
    state.supply_crops["corn"] = 0
    tile_on_top(state, "P")
    seat = state.current
    state = play(state, "pile:P", "build", "b:0:r1c1")
    assert state.phase == "effects"
    assert {"effect:all", "effect:c", "effect:k", "use:trader:corn-cacao:corn"} <= set(keys(state))
    state = play(state, "use:trader:corn-cacao:corn")
    # the corn is back in the supply: nothing is short any more, both are collected
    assert state.players[seat].crops == {"corn": 1, "cacao": 2, "potato": 0}
    assert state.supply_crops["corn"] == 0


def test_effects_collected_at_once_when_the_order_cannot_matter():
    state = with_estate(started(), "1c 1k 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-")
    give(state, characters=["trader:corn-cacao"], taken=state.turn - 1)
    tile_on_top(state, "P")
    state = play(state, "pile:P", "build", "b:0:r1c1")
    assert state.phase != "effects"


def test_many_places_ask_for_the_turn_then_the_side_for_phones():
    """A tap per choice: « Vous pouvez tourner et/ou retourner la tuile » — a
    tile of more than 24 places is turned first (one option per rotation/flip, with the
    number of places each), then, when one rotation still has more than 24, put on a side
    of the estate (top, left, right, bottom; a long side in parts), then placed; every
    step has at most 25 options and "Back" to the step before, down to the pile."""
    from games.base import check_decision

    rotations = {"↻0", "↻90", "↻180", "↻270", "↻0 flipped", "↻90 flipped", "↻180 flipped",
                 "↻270 flipped"}
    state = with_estate(started(), FLAT)
    tile_on_top(state, "P")
    state = play(state, "pile:P", "extend")
    assert state.phase == "orient"
    decision = GAME.pending(state)
    check_decision(decision)
    assert [o.key for o in decision.options][-1] == "back"
    assert {o.label.split(" (")[0] for o in decision.options[:-1]} == rotations
    turned = play(state, "orient:0")
    decision = GAME.pending(turned)
    check_decision(decision)
    assert turned.phase == "place" and len(decision.options) <= 25
    assert all(o.key.startswith("x:0:") for o in decision.options[:-1])
    place = decision.options[0]
    assert len(place.at.split()) == 5 and all(c.startswith("r") for c in place.at.split())
    # Back: to the rotations, then to extend or build / the piles
    assert play(turned, "back").phase == "orient"
    assert GAME.pending(play(turned, "back")) == GAME.pending(state)
    before = play(state, "back")
    assert before.phase in ("mode", "tile") and before.orientation is None
    # a long estate: a rotation of too many places is put on a side first
    long = with_estate(started(), " ".join(["1-"] * 40))
    tile_on_top(long, "P")
    long = play(long, "pile:P", "extend")
    assert long.phase == "orient"
    assert len(keys(long)) == 9  # the 8 orientations and "Back"
    long = play(long, "orient:5")
    assert long.phase == "area"
    decision = GAME.pending(long)
    check_decision(decision)
    sides = [o for o in decision.options if o.key.startswith("area:")]
    assert decision.options[-1].key == "back" and len(sides) == len(decision.options) - 1
    every = []
    for side in sides:
        assert side.label.split(" (")[0].split(",")[0] in (
            "Top side", "Left side", "Right side", "Bottom side")
        inside = play(long, side.key)
        decision = GAME.pending(inside)
        check_decision(decision)
        assert len(decision.options) <= 25 and decision.options[-1].key == "back"
        assert all(o.key.startswith("x:5:") for o in decision.options[:-1])
        every += [o.key for o in decision.options[:-1]]
        assert play(inside, "back").phase == "area"
    from games.llama_land.turn import placements
    assert sorted(every) == sorted(p.key() for p in placements(long, "extend")
                                   if p.orientation == 5)
    assert play(long, "back").phase == "orient"
