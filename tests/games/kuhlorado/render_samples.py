"""Render a few Kuhlorado states to PNG files for a human to look at.

Run: ``.venv/bin/python -m tests.games.kuhlorado.render_samples [out_dir]``
(default /tmp/kuhlorado_png).
"""

from __future__ import annotations

import random
import sys
from functools import cache
from pathlib import Path

from games.kuhlorado import GAME, KuhloradoOptions
from renderer import render_png

NAMES = ["Sarah", "Tim the very long-named rancher"]


@cache
def sample_states():
    """(file name, state) pairs: early, mid-game, mid-turn, pro, finished."""
    chooser = random.Random(4)
    state = GAME.setup(2, KuhloradoOptions(pro=True, sheet=3), 42)
    taken = {}
    steps = 0
    while GAME.pending(state) is not None:
        decision = GAME.pending(state)
        state = GAME.apply(state, decision.seat, chooser.choice(decision.options).key).state
        steps += 1
        if steps == 6:
            taken["early"] = state
        if steps > 60 and state.phase == "second_mark" and "mid_turn" not in taken:
            taken["mid_turn"] = state
        if steps == 90:
            taken["mid_game"] = state
    taken["finished"] = state
    return taken


def main(out: str = "/tmp/kuhlorado_png") -> None:
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for name, state in sample_states().items():
        path = folder / f"{name}.png"
        path.write_bytes(render_png("kuhlorado", GAME.view(state, None), NAMES))
        print(path)


if __name__ == "__main__":
    main(*sys.argv[1:])
