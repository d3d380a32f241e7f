"""The public view of a Kuhlorado game: everything a renderer or a message needs, as JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.kuhlorado.marking import face_key
from games.kuhlorado.names import SEAT_NAMES
from games.kuhlorado.scoring import (
    PRO_COW_THRESHOLD,
    herd_value,
    herds,
    majority,
    meadow_winners,
)
from games.kuhlorado.sheet import SIZE, SYMBOLS, label

if TYPE_CHECKING:
    from games.kuhlorado.game import Kuhlorado, KuhloradoState


def build_view(game: Kuhlorado, state: KuhloradoState) -> dict[str, Any]:
    sheet = state.sheet
    scores = game.scores(state)
    meadows = meadow_winners(sheet)
    cells = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            pos = (r, c)
            kind = "cow" if sheet.is_cow(pos) else "trough" if sheet.is_trough(pos) else "number"
            row.append({
                "label": label(pos),
                "kind": kind,
                "number": sheet.number(pos),
                "mark": sheet.mark(pos),
            })
        cells.append(row)
    troughs = []
    for trough in sheet.troughs():
        owner = majority(sheet, trough.neighbours())
        troughs.append({
            "cells": [label(p) for p in trough.cells],
            "large": trough.large,
            "points": trough.points,
            "leader": SYMBOLS.index(owner) if owner else None,
        })
    finished = state.finished
    return {
        "game": game.name,
        "sheet_number": state.sheet_number,
        "cells": cells,
        "troughs": troughs,
        # groups of two or more orthogonally adjacent marks of one player ("Terrains")
        "herds": [
            {"seat": seat, "cells": [label(p) for p in group], "points": herd_value(len(group))}
            for seat, symbol in enumerate(SYMBOLS)
            for group in herds(sheet, symbol)
            if len(group) > 1
        ],
        "meadow_leaders": {
            name: (SYMBOLS.index(w) if w else None) for name, w in meadows.items()
        },
        "dice": [face_key(f) for f in state.dice],
        "dice_seat": state.dice_seat,
        "rerolled": state.rerolled,
        "phase": state.phase,
        "current_seat": None if finished else state.current,
        "turn": state.turn,
        "turn_marks": [label(p) for p in state.turn_marks],
        "last_move": (
            {"seat": state.last_move.seat, "cells": [label(p) for p in state.last_move.cells]}
            if state.last_move
            else None
        ),
        "players": [
            {"seat": s, "name": SEAT_NAMES[s], "symbol": SYMBOLS[s], "scores": scores[s]}
            for s in range(2)
        ],
        "free_cows": len(sheet.free_cows()),
        "free_numbers": len(sheet.free_numbers()),
        "pro": {
            "enabled": state.options.pro,
            "cows_marked": sheet.marked_cows(),
            "threshold": PRO_COW_THRESHOLD,
            "scored": state.doubles_scored,
            "doubles": list(state.doubles),
        },
        "finished": finished,
        "end_reason": state.end_reason,
        "winners": game.winners(state) if finished else [],
    }
