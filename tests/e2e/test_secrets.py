"""Secrets: across a whole game of a hidden-information game played by taps, nothing
posted publicly (content, embeds, attachment names, the board image) and nothing logged at
INFO carries a seat's private information; the token is never logged.

Private information is what the engine itself marks private: the ``private_to`` events of
every step (recomputed by replaying the stored log) and the seats' own views. Every
public board image must be exactly the render of the spectators' view at its version.
"""

from __future__ import annotations

import logging
import random

import pytest

from games import available_games, get_game
from renderer import render_png
from testkit.e2e import dbcheck
from testkit.e2e.scenario import client_deliver
from testkit.e2e.tables import open_table, play_to_the_end
from tests.e2e.checks import (
    channel_post_problems,
    log_problems,
    private_event_texts,
    public_texts,
)

#: Every game in which a seat holds a secret (a hand, a private draw).
HIDDEN_INFORMATION_GAMES = [g for g in available_games() if get_game(g).hidden_information]


@pytest.mark.parametrize("game", HIDDEN_INFORMATION_GAMES)
async def test_no_private_information_is_posted_or_logged(fake, client_table, caplog,
                                                          game: str) -> None:
    caplog.set_level(logging.INFO)
    table = await open_table(fake, client_table.db_path, client_deliver(client_table), game)
    await play_to_the_end(table, random.Random(f"secrets-{game}"))

    record = table.record()
    secrets = private_event_texts(record)
    assert secrets, "a hidden-information game without a single private event"
    posts = fake.posts_in(table.channel_id)
    leaks = [(secret, text) for post in posts for text in public_texts(post)
             for secret in secrets if secret in text]
    assert leaks == []
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert [s for s in secrets if s in logged] == []
    assert log_problems(logged) == []
    assert channel_post_problems(fake, table.channel_id) == []

    engine = get_game(game)
    names = [seat["name"] for seat in record.seats]
    calls = [c for c in fake.find("POST", rf"^/channels/{table.channel_id}/messages$")
             if c.status == 200 and c.files]
    assert calls, "no board was posted"
    for call in calls:
        # the final message also carries the recap (final scores, public by then)
        (upload,) = [f for f in call.files if not f.filename.endswith("-recap.png")]
        version = int(upload.filename.removesuffix(".png").rsplit("-", 1)[1])
        view = engine.view(engine.load(dbcheck.state_at(record, version)), None)
        assert upload.data == render_png(game, view, names), \
            f"{upload.filename} is not the spectators' board at v{version}"
