"""Plain text for Discord: parsing what users type and fitting answers into Discord's limits."""

from __future__ import annotations

import math
import re
from typing import Any

import discord.utils

from bot.core import timebank
from bot.core.option_values import parse_option_words
from bot.core.sessions import LANGUAGE_NAMES, MAX_TIMEOUT_HOURS, GameInfo
from games.i18n import N_, _, _n, number
from renderer.recap import category_name

#: Discord's limit on message content.
MESSAGE_LIMIT = 2000
#: Discord's limits on select options, button labels and autocomplete choice names.
LABEL_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
#: Discord's limit on a select menu's placeholder.
PLACEHOLDER_LIMIT = 150
#: Discord's limit on a component's custom id (longer ones are the bot's own bug: kept).
CUSTOM_ID_LIMIT = 100
#: How much of something a user typed a refusal repeats ("There is no game called '…'").
ECHO_LIMIT = 40
#: Game options are a few words ("pro sheet=3"); longer text is refused before parsing.
OPTIONS_TEXT_LIMIT = 200

#: What would still read as a mention or a channel, an emoji or a time once
#: ``escape_mentions`` is done (it only breaks real-looking ids: ``<@1002>`` is left).
_ANGLE_MARKUP = re.compile(r"<(?=[@#:]|a:|t:|/)")


#: A command quoted in a text of the bot ("agree with `/estancia pause`"), kept as code.
_COMMAND_SPAN = re.compile(r"(`/estancia [^`\n]{1,60}`)")


def plain(text: str) -> str:
    """Text that is not the bot's own markdown — a display name, an event or a log line
    naming players, a label — escaped for a message's content: "**Ana**" shows its stars,
    "<@1002>" and "@everyone" show as typed, never as a mention (discord.py's
    ``escape_mentions`` and ``escape_markdown``; a backslash before ``<`` for the rest).
    A quoted ``/estancia`` command stays a code span. Not for button or select labels,
    which Discord shows as they are."""
    parts = _COMMAND_SPAN.split(text)
    return "".join(part if index % 2 else _escaped(part) for index, part in enumerate(parts))


def _escaped(text: str) -> str:
    text = discord.utils.escape_markdown(discord.utils.escape_mentions(text))
    return _ANGLE_MARKUP.sub(r"\<", text)


def plain_lines(lines: list[str]) -> list[str]:
    return [plain(line) for line in lines]


STALE_PANEL = N_("This panel is out of date — the game has moved on.")
SPECTATOR = N_("You are not playing in this game. `/estancia board` shows the board; "
               "`/estancia log` the last moves.")
UNEXPECTED = N_("Something went wrong on our side; nothing was changed. Please try again.")
#: The same after the interaction's change was stored: it counts, whatever went wrong next.
UNEXPECTED_AFTER_STORED = N_("Something went wrong on our side after your action was saved: "
                             "it counts. `/estancia board` shows the game as it stands.")
#: The last line of a plain answer sent because Discord refused the panel itself.
PANEL_REFUSED = N_("(Discord did not take the panel: go on with `/estancia move`.)")
NOT_IN_GUILD = N_("Estancia games are played in server channels, not in direct messages.")
#: What a direct message to the bot can do (said after :data:`NOT_IN_GUILD`).
IN_DIRECT_MESSAGES = N_("Here you can use `/estancia turns`, `/estancia notices` and "
                        "`/estancia vacation`.")


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, marking the cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def echo(typed: str) -> str:
    """What a user typed, quoted for a refusal and cut to :data:`ECHO_LIMIT` characters
    (never markdown or a mention)."""
    return plain(repr(clip(typed.strip(), ECHO_LIMIT)))


def fit_message(text: str) -> str:
    """Message content as Discord accepts it (every reply and post goes through here)."""
    return clip(text, MESSAGE_LIMIT)


#: Discord's per-field limits on serialized components (buttons, selects, their options).
_COMPONENT_LIMITS = {"label": LABEL_LIMIT, "placeholder": PLACEHOLDER_LIMIT,
                     "description": LABEL_LIMIT}


def fit_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Serialized components (action rows) with every text cut to Discord's limits.

    Button labels get 80 characters, select options' labels and descriptions 100,
    placeholders 150. Values and custom ids are left alone: they are keys, not text.
    """
    for component in components:
        for field, limit in _COMPONENT_LIMITS.items():
            if field == "label" and component.get("type") == 2:
                limit = BUTTON_LABEL_LIMIT
            if isinstance(component.get(field), str):
                component[field] = clip(component[field], limit)
        for option in component.get("options") or []:
            for field in ("label", "description"):
                if isinstance(option.get(field), str):
                    option[field] = clip(option[field], LABEL_LIMIT)
        if isinstance(component.get("components"), list):
            fit_components(component["components"])
    return components


def clip_lines(lines: list[str], limit: int = MESSAGE_LIMIT) -> str:
    """Join lines, dropping the oldest ones (first) until the text fits."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        size += len(line) + 1
        if size > limit:
            break
        kept.append(line)
    text = "\n".join(reversed(kept))
    return text if text or not lines else clip(lines[-1], limit)


def parse_options_text(text: str | None) -> dict[str, Any]:
    """``"pro sheet=3"`` → ``{"pro": True, "sheet": 3}`` (see :func:`parse_option_words`);
    text too long to be options is refused before it is parsed or repeated."""
    if text is not None and len(text) > OPTIONS_TEXT_LIMIT:
        raise ValueError(_("Options are a few words like `pro sheet=3` (at most {limit} "
                           "characters; that text has {n}).", limit=OPTIONS_TEXT_LIMIT,
                           n=len(text)))
    return parse_option_words(text)


#: What a user types for "no reminders".
NO_REMINDERS = frozenset({"none", "no", "off", "-"})


def parse_hours_list(text: str) -> list[float]:
    """``"12, 2"`` → ``[12.0, 2.0]``, ``"none"`` → ``[]``.

    Raises ValueError unless every part is a finite number of hours above 0 and at most
    :data:`MAX_TIMEOUT_HOURS` (``inf``, ``nan`` and ``1e999`` are numbers to ``float``).
    """
    if text.strip().casefold() in NO_REMINDERS:
        return []
    hours = [float(part) for part in text.replace(" ", "").split(",") if part]
    if not all(math.isfinite(h) and 0 < h <= MAX_TIMEOUT_HOURS for h in hours):
        raise ValueError(text)
    return hours


def seat_lines(info: GameInfo) -> list[str]:
    lines = []
    for seat in info.seats:
        who = (f"<@{seat.user_id}>" if seat.user_id is not None
               else _("{name} (computer)", name=plain(seat.name)))
        lines.append(f"{seat.index + 1}. {who}")
    return lines


def settings_text(info: GameInfo) -> str:
    if info.time_bank is not None:
        reminders = ", ".join(f"{number(h)} h" for h in info.reminder_hours) or _("none")
        at_zero = (_("the computer plays the turn") if info.timeout_policy == "computer"
                   else _("the seat forfeits"))
        timer = _("Clock: {clock} ({notation}) · reminders when {reminders} are left · at "
                  "zero: {policy}", clock=timebank.describe(info.time_bank),
                  notation=info.time_bank.notation, reminders=reminders, policy=at_zero)
    elif info.turn_timeout_hours:
        reminders = ", ".join(f"{number(h)} h" for h in info.reminder_hours) or _("none")
        at_deadline = (_("the computer plays the turn") if info.timeout_policy == "computer"
                       else _("the seat forfeits"))
        timer = _("Turn timer: {hours} h · reminders before the deadline: {reminders} · at the "
                  "deadline: {policy}", hours=number(info.turn_timeout_hours),
                  reminders=reminders, policy=at_deadline)
    else:
        timer = _("Turn timer: off")
    language = _("Language of the public posts: {language}",
                 language=LANGUAGE_NAMES.get(info.language, info.language))
    heading = _("**{title}** #{id} settings", title=info.title, id=info.id)
    return f"{heading}\n{timer}\n{language}"


def players_range(low: int, high: int) -> str:
    """ "2 players" or "2–5 players"."""
    if low == high:
        return _n("{n} player", "{n} players", low)
    return _("{low}–{high} players", low=low, high=high)


def breakdown_lines(names: list[str], scores: dict[int, dict[str, int]],
                    game: object | None = None) -> list[str]:
    """ "alice **14** (meadows 6 · troughs 4 · herds 4)", best first; zero categories left out."""
    lines = []
    for seat in sorted(scores, key=lambda s: -scores[s].get("total", 0)):
        parts = " · ".join(f"{category_name(category, game)} {points}"
                           for category, points in scores[seat].items()
                           if category != "total" and points)
        name = plain(names[seat]) if 0 <= seat < len(names) else _("Seat {n}", n=seat + 1)
        lines.append(f"{name} **{scores[seat].get('total', 0)}**" + (f" ({parts})" if parts else ""))
    return lines
