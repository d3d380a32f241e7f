"""Decoded game states kept for the next look, by their text.

One click reads its game several times (the move, the next panel, the hand line, the
decision image, the "Take back" check), and each read used to decode the state's JSON
again and ask the engine for its pending decision again. States are never changed in
place (``Game.apply`` works on a copy), so the object decoded from a text can be handed
to every reader of that same text: the engine's per-state caches (:class:`games.base.PerState`,
the pending decision) then work across the reads too.

The key is the text itself, not (game, version): whatever wrote the row — another process,
an undo, a migration — the same text is the same state. Bounded by count and by bytes of
text, least recently used first out, so a thousand live games do not mean a thousand
states in memory.
"""

from __future__ import annotations

from typing import Any

from games.base import GameState

#: States kept at most, and bytes of their texts at most. A decoded state takes about
#: seven times its text in memory (a 2-player Hazienda state ~20 KB): ~4 MB here. Measured
#: (bench.load, 200 Hazienda games at once): 512 states cost the bot ~15 MB more at its
#: peak for ~10 % less of its CPU per board than 128; the memory target (≤ 120 MB with
#: 1,000 live games) keeps it small.
KEPT = 192
KEPT_BYTES = 1_000_000


class StateCache:
    """``get(game, text)``: the state ``game.load(text)`` would return, decoded once."""

    def __init__(self, kept: int = KEPT, kept_bytes: int = KEPT_BYTES) -> None:
        self.kept = kept
        self.kept_bytes = kept_bytes
        self._states: dict[tuple[type, str], GameState] = {}
        self._bytes = 0
        self.hits = self.misses = 0

    def get(self, game: Any, text: str) -> GameState:
        key = (type(game), text)
        state = self._states.pop(key, None)
        if state is None:
            self.misses += 1
            state = game.load(text)
            self._bytes += len(text)
        else:
            self.hits += 1
        self._states[key] = state  # the most recently used last
        self._trim()
        return state

    def put(self, game: Any, text: str, state: GameState) -> None:
        """Remember a state whose text was just written (its next read decodes nothing)."""
        key = (type(game), text)
        if self._states.pop(key, None) is None:
            self._bytes += len(text)
        self._states[key] = state
        self._trim()

    def _trim(self) -> None:
        while self._states and (len(self._states) > self.kept
                                or self._bytes > self.kept_bytes):
            (_, text) = oldest = next(iter(self._states))
            del self._states[oldest]
            self._bytes -= len(text)

    def __len__(self) -> int:
        return len(self._states)
