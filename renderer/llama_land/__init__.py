"""Llama Land's images (``renderer.RENDERERS["llama-land"]``).

The renderer interface :mod:`renderer` calls: the posted board and the parts shown on demand
(:mod:`renderer.llama_land.board`), and the decision images
(:mod:`renderer.llama_land.decision`). What the images show is read from a view by
:mod:`~renderer.llama_land.table`; an estate is drawn by :mod:`~renderer.llama_land.estate`,
its small pictures by :mod:`~renderer.llama_land.glyphs`, the supply's cards by
:mod:`~renderer.llama_land.cards`.
"""

from renderer.llama_land.board import parts, render, render_part
from renderer.llama_land.decision import render_decision, render_decision_pages

__all__ = ["parts", "render", "render_decision", "render_decision_pages", "render_part"]
