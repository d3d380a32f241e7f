"""Taps per turn on a phone for each game: ``python -m bench.taps`` prints the table that
:func:`testkit.taps.taps_per_turn` measures (whole games through the fake Discord)."""

from __future__ import annotations

import asyncio

from games import available_games
from testkit.taps import taps_per_turn


def main() -> None:
    for name in available_games():
        print(asyncio.run(taps_per_turn(name)).line(name), flush=True)


if __name__ == "__main__":
    main()
