"""Llama Land's table as text: each estate as a grid named as its places are typed (rows
``r<row>``, columns ``c<column>``, so ``r-2c5``) with each cell's level and what lies on
top, then what each player holds, the tile piles, the character row, the llama cards and
the objectives."""

from __future__ import annotations

from typing import Any

from bot.terminal.maps import fill, name_of, wrap
from games.i18n import _, _n, _p
from games.llama_land.names import (
    amount,
    category_label,
    character_title,
    icon_name,
    objective_text,
    objective_title,
    resource_name,
    seat_name,
)

#: Columns per cell of an estate grid.
PITCH = 3


def text_map(view: dict[str, Any], names: list[str]) -> list[str]:
    lines: list[str] = []
    if not view.get("over"):
        lines.append(_("Turn {n}: {name} to play.", n=view.get("turn", 0),
                       name=_seat(names, view["current"])))
    lines += wrap(_("Estates: each cell is its level (1 = the start board) and what lies on "
                    "top: {icons}, L a llama; . no terrain; *: placed in the last turn.",
                    icons=", ".join(f"{i} {icon_name(i)}" for i in "-ckp$h")))
    for player in view.get("players") or []:
        lines.append("")
        lines += _player(player, names)
        lines += estate_grid(player["estate"], set(player.get("last_turn") or []))
    lines.append("")
    lines += _table(view, names)
    lines += _scores(view, names)
    return lines


def _seat(names: list[str], seat: int) -> str:
    return f"{name_of(names, seat)} ({seat_name(seat)})"


def _player(player: dict[str, Any], names: list[str]) -> list[str]:
    crops = [amount(n, crop) for crop, n in (player.get("crops") or {}).items()]
    holds = [*crops, amount(player.get("coins", 0), "coin"),
             _n("{n} llama", "{n} llamas", player.get("llamas", 0)),
             _n("{n} foundation", "{n} foundations", player.get("foundations", 0)),
             _n("{n} objective marker", "{n} objective markers", player.get("markers", 0))]
    lines = fill(holds, first=_("{name}, side {side}:", name=_seat(names, player["seat"]),
                                side=player.get("side", "?")) + " ", indent="    ")
    characters = [character_title(c["card"]) + (_(" (used)") if c.get("used") else "")
                  for c in player.get("characters") or []]
    if characters:
        lines += fill(characters, first="  " + _("Characters:") + " ", indent="    ")
    cards = [f"{resource_name(c['crop'])} {c['points']}" for c in player.get("llama_cards") or []]
    if cards:
        lines += fill(cards, first="  " + _("Llama cards:") + " ", indent="    ")
    return lines


def estate_grid(estate: dict[str, Any], marked: set[str]) -> list[str]:
    """The estate's cells under their column numbers, each row after its number."""
    rows = [line.split() for line in estate["text"].splitlines()]
    first_row, first_col = estate["first_row"], estate["first_col"]
    width = max((len(r) for r in rows), default=0)
    label = max(len(f"r{first_row}"), len(f"r{first_row + len(rows) - 1}")) + 1
    lines = [" " * label + "".join(f"{'c' if i == 0 else ''}{first_col + i}".rjust(PITCH)
                                   for i in range(width))]
    for index, cells in enumerate(rows):
        row = first_row + index
        text = f"r{row}".ljust(label)
        for col, cell in enumerate(cells):
            name = f"r{row}c{first_col + col}"
            text += ("*" if name in marked else " ") + cell.rjust(PITCH - 1)
        lines.append(text.rstrip())
    return lines


def _table(view: dict[str, Any], names: list[str]) -> list[str]:
    lines = []
    piles = [_("{shape} ×{n} (top: {icons})", shape=p["shape"], n=p["count"],
               icons=" ".join((p.get("top") or {}).get("icons", "")) or "-")
             for p in view.get("piles") or [] if p.get("count")]
    lines += fill(piles, first=_("Tile piles:") + " ", indent="    ")
    row = (view.get("characters") or {}).get("row") or []
    lines += fill([character_title(c["card"]) for c in row],
                  first=_("Character row:") + " ", indent="    ")
    columns = view.get("llama_columns") or {}
    lines += fill([f"{resource_name(crop)} {' '.join(map(str, points)) or '-'}"
                   for crop, points in columns.items()],
                  first=_("Llama cards left:") + " ", indent="    ")
    supply = view.get("supply") or {}
    lines += fill([f"{resource_name(k.rstrip('s')) if k != 'llamas' else _('llamas')} {n}"
                   for k, n in supply.items()], first=_("Supply:") + " ", indent="    ")
    for objective in view.get("objectives") or []:
        spaces = [_p("objective space", "{points}: {who}", points=s["points"],
                     who=_("free") if s.get("seat") is None else name_of(names, s["seat"]))
                  for s in objective.get("spaces") or []]
        head = f"{objective_title(objective['name'])} ({objective_text(objective['name'], objective['colour'])})"
        lines += fill(spaces, first=head + " ", indent="    ")
    return lines


def _scores(view: dict[str, Any], names: list[str]) -> list[str]:
    lines = []
    for seat, breakdown in sorted((int(s), b) for s, b in (view.get("scores") or {}).items()):
        parts = [f"{category_label(k)} {v}" for k, v in breakdown.items() if k != "total"]
        lines += fill(parts, first=_("{name}: {total} pts", name=_seat(names, seat),
                                     total=breakdown.get("total", 0)) + " — ", indent="    ")
    return lines
