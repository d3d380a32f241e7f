"""Every text marked for translation has its French translation, with the same fields.

The code marks player-facing texts with ``_``, ``_p``, ``_n`` and ``N_`` (games/i18n.py);
this test reads every call with a literal text in games/, bot/, cogs/ and renderer/ and
looks it up in the merged French catalogue. Texts that reach a player without any mark
are found by each game's pseudo-locale test (tests/games/*/test_*i18n*.py).
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from games import i18n
from games.i18n import N_, _, _n, _p, using

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "bot", "cogs", "renderer")


def _register_all() -> None:
    import bot  # noqa: F401  (each package registers its own locales/ folder)
    import cogs  # noqa: F401
    import renderer  # noqa: F401


def marked_texts() -> list[tuple[str, int, str | None, str, str | None]]:
    """(file, line, context, text, plural) for each marked literal in the code."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                name, args = node.func.id, node.args
                literal = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str)
                           else None for a in args]
                where = (str(path.relative_to(ROOT)), node.lineno)
                if name in ("_", "N_") and literal and literal[0] is not None:
                    found.append((*where, None, literal[0], None))
                elif name == "_p" and len(literal) >= 2 and None not in literal[:2]:
                    found.append((*where, literal[0], literal[1], None))
                elif name == "_n" and len(literal) >= 2 and None not in literal[:2]:
                    found.append((*where, None, literal[0], literal[1]))
    return found


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_marked_text_has_a_french_translation_with_the_same_fields():
    _register_all()
    french = i18n.catalogue("fr")
    missing, wrong = [], []
    for path, line, context, text, plural in marked_texts():
        found = french.get((context, text))
        if found is None:
            missing.append(f"{path}:{line}: {text!r}")
            continue
        forms = found if isinstance(found, tuple) else (found,)
        expected = fields(text) | (fields(plural) if plural else set())
        for form in forms:
            # A plural form may leave out {n} ("un seul …"), never add a field.
            if not fields(form) <= expected | {"n"} or not fields(form) >= fields(text) - {"n"}:
                wrong.append(f"{path}:{line}: {text!r} -> {form!r}")
    assert not missing, f"{len(missing)} texts without a French translation:\n" + "\n".join(
        missing[:60]
    )
    assert not wrong, "translations whose {fields} differ:\n" + "\n".join(wrong[:60])


def test_the_active_locale_chooses_the_language(tmp_path):
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        'msgid "Roll the dice"\nmsgstr "Lancer les dés"\n\n'
        'msgid "{name} takes {n} coins"\nmsgstr "{name} prend {n} pièces"\n\n'
        'msgctxt "building"\nmsgid "Market"\nmsgstr "Marché (bâtiment)"\n\n'
        'msgid "{n} coin"\nmsgid_plural "{n} coins"\nmsgstr[0] "{n} pièce"\n'
        'msgstr[1] "{n} pièces"\n',
        encoding="utf-8",
    )
    i18n.register_catalogues(tmp_path)
    try:
        assert _("Roll the dice") == "Roll the dice"
        with using("fr-FR"):
            assert _("Roll the dice") == "Lancer les dés"
            assert _("{name} takes {n} coins", name="Ana", n=3) == "Ana prend 3 pièces"
            assert _p("building", "Market") == "Marché (bâtiment)"
            assert [_n("{n} coin", "{n} coins", n) for n in (0, 1, 2)] == [
                "0 pièce", "1 pièce", "2 pièces"]
            assert _("Not in any catalogue") == "Not in any catalogue"
        assert [_n("{n} coin", "{n} coins", n) for n in (0, 1, 2)] == [
            "0 coins", "1 coin", "2 coins"]
        with using(i18n.PSEUDO):
            assert _(N_("Roll the dice")) == "⟦Roll the dice⟧"
        with using("de"):
            assert _("Roll the dice") == "Roll the dice"
    finally:
        i18n._roots.remove(tmp_path)
        i18n._catalogue.cache_clear()


@pytest.mark.parametrize(("given", "lang"), [
    ("fr", "fr"), ("fr-CA", "fr"), ("en-US", "en"), ("en-GB", "en"), (None, "en"), ("ja", "en"),
])
def test_locale_names_are_normalized(given, lang):
    assert i18n.normalize(given) == lang


def test_no_two_catalogues_translate_one_text_differently() -> None:
    """Every package's catalogues are merged into one per language: a text (with its
    context) translated one way in a game's catalogue and another way in the bot's would
    silently take whichever is read last (the bot's "stone" card once hid Hazienda's
    « rocaille »). Different meanings need a context (``_p``)."""
    from babel.messages.pofile import read_po

    found: dict[tuple[str | None, str], dict[str, str]] = {}
    for path in sorted(ROOT.glob("*/**/locales/fr*.po")):
        if ".venv" in path.parts:
            continue
        with path.open("rb") as fh:
            for message in read_po(fh, locale="fr"):
                if not message.id or not message.string:
                    continue
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                found.setdefault((message.context, msgid), {})[
                    str(path.relative_to(ROOT))] = str(message.string)
    clashes = {key: where for key, where in found.items() if len(set(where.values())) > 1}
    assert not clashes
