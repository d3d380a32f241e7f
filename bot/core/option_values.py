"""Game options as people type them ("pro sheet=3", "variant1=yes"), on Discord and in
the terminal alike, and the one-line description of a game's options for help texts."""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel

from games.i18n import _


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


def parse_option_words(text: str | None) -> dict[str, Any]:
    """``"pro sheet=3 variant=long"`` → ``{"pro": True, "sheet": 3, "variant": "long"}``.

    A bare word switches a flag on, ``no-word`` switches it off; values that read as
    numbers or booleans become numbers or booleans (commas separate words too).
    Validation is the game's business.
    """
    options: dict[str, Any] = {}
    for token in (text or "").replace(",", " ").split():
        name, sep, raw = token.partition("=")
        name = name.strip().lower().replace("-", "_")
        if not name:
            raise ValueError(_("an option needs a name before '=': {token}",
                               token=repr(token[:40])))
        if not sep:
            if name.startswith("no_") and len(name) > 3:
                options[name[3:]] = False
            else:
                options[name] = True
            continue
        options[name] = typed_value(raw.strip())
    return options


def describe_options(model: type[BaseModel]) -> str:
    """ "pro, sheet=1…10" — each option of a game as it is typed (flags as a bare word)."""
    parts = []
    for name, field in model.model_fields.items():
        annotation = field.annotation
        if annotation is bool:
            parts.append(name)
            continue
        choices = _literal_choices(annotation)
        if choices:
            parts.append(f"{name}={'|'.join(map(str, choices))}")
            continue
        low = high = None
        for rule in field.metadata:
            low = getattr(rule, "ge", low)
            high = getattr(rule, "le", high)
        parts.append(f"{name}={low}…{high}" if low is not None and high is not None
                     else f"{name}={_('VALUE')}")
    return ", ".join(parts)


def _literal_choices(annotation: Any) -> tuple[Any, ...]:
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        for arm in typing.get_args(annotation):
            if typing.get_origin(arm) is typing.Literal:
                return typing.get_args(arm)
    return ()
