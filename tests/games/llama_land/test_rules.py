"""Set-up, characters, feeding, the end of the game, scoring and the variants."""

from __future__ import annotations

from collections import Counter

import pytest

from games.llama_land import GAME
from games.llama_land.data import CHARACTERS
from games.llama_land.scoring import scores, winners
from games.llama_land.state import LlamaCard, LlamaLandOptions
from tests.games.llama_land.helpers import (
    first_place,
    give,
    keys,
    play,
    started,
    tile_on_top,
    with_estate,
)

FLAT = "1- 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-"


# -- set-up ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seats, cards", [(2, 6), (3, 8), (4, 11)])
def test_setup(seats, cards):
    """« nombre de joueurs 2 3 4 / cartes à piocher 6 8 11 » ; « Triez les cartes Lama
    piochées ... avec la valeur la plus élevée en haut » ; « Piochez les 5 premières
    cartes » ; « 3 cartes Objectif violettes et 4 cartes Objectif bleues » ; « il reçoit
    le bâton de berger et 0 pièces. Les autres joueurs ... 1, 2 et 3 pièces »."""
    state = GAME.setup(seats, LlamaLandOptions(), 7)
    for crop, column in state.llama_columns.items():
        assert len(column) == cards and column == sorted(column, reverse=True)
        assert Counter(column + state.llama_box[crop]) == Counter(v for v in range(5, 13) for _ in range(2))
    assert len(state.character_row) == 5 and len(state.character_deck) == 25
    assert Counter(state.character_row + state.character_deck) == Counter(CHARACTERS)
    colours = Counter(o.colour for o in state.objectives)
    assert colours == {"purple": 3, "blue": 4}
    coins = [state.players[(state.first + i) % seats].coins for i in range(seats)]
    assert coins == [0, 1, 2, 3][:seats]
    assert all(len(pile) == 12 for pile in state.piles.values())
    assert len({p.board for p in state.players}) == seats
    assert state.phase == "side" and state.current == state.first


def test_side_choice_then_first_turn():
    """« Prenez chacun un plateau de départ au hasard et placez-le devant vous, du côté de
    votre choix. »"""
    state = GAME.setup(2, LlamaLandOptions(), 3)
    assert keys(state) == ["side:A", "side:B"]
    state = play(state, "side:B", "side:A")
    assert state.phase == "tile" and state.current == state.first
    assert [p.side for p in state.players][state.first] == "B"
    for p in state.players:
        assert sorted(Counter(c.top for c in p.estate.cells.values()).items()) == sorted(
            {"-": 7, "c": 2, "k": 2, "p": 2, "$": 2, "h": 1}.items())


def test_variant_options():
    """``variant=experts`` or the bare word as the platform passes it (a true flag)."""
    assert GAME.parse_options({"variant": "experts"}).variant == "experts"
    assert GAME.parse_options({"experts": True}).variant == "experts"
    assert GAME.parse_options({"experts": True, "llamas": True}).variant == "experts+llamas"
    assert GAME.parse_options({"variant": "Experts Llamas"}).variant == "experts+llamas"
    assert GAME.parse_options({"beginners": True}).variant == "beginners"
    assert GAME.parse_options(None).variant == "standard"
    with pytest.raises(ValueError):
        GAME.parse_options({"variant": "castles"})
    with pytest.raises(ValueError):
        GAME.parse_options({"beginners": True, "experts": True})


def test_experts_use_gold_and_beginners_none():
    """« utilisez les cartes Objectif dorées au lieu des violettes » ; « la partie se joue
    sans les cartes Objectif ni les marqueurs »."""
    experts = GAME.setup(3, GAME.parse_options({"variant": "experts"}), 1)
    assert Counter(o.colour for o in experts.objectives) == {"gold": 3, "blue": 4}
    assert GAME.setup(3, GAME.parse_options({"variant": "beginners"}), 1).objectives == []


def test_beginners_extend_then_nothing_else():
    """« Lorsque vous étendez votre domaine, vous ne pouvez rien faire d'autre, hormis
    utiliser vos cartes Personnage »"""
    state = started(3, "beginners")
    seat = state.current
    state = play(state, "pile:P", "extend")
    state = play(state, first_place(state))
    assert state.current != seat  # no marker step, nothing to feed: the turn passed


def test_gold_marker_goes_to_the_highest_free_space():
    """« Lorsque vous placez un marqueur sur un objectif doré, placez-le sur la case
    disponible la plus haute. »"""
    state = started(3, "experts")
    gold = next(i for i, o in enumerate(state.objectives) if o.colour == "gold")
    state.objectives[gold].markers[0] = (state.current + 1) % 3
    state = play(state, "pile:P", "extend")
    state = play(state, first_place(state))
    assert [k for k in keys(state) if k.startswith(f"mark:s:{gold}:")] == [f"mark:s:{gold}:1"]


def test_marker_moves_between_cards():
    """« Ce marqueur peut provenir, soit de votre réserve personnelle, soit d'une carte
    Objectif où vous l'aviez placé au préalable ... Vous ne pouvez avoir qu'un seul de vos
    marqueurs par carte Objectif. »"""
    state = started(3)
    me = state.current
    state.objectives[0].markers[2] = me
    state.players[me].markers_left = 0
    state = play(state, "pile:P", "extend")
    state = play(state, first_place(state))
    moves = [k for k in keys(state) if k.startswith("mark:")]
    assert "mark:0:0:0" in moves and "mark:0:1:0" in moves  # up on its card, or to another
    assert not any(k.startswith("mark:s:") for k in moves)
    state = play(state, "mark:0:3:1")
    assert state.objectives[0].markers == [None, None, None]
    assert state.objectives[3].markers[1] == me


# -- characters --------------------------------------------------------------------------------
def test_merchant_and_trader_usable_in_the_turn_taken_once_each():
    """« Excepté les Négociants et les Marchands, qui eux, peuvent être utilisés au cours du
    tour où vous les obtenez. » ; « Chaque carte Personnage ne peut être utilisée qu'une
    seule fois par tour ... plusieurs fois ... si vous possédez plusieurs copies »."""
    state = started(3)
    give(state, crops={"corn": 2}, coins=3, characters=["merchant:corn", "merchant:corn", "trader:corn-cacao"],
         taken=state.turn)
    options = keys(state)
    assert "use:merchant:corn:coin" in options and "use:merchant:corn:corn" in options
    assert "use:trader:corn-cacao:corn" in options
    assert "use:trader:corn-cacao:cacao" not in options  # no cacao to give
    state = play(state, "use:merchant:corn:coin")
    assert state.player().crops["corn"] == 3 and state.player().coins == 2
    state = play(state, "use:merchant:corn:coin")  # the second copy
    assert "use:merchant:corn:coin" not in keys(state)
    state = play(state, "use:trader:corn-cacao:corn")
    assert state.player().crops == {"corn": 3, "cacao": 1, "potato": 0}
    assert not any(k.startswith("use:") for k in keys(state))
    assert state.phase == "tile"


def test_settler_miner_worker_bonuses():
    """« Colon : si vous recouvrez au moins 1 icône maïs, 1 icône cacao et 1 icône pomme de
    terre en construisant, prenez en plus 2 pièces » ; « Mineur : ... au moins 1 icône
    pièce ... 1 pièce supplémentaire » ; « Ouvrier : ... au moins 1 icône Hutte ... 1
    pièce »."""
    state = with_estate(started(3), "1c 1k 1- 1-\n1p 1$ 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-")
    give(state, coins=0, characters=["settler", "miner", "worker"], taken=state.turn - 1)
    tile_on_top(state, "P")
    seat = state.current
    state = play(state, "pile:P", "build", "b:0:r1c1")
    assert state.players[seat].coins == 1 + 2 + 1  # icon, settler, miner; no hut: no worker


def test_settler_takes_the_last_coin():
    """« S'il ne reste qu'une seule pièce dans la réserve, vous n'obtenez que cette dernière. »"""
    state = with_estate(started(3), "1c 1k 1- 1-\n1p 1- 1- 1-\n1- 1- 1- 1-\n1- 1- 1- 1-")
    give(state, coins=0, characters=["settler"], taken=state.turn - 1)
    other = state.players[(state.current + 1) % 3]
    other.coins += state.supply_coins - 1
    state.supply_coins = 1
    tile_on_top(state, "P")
    seat = state.current
    state = play(state, "pile:P", "build", "b:0:r1c1")
    assert state.players[seat].coins == 1 and state.supply_coins == 0


# -- feeding -----------------------------------------------------------------------------------
def test_feeding_is_compulsory_at_ten_crops():
    """« Si vous avez 10 jetons Culture ou plus dans votre collection, vous devez nourrir un
    lama. »"""
    for corn, compulsory in ((4, False), (10, True)):
        state = started(3)
        give(state, crops={"corn": corn})
        state = play(state, "pile:P", "extend")
        state = play(state, first_place(state))
        if state.phase == "marker":
            state = play(state, "mark:skip")
        assert state.phase == "feed"
        assert ("end" not in keys(state)) == compulsory
        assert "feed:corn:0" in keys(state)


def test_feeding_takes_the_highest_card_once_per_turn():
    """« prenez ... la carte Lama avec le chiffre le plus élevé correspondant au type de
    culture renvoyé » ; « nourrir exactement 1 lama »."""
    state = started(3)
    give(state, crops={"potato": 8})
    top = state.llama_columns["potato"][0]
    state = play(state, "pile:P", "extend")
    state = play(state, first_place(state))
    if state.phase == "marker":
        state = play(state, "mark:skip")
    seat = state.current
    state = play(state, "feed:potato:0")
    state = play(state, keys(state)[0])  # the llama's cell
    assert state.players[seat].llama_cards == [LlamaCard(crop="potato", points=top)]
    assert state.current != seat  # no second feeding: the turn is over


# -- the end and the scores --------------------------------------------------------------------
def test_end_completes_the_round():
    """« La partie continue jusqu'à ce que tous les joueurs aient effectué le même nombre
    de tours. Si la fin de la partie est déclenchée par le joueur à droite du premier
    joueur ..., la partie se termine immédiatement. »"""
    for trigger_offset in (0, 2):  # the first player, or the one on their right (3 players)
        state = started(3)
        while (state.current - state.first) % 3 != trigger_offset:
            state = play(state, "pile:P", "extend", first_place(play(state, "pile:P", "extend")))
            if state.phase == "marker":
                state = play(state, "mark:skip")
            if state.phase == "feed":
                state = play(state, "end")
        # leave 5 tiles: the turn takes one, 4 are left when it ends
        for shape in "LTZY":
            state.piles[shape] = []
        state.piles["P"] = state.piles["P"][:5]
        turns = [p.turns for p in state.players]
        while not state.finished:
            state = play(state, "pile:P", "extend")
            state = play(state, first_place(state))
            for _ in range(2):
                if state.phase == "marker":
                    state = play(state, "mark:skip")
                if state.phase == "feed":
                    state = play(state, "end")
        assert state.end_triggered
        played = [p.turns - t for p, t in zip(state.players, turns, strict=True)]
        assert len({p.turns for p in state.players}) == 1
        assert sum(played) == (3 if trigger_offset == 0 else 1)


def test_scoring_and_ties():
    """« Chaque carte Lama rapporte ... Chaque jeton Culture ... 1 point ... Chaque paire de
    2 pièces ... 1 point ... S'il y a égalité, c'est le joueur dont les cartes Lama
    génèrent le plus de points qui l'emporte. S'il y a encore égalité, les vainqueurs
    partagent la victoire. »"""
    state = started(3)
    for player in state.players:
        player.crops = {"corn": 0, "cacao": 0, "potato": 0}
        player.coins = 0
    a, b, c = state.players
    a.llama_cards = [LlamaCard(crop="corn", points=12)]
    a.coins = 5  # 2 points
    b.llama_cards = [LlamaCard(crop="corn", points=9)]
    b.crops["potato"] = 5
    c.llama_cards = [LlamaCard(crop="cacao", points=14 - 2)]
    c.crops["corn"] = 2
    table = scores(state)
    assert table[0] == {"llamas": 12, "crops": 0, "coins": 2, "objectives": 0, "total": 14}
    assert table[1]["total"] == 14 and table[2]["total"] == 14
    assert winners(state) == [0, 2]  # 12 llama points each beat 9


def test_objective_points_only_when_met():
    """« Chacun de vos marqueurs sur les cartes Objectif rapporte le nombre de points de
    victoire indiqué par la case occupée, si vous remplissez la condition »"""
    state = started(3)
    state.objectives = [o for o in state.objectives if o.colour == "purple"][:1]
    card = state.objectives[0]
    card.name, card.points = "wealth", [8, 6, 4]
    card.markers = [0, 1, None]
    state.players[0].coins, state.players[1].coins = 5, 4
    table = scores(state)
    assert table[0]["objectives"] == 8 and table[1]["objectives"] == 0


def test_gold_ranking_ties_to_the_marker_nearest_the_top():
    """« classez les joueurs qui ont un marqueur sur la carte ... S'il y a égalité, le joueur
    dont le marqueur est le plus proche du sommet l'emporte. »"""
    state = started(3, "experts")
    card = next(o for o in state.objectives if o.colour == "gold")
    state.objectives = [card]
    card.name, card.points = "wealth", [8, 5, 2]
    card.markers = [2, 0, 1]
    state.players[0].coins, state.players[1].coins, state.players[2].coins = 4, 7, 4
    points = {s: sc["objectives"] for s, sc in scores(state).items()}
    assert points == {1: 8, 2: 5, 0: 2}


def test_marker_moves_up_its_own_card():
    """A marker may go to a better space freed on its own card (« une case vide de la
    carte Objectif de votre choix »)."""
    state = started(3)
    me = state.current
    state.objectives[0].markers[2] = me
    state = play(state, "pile:P", "extend")
    state = play(state, first_place(state), "mark:0:0:0")
    assert state.objectives[0].markers == [me, None, None]
    assert state.players[me].markers_left == 4
