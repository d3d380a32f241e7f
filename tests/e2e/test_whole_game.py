"""A whole game from lobby to final score through the gateway, players tapping buttons
only, against the real bot process. Every game in ``games.available_games()`` runs it,
plus the Pasture test game (grouped menus, select menus and buttons)."""

from __future__ import annotations

import random

import pytest

from games import available_games
from testkit.e2e import dbcheck
from testkit.e2e.scenario import gateway_deliver, turn_button_of
from testkit.e2e.tables import open_table, play_to_the_end, unmatched_human_moves
from tests.e2e.checks import EXTRA_GAMES, channel_post_problems, leaked_secrets, log_problems

#: Games whose whole game through the real bot process takes over a minute (GWT:A, ~80 s)
#: run it in ``make soak``; ``make test`` plays them whole in the fake Discord instead
#: (``tests/discord/test_gwt_argentina.py``).
SOAK_ONLY = {"gwt-argentina"}
GAMES = [pytest.param(game, marks=pytest.mark.soak) if game in SOAK_ONLY else game
         for game in [*available_games(), "pasture"]]


@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_game_by_taps_through_the_gateway(fake, start_bot, pasture_registered,
                                                       game: str) -> None:
    bot = await start_bot(E2E_EXTRA_GAMES=EXTRA_GAMES)
    table = await open_table(fake, bot.db_path, gateway_deliver(fake), game)

    turns = await play_to_the_end(table, random.Random(f"whole-{game}"))

    record = table.record()
    assert record.status == "finished" and turns > 1
    assert dbcheck.replay_problems(record) == []
    assert dbcheck.version_gaps(record) == []
    assert unmatched_human_moves(table) == []
    posts = fake.posts_in(table.channel_id)
    assert len(posts) == len(record.outbox), "one channel message per announcement"
    final = posts[-1]
    assert turn_button_of(final) is None and final["attachments"], "a final board, no button"
    assert channel_post_problems(fake, table.channel_id) == []
    await bot.stop()
    assert log_problems(bot.log_text()) == []
    assert leaked_secrets(record, fake, bot.log_text()) == []
