"""Parts of the Great Western Trail: Argentina board drawn once and pasted after that.

A trail space's face, a worker tile, a card, a ship, a port's districts change seldom or
never during a game: :meth:`Canvas.paste_drawn` draws such a part once per process (for
its arguments, the active language and where it falls within two pixels) and pastes the
same pixels on the boards after that. A part is kept only when it covers each pixel it
touches (a box and what lies on it); one that blends a pixel with what lies under it
(anti-aliased text on the background) is drawn in place every time.

The parts are kept in a :class:`renderer.kept.Kept` of :data:`LAYER_BYTES`: a part is
drawn in place the first time it is asked for, built and kept the second.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from games.i18n import current
from renderer.fonts import note, recording
from renderer.kept import NOTHING_BYTES, Kept, core_bytes
from renderer.sprites import SHEETS, drawn_mask

#: bytes of parts kept (5 a pixel): a board has about 120 — 58 trail spaces of ~35 KB,
#: job-market and railway rows, stations, ships, cards of 10–200 KB, three ports of
#: ~400 KB — about 6 MB; the boards of 20 games taking turns, ~630 parts, ~28 MB. (A
#: count of 512 parts fell short of those: every board rebuilt a dozen parts, 10 → 3 ms.)
LAYER_BYTES = 32 << 20
KEPT = Kept(LAYER_BYTES)

#: False: every part drawn in place (tests compare the two)
KEEP = True

def paste_drawn(canvas: Any, at: tuple[float, float], extent: tuple[float, float],
                paint: Callable[..., None], *args: Any) -> None:
    """``paint(canvas, x, y, *args)`` drawn once and pasted at ``at`` = (x, y).

    ``paint`` must be a module-level function whose drawing depends only on ``args``, the
    active language and ``(x, y)``, and which draws only within ``extent`` (width, height)
    from ``(x, y)`` and registers no place.
    """
    x, y = at
    if not KEEP:
        paint(canvas, x, y, *args)
        return
    # moved by an even number of pixels, a drawing keeps its pixels (Pillow rounds halves
    # to even)
    ox, oy = 2 * math.floor(x / 2), 2 * math.floor(y / 2)
    size = (math.ceil(x + extent[0]) - ox + 1, math.ceil(y + extent[1]) - oy + 1)
    key = (type(canvas), paint, args, (x - ox, y - oy), size, current())
    kept, layer = KEPT.get(key, _built)
    if not kept or layer is None:
        paint(canvas, x, y, *args)
        return
    patch, mask, sizes = layer
    note(sizes)
    canvas.image.im.paste(patch, (ox, oy, ox + size[0], oy + size[1]), mask)


def _built(key: tuple) -> tuple[tuple[Any, Any, list] | None, int]:
    """The layer of ``key`` (:func:`_layer`'s arguments) and the bytes it holds."""
    layer = _layer(*key)
    return layer, NOTHING_BYTES if layer is None else core_bytes(layer[0], layer[1])


def _layer(sheet: Callable[..., Any], paint: Callable[..., None], args: tuple,
           at: tuple[float, float], size: tuple[int, int], language: str
           ) -> tuple[Any, Any, list] | None:
    """``paint`` at ``at`` on a ``sheet`` (a Canvas) of ``size``: its pixels (Pillow's
    core image), the 1-bit mask of those it drew and the text sizes it drew with; None
    when it blends a pixel with the sheet, which only drawing in place gets right."""
    sheets = []
    with recording() as log:
        for colour in SHEETS:
            canvas = sheet(size[1], size[0], colour)
            paint(canvas, *at, *args)
            sheets.append(canvas.image)
    a, b = sheets
    mask = drawn_mask(a, b)
    if mask is None:
        return None
    return a.im, mask, log.sizes[:len(log.sizes) // 2]
