"""Hazienda: the rules engine (``GAME``), its scenario notation and its maps."""

from games.hazienda.engine import Hazienda

GAME = Hazienda()

__all__ = ["GAME", "Hazienda"]
