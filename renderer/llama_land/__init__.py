"""Llama Land's images: the posted board and the parts shown on demand
(:mod:`renderer.llama_land.board`), and the decision images
(:mod:`renderer.llama_land.decision`). What the images show is read from a view by
:mod:`~renderer.llama_land.table`; an estate is drawn by :mod:`~renderer.llama_land.estate`,
its small pictures by :mod:`~renderer.llama_land.glyphs`, the supply's cards by
:mod:`~renderer.llama_land.cards`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from PIL import Image

from renderer.base import GameRenderer, Marks, View
from renderer.llama_land.board import parts, render, render_part
from renderer.llama_land.decision import render_decision, render_decision_pages

__all__ = ["RENDERER", "LlamaLandRenderer"]


class LlamaLandRenderer(GameRenderer):
    palette_variants: ClassVar[tuple[dict[str, Any] | None, ...]] = (
        None, {"variant": "beginners"}, {"variant": "experts+llamas"})

    def render(self, view: View, names: list[str]) -> Image.Image:
        return render(view, names)

    def render_decision(self, view: View, names: list[str],
                        marks: Marks) -> Image.Image | None:
        return render_decision(view, names, marks)

    def render_decision_pages(self, view: View, names: list[str],
                              marks: Marks) -> list[Image.Image] | None:
        return render_decision_pages(view, names, marks)

    def parts(self, view: View, names: list[str]) -> list[tuple[str, str]]:
        return parts(view, names)

    def render_part(self, view: View, names: list[str], part: str) -> Image.Image | None:
        return render_part(view, names, part)


RENDERER = LlamaLandRenderer()
