"""Representative views of every game with a renderer, from seeded random games.

Generic on purpose: a new game registered in ``renderer.RENDERERS`` (and in
``games.GAME_MODULES``) is covered without writing anything here. For each game, at its
smallest and largest table: the start, a mid-game and the end, seen by a spectator and by
seat 0, plus the decisions met on the way whose options name board places
(``Option.at``, the input of decision images).

Run ``.venv/bin/python -m testkit.samples [out_dir]`` to write every sample board,
the parts of each board shown on demand and the sample decision images (page by page),
each with a 400 px wide copy (the phone's chat) for a human to look at; ``--docs``
rewrites the README's board images in ``docs/images/``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image

from games import get_game
from games.ai import choose_random
from games.base import Decision
from games.rng import Rng
from renderer import RENDERERS, render_image

NAMES = ["Alice", "Bartholomew the Magnificent", "Chen", "Dolores", "Eik", "Farida"]
DOCS_IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"
MAX_STEPS = 20_000


@dataclass(frozen=True)
class Sample:
    name: str
    view: dict
    names: list[str]


@dataclass(frozen=True)
class DecisionSample:
    name: str
    view: dict
    names: list[str]
    marks: dict[str, str]


def decision_marks(decision: Decision) -> dict[str, str]:
    """What a front end passes: each option's place -> its number (shared places "3/4")."""
    marks: dict[str, str] = {}
    for number, option in enumerate(decision.options, 1):
        if option.at:
            marks[option.at] = (f"{marks[option.at]}/{number}" if option.at in marks
                                else str(number))
    return marks


@cache
def played(game_name: str, seats: int, seed: int = 5):
    """The states of one seeded random game, start to end."""
    game = get_game(game_name)
    state = game.setup(seats, game.parse_options(None), seed)
    rng = Rng.from_seed(seed)
    states = [state]
    for _ in range(MAX_STEPS):
        decision = game.pending(state)
        if decision is None:
            break
        state = game.apply(state, decision.seat, choose_random(game, state, decision.seat, rng)).state
        states.append(state)
    return states


#: when in a sample game a board is drawn: the state at the start, half-way, at the end
MOMENTS = {"start": lambda states: states[0], "mid": lambda states: states[len(states) // 2],
           "end": lambda states: states[-1]}


def board_sample_ids(game_name: str) -> list[tuple[str, int, str, int | None]]:
    """(game, seats, moment, seat or None for the public view) of every board sample, known
    without playing a game: a test can be parametrized by them at collection time and play
    the sample game only when it runs."""
    game = get_game(game_name)
    return [(game_name, seats, moment, seat)
            for seats in sorted({game.min_seats, max(2, game.min_seats), game.max_seats})
            for moment in MOMENTS for seat in (None, 0)]


def sample_name(game_name: str, seats: int, moment: str, seat: int | None) -> str:
    return f"{game_name}-{seats}p-{moment}-{'public' if seat is None else f'seat{seat}'}"


def board_sample(game_name: str, seats: int, moment: str, seat: int | None) -> Sample:
    state = MOMENTS[moment](played(game_name, seats))
    return Sample(sample_name(game_name, seats, moment, seat),
                  get_game(game_name).view(state, seat), NAMES[:seats])


def board_samples(game_name: str) -> list[Sample]:
    return [board_sample(*spec) for spec in board_sample_ids(game_name)]


def decision_samples(game_name: str, per_game: int = 6) -> list[DecisionSample]:
    """Decisions with places met in the sample games, spread over the game."""
    game = get_game(game_name)
    found = []
    for seats in sorted({max(2, game.min_seats), game.max_seats}):
        states = played(game_name, seats)
        with_places = [(i, s, game.pending(s)) for i, s in enumerate(states)
                       if game.pending(s) is not None and decision_marks(game.pending(s))]
        step = max(1, len(with_places) // per_game)
        for i, state, decision in with_places[::step][:per_game]:
            found.append(DecisionSample(f"{game_name}-{seats}p-step{i}",
                                        game.view(state, decision.seat), NAMES[:seats],
                                        decision_marks(decision)))
    return found


def phone_copy(image: Image.Image, width: int = 400) -> Image.Image:
    return image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)


def write_docs_images() -> list[Path]:
    """One mid-game board per game for the README, as a small palette PNG."""
    DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
    paths = []
    for game_name in RENDERERS:
        game = get_game(game_name)
        seats = min(game.max_seats, max(3, game.min_seats))
        states = played(game_name, seats)
        state = states[len(states) * 2 // 3]
        image = render_image(game_name, game.view(state, None), NAMES[:seats])
        path = DOCS_IMAGES / f"{game_name}.png"
        image.quantize(colors=64, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
        paths.append(path)
    return paths


def main(args: list[str]) -> None:
    if args == ["--docs"]:
        for path in write_docs_images():
            print(path, path.stat().st_size // 1024, "KiB")
        return
    folder = Path(args[0] if args else "/tmp/estancia_boards")
    folder.mkdir(parents=True, exist_ok=True)
    import importlib

    for game_name in RENDERERS:
        module = importlib.import_module(RENDERERS[game_name])
        for sample in board_samples(game_name):
            image = render_image(game_name, sample.view, sample.names)
            image.save(folder / f"{sample.name}.png")
            phone_copy(image).save(folder / f"{sample.name}-400.png")
            parts = getattr(module, "parts", None)
            for key, _name in parts(sample.view, sample.names) if parts else []:
                part = module.render_part(sample.view, sample.names, key)
                name = f"{sample.name}-part-{key.replace(':', '')}"
                part.save(folder / f"{name}.png")
                phone_copy(part).save(folder / f"{name}-400.png")
        for sample in decision_samples(game_name):
            for page, image in enumerate(decision_pages(game_name, sample), start=1):
                name = f"{sample.name}-decision-p{page}"
                image.save(folder / f"{name}.png")
                phone_copy(image).save(folder / f"{name}-400.png")
    print(folder)


def decision_pages(game_name: str, sample: DecisionSample) -> list[Image.Image]:
    """The decision image of a sample, page by page (as the panels show it)."""
    import io

    from renderer import render_decision_pngs

    return [Image.open(io.BytesIO(png)).convert("RGB")
            for png in render_decision_pngs(game_name, sample.view, sample.names, sample.marks)]


if __name__ == "__main__":
    main(sys.argv[1:])
