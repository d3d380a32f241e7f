"""Every word drawn on the Kuhlorado, Hazienda and Llama Land images comes from a catalogue.

The sample boards and decision images (testkit/samples.py) are drawn under the
pseudo-locale (:data:`games.i18n.PSEUDO`, every translated text wrapped in ⟦…⟧) while
every text handed to Pillow is recorded. Outside the ⟦…⟧ segments no letter may be left,
except board coordinates of the games' notations ("C4", row "K", market "KA"): a letter
left is English that never went through ``_()``. A text drawn in pieces (a sentence
wrapped over lines, a bold name inside a sentence) is read as the sequence it is drawn
in; a text shortened with "…" closes whatever it opened. Player names are digits here,
so that they cannot hide a leak.

The images in French are checked for size by tests/renderer/test_text_size.py.
"""

from __future__ import annotations

import importlib
import re

import pytest
from PIL import ImageDraw

from games.i18n import PSEUDO, using
from renderer import RENDERERS, render_image
from renderer.fonts import TextDraw
from testkit.samples import board_samples, decision_samples

GAMES = ("kuhlorado", "hazienda", "llama-land")
NAMES = ["01", "02", "03", "04", "05", "06"]
#: Board places in the games' notations: Kuhlorado "C4" and its column letters, Hazienda
#: row letters, hexes "C12" and markets "K1"/"KA", Llama Land cells "r3c-1".
NOTATION = re.compile(r"[A-Z]{1,2}\d{0,2}|r-?\d+c-?\d+")


def leaks(drawn: list[str]) -> list[str]:
    """The drawn texts holding letters outside ⟦…⟧, read in drawing order."""
    found = []
    depth = 0
    for text in drawn:
        outside = []
        for char in text:
            if char == "⟦":
                depth += 1
            elif char == "⟧":
                depth = max(0, depth - 1)
            elif depth == 0:
                outside.append(char)
        if text.endswith("…"):
            depth = 0  # shortened: the rest of the text, closing marks too, was cut
        left = "".join(outside).strip()
        if any(c.isalpha() for c in left) and not all(
                NOTATION.fullmatch(word.strip("()·,:")) or not any(c.isalpha() for c in word)
                for word in left.split()):
            found.append(text)
    return found


def test_the_check_finds_untranslated_words():
    assert leaks(["⟦Turn 3: 01⟧", "C4", "KA", "12", "r3c-1", "⟦Last move: ", "01", " marked⟧"]) == []
    assert leaks(["Turn 3"]) == ["Turn 3"]
    assert leaks(["⟦Game over: only 5 fr…", "free"]) == ["free"]
    assert leaks(["⟦a⟧ b"]) == ["⟦a⟧ b"]


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    texts: list[str] = []

    def recorded(original):
        def record(self, xy, text, *args, **kwargs):
            texts.append(str(text))
            return original(self, xy, text, *args, **kwargs)
        return record

    # Renderers draw on renderer.fonts.TextDraw (cached text), which overrides text();
    # a text it hands to ImageDraw is recorded twice, which changes nothing here.
    for cls in (ImageDraw.ImageDraw, TextDraw):
        monkeypatch.setattr(cls, "text", recorded(cls.__dict__["text"]))
    return texts


@pytest.mark.parametrize("game", GAMES)
def test_every_word_on_the_boards_is_translated(game, drawn):
    found = {}
    with using(PSEUDO):
        for sample in board_samples(game):
            drawn.clear()
            render_image(game, sample.view, NAMES)
            assert drawn, "nothing was drawn: the check would see nothing"
            for text in leaks(drawn):
                found.setdefault(text, sample.name)
    assert not found, f"{game}: texts drawn without a translation: {sorted(found)[:30]}"


@pytest.mark.parametrize("game", GAMES)
def test_every_word_on_the_decision_images_is_translated(game, drawn):
    module = importlib.import_module(RENDERERS[game])
    samples = decision_samples(game)
    assert samples, f"{game}: no decision sample"
    found = {}
    with using(PSEUDO):
        for sample in samples:
            drawn.clear()
            module.render_decision(sample.view, NAMES, sample.marks)
            for text in leaks(drawn):
                found.setdefault(text, sample.name)
    assert not found, f"{game}: texts drawn without a translation: {sorted(found)[:30]}"


@pytest.mark.parametrize("game", GAMES)
def test_the_french_boards_read_differently(game, drawn):
    sample = board_samples(game)[1]
    render_image(game, sample.view, NAMES)
    english = list(drawn)
    drawn.clear()
    with using("fr"):
        render_image(game, sample.view, NAMES)
    assert len(drawn) > 5
    assert sum(e != f for e, f in zip(english, drawn, strict=False)) >= 5, drawn
