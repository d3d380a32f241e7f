"""Translations of every text a player reads, from gettext catalogues.

The source language is English: each text is written once, in English, inside a call
that names it as a message (the gettext convention, as in Django or Babel)::

    from games.i18n import _, N_, _n

    _("Roll the dice")
    _("{name} takes {n} coins", name=name, n=3)     # params are filled after translating
    _n("{n} coin", "{n} coins", n)                   # plural forms (French: n > 1 is plural)
    _p("building", "Market")                         # a context tells apart equal English words
    BUILDING = N_("Market")                          # only marks a text; translate it at use:
    _(BUILDING)

Which language a call returns is the *active locale* of the running context (a
``contextvars`` variable, so every asyncio task and worker thread has its own)::

    with using("fr"):
        decision = game.pending(state)   # prompt and labels in French

Engines stay pure and deterministic: the same state and the same locale give the same
texts. Option *keys* are never translated (moves are stored by key).

Catalogues are gettext ``.po`` files, ``<package>/locales/<lang>.po`` (several per
package may be split as ``<lang>.<part>.po``). Every package that shows texts registers
its folder with :func:`register_catalogues`; the games' folders are found on their own.
``tests/test_i18n.py`` fails when a text marked in the code has no French translation,
and the pseudo-locale :data:`PSEUDO` (each translated text wrapped in ⟦…⟧) lets tests
find texts that reach a player without going through a catalogue.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po
from babel.numbers import format_decimal

SOURCE = "en"
#: Languages with catalogues (the source language needs none).
LANGUAGES = ("en", "fr")
#: A test-only locale: every text is marked ⟦…⟧ so untranslated ones stand out.
PSEUDO = "qps"
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"

_active: contextvars.ContextVar[str] = contextvars.ContextVar("estancia_locale", default=SOURCE)
_roots: list[Path] = [Path(__file__).parent]


def register_catalogues(folder: Path) -> None:
    """Add a package folder whose ``locales/*.po`` files hold translations."""
    folder = Path(folder)
    if folder not in _roots:
        _roots.append(folder)
        _catalogue.cache_clear()


def normalize(locale: str | None) -> str:
    """The supported language for a locale name ("fr", "fr-FR", "en-US", Discord's
    ``Locale`` values ...); anything unknown falls back to English."""
    if not locale:
        return SOURCE
    code = str(getattr(locale, "value", locale)).replace("_", "-").lower()
    if code == PSEUDO:
        return PSEUDO
    lang = code.split("-", 1)[0]
    return lang if lang in LANGUAGES else SOURCE


def current() -> str:
    return _active.get()


@contextlib.contextmanager
def using(locale: str | None) -> Iterator[str]:
    """Make ``locale`` the active language inside the block."""
    token = _active.set(normalize(locale))
    try:
        yield _active.get()
    finally:
        _active.reset(token)


Key = tuple[str | None, str]  # (context, English text) — plural entries use the singular


@cache
def _catalogue(lang: str) -> dict[Key, str | tuple[str, ...]]:
    """Every translation of ``lang`` from all registered folders."""
    merged: dict[Key, str | tuple[str, ...]] = {}
    for root in _roots:
        for path in sorted(root.glob(f"**/locales/{lang}.po")) + sorted(
            root.glob(f"**/locales/{lang}.*.po")
        ):
            with path.open("rb") as fh:
                catalog = read_po(fh, locale=lang)
            for message in catalog:
                if not message.id or message.fuzzy:
                    continue
                # babel types a plural entry's id and texts as a tuple or a list
                singular = message.id if isinstance(message.id, str) else message.id[0]
                text = message.string
                if isinstance(text, (tuple, list)):
                    if all(text):
                        merged[(message.context, singular)] = tuple(text)
                elif text:
                    merged[(message.context, singular)] = text
    return merged


def catalogue(lang: str) -> dict[Key, str | tuple[str, ...]]:
    """The merged translations of one language (read by tests and the Discord translator)."""
    return _catalogue(normalize(lang))


def translation(msgid: str, context: str | None = None, lang: str | None = None) -> str | None:
    """The catalogue's text for ``msgid`` in ``lang`` (default: the active one), or None."""
    lang = normalize(lang) if lang else current()
    if lang in (SOURCE, PSEUDO):
        return msgid
    found = _catalogue(lang).get((context, msgid))
    if isinstance(found, tuple):
        return found[0]
    return found


def _finish(text: str, params: dict[str, object], lang: str | None = None) -> str:
    if params:
        text = text.format(**params)
    if (lang or current()) == PSEUDO:
        return f"{PSEUDO_OPEN}{text}{PSEUDO_CLOSE}"
    return text


def _translated(msgid: str, context: str | None, params: dict[str, object]) -> str:
    # the hottest path of every label: the active language is read once
    lang = _active.get()
    if lang not in (SOURCE, PSEUDO):
        found = _catalogue(lang).get((context, msgid))
        if found:
            msgid = found[0] if isinstance(found, tuple) else found
    return _finish(msgid, params, lang)


def _(msgid: str, **params: object) -> str:
    """``msgid`` in the active language, with ``{name}`` fields filled from ``params``."""
    return _translated(msgid, None, params)


def _p(context: str, msgid: str, **params: object) -> str:
    """Like :func:`_` for an English text that needs a context to translate."""
    return _translated(msgid, context, params)


def _plural_index(lang: str, n: float) -> int:
    if lang == "fr":  # Plural-Forms: nplurals=2; plural=(n > 1); CLDR: 1,5 jour
        return 0 if int(n) in (0, 1) else 1
    return 0 if n == 1 else 1


def number(value: float, decimals: int = 3, *, fixed: bool = False) -> str:
    """``value`` as the active language writes numbers (Babel's CLDR data): "2.5" in
    English, "2,5" in French; at most ``decimals`` decimals, none when it is whole
    (``fixed``: always ``decimals`` of them, "25.0")."""
    lang = current()
    places = ("0" if fixed else "#") * decimals
    pattern = "#,##0" + ("." + places if places else "")
    return format_decimal(value, format=pattern, locale=SOURCE if lang == PSEUDO else lang)


def _n(singular: str, plural: str, n: float, /, **params: object) -> str:
    """The singular or plural form for ``n`` in the active language; ``n`` is a param too
    (pass ``n=number(x)`` to write a fractional one the language's way)."""
    lang = current()
    forms: tuple[str, ...] = (singular, plural)
    if lang not in (SOURCE, PSEUDO):
        found = _catalogue(lang).get((None, singular))
        if isinstance(found, tuple):
            forms = found
    index = min(_plural_index(lang, n), len(forms) - 1)
    return _finish(forms[index], {"n": n, **params})


def N_(msgid: str) -> str:
    """Marks a text for the catalogues without translating it (module constants)."""
    return msgid
