"""Texts that can be told again in another language, for the log kept in the state.

The engine writes its prompts, labels and events in the active language
(:mod:`games.i18n`). The log of the last events is kept in the state, which must not
depend on the language it was played in (the same moves give the same state), and the
board draws it in the viewer's language. So the modules of this game translate with this
module's :func:`_` and :func:`_n`: they give the same text as :mod:`games.i18n`, a ``str``
that also carries its *recipe* (the English message and its fields, which are recipes in
turn). :func:`to_log` writes a text's recipe as one line of JSON; :func:`from_log` makes
the text again in the active language (a line that is no recipe is shown as it is).
"""

from __future__ import annotations

import json
from typing import Any

from games import i18n


class Told(str):
    """A translated text with what it was made of (:func:`recipe` reads it)."""

    made_of: tuple[Any, ...]


def recipe(value: Any) -> Any:
    """What :func:`retell` needs to make ``value`` again: a Told's message and fields (as
    recipes in turn), else the value itself (a number, or a text that is the same in every
    language: a name, an id)."""
    if isinstance(value, Told):
        kind, *args, params = value.made_of
        if kind == "join":
            return ["join", args[0], [recipe(p) for p in params]]
        return [kind, *args, {k: recipe(v) for k, v in params.items()}]
    if isinstance(value, bool | int | float):
        return value
    return str(value)


def _told(text: str, *made_of: Any) -> Told:
    made = Told(text)
    made.made_of = made_of
    return made


def _(msgid: str, **params: Any) -> str:
    """:func:`games.i18n._`, remembering how the text was made."""
    return _told(i18n._(msgid, **params), "_", msgid, params)


def _p(context: str, msgid: str, **params: Any) -> str:
    """:func:`games.i18n._p`, remembering how the text was made."""
    return _told(i18n._p(context, msgid, **params), "_p", context, msgid, params)


def _n(singular: str, plural: str, n: int, **params: Any) -> str:
    """:func:`games.i18n._n`, remembering how the text was made."""
    return _told(i18n._n(singular, plural, n, **params), "_n", singular, plural, n, params)


def joined(parts: list[str], separator: str = ", ") -> str:
    """``separator.join(parts)`` that keeps what the parts were made of."""
    return _told(separator.join(parts), "join", separator, list(parts))


def cut(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters; a text that fits keeps its recipe (slicing a
    Told gives a plain ``str``, which the log could not tell again in another language)."""
    return text if len(text) <= limit else text[:limit]


def retell(how: Any) -> str:
    """The text of a recipe in the active language."""
    if not isinstance(how, list):
        return str(how)
    kind = how[0]
    if kind == "_":
        return i18n._(how[1], **{k: retell(v) for k, v in how[2].items()})
    if kind == "_n":
        return i18n._n(how[1], how[2], how[3],
                       **{k: retell(v) for k, v in how[4].items() if k != "n"})
    if kind == "_p":
        return i18n._p(how[1], how[2], **{k: retell(v) for k, v in how[3].items()})
    if kind == "join":
        separator: str = how[1]
        return separator.join(retell(p) for p in how[2])
    raise ValueError(f"not a text recipe: {how!r}")


def to_log(text: str) -> str:
    """One log line: the recipe of a Told as JSON, any other text as it is."""
    if isinstance(text, Told):
        return json.dumps(recipe(text), ensure_ascii=False, separators=(",", ":"))
    return str(text)


#: (log line, language) -> the catalogue it was told with and its text (every view shows
#: the last lines of the log again: each is told once per language, and again only when
#: the catalogues change)
_told_lines: dict[tuple[str, str], tuple[object, str]] = {}
TOLD_LINES = 4096


def from_log(line: str) -> str:
    """A log line in the active language."""
    return from_log_lines([line])[0]


def from_log_lines(lines: list[str]) -> list[str]:
    """Log lines in the active language."""
    lang = i18n.current()
    book = i18n.catalogue(lang)
    return [_told_line(line, lang, book) if line.startswith("[") else line for line in lines]


def _told_line(line: str, lang: str, book: object) -> str:
    hit = _told_lines.get((line, lang))
    if hit is not None and hit[0] is book:
        return hit[1]
    text = _retell_line(line)
    if len(_told_lines) >= TOLD_LINES:
        _told_lines.clear()
    _told_lines[(line, lang)] = (book, text)
    return text


def _retell_line(line: str) -> str:
    try:
        return retell(json.loads(line))
    except (ValueError, TypeError, KeyError, IndexError):
        return line
