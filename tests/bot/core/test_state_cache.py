"""Decoded states are kept by their text: one decode for many reads, bounded in count."""

from __future__ import annotations

import games
from bot.core.sessions import Sessions
from bot.core.state_cache import StateCache
from tests.bot.helpers import hot_seat, mover


def kuhlorado_texts(count: int) -> list[str]:
    game = games.get_game("kuhlorado")
    return [game.dump(game.setup(2, game.parse_options(None), seed)) for seed in range(count)]


def test_a_text_is_decoded_once_and_the_same_state_handed_out() -> None:
    game = games.get_game("kuhlorado")
    cache = StateCache()
    text = kuhlorado_texts(1)[0]
    first = cache.get(game, text)
    assert cache.get(game, text) is first and (cache.hits, cache.misses) == (1, 1)
    assert game.dump(first) == text


def test_the_least_recently_used_state_goes_first() -> None:
    game = games.get_game("kuhlorado")
    cache = StateCache(kept=2)
    a, b, c = kuhlorado_texts(3)
    kept_a = cache.get(game, a)
    cache.get(game, b)
    assert cache.get(game, a) is kept_a  # a is now the most recent
    cache.get(game, c)  # b goes
    assert len(cache) == 2 and cache.get(game, a) is kept_a
    misses = cache.misses
    cache.get(game, b)
    assert cache.misses == misses + 1


def test_a_byte_budget_bounds_the_cache() -> None:
    game = games.get_game("kuhlorado")
    texts = kuhlorado_texts(4)
    cache = StateCache(kept=100, kept_bytes=2 * len(texts[0]) + 10)
    for text in texts:
        cache.get(game, text)
    assert len(cache) == 2


async def test_a_move_leaves_its_new_state_decoded_for_the_next_read(sessions: Sessions) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    await sessions.play(info.id, user, "add1", None)
    misses = sessions.states.misses
    seen = await sessions.seat_view(info.id, user, undo=True)
    assert sessions.states.misses == misses  # the state written by the move, not decoded
    assert seen.decision is not None and seen.undoable
