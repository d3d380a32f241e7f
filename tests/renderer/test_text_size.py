"""Every game's images read on a phone: at 400 px wide no information-carrying text is
under 9 px tall ("Boards a phone can read").

Measured from the font sizes a render asks :func:`renderer.fonts.font` for (recorded during
the render) and the scale at which a phone shows the image. Generic: every renderer in
``renderer.RENDERERS`` is checked on representative views of its game
(``testkit/samples.py``), decision images too once the game's options name places,
in English and in French (longer words must be shortened, never shrunk).
"""

from __future__ import annotations

import pytest

from games.i18n import using
from renderer import RENDERERS, render_image, renderer_of
from renderer.fonts import MIN_PHONE_TEXT, PHONE_WIDTH, min_size, phone_px, recording
from testkit.samples import board_sample, board_sample_ids, decision_samples, sample_name

BOARDS = [spec for game in RENDERERS for spec in board_sample_ids(game)]
LOCALES = ("en", "fr")


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("spec", BOARDS, ids=[sample_name(*spec) for spec in BOARDS])
def test_board_text_is_at_least_9_px_on_a_400_px_phone(spec, locale):
    game, sample = spec[0], board_sample(*spec)
    with using(locale), recording() as log:
        image = render_image(game, sample.view, sample.names)
    smallest = phone_px(log.smallest(), image.width)
    assert smallest >= MIN_PHONE_TEXT, (
        f"{sample.name}: the smallest text is {log.smallest():.1f} px on a {image.width} px wide"
        f" image, {smallest:.1f} px on a {PHONE_WIDTH} px phone"
    )


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_decision_images_text_is_at_least_9_px_with_every_mark_drawn(game, locale):
    samples = decision_samples(game)
    if not samples:
        pytest.skip(f"no option of {game} names a board place (Option.at): no decision image")
    for sample in samples:  # a game whose options name places draws them
        with using(locale), recording() as log:
            image = renderer_of(game).render_decision(sample.view, sample.names, sample.marks)
        assert image is not None, sample.name
        assert phone_px(log.smallest(), image.width) >= MIN_PHONE_TEXT, sample.name
        assert [tag for _, tag in log.sizes].count("mark") >= len(sample.marks), sample.name


def test_the_floor_is_9_px_at_the_phone_width():
    assert min_size(400) == 9
    assert min_size(800) == 18
    assert min_size(300) == 9  # a narrow image is not enlarged on the phone
    assert phone_px(18, 800) == 9
    assert phone_px(12, 300) == 12


def test_recording_sees_the_sizes_of_a_render():
    """The check cannot pass by recording nothing: a render notes its fonts."""
    game, sample = BOARDS[0][0], board_sample(*BOARDS[0])
    with recording() as log:
        render_image(game, sample.view, sample.names)
    assert len(log.sizes) > 5
    with pytest.raises(ValueError):
        with recording() as empty:
            pass
        empty.smallest()
