"""States saved by an older engine, brought to the current rules (NOTATION.md,
"Compatibility").

The bot keeps each game's state as the engine's JSON; a game saved before a change of the
rules engine must load and go on. A state's ``rules_version`` says which engine wrote it;
the states of the first landings (``931e1cf`` and before) have none and are version 0.
:func:`upgrade` applies one step per change, in order, to the state's JSON data; a step
changes only what its version changed and leaves a state already in the new form as it
is (the situation notation, which has no version line, goes through :func:`upgrade_stack`
too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The version of the rules engine this code is: the ``rules_version`` of new states.
RULES_VERSION = 1


def upgrade_stack(stack: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Version 0 → 1 of the turn stack (frames as ``{"kind", "seat", "data"}``, bottom
    first; the top one is the pending decision).

    * The old ``exchange`` step (« draw how many cards? », above the decision where the
      token was chosen, the token not spent yet) is gone: the token is now an option of the
      decision itself (``xt:2``, ``xt:1``). The step is dropped, which leaves the player at
      that decision, token in hand, with both numbers offered again.
    * Buenos Aires now pauses before the income (step 2) and after step 6 for objective
      cards (``ba_pause``), and its delivery (step 1) offers them too (``"ba": true``):
      « avant ou après avoir effectué une action en phase B » (p. 16). A visit in progress
      gets the moments still ahead of it; a moment already passed is not offered again.
    """
    old = [f for f in stack if f["kind"] != "exchange"]
    out: list[dict[str, Any]] = []
    for i, frame in enumerate(old):
        above = old[i + 1] if i + 1 < len(old) else None
        if frame["kind"] == "ba_after" and not (
                out and out[-1]["kind"] == "ba_pause" and out[-1]["seat"] == frame["seat"]):
            out.append(_frame("ba_pause", frame["seat"], {"before": None}))
        out.append(frame)
        if frame["kind"] == "ba_income" and above is not None and above["kind"] != "ba_pause":
            # Step 1 is still on: its delivery, or what a delivery's bonus started.
            out.append(_frame("ba_pause", frame["seat"], {"before": 2}))
            if above["kind"] == "deliver":
                old[i + 1] = {**above, "data": {**above["data"], "ba": True}}
    return out


def _frame(kind: str, seat: int, data: dict[str, Any]) -> dict[str, Any]:
    return {"kind": kind, "seat": seat, "data": data}


def _to_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 → 1: the turn stack (:func:`upgrade_stack`). The log of old states is
    plain English text and stays so (``told.from_log`` shows a line that is no recipe as it
    is); no other field changed."""
    return {**data, "stack": upgrade_stack(data.get("stack", []))}


#: ``(version reached, step)``, in order.
STEPS: list[tuple[int, Callable[[dict[str, Any]], dict[str, Any]]]] = [(1, _to_1)]


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A state's JSON data (``json.loads`` of ``dump``) in the form of :data:`RULES_VERSION`."""
    version = data.get("rules_version", 0)
    if version > RULES_VERSION:
        raise ValueError(f"this state was saved by a newer engine (rules version {version})")
    for reached, step in STEPS:
        if version < reached:
            data = step(data)
            version = reached
    return {**data, "rules_version": version}
