"""``python -m tests.discord.run_bot_child API_URL GATEWAY_URL``: the real ``run_bot``
against a fake Discord, every logger at DEBUG on stderr (to prove the token never shows).

Settings come from the environment as in production (``DISCORD_TOKEN``, ``ESTANCIA_DB``…).
"""

from __future__ import annotations

import logging
import sys

import discord
import yarl

from bot.discord_ui.client import run_bot
from bot.settings import Settings


def main() -> None:
    api_url, gateway_url = sys.argv[1:3]
    discord.http.Route.BASE = api_url
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    logging.basicConfig(level=logging.DEBUG, stream=sys.stderr)
    run_bot(Settings(_env_file=None))


if __name__ == "__main__":
    main()
