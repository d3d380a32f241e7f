"""The games' RNG draws the same numbers forever: a saved game's state holds the RNG's state,
and replays, undo and the computer players' seeded searches rely on the same draws."""

from __future__ import annotations

import pytest

from games.rng import Rng


def test_the_outputs_are_splitmix64():
    """The reference outputs of SplitMix64 seeded with 0 (Steele, Lea & Flood 2014; the
    generator Java's SplittableRandom and Vigna's splitmix64.c use)."""
    rng = Rng.from_seed(0)
    assert rng.next64() == 0xE220A8397B1DCDAF
    assert rng.next64() == 0x6E789E6AA1B965F4


def test_draws_are_pinned():
    """Draws recorded when the faster shuffle landed: a change here breaks saved games."""
    rng = Rng.from_seed(1234567)
    assert [rng.randrange(10) for _ in range(10)] == [7, 3, 3, 1, 1, 4, 7, 7, 4, 6]
    cards = list(range(10))
    rng.shuffle(cards)
    assert cards == [4, 2, 6, 5, 1, 9, 7, 3, 0, 8]
    assert rng.state == 13699396756336938006


@pytest.mark.parametrize("size", [0, 1, 2, 7, 52, 300])
def test_a_shuffle_is_fisher_yates_on_randrange(size):
    """A shuffle draws exactly what Fisher–Yates with :meth:`Rng.randrange` draws."""
    fast, slow = Rng.from_seed(size * 31 + 5), Rng.from_seed(size * 31 + 5)
    shuffled = list(range(size))
    fast.shuffle(shuffled)
    expected = list(range(size))
    for i in range(size - 1, 0, -1):
        j = slow.randrange(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffled == expected and fast.state == slow.state


def test_randrange_refuses_empty_and_huge_ranges():
    rng = Rng.from_seed(3)
    with pytest.raises(ValueError):
        rng.randrange(0)
    with pytest.raises(ValueError):
        rng.randrange((1 << 64) + 1)
    assert rng.state == 3, "a refused draw changes nothing"
    assert 0 <= rng.randrange(1 << 64) < 1 << 64
