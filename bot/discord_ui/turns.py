"""``/estancia turns``: a player's games in one private list; ``/estancia notices``: their
notice preferences. Texts and buttons only (the cog answers with them).

The list names first the games where it is the player's turn, the longest waiting first:
each a jump link to its channel or thread, since when it waits and when its time runs out
(``<t:…:R>``, shown by each reader's Discord in their own time), then the player's other
games and whose turn it is there. A button per game of theirs to play opens that game's
private panel with one tap (the "Your turn" button's own custom id, so it works in a
direct message too); Discord allows 25 buttons, the rest are links only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

import discord

from bot.core import timebank
from bot.core.notices import PlayerPrefs
from bot.core.quiet import zone_named
from bot.core.sessions import MyGame
from bot.discord_ui.panel_components import Components
from bot.discord_ui.panel_items import TurnButton
from bot.discord_ui.text import BUTTON_LABEL_LIMIT, MESSAGE_LIMIT, clip
from games.i18n import _, _n

#: Buttons in one message: 5 rows of 5.
MAX_BUTTONS = 25


def relative(moment: float) -> str:
    """``<t:…:R>`` ("in 3 hours", "2 days ago" in the reader's language and time)."""
    return discord.utils.format_dt(datetime.fromtimestamp(moment, UTC), "R")


def jump_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link that opens a channel or thread (or a message in it) in Discord."""
    where = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return where if message_id is None else f"{where}/{message_id}"


def game_name(game: MyGame) -> str:
    return f"{game.info.title} #{game.info.id}"


def _link(game: MyGame, server: str | None) -> str:
    name = game_name(game).replace("]", ")").replace("[", "(")
    link = f"[{name}](<{jump_link(game.info.guild_id, game.info.channel_id)}>)"
    return _("{game} on {server}", game=link, server=server) if server else link


def _mine_line(game: MyGame, server: str | None) -> str:
    parts = [_link(game, server)]
    if game.waiting_since is not None:
        parts.append(_("waiting since {time}", time=relative(game.waiting_since)))
    if game.info.deadline_at is not None:
        clock = game.info.time_bank is not None
        parts.append(_("your clock runs out {time}", time=relative(game.info.deadline_at))
                     if clock else
                     _("time runs out {time}", time=relative(game.info.deadline_at)))
    return "• " + " · ".join(parts)


def _other_line(game: MyGame, server: str | None) -> str:
    info = game.info
    if info.status == "lobby":
        state = _("lobby ({n} of {most} seats)", n=len(info.seats), most=info.max_seats)
    elif info.paused_at is not None:
        state = _("paused")
    elif info.to_move is not None:
        state = _("{name} to move", name=info.seats[info.to_move].name)
    else:
        state = _("under way")
    parts = [_link(game, server), state]
    if game.reserve_left is not None:
        parts.append(_("your reserve: {left}", left=timebank.format_duration(game.reserve_left)))
    return "• " + " · ".join(parts)


def turns_message(games: Sequence[MyGame], server_of: Callable[[int | None], str | None],
                  *, everywhere: bool) -> tuple[str, Components | None]:
    """The list and its buttons. ``server_of`` names a game's server (shown when the list
    covers every server, ``everywhere``, as in a direct message)."""
    mine = [g for g in games if g.my_turn]
    others = [g for g in games if not g.my_turn]

    def where(game: MyGame) -> str | None:
        return server_of(game.info.guild_id) if everywhere else None

    head = []
    if mine:
        head.append(_n("**Your turn** in {n} game:", "**Your turn** in {n} games:", len(mine)))
    elif games:
        head.append(_("It is not your turn in any game right now."))
    else:
        head.append(_("You are in no game anywhere yet.") if everywhere else
                    _("You are in no game on this server. In a direct message to me, "
                      "`/estancia turns` lists your games on every server."))
    body = [_mine_line(g, where(g)) for g in mine]
    if others:
        body.append(_n("Your other game:", "Your other {n} games:", len(others)))
        body += [_other_line(g, where(g)) for g in others]
    text = fit_list(head, body)
    view = None
    playable = [g for g in mine][:MAX_BUTTONS]
    if playable:
        view = Components()
        for game in playable:
            view.add_item(TurnButton(game.info.id, clip(game_name(game), BUTTON_LABEL_LIMIT)))
    return text, view


def fit_list(head: list[str], body: list[str], limit: int = MESSAGE_LIMIT) -> str:
    """The head and as many lines of the body as fit, then how many were left out."""
    lines = list(head)
    for index, line in enumerate(body):
        rest = len(body) - index
        more = _n("… and {n} more.", "… and {n} more.", rest)
        if len("\n".join([*lines, line])) + len(more) + 1 > limit:
            lines.append(more)
            break
        lines.append(line)
    return clip("\n".join(lines), limit)


def prefs_text(prefs: PlayerPrefs, now: float) -> str:
    """``/estancia notices``: the player's preferences as they stand."""
    if prefs.dm_notices and prefs.dms_closed:
        dm = _("Turn notices by direct message: on, but Discord refuses my DMs to you, so "
               "you are mentioned in the game's channel.")
    elif prefs.dm_notices:
        dm = _("Turn notices by direct message: on (a small board and a link; one when your "
               "turn begins and one at each reminder).")
    else:
        dm = _("Turn notices by direct message: off (you are mentioned in the game's channel).")
    if prefs.time_zone is None:
        zone = _("Time zone: not set.")
    else:
        try:
            local = datetime.fromtimestamp(now, zone_named(prefs.time_zone))
            zone = _("Time zone: {zone} (it is {time} there now).", zone=prefs.time_zone,
                     time=f"{local:%H:%M}")
        except ValueError:
            zone = _("Time zone: {zone} (unknown here: no quiet hours).", zone=prefs.time_zone)
    if prefs.quiet is None:
        quiet = _("Quiet hours: none.")
    else:
        quiet = _("Quiet hours: {hours}: no ping, reminder or DM then; they wait until "
                  "{end}.", hours=prefs.quiet.text, end=f"{prefs.quiet.end:%H:%M}")
    return "\n".join([dm, zone, quiet])
