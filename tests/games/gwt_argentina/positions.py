"""Building test positions with the situation notation (games/gwt_argentina/NOTATION.md).

:func:`situation` sets up a game, writes it, replaces whole lines by label and reads it
back, so every position a test uses is a text a person could have written.
Labels: board lines by their label (``"trail"``, ``"job row 2"``, ``"port rotterdam"``);
player lines as ``"p0 hand"``, ``"p1 gaucho"``; ``"p0"`` is a player's first line
(``money=… certificates=…``); ``"stack"`` takes the frame lines (a list of strings).
"""

from __future__ import annotations

from games.gwt_argentina import GAME
from games.gwt_argentina.flow import Ctx, settle
from games.gwt_argentina.notation import read, write
from games.gwt_argentina.state import GwtState


def situation(seats: int = 3, seed: int = 0, options: dict | None = None,
              **changes: str | list[str]) -> GwtState:
    state = GAME.setup(seats, GAME.parse_options(options), seed)
    return edit(state, **changes)


def edit(state: GwtState, **changes: str | list[str]) -> GwtState:
    wanted = {k.replace("_", " "): v for k, v in changes.items()}
    out: list[str] = []
    player = None
    in_stack = False
    used: set[str] = set()
    for line in write(state).rstrip("\n").split("\n"):
        if in_stack and line.startswith("  "):
            continue
        in_stack = False
        if line.startswith("player "):
            player = line[7:].rstrip(":")
            out.append(line)
            continue
        if line.startswith("  ") and player is not None:
            label = line.strip().split(":", 1)[0] if ":" in line else ""
            key = f"p{player} {label}" if label and "=" not in label else f"p{player}"
            if key in wanted:
                used.add(key)
                value = wanted[key]
                out.append(f"  {value}" if key == f"p{player}" else f"  {label}: {value}")
                continue
            out.append(line)
            continue
        label = line.split(":", 1)[0]
        if label == "stack":
            player = None
            out.append(line)
            if "stack" in wanted:
                used.add("stack")
                out += [f"  {frame}" for frame in wanted["stack"]]
                in_stack = True
            continue
        if label == "log":
            player = None
        if label in wanted:
            used.add(label)
            out.append(f"{label}: {wanted[label]}")
            continue
        out.append(line)
    missing = set(wanted) - used
    assert not missing, f"no such line: {sorted(missing)}"
    state = read("\n".join(out) + "\n")
    settle(state, Ctx())  # automatic steps and steps left without a choice run at once
    return state


def keys(state: GwtState) -> list[str]:
    decision = GAME.pending(state)
    assert decision is not None
    return [o.key for o in decision.options]


def labels(state: GwtState) -> dict[str, str]:
    decision = GAME.pending(state)
    assert decision is not None
    return {o.key: o.label for o in decision.options}


def play(state: GwtState, *moves: str) -> GwtState:
    for key in moves:
        decision = GAME.pending(state)
        assert decision is not None, "the game is over"
        state = GAME.apply(state, decision.seat, key).state
    return state
