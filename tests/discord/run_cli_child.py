"""``python -m tests.discord.run_cli_child API_URL GATEWAY_URL [ARGS…]``: the real
``estancia`` command (``bot.cli.main``, default ``run``) against a fake Discord, with
settings from the environment as in production. Exits with the command's status."""

from __future__ import annotations

import sys

import discord
import yarl

from bot import cli


def main() -> int:
    api_url, gateway_url = sys.argv[1:3]
    discord.http.Route.BASE = api_url
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    return cli.main(sys.argv[3:] or ["run"])


if __name__ == "__main__":
    sys.exit(main())
