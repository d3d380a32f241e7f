"""Hazienda's images: the posted board and the decision images, with their pages and the
areas a big decision asks for first (:mod:`renderer.hazienda.board`), and a seat's cards
(:mod:`renderer.hazienda.hand`)."""

from __future__ import annotations

from typing import Any, ClassVar

from PIL import Image

from renderer.base import Areas, GameRenderer, Marks, View
from renderer.hazienda.board import (
    decision_regions,
    render,
    render_decision,
    render_decision_pages,
    render_decision_regions,
)
from renderer.hazienda.hand import render_hand

__all__ = ["RENDERER", "HaziendaRenderer"]


class HaziendaRenderer(GameRenderer):
    palette_variants: ClassVar[tuple[dict[str, Any] | None, ...]] = (
        None, {"map": "asymmetric", "variant1": True, "variant2": True})

    def render(self, view: View, names: list[str]) -> Image.Image:
        return render(view, names)

    def render_hand(self, view: View, names: list[str]) -> Image.Image | None:
        return render_hand(view, names)

    def render_decision(self, view: View, names: list[str],
                        marks: Marks) -> Image.Image | None:
        return render_decision(view, names, marks)

    def render_decision_pages(self, view: View, names: list[str],
                              marks: Marks) -> list[Image.Image] | None:
        return render_decision_pages(view, names, marks)

    def decision_regions(self, view: View, marks: Marks, per_area: int) -> Areas | None:
        return decision_regions(view, marks, per_area)

    def render_decision_regions(self, view: View, names: list[str],
                                areas: Areas) -> Image.Image | None:
        return render_decision_regions(view, names, areas)


RENDERER = HaziendaRenderer()
