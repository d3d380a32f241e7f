"""Kuhlorado's sheet as text: the 8 × 8 grid with its columns A–H and rows 1–8 (a cell is
typed ``e2``), then the troughs, herds, border meadows, dice and scores."""

from __future__ import annotations

from typing import Any

from bot.terminal.maps import fill, name_of
from games.i18n import _, _p
from games.kuhlorado.names import category_label

CELL = 4


def text_map(view: dict[str, Any], names: list[str]) -> list[str]:
    players = view["players"]
    names = [name_of(names, p["seat"], _(p["name"])) for p in players]
    symbol = {p["seat"]: p["symbol"].upper() for p in players}
    last = set((view.get("last_move") or {}).get("cells") or [])
    lines = [_("Sheet {n}, turn {turn}.", n=view["sheet_number"], turn=view["turn"])]
    columns = "ABCDEFGH"
    lines.append(("    " + "".join(c.center(CELL) for c in columns)).rstrip())
    for row_number, row in enumerate(view["cells"], start=1):
        cells = []
        for cell in row:
            text = _cell(cell, symbol)
            if cell["label"] in last:
                text = f"[{text}]"
            cells.append(text.center(CELL))
        lines.append(f"{row_number:>3} " + "".join(cells).rstrip())
    lines.append(_("X, O: the players' marks ([X]: the last move); c: a cow;"))
    lines.append(_("1–5: a number; ~~: a trough."))
    lines.append(_("Players: {players}.", players=", ".join(
        f"{names[p['seat']]} {symbol[p['seat']]}" for p in players)))
    lines += _troughs(view, names)
    herds = [_("{name} {cells} ({n} pts)", name=names[h["seat"]], cells="+".join(h["cells"]),
               n=h["points"]) for h in view["herds"]]
    if herds:
        lines += fill(herds, first=_("Herds:") + " ")
    meadows = view.get("meadow_leaders") or {}
    sides = {"north": _("north"), "east": _("east"), "south": _("south"), "west": _("west")}
    held = [f"{sides.get(side, side)} {name_of(names, seat)}" for side, seat in meadows.items()]
    lines += fill(held, first=_("Border meadows:") + " ")
    if view.get("dice"):
        lines.append(_("Dice: {dice} ({name}).", dice=" + ".join(
            _("cow") if d == "cow" else str(d) for d in view["dice"]),
            name=name_of(names, view.get("dice_seat"))))
    lines += _scores(players, names)
    if view.get("finished") and view.get("end_reason"):
        lines.append(_("The game ended: {why}.", why=view["end_reason"]))
    return lines


def _cell(cell: dict[str, Any], symbol: dict[int, str]) -> str:
    if cell["mark"] is not None:
        return str(cell["mark"]).upper()
    if cell["kind"] == "cow":
        return "c"
    if cell["kind"] == "number":
        return str(cell["number"])
    return "~~"  # a trough


def _troughs(view: dict[str, Any], names: list[str]) -> list[str]:
    found = []
    for trough in view["troughs"]:
        size = _("large") if trough["large"] else _("small")
        leader = trough.get("leader")
        found.append(_("{cells} ({size}, {n} pts: {leader})", cells="+".join(trough["cells"]),
                       size=size, n=trough["points"],
                       leader=name_of(names, leader, _("nobody ahead"))))
    return fill(found, first=_("Troughs:") + " ") if found else []


def _scores(players: list[dict[str, Any]], names: list[str]) -> list[str]:
    lines = []
    for player in players:
        scores = player["scores"]
        parts = [f"{category_label(k) or k} {v}" for k, v in scores.items() if k != "total"]
        lines += fill(parts, first=_p("scores line", "{name}: {total} —",
                                      name=names[player["seat"]], total=scores["total"]) + " ",
                      indent="    ")
    return lines
