"""A game's view as plain text, for the terminal's ``board`` and ``hand`` commands.

Generic over every game (nothing here knows one game from another): a grid (a list of
rows of cells) is drawn as a grid, everything else as a compact listing, one line per
entry. It is the board of a game without a text map (:mod:`bot.terminal.maps`).
"""

from __future__ import annotations

from typing import Any

#: A listing shows at most this many items of one list.
LIST_LIMIT = 30
#: A grid cell shows at most this many characters.
CELL_WIDTH = 4


def view_lines(view: dict[str, Any], names: list[str] | None = None) -> list[str]:
    """Each entry of a view on its own line ("money: 20"), grids drawn as grids."""
    lines: list[str] = []
    for key, value in view.items():
        if key == "game":
            continue
        lines.extend(_entry(str(key), value, ""))
    return lines


def _entry(key: str, value: Any, indent: str) -> list[str]:
    if _is_grid(value):
        return [f"{indent}{key}:", *(indent + "  " + row for row in _grid(value))]
    if isinstance(value, dict):
        if all(_is_scalar(v) for v in value.values()):
            return [f"{indent}{key}: {_pairs(value)}"]
        lines = [f"{indent}{key}:"]
        for sub, inner in value.items():
            lines.extend(_entry(str(sub), inner, indent + "  "))
        return lines
    if isinstance(value, list):
        if all(_is_scalar(v) for v in value):
            return [f"{indent}{key}: {_items(value)}"]
        lines = [f"{indent}{key}:"]
        for item in value[:LIST_LIMIT]:
            if isinstance(item, dict) and all(_is_scalar(v) or _flat_list(v) or _flat_dict(v)
                                              for v in item.values()):
                lines.append(f"{indent}  - {_pairs(item)}")
            else:
                lines.extend(_entry("-", item, indent + "  "))
        if len(value) > LIST_LIMIT:
            lines.append(f"{indent}  … {len(value) - LIST_LIMIT} more")
        return lines
    return [f"{indent}{key}: {_scalar(value)}"]


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _flat_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_scalar(v) for v in value)


def _flat_dict(value: Any) -> bool:
    return isinstance(value, dict) and all(_is_scalar(v) for v in value.values())


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _items(values: list[Any]) -> str:
    shown = ", ".join(_scalar(v) for v in values[:LIST_LIMIT]) or "none"
    return shown + (f", … {len(values) - LIST_LIMIT} more" if len(values) > LIST_LIMIT else "")


def _pairs(mapping: dict[str, Any]) -> str:
    parts = []
    for key, value in mapping.items():
        if value is None or value == [] or value == {}:
            continue
        if isinstance(value, dict):
            parts.append(f"{key} ({_pairs(value)})")
        else:
            parts.append(f"{key} {_items(value) if isinstance(value, list) else _scalar(value)}")
    return ", ".join(parts) or "none"


def _is_grid(value: Any) -> bool:
    """Rows of equal length (at least 2 × 2) of cells that are scalars or flat dicts."""
    if not (isinstance(value, list) and len(value) >= 2):
        return False
    if not all(isinstance(row, list) and len(row) == len(value[0]) >= 2 for row in value):
        return False
    return all(_is_scalar(c) or (isinstance(c, dict) and all(map(_is_scalar, c.values())))
               for row in value for c in row)


def _grid(rows: list[list[Any]]) -> list[str]:
    """A header of the first row's cell labels (if cells have labels), then one line per
    row headed by its first cell's label. A dict cell shows its last filled value (a mark
    over a number over a kind, when the game lists them in that order)."""
    texts = [[_cell(cell) for cell in row] for row in rows]
    labels = [[_label(cell) for cell in row] for row in rows]
    width = max(len(t) for row in texts + labels for t in row)
    has_labels = any(labels[0])
    lines = []
    if has_labels:
        lines.append(" " * (width + 2) + "  ".join(t.ljust(width) for t in labels[0]).rstrip())
    for row_labels, row in zip(labels, texts, strict=True):
        head = row_labels[0].ljust(width) + "  " if has_labels else ""
        lines.append(head + "  ".join(t.ljust(width) for t in row).rstrip())
    return lines


def _label(cell: Any) -> str:
    label = cell.get("label") if isinstance(cell, dict) else None
    return label[:CELL_WIDTH] if isinstance(label, str) else ""


def _cell(cell: Any) -> str:
    if isinstance(cell, dict):
        filled = [v for k, v in cell.items() if k != "label" and v is not None and v != ""]
        return _scalar(filled[-1])[:CELL_WIDTH] if filled else "."
    return _scalar(cell)[:CELL_WIDTH]
