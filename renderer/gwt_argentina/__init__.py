"""Great Western Trail: Argentina's images (``renderer.RENDERERS["gwt-argentina"]``).

The renderer interface :mod:`renderer` calls: the posted board, the parts shown on demand
and the decision images (:mod:`renderer.gwt_argentina.board`), a seat's hand
(:mod:`renderer.gwt_argentina.hand`). The board's sections are drawn by
:mod:`~renderer.gwt_argentina.trail`, :mod:`~renderer.gwt_argentina.market`,
:mod:`~renderer.gwt_argentina.railway` and :mod:`~renderer.gwt_argentina.players`, on the
canvas of :mod:`~renderer.gwt_argentina.canvas`, with the parts kept by
:mod:`~renderer.gwt_argentina.layers`.
"""

from renderer.gwt_argentina.board import parts, render, render_decision, render_part
from renderer.gwt_argentina.hand import render_hand

__all__ = ["parts", "render", "render_decision", "render_hand", "render_part"]
