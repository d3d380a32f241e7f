"""Drawn parts kept by a worker that serves many games: bounded by bytes, and built only
for parts asked for twice.

A worker draws the boards of every game of a server in turn, so the parts one board
needs were last used twenty or more boards ago. :class:`Kept` keeps the least recently
used parts out of a byte budget (a count of parts says little: they weigh a few KB to
hundreds). Building a part to keep it costs more than drawing it in place (it is drawn
on two sheets, see :func:`renderer.sprites.drawn_mask`), so a part asked for the first
time (or the first time again after it was dropped) is only noted, and the caller draws
it in place; the second time it is built and kept. A part shown on one board only never
costs more than drawing it, and when more games take turns than the budget holds, parts
are rebuilt on every other use rather than every use.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

#: what a kept None (a part that cannot be kept, drawn in place) is counted as
NOTHING_BYTES = 64


def core_bytes(*images: Any) -> int:
    """The bytes of Pillow core images' pixels (4 a pixel for RGB, 1 for L and 1)."""
    total = 0
    for image in images:
        if image is not None:
            width, height = image.size
            total += width * height * (4 if image.mode in ("RGB", "RGBA") else 1)
    return total


class Kept:
    """Parts by key, at most ``budget`` bytes of them (the least recently used dropped
    first); at most ``noted`` keys asked for once remembered. Safe across threads."""

    def __init__(self, budget: int, noted: int = 4096) -> None:
        self.budget = budget
        self.noted_max = noted
        #: key -> (part, bytes), the least recently used first
        self.parts: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._noted: dict[Hashable, None] = {}
        self._lock = threading.Lock()
        self.bytes = 0
        self.hits = self.builds = self.first_asks = 0

    def get(self, key: Hashable, build: Callable[[Any], tuple[Any, int]]) -> tuple[bool, Any]:
        """(True, part) for a part kept, or built now by ``build(key)`` -> (part, bytes)
        and kept; (False, None) the first time ``key`` is asked for: draw it in place."""
        found = self.parts.get(key)
        if found is not None:
            self.used(key)
            return True, found[0]
        with self._lock:
            if key not in self._noted:
                self._noted[key] = None
                if len(self._noted) > self.noted_max:
                    del self._noted[next(iter(self._noted))]
                self.first_asks += 1
                return False, None
        part, size = build(key)  # outside the lock: other threads draw meanwhile
        with self._lock:
            self._noted.pop(key, None)
            if key not in self.parts:
                self.parts[key] = (part, size)
                self.bytes += size
                self.builds += 1
                while self.bytes > self.budget and len(self.parts) > 1:
                    _, (_, dropped) = self.parts.popitem(last=False)
                    self.bytes -= dropped
        return True, part

    def used(self, key: Hashable) -> None:
        """Note that the part of ``key``, found in :attr:`parts`, was used (a hit takes no
        lock: each call on the ordered dict is atomic)."""
        try:
            self.parts.move_to_end(key)
        except KeyError:  # dropped by another thread meanwhile
            return
        self.hits += 1

    def __len__(self) -> int:
        return len(self.parts)

    def clear(self) -> None:
        with self._lock:
            self.parts.clear()
            self._noted.clear()
            self.bytes = self.hits = self.builds = self.first_asks = 0


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int
    currsize: int


def lru_by_bytes(maxsize: int, budget: int, weigh: Callable[[Any], int]
                 ) -> Callable[[Callable[..., Any]], Any]:
    """``functools.lru_cache(maxsize)`` that also drops its least recently used results
    past ``budget`` bytes (``weigh(result)``): for drawings of very different sizes. With
    ``cache_info()`` and ``cache_clear()``; safe across threads (a result may be computed
    twice by two threads at once, one is kept)."""
    def decorate(function: Callable[..., Any]) -> Any:
        results: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        lock = threading.Lock()
        counts = {"hits": 0, "misses": 0, "bytes": 0}

        @functools.wraps(function)
        def cached(*args: Any) -> Any:
            found = results.get(args)
            if found is not None:
                with contextlib.suppress(KeyError):  # dropped by another thread meanwhile
                    results.move_to_end(args)
                counts["hits"] += 1
                return found[0]
            result = function(*args)
            size = weigh(result)
            with lock:
                counts["misses"] += 1
                if args not in results:
                    results[args] = (result, size)
                    counts["bytes"] += size
                    while len(results) > 1 and (len(results) > maxsize
                                                or counts["bytes"] > budget):
                        counts["bytes"] -= results.popitem(last=False)[1][1]
            return result

        def cache_info() -> CacheInfo:
            return CacheInfo(counts["hits"], counts["misses"], maxsize, len(results))

        def cache_clear() -> None:
            with lock:
                results.clear()
                counts.update(hits=0, misses=0, bytes=0)

        cached.cache_info = cache_info  # type: ignore[attr-defined]
        cached.cache_clear = cache_clear  # type: ignore[attr-defined]
        cached.cache_bytes = lambda: counts["bytes"]  # type: ignore[attr-defined]
        return cached
    return decorate
