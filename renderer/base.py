"""The renderer contract: what :mod:`renderer` asks of a game's renderer.

A game's renderer package (``renderer/<game>/``, named in the game's
:class:`games.Registration`) exports ``RENDERER``, an instance of a :class:`GameRenderer`
subclass. Every image is drawn from a *view* (``Game.view``), never from the state, with
``names`` the seats' display names. Only :meth:`GameRenderer.render` is required; each
other image is optional, and its default here says that the game does not offer it
(None, or no parts): front ends then do without it, they never ask which game it is.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from PIL import Image

#: A game's view (``Game.view``), as JSON-able data.
View = dict[str, Any]
#: Each place of a decision (``Option.at``) -> the number or letter its button carries.
Marks = dict[str, str]
#: Areas of the board a big decision asks for first: (letter, places) each.
Areas = list[tuple[str, list[str]]]


class GameRenderer(ABC):
    """One game's images (see the module docstring)."""

    #: The variants (``Game.parse_options`` input; None: the defaults) whose images the
    #: game's palette is chosen from, every seat count of each (:mod:`renderer.palettes`):
    #: together they should show every colour the renderer draws.
    palette_variants: ClassVar[tuple[dict[str, Any] | None, ...]] = (None,)

    @abstractmethod
    def render(self, view: View, names: list[str]) -> Image.Image:
        """The posted board: what everyone sees (from the spectators' view)."""

    def render_hand(self, view: View, names: list[str]) -> Image.Image | None:
        """The faces of the cards the seat of ``view`` holds, for its private panel when
        they matter to its decision (``games.base.Holdings.faces``); None: no hand image."""
        return None

    def render_decision(self, view: View, names: list[str],
                        marks: Marks) -> Image.Image | None:
        """The region of the board holding a decision's places, each place marked
        (``marks``: see :func:`renderer.render_decision_png`); None: no decision image."""
        return None

    def render_decision_pages(self, view: View, names: list[str],
                              marks: Marks) -> list[Image.Image] | None:
        """:meth:`render_decision` split into pages when one image would be too big to
        read (Discord shows them as a gallery); None: one image, :meth:`render_decision`."""
        return None

    def decision_regions(self, view: View, marks: Marks, per_area: int) -> Areas | None:
        """Areas of the board to pick first when a decision has a great many places, at
        most ``per_area`` places each (see :func:`renderer.decision_areas`); None: the
        decision is shown whole."""
        return None

    def render_decision_regions(self, view: View, names: list[str],
                                areas: Areas) -> Image.Image | None:
        """The board with each area of :meth:`decision_regions` framed and lettered."""
        return None

    def parts(self, view: View, names: list[str]) -> list[tuple[str, str]]:
        """The parts of the board a player may ask for besides the posted board: (key,
        name in the active language) each; none when the posted board shows everything."""
        return []

    def render_part(self, view: View, names: list[str], part: str) -> Image.Image | None:
        """One part of :meth:`parts` as the seat of ``view`` sees it; None for a part the
        game does not have."""
        return None
