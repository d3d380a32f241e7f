"""The real bot, started the way ``make run`` starts it, but talking to a fake Discord.

``python -m testkit.e2e.bot_process`` reads ``E2E_DISCORD_API`` (REST base, e.g.
``http://127.0.0.1:PORT/api/v10``) and ``E2E_DISCORD_GATEWAY`` (``ws://127.0.0.1:PORT/...``),
points discord.py at them, then calls the real ``bot.cli.main(["run"])``. Everything else
(token, database, timers) comes from the environment exactly as in production.

``E2E_EXTRA_GAMES="pasture=tests.discord.pasture"`` registers test games (engine and
renderer from one module) next to the real ones. ``E2E_PROCESS_TAG=bot1`` ends the
User-Agent of its requests with ``estancia-process/bot1`` (a test running several bot
processes tells whose request the fake is serving).
"""

from __future__ import annotations

import os
import sys


def point_discord_py_at(api_base: str, gateway_url: str) -> None:
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def register_extra_games(spec: str) -> None:
    import games
    import renderer

    for entry in filter(None, (part.strip() for part in spec.split(","))):
        name, module = entry.split("=", 1)
        games.GAME_MODULES[name] = module
        renderer.RENDERERS[name] = module


def tag_requests(tag: str) -> None:
    import discord.http

    original = discord.http.HTTPClient.__init__

    def tagged(self: discord.http.HTTPClient, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        self.user_agent += f" estancia-process/{tag}"

    discord.http.HTTPClient.__init__ = tagged  # type: ignore[method-assign]


def main() -> int:
    point_discord_py_at(os.environ["E2E_DISCORD_API"], os.environ["E2E_DISCORD_GATEWAY"])
    if os.environ.get("E2E_PROCESS_TAG"):
        tag_requests(os.environ["E2E_PROCESS_TAG"])
    register_extra_games(os.environ.get("E2E_EXTRA_GAMES", ""))
    from bot.cli import main as estancia

    return estancia(["run"]) or 0


if __name__ == "__main__":
    sys.exit(main())
