"""Game options typed by people ("pro", "sheet=3", "variant1=yes") as typed values."""

from __future__ import annotations

from typing import Any


def typed_value(raw: str) -> Any:
    """``"yes"`` → True, ``"off"`` → False, ``"3"`` → 3, ``"0.5"`` → 0.5, else the text."""
    lowered = raw.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    for number in (int, float):
        try:
            return number(raw)
        except ValueError:
            pass
    return raw
