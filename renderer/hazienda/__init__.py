"""Hazienda's images (``renderer.RENDERERS["hazienda"]``).

The renderer interface :mod:`renderer` calls: the posted board and the decision images,
with their pages and the areas a big decision asks for first
(:mod:`renderer.hazienda.board`), and a seat's cards (:mod:`renderer.hazienda.hand`).
"""

from renderer.hazienda.board import (
    decision_regions,
    render,
    render_decision,
    render_decision_pages,
    render_decision_regions,
)
from renderer.hazienda.hand import render_hand

__all__ = [
    "decision_regions", "render", "render_decision", "render_decision_pages",
    "render_decision_regions", "render_hand",
]
