"""Pasture: a small test game whose decisions take every shape a panel must show.

Two or three ranchers claim the cells of a 6×5 pasture. A turn has two steps: claim a free
cell (``A1``…``E6``), then either ``fence`` it (1 point) or ``graze`` it (points equal to
its row number). At first there are 30 free cells — more than a select menu holds, so the
options come grouped by row; then 25 or fewer (one select menu); at the end five or fewer
(buttons). The game ends when the pasture is full. No chance, nothing hidden.

Its texts go through the catalogues like a real game's (``_()``), with a French catalogue
of its own (``tests/discord/locales/fr.po``), so language tests see an engine's texts
follow the active language.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from games.base import Decision, Event, Game, GameOptions, GameState, Option, Outcome
from games.i18n import N_, _, register_catalogues
from renderer.base import GameRenderer

register_catalogues(Path(__file__).parent)

NAME = "pasture"
ROWS = "ABCDE"
COLUMNS = 6
CELLS = [f"{row}{col}" for row in ROWS for col in range(1, COLUMNS + 1)]


class PastureState(GameState):
    current: int = 0
    owner: dict[str, int] = {}
    points: list[int]
    claimed: str | None = None


class Pasture(Game[PastureState, GameOptions]):
    name = NAME
    title = "Pasture"
    min_seats = 2
    max_seats = 3
    state_model = PastureState
    summary = N_("Claim a cell, then fence it (1 point) or graze it (its row number in points).")

    def setup(self, seats: int, options: GameOptions, seed: int) -> PastureState:
        from games.rng import Rng

        return PastureState(game=NAME, seats=seats, seed=seed, rng=Rng.from_seed(seed),
                            points=[0] * seats)

    def pending(self, state: PastureState) -> Decision | None:
        if state.finished:
            return None
        if state.claimed is not None:
            options = [Option(key="fence", label=_("Fence it")),
                       Option(key="graze", label=_("Graze it"))]
            prompt = _("What do you do with {cell}?", cell=state.claimed)
        else:
            free = [cell for cell in CELLS if cell not in state.owner]
            many = len(free) > 25
            options = [Option(key=cell.lower(), label=_("Cell {cell}", cell=cell),
                              group=_("Row {row}", row=cell[0]) if many else None)
                       for cell in free]
            prompt = _("Claim a cell.")
        return Decision(seat=state.current, prompt=prompt, options=options, turn=state.turn)

    def _apply(self, state: PastureState, seat: int, option: Option) -> Outcome:
        who = _("Seat {n}", n=seat + 1)
        if state.claimed is None:
            cell = option.key.upper()
            state.owner[cell] = seat
            state.claimed = cell
            return Outcome(state=state, events=[
                Event(text=_("{who} claims {cell}.", who=who, cell=cell), seat=seat)])
        cell, state.claimed = state.claimed, None
        gained = 1 if option.key == "fence" else ROWS.index(cell[0]) + 1
        state.points[seat] += gained
        text = (N_("{who} fences {cell} (+{n}).") if option.key == "fence"
                else N_("{who} grazes {cell} (+{n})."))
        events = [Event(text=_(text, who=who, cell=cell, n=gained), seat=seat)]
        if len(state.owner) == len(CELLS):
            state.finished = True
            events.append(Event(text=_("The pasture is full.")))
        else:
            state.current = (state.current + 1) % state.seats
            state.turn += 1
        return Outcome(state=state, events=events)

    def view(self, state: PastureState, seat: int | None) -> dict[str, Any]:
        return {"owner": dict(state.owner), "points": list(state.points),
                "current": state.current, "finished": state.finished}

    def scores(self, state: PastureState) -> dict[int, dict[str, int]]:
        return {s: {"points": state.points[s], "total": state.points[s]} for s in range(state.seats)}


GAME = Pasture()

COLOURS = ["teal", "orange", "purple"]


def render(view: dict[str, Any], names: list[str]) -> Image.Image:
    image = Image.new("RGB", (20 * COLUMNS + 10, 20 * len(ROWS) + 10), "white")
    draw = ImageDraw.Draw(image)
    for cell, seat in view["owner"].items():
        x, y = int(cell[1:]) - 1, ROWS.index(cell[0])
        draw.rectangle((5 + 20 * x, 5 + 20 * y, 22 + 20 * x, 22 + 20 * y), fill=COLOURS[seat])
    return image


class Renderer(GameRenderer):
    """Pasture's images: the board only (:func:`render`, looked up at each call so that
    a test may replace it)."""

    def render(self, view: dict[str, Any], names: list[str]) -> Image.Image:
        return render(view, names)


RENDERER = Renderer()
