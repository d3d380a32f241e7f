"""The leaderboard and the end-of-game recap read on a phone, like the boards: at 400 px
wide no text is under 9 px (the boards' phone rule, renderer/fonts.py)."""

from __future__ import annotations

from renderer import leaderboard, recap
from renderer.fonts import MIN_PHONE_TEXT, phone_px, recording


def smallest_on_phone(draw) -> float:
    with recording() as log:
        image = draw()
    return phone_px(log.smallest(), image.width)


def test_leaderboard_text_reads_on_a_phone() -> None:
    lines = [leaderboard.Line(f"Player {i} with a rather long display name", 30 - i, 12, 3)
             for i in range(10)]
    assert smallest_on_phone(lambda: leaderboard.render("Hazienda — leaderboard", lines)) \
        >= MIN_PHONE_TEXT


def test_recap_text_reads_on_a_phone_at_five_seats() -> None:
    scores = {s: {"markets": 3 * s, "domains": 10, "haciendas": s, "ponds": 2, "herds": 1,
                  "money": 0, "total": 4 * s + 13} for s in range(5)}
    data = recap.Recap(title="Hazienda", names=tuple(f"Player {s}" for s in range(5)),
                       scores=scores, winners=(4,), forfeits=(1,),
                       history=tuple((t, 2 * t, t // 2, 0, 3 * t) for t in range(40)), turns=39)
    assert smallest_on_phone(lambda: recap.render(data)) >= MIN_PHONE_TEXT
