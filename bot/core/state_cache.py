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

from collections import OrderedDict
from typing import Any

from games.base import GameState

#: States kept at most, and bytes of their texts at most. A decoded state takes about
#: seven times its text in memory (a 2-player Hazienda state ~2.5 KB of text): ~7 MB here
#: at most. Measured (bench.load, 200 Hazienda games at once, 2.5 KB a state): 192 states
#: missed 4.4 times a turn and cost 22 ms of the bot's CPU a board; 512 states (the bytes
#: then bind, at ~400) miss 1.1 times a turn, 20 ms a board, for 6 MB more at the bot's
#: peak (129 MiB in that burst); with 1,000 live games the bot stays at 102 MiB (target
#: ≤ 120 MB).
KEPT = 512
KEPT_BYTES = 1_000_000


class StateCache:
    """``get(game, text)``: the state ``game.load(text)`` would return, decoded once."""

    def __init__(self, kept: int = KEPT, kept_bytes: int = KEPT_BYTES) -> None:
        self.kept = kept
        self.kept_bytes = kept_bytes
        #: least recently used first (an OrderedDict: a plain dict emptied from the front
        #: makes finding its first entry ever slower, until it is resized)
        self._states: OrderedDict[tuple[type, str], GameState] = OrderedDict()
        self._bytes = 0
        self.hits = self.misses = 0

    def get(self, game: Any, text: str) -> GameState:
        key = (type(game), text)
        state = self._states.get(key)
        if state is None:
            self.misses += 1
            state = game.load(text)
            self._bytes += len(text)
            self._states[key] = state
            self._trim()
        else:
            self.hits += 1
            self._states.move_to_end(key)
        return state

    def put(self, game: Any, text: str, state: GameState) -> None:
        """Remember a state whose text was just written (its next read decodes nothing)."""
        key = (type(game), text)
        if key not in self._states:
            self._bytes += len(text)
        self._states[key] = state
        self._states.move_to_end(key)
        self._trim()

    def _trim(self) -> None:
        while self._states and (len(self._states) > self.kept
                                or self._bytes > self.kept_bytes):
            (_, text), _state = self._states.popitem(last=False)
            self._bytes -= len(text)

    def __len__(self) -> int:
        return len(self._states)
