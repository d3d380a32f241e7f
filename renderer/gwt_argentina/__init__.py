"""Great Western Trail: Argentina's images: the posted board, the parts shown on demand
and the decision images (:mod:`renderer.gwt_argentina.board`), a seat's hand
(:mod:`renderer.gwt_argentina.hand`). The board's sections are drawn by
:mod:`~renderer.gwt_argentina.trail`, :mod:`~renderer.gwt_argentina.market`,
:mod:`~renderer.gwt_argentina.railway` and :mod:`~renderer.gwt_argentina.players`, on the
canvas of :mod:`~renderer.gwt_argentina.canvas`, with the parts kept by
:mod:`~renderer.gwt_argentina.layers`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from PIL import Image

from renderer.base import GameRenderer, Marks, View
from renderer.gwt_argentina.board import parts, render, render_decision, render_part
from renderer.gwt_argentina.hand import render_hand

__all__ = ["RENDERER", "GwtArgentinaRenderer"]


class GwtArgentinaRenderer(GameRenderer):
    palette_variants: ClassVar[tuple[dict[str, Any] | None, ...]] = (
        None, {"building_sides": "b", "port_sides": "b", "first_game": False})

    def render(self, view: View, names: list[str]) -> Image.Image:
        return render(view, names)

    def render_hand(self, view: View, names: list[str]) -> Image.Image | None:
        return render_hand(view, names)

    def render_decision(self, view: View, names: list[str],
                        marks: Marks) -> Image.Image | None:
        return render_decision(view, names, marks)

    def parts(self, view: View, names: list[str]) -> list[tuple[str, str]]:
        return parts(view, names)

    def render_part(self, view: View, names: list[str], part: str) -> Image.Image | None:
        return render_part(view, names, part)


RENDERER = GwtArgentinaRenderer()
