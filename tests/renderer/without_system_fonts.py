"""``python -m tests.renderer.without_system_fonts GAME LANG``: draw a sample board of
GAME in LANG on a host without DejaVu (Pillow may open no font file but those Estancia
ships: the fonts of macOS, Windows or Docker's slim image are not DejaVu) and print the
SHA-256 of its pixels. tests/renderer/test_shipped_fonts.py compares it with the same
board drawn as usual."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from PIL import ImageFont

SHIPPED = Path(__file__).resolve().parents[2] / "renderer" / "dejavu"


def hide_system_fonts() -> None:
    real = ImageFont.truetype

    def only_shipped(font=None, size=10, *args, **kwargs):  # type: ignore[no-untyped-def]
        path = Path(str(font))
        if not (path.is_absolute() and path.parent == SHIPPED):
            raise OSError(f"cannot open resource {font!r} (no such font on this host)")
        return real(font, size, *args, **kwargs)

    ImageFont.truetype = only_shipped  # type: ignore[assignment]


def board_digest(game: str, language: str) -> str:
    import bot  # noqa: F401  (its catalogues too, as in the bot's process and the tests')
    from games.i18n import using
    from renderer import render_image
    from testkit.samples import board_samples

    sample = next(s for s in board_samples(game) if s.name.endswith("-mid-public"))
    with using(language):
        image = render_image(game, sample.view, sample.names)
    return hashlib.sha256(image.tobytes()).hexdigest()


def main() -> None:
    hide_system_fonts()
    print(board_digest(sys.argv[1], sys.argv[2]))


if __name__ == "__main__":
    main()
