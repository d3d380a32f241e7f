"""Game options as people type them ("pro sheet=3", "variant1=yes"), on Discord and in
the terminal alike, and the one-line description of a game's options for help texts."""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel

from games.i18n import N_, _, number


def typed_value(raw: str) -> Any:
    """``"yes"`` → True, ``"off"`` → False, ``"3"`` → 3, ``"0.5"`` → 0.5, else the text."""
    lowered = raw.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    for kind in (int, float):
        try:
            return kind(raw)
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


def option_problems(errors: list[Any], model: type[BaseModel]) -> str:
    """Pydantic's complaints about typed options ("sheet: at most 10; nope: no such
    option …"), in the active language: each known kind of mistake is said in our own
    words; an engine's own message (a ``ValueError`` of its options) as it wrote it."""
    return "; ".join(_one_problem(error, model) for error in errors)


def _one_problem(error: Any, model: type[BaseModel]) -> str:
    where = ".".join(str(part) for part in error.get("loc", ()))
    kind, context = error.get("type", ""), error.get("ctx") or {}
    if kind == "extra_forbidden":
        known = describe_options(model)
        text = (_("no such option (the options: {known})", known=known) if known
                else _("this game has no options"))
    elif kind in _BOUNDS:
        text = _(_BOUNDS[kind], n=_number(context.get(kind_bound(kind))))
    elif kind == "literal_error":
        field = model.model_fields.get(where)
        choices = [repr(c) for c in _literal_choices(field.annotation)] if field else []
        text = _("one of {choices}", choices=or_list(choices)) if choices else _(NOT_VALID)
    elif kind in ("bool_parsing", "bool_type"):
        text = _("yes or no")
    elif kind in ("int_parsing", "int_type", "int_from_float"):
        text = _("a whole number")
    elif kind in ("float_parsing", "float_type", "finite_number"):
        text = _("a number")
    elif kind == "string_type":
        text = _("a word")
    elif kind == "value_error":
        text = str(error.get("msg", "")).removeprefix("Value error, ")
    else:
        text = _(NOT_VALID)
    return _("{option}: {problem}", option=where, problem=text) if where else text


NOT_VALID = N_("not a valid value")
_BOUNDS = {
    "less_than_equal": N_("at most {n}"),
    "greater_than_equal": N_("at least {n}"),
    "less_than": N_("less than {n}"),
    "greater_than": N_("more than {n}"),
}


def kind_bound(kind: str) -> str:
    """The context key of a bound's value (``le``, ``ge``, ``lt``, ``gt``)."""
    return {"less_than_equal": "le", "greater_than_equal": "ge", "less_than": "lt",
            "greater_than": "gt"}[kind]


def _number(value: Any) -> str:
    return number(value) if isinstance(value, int | float) else str(value)


def or_list(items: list[str]) -> str:
    """ "a", "a or b", "a, b or c" in the active language."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} or {last}", first=", ".join(items[:-1]), last=items[-1])
