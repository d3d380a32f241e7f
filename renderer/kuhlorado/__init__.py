"""Kuhlorado's images: the posted sheet and its decision images
(:mod:`renderer.kuhlorado.board`)."""

from __future__ import annotations

from typing import Any, ClassVar

from PIL import Image

from renderer.base import GameRenderer, Marks, View
from renderer.kuhlorado.board import render, render_decision

__all__ = ["RENDERER", "KuhloradoRenderer"]


class KuhloradoRenderer(GameRenderer):
    palette_variants: ClassVar[tuple[dict[str, Any] | None, ...]] = (None, {"pro": True})

    def render(self, view: View, names: list[str]) -> Image.Image:
        return render(view, names)

    def render_decision(self, view: View, names: list[str],
                        marks: Marks) -> Image.Image | None:
        return render_decision(view, names, marks)


RENDERER = KuhloradoRenderer()
