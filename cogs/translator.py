"""The slash commands in the user's language: discord.py's ``app_commands.Translator``.

When the command tree is synced, discord.py asks the translator for every command and
group name and description, every parameter name and description and every choice name,
in every language Discord knows, and sends what it gets as ``name_localizations`` and
``description_localizations``. A French client then shows ``/estancia nouvelle jeu:…``;
the interaction still arrives with the English names, so nothing else changes.

The texts come from the same catalogues as everything else (``cogs/locales/fr.po``),
under the message context :data:`CONTEXT`: the English name is the message id
(``msgctxt "command"`` / ``msgid "new"`` / ``msgstr "nouvelle"``). A localized name that
Discord would refuse (see :func:`valid_name`) is left out, and logged.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from games import i18n

log = logging.getLogger(__name__)

#: The catalogue context of command names, descriptions and choices.
CONTEXT = "command"
#: Where a text is a name, which Discord restricts (:func:`valid_name`).
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})
#: Discord's limits on names, and on descriptions and choice names.
NAME_LIMIT = 32
TEXT_LIMIT = 100


def valid_name(text: str) -> bool:
    """Whether Discord accepts ``text`` as a slash command or option name: 1–32
    characters, letters (lower case), digits, ``-`` and ``_`` only (``^[-_\\p{L}\\p{N}]{1,32}$``
    in lower case, Discord's rule for chat input commands)."""
    return (0 < len(text) <= NAME_LIMIT and text == text.lower()
            and all(ch.isalnum() or ch in "-_" for ch in text))


def translated(message: str, locale: discord.Locale | str, name: bool = False) -> str | None:
    """The catalogue's text for ``message`` in ``locale``, or None (no translation, the
    source language, or a name Discord would refuse)."""
    lang = i18n.normalize(str(getattr(locale, "value", locale)))
    if lang in (i18n.SOURCE, i18n.PSEUDO):
        return None
    text = i18n.translation(message, CONTEXT, lang)
    if not text or text == message:
        return None
    if name and not valid_name(text):
        log.warning("the %s name %r for %r breaks Discord's rules; left out", lang, text, message)
        return None
    if len(text) > TEXT_LIMIT:
        log.warning("the %s text for %r is over %d characters; left out", lang, message,
                    TEXT_LIMIT)
        return None
    return text


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        return translated(string.message, locale, name=context.location in NAMES)
