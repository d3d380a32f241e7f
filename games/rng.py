"""A tiny deterministic RNG whose whole state is one integer, so it lives in game states.

SplitMix64 (Steele, Lea & Flood 2014): good statistical quality for games, trivial to
serialise to JSON, identical on every platform and Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng(BaseModel):
    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(state=seed & _MASK)

    # The draws below keep the state in a local and store it once: a pydantic attribute
    # assignment per draw was most of the cost of a shuffle.
    def next64(self) -> int:
        self.state, z = _mix(self.state)
        return z

    def randrange(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        state, x = _below(self.state, n)
        self.state = state
        return x

    def randint(self, a: int, b: int) -> int:
        return a + self.randrange(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        state = self.state
        for i in range(len(seq) - 1, 0, -1):
            state, j = _below(state, i + 1)
            seq[i], seq[j] = seq[j], seq[i]
        self.state = state

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)


def _mix(state: int) -> tuple[int, int]:
    """SplitMix64's step: the next state and its 64-bit output."""
    state = (state + _GAMMA) & _MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def _below(state: int, n: int) -> tuple[int, int]:
    """The next state and a uniform integer in [0, n): outputs at or above the largest
    multiple of ``n`` are drawn again (no modulo bias)."""
    if n <= 0:
        raise ValueError("randrange needs n > 0")
    if n > 1 << 64:
        raise ValueError("n too large")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, z = _mix(state)
        if z < limit:
            return state, z % n
