"""Seeded random games from setup to the end: contract and rules invariants after every move."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from games.ai import choose_random
from games.base import check_decision
from games.hazienda import GAME
from games.hazienda.board import board_map, land_groups
from games.hazienda.rules import (
    ANIMAL_CARDS,
    HARVEST_MARKERS,
    LAND_CARDS,
    LAND_FACES_PER_COLOUR,
    NEUTRAL_HACIENDAS,
    PONDS,
)
from games.hazienda.state import HaziendaState
from games.rng import Rng
from testkit.playout import playout, replay

VARIANTS = [(False, False), (True, False), (False, True), (True, True)]
CONFIGS = [
    (seats, {"map": board, "variant1": v1, "variant2": v2})
    for seats, board, (v1, v2) in itertools.product((2, 3, 4, 5), ("symmetric", "asymmetric"), VARIANTS)
]


def keen(game, state, seat, rng):
    """A random player that ends its turn only one time in eight when it can act."""
    options = [o.key for o in game.pending(state).options]
    acts = [k for k in options if k != "end"]
    if acts and rng.randrange(8):
        return rng.choice(acts)
    return rng.choice(options)


def check_invariants(state: HaziendaState) -> None:
    hmap = board_map(state)
    kinds = {c: s.kind for c, s in hmap.spaces.items()}
    assert all(p.money >= 0 for p in state.players)
    # tiles on legal spaces, one piece per space
    assert all(kinds[c] not in ("market", "water") for c in state.lands)
    assert all(kinds[c] == "pampa" for c in state.animals)
    assert not set(state.lands) & set(state.animals)
    pond_cells = [c for p in state.ponds for c in p.coords]
    assert len(pond_cells) == len(set(pond_cells))
    assert not set(pond_cells) & (set(state.lands) | set(state.animals))
    for pond in state.ponds:
        if pond.coords[0] in hmap.water_spaces:
            assert len(pond.coords) == 1
        else:
            assert all(kinds[c] == "pampa" for c in pond.coords)
    assert len(set(state.haciendas)) == len(state.haciendas)
    assert all(c in state.lands or c in state.animals for c in state.haciendas)
    assert len(set(state.harvest)) == len(state.harvest)
    for marker in state.harvest:
        group = next(g for g in land_groups(state, state.lands[marker]) if marker in g)
        assert len(group) >= 2
    # stock counts conserved
    assert state.haciendas_stock + len(state.haciendas) == NEUTRAL_HACIENDAS[state.seats]
    assert state.harvest_stock + len(state.harvest) == HARVEST_MARKERS
    sizes = Counter(len(p.coords) for p in state.ponds)
    assert all(state.ponds_stock[s] + sizes[s] == PONDS[s] for s in PONDS)
    # card counts conserved
    lands = Counter(state.land_deck + state.land_face_up + state.land_discard)
    animals = Counter(state.animal_deck + state.animal_second + state.animal_removed
                      + state.animal_face_up + state.animal_discard)
    for p in state.players:
        lands.update(p.lands)
        animals.update(p.animals)
        assert all(p.known_lands.get(k, 0) <= n for k, n in p.lands.items())
        assert all(p.known_animals.get(k, 0) <= n for k, n in p.animals.items())
    assert lands == Counter(LAND_CARDS) and animals == Counter(ANIMAL_CARDS)
    assert len(state.animal_discard) == len(state.animals)
    # component limits (Indications 1 and 2)
    limit = LAND_FACES_PER_COLOUR * (2 if state.seats == 2 else 1)
    for p in state.players:
        assert sum(1 for c in state.lands.values() if c == p.colour) <= limit
        mine = Counter(a.species for a in state.animals.values() if a.colour == p.colour)
        assert max(mine.values(), default=0) <= 15 and sum(mine.values()) <= 30


def play_and_check(seats: int, options: dict, seed: int, chooser, deep_every: int,
                   every: int = 1) -> None:
    """One game; after every ``every``-th step the invariants and the round trip, after
    every ``deep_every``-th the determinized worlds and the decision."""
    probe = Rng.from_seed(seed + 7)
    counter = itertools.count()

    def each_step(before, after, seat, key):
        step = next(counter)
        if step % every == 0:
            check_invariants(after)
            assert GAME.load(GAME.dump(after)) == after
        if step % deep_every == 0:
            for s in range(seats):
                world = GAME.determinize(after, s, probe)
                check_invariants(world)
                assert GAME.view(world, s) == GAME.view(after, s)
                assert GAME.view(world, None) == GAME.view(after, None)
            decision = GAME.pending(after)
            if decision is not None:
                check_decision(decision)

    end, moves = playout(GAME, seats, options, seed, each_step=each_step, chooser=chooser)
    assert end.finished and GAME.pending(end) is None
    assert end.scorings[-1]["kind"] == "final"
    assert GAME.winners(end)
    assert replay(GAME, seats, options, seed, moves) == end


@pytest.mark.parametrize("seats, options", CONFIGS)
def test_random_games(seats, options):
    """Both random players (uniform, and keen: rarely ends a turn early) on every player
    count, map and variant combination: the keen game checked after every step, the
    uniform one after every 5th (the soak checks every step)."""
    play_and_check(seats, options, seed=seats * 100 + len(str(options)), chooser=keen, deep_every=25)
    play_and_check(seats, options, seed=seats * 100 + 1, chooser=choose_random, deep_every=25,
                   every=5)


@pytest.mark.soak
@pytest.mark.parametrize("seats, options", CONFIGS)
def test_random_games_soak(seats, options):
    for seed in range(12):
        play_and_check(seats, options, seed=1000 + seed, chooser=keen if seed % 2 else choose_random,
                       deep_every=3)


@pytest.mark.soak
def test_soak_ten_thousand_games():
    """10,000 seeded random games over every player count, map and variant: each ends
    with a final scoring, its invariants hold at the end, and every 100th game replays
    exactly from its seed (the checks after every move are in the soak above)."""
    for n in range(10_000):
        seats, options = CONFIGS[n % len(CONFIGS)]
        seed = 500_000 + n
        chooser = keen if n % 2 else choose_random
        end, moves = playout(GAME, seats, options, seed, chooser=chooser)
        check_invariants(end)
        assert end.finished and end.scorings[-1]["kind"] == "final"
        if n % 100 == 0:
            assert replay(GAME, seats, options, seed, moves) == end
