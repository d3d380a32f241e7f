"""Great Western Trail: Argentina (2–4 players). Not yet registered in games/__init__.py."""

from games.gwt_argentina.engine import GAME, GwtArgentina

__all__ = ["GAME", "GwtArgentina"]
