"""Seeded random games from set-up to the end, at 2, 3 and 4 players in every variant:
the contract and the conservation of every component after every step."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from games.ai import choose_random
from games.base import check_decision
from games.llama_land import GAME, data
from games.llama_land.scoring import open_spaces
from games.llama_land.state import VARIANTS, LlamaLandState
from games.rng import Rng
from testkit.playout import playout, replay

CONFIGS = list(itertools.product((2, 3, 4), VARIANTS))


def keen(game, state, seat, rng):
    """A random player that rarely ends a turn without feeding or skips a marker."""
    options = [o.key for o in game.pending(state).options]
    forward = [k for k in options if k not in ("end", "mark:skip")]
    if forward and rng.randrange(6):
        return rng.choice(forward)
    return rng.choice(options)


def check_invariants(state: LlamaLandState) -> None:
    players = state.players
    # crops and coins: supply + collections
    for crop in data.CROPS:
        assert state.supply_crops[crop] + sum(p.crops[crop] for p in players) == data.CROP_TOKENS[crop]
        assert state.supply_crops[crop] >= 0 and all(p.crops[crop] >= 0 for p in players)
    assert state.supply_coins + sum(p.coins for p in players) == data.COINS
    assert state.supply_coins >= 0 and all(p.coins >= 0 for p in players)
    # tiles: in the piles or placed, one per finished turn (and the one of this turn)
    in_piles = [t for pile in state.piles.values() for t in pile]
    assert len(in_piles) == len(set(in_piles))
    placed = sum(p.turns for p in players) + (state.tile is not None)
    assert len(in_piles) + placed == len(data.ALL_TILES)
    for shape, pile in state.piles.items():
        assert all(data.tile_shape(t) == shape for t in pile)
    on_top = {t for p in players for t in p.pieces.values()}
    assert not on_top & set(in_piles)
    # llamas: tokens in the supply or on estates; a card for each token placed
    on_estates = [pos for p in players for pos in p.estate.llamas()]
    assert state.supply_llamas + len(on_estates) == data.LLAMA_TOKENS
    for p in players:
        waiting = state.feed_crop is not None and p is state.player()  # fed, llama not placed yet
        if state.supply_llamas:
            assert len(p.estate.llamas()) == len(p.llama_cards) - waiting
        else:  # « Si vous êtes censé gagner un élément provenant d'une réserve épuisée »
            assert len(p.estate.llamas()) <= len(p.llama_cards)
    # llama cards: the columns, the box and the collections
    for crop in data.CROPS:
        cards = state.llama_columns[crop] + state.llama_box[crop] + [
            c.points for p in players for c in p.llama_cards if c.crop == crop]
        assert Counter(cards) == Counter(data.LLAMA_CARD_VALUES)
        assert state.llama_columns[crop] == sorted(state.llama_columns[crop], reverse=True)
    # characters
    held = [c.card for p in players for c in p.characters]
    assert Counter(state.character_row + state.character_deck + held) == Counter(data.CHARACTERS)
    assert len(state.character_row) == min(data.CHARACTER_ROW, data.CHARACTER_ROW + len(state.character_deck)) \
        or not state.character_deck
    # foundations and markers
    for seat, p in enumerate(players):
        assert p.foundations_left + sum(p.foundations.values()) == data.FOUNDATIONS_EACH
        assert p.foundations_left >= 0
        on_cards = sum(o.markers.count(seat) for o in state.objectives)
        assert all(o.markers.count(seat) <= 1 for o in state.objectives)
        assert p.markers_left + on_cards == (data.MARKERS_EACH if state.options.objectives else data.MARKERS_EACH)
        assert p.markers_left >= 0
    closed = set(range(3)) - set(open_spaces(state))
    assert all(o.markers[s] is None for o in state.objectives for s in closed)
    # estates: the start board stays, heights are positive, llamas stand on grass levels
    for p in players:
        if p.side is None:
            continue
        assert len(p.estate) >= 16
        assert all(cell.height >= 1 for cell in p.estate.cells.values())


def check_limits(state: LlamaLandState) -> None:
    decision = GAME.pending(state)
    if decision is None:
        return
    check_decision(decision)
    for option in decision.options:
        assert len(option.key) <= 90 and len(option.label) <= 100, option
        assert option.group is None or len(option.group) <= 80
        assert option.at is None or len(option.at) <= 60
    assert len(decision.prompt) <= 2000


def play_and_check(seats: int, variant: str, seed: int, chooser, deep_every: int,
                   every: int = 1) -> LlamaLandState:
    """One game; after every ``every``-th step the invariants, the limits and that apply
    left the state it was given as it was, after every ``deep_every``-th the round trip
    and the determinized worlds."""
    options = {"variant": variant}
    probe = Rng.from_seed(seed + 7)
    counter = itertools.count()

    dumps = {}

    def each_step(before, after, seat, key):
        step = next(counter)
        # apply never changes its input (states share parts: copy on write)
        if "last" in dumps:
            assert GAME.dump(before) == dumps.pop("last"), "apply changed the state it was given"
        if step % every == 0:
            dumps["last"] = GAME.dump(after)
            check_invariants(after)
            check_limits(after)
        if step % deep_every == 0:
            assert GAME.load(GAME.dump(after)) == after
            for s in range(seats):
                world = GAME.determinize(after, s, probe)
                check_invariants(world)
                assert GAME.view(world, s) == GAME.view(after, s)

    end, moves = playout(GAME, seats, options, seed, each_step=each_step, chooser=chooser)
    assert end.finished and GAME.pending(end) is None
    assert len({p.turns for p in end.players}) == 1, "every player plays the same number of turns"
    assert GAME.winners(end)
    assert replay(GAME, seats, options, seed, moves) == end
    return end


@pytest.mark.parametrize("seats, variant", CONFIGS)
def test_random_games(seats, variant):
    """Two games per player count and variant: a keen random player, checked after every
    step, and a uniform one, checked after every 5th (the soak checks every step)."""
    play_and_check(seats, variant, seed=seats * 100 + VARIANTS.index(variant), chooser=keen, deep_every=40)
    play_and_check(seats, variant, seed=seats * 100 + 50, chooser=choose_random, deep_every=40,
                   every=5)


@pytest.mark.soak
@pytest.mark.parametrize("seats, variant", CONFIGS)
def test_random_games_soak(seats, variant):
    for seed in range(20):
        play_and_check(seats, variant, seed=1000 + seed, chooser=keen if seed % 2 else choose_random,
                       deep_every=3)
