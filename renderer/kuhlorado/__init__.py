"""Kuhlorado's images (``renderer.RENDERERS["kuhlorado"]``): the posted sheet and its
decision images (:mod:`renderer.kuhlorado.board`)."""

from renderer.kuhlorado.board import render, render_decision

__all__ = ["render", "render_decision"]
