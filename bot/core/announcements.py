"""Public announcements: what the outbox holds and how a front end turns it into text.

A payload is a plain JSON dict stored in the outbox row; :class:`Announcement` is the
typed form handed to front ends. Texts use display names only; mentions and times are
formatted by the front end (``content()`` gives Discord's ``<@id>`` and ``<t:UNIX:R>``).

Languages: a payload's ``text`` is written when the change happens, in the language
active then (the game's, see :mod:`bot.core.sessions`), and the payload records that
language as ``locale``; the front end delivers it inside ``using(locale)`` so that what it
adds (the ping line, buttons, the board) speaks the same language. Rows written before
languages existed have no ``locale``: they were English, and are delivered in English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

from bot.core.timebank import format_duration
from games import i18n
from games.i18n import _

AnnouncementKind = Literal[
    "lobby", "start", "turn", "undo", "reminder", "timeout", "game_over", "cancelled",
    "settings", "recap", "stale",
]

#: Kinds that tell the channel what was played: the moves up to such an announcement's
#: version have been told; later ones are still to tell (see Store.unannounced_lines).
MOVE_ANNOUNCEMENTS: tuple[AnnouncementKind, ...] = ("start", "turn", "undo", "timeout", "game_over")

#: Discord allows 2000 characters per message; leave room for the ping and scores lines.
MAX_TEXT = 1500

#: A channel (a game's thread) named in a text: the front end formats it (``<#id>`` on
#: Discord) after escaping the text around it, so that a display name can never pass for
#: one (a player called "<#123>" is escaped, the bot's own reference is not).
_CHANNEL_REF = re.compile(r"⟨channel (\d{1,20})⟩")
#: How rows written before channel references named a thread (a recap's text).
_LEGACY_CHANNEL = re.compile(r"<#(\d{1,20})>")


def channel_ref(channel_id: int) -> str:
    """A channel named in an announcement's text (see :meth:`Announcement.render`)."""
    return f"⟨channel {channel_id}⟩"


@dataclass(frozen=True)
class Announcement:
    """A public message waiting in the outbox."""

    outbox_id: int
    game_id: int
    channel_id: int
    #: Game version the message describes; the board image is rendered from the state
    #: stored at this version (``Sessions.png(game_id, version)``), at delivery time.
    version: int
    kind: AnnouncementKind
    #: What happened, plain text with display names (no mentions). May span lines.
    text: str
    #: Users to ping (the player to move now, or the one being reminded).
    mention_user_ids: tuple[int, ...] = ()
    #: Unix time at which the pinged player's turn times out (None: no timer).
    deadline_at: float | None = None
    #: Attach the public board image rendered at ``version``.
    image: bool = False
    #: Show the "Your turn" button that opens the private panel.
    turn_button: bool = False
    #: Show the lobby buttons (Join, Add computer, Start).
    lobby_buttons: bool = False
    game_over: bool = False
    #: Final scores and winners, one line, when the game is over.
    scores_text: str | None = None
    #: Attach the end-of-game recap image (scores by category, score chart).
    recap: bool = False
    #: After posting, archive this thread (the game's own thread, once the game is over).
    archive_thread: int | None = None
    #: The pinged player is on vacation until then (their clock starts when they are back).
    away_until: float | None = None
    #: Show the button to agree with a request to "pause" or "resume" the game.
    vote: str | None = None
    #: The turn a ping is about: (seat, turn counter); its notices are keyed by it
    #: (:mod:`bot.core.notices`). None: not about a turn.
    turn: tuple[int, int] | None = None
    #: A game with a time bank: each human seat's (name, seconds left, when the running
    #: reserve runs out or None), shown under the board.
    clocks: tuple[tuple[str, float, float | None], ...] = ()
    #: Failed delivery attempts so far.
    attempts: int = 0
    #: The language ``text`` is written in, and the rest of the message is delivered in
    #: (None: a row from before languages, English).
    locale: str | None = None

    def render(self, mention: Callable[[int], str], timestamp: Callable[[float], str],
               escape: Callable[[str], str] = str,
               channel: Callable[[int], str] = lambda cid: f"#{cid}") -> str:
        """The message text, with mentions, times and channels (:func:`channel_ref`)
        formatted by the front end, and its plain parts (``text``, ``scores_text``: display
        names, events) through ``escape`` (Discord's: names like "**Ana**" or "<@1002>"
        are not markdown or mentions)."""
        text = self.text
        if self.kind == "recap" and not _CHANNEL_REF.search(text):
            # a row from before channel references: its first "<#id>" is the thread
            text = _LEGACY_CHANNEL.sub(lambda m: channel_ref(int(m[1])), text, count=1)
        text = _CHANNEL_REF.sub(lambda m: channel(int(m[1])), escape(text))
        lines = [text] if text else []
        if self.mention_user_ids:
            who = " ".join(mention(uid) for uid in self.mention_user_ids)
            ping = (_("{who}, a reminder: it is your turn", who=who) if self.kind == "reminder"
                    else _("{who}, it's your turn", who=who))
            away = (_("on vacation until {time}", time=timestamp(self.away_until))
                    if self.away_until is not None else None)
            deadline = (_("time runs out {time}", time=timestamp(self.deadline_at))
                        if self.deadline_at is not None else None)
            if away or deadline:
                ping += f" ({'; '.join(part for part in (away, deadline) if part)})"
            lines.append(ping + ".")
        if self.clocks:
            lines.append(clocks_line(self.clocks, timestamp))
        if self.scores_text:
            lines.append(escape(self.scores_text))
        return "\n".join(lines)

    def content(self, escape: Callable[[str], str] = str) -> str:
        """Discord message content: ``<@id>`` mentions, ``<t:UNIX:R>`` timestamps and
        ``<#id>`` channels, the plain parts through ``escape``."""
        return self.render(lambda uid: f"<@{uid}>", lambda t: f"<t:{int(t)}:R>", escape,
                           lambda cid: f"<#{cid}>")

    @classmethod
    def from_payload(
        cls, outbox_id: int, game_id: int, channel_id: int, version: int, attempts: int,
        payload: dict[str, Any],
    ) -> Announcement:
        fields = dict(payload)
        fields["mention_user_ids"] = tuple(fields.get("mention_user_ids", ()))
        if fields.get("turn") is not None:
            fields["turn"] = tuple(fields["turn"])
        fields["clocks"] = tuple(tuple(entry) for entry in fields.get("clocks", ()))
        return cls(
            outbox_id=outbox_id, game_id=game_id, channel_id=channel_id, version=version,
            attempts=attempts, **fields,
        )


def payload(
    kind: AnnouncementKind,
    text: str,
    *,
    mention_user_ids: Sequence[int] = (),
    deadline_at: float | None = None,
    image: bool = False,
    turn_button: bool = False,
    lobby_buttons: bool = False,
    game_over: bool = False,
    scores_text: str | None = None,
    recap: bool = False,
    archive_thread: int | None = None,
    away_until: float | None = None,
    vote: str | None = None,
    turn: tuple[int, int] | None = None,
    clocks: Sequence[tuple[str, float, float | None]] = (),
) -> dict[str, Any]:
    """The JSON body of an outbox row (everything of :class:`Announcement` but its
    address), in the active language (recorded as its ``locale``)."""
    body = Announcement(
        outbox_id=0, game_id=0, channel_id=0, version=0, kind=kind, text=clip(text),
        mention_user_ids=tuple(mention_user_ids), deadline_at=deadline_at, image=image,
        turn_button=turn_button, lobby_buttons=lobby_buttons, game_over=game_over,
        scores_text=scores_text, recap=recap, archive_thread=archive_thread,
        away_until=away_until, vote=vote, locale=i18n.current(),
        turn=None if turn is None else (int(turn[0]), int(turn[1])),
        clocks=tuple((name, float(left), out) for name, left, out in clocks),
    )
    data = asdict(body)
    for address in ("outbox_id", "game_id", "channel_id", "version", "attempts"):
        del data[address]
    data["mention_user_ids"] = list(body.mention_user_ids)
    data["turn"] = None if body.turn is None else list(body.turn)
    data["clocks"] = [list(entry) for entry in body.clocks]
    return data


def clocks_line(clocks: Sequence[tuple[str, float, float | None]],
                timestamp: Callable[[float], str]) -> str:
    """ "Clocks: Ana runs out <t:…:R> · Bo 2 d 4 h left" (a game with a time bank)."""
    parts = [_("{name} runs out {time}", name=name, time=timestamp(out)) if out is not None
             else _("{name} {left} left", name=name, left=format_duration(left))
             for name, left, out in clocks]
    return _("Clocks: {clocks}", clocks=" · ".join(parts))


def clip(text: str, limit: int = MAX_TEXT) -> str:
    """Keep the end of a long text (the latest events matter most)."""
    if len(text) <= limit:
        return text
    tail = text[-(limit - 2):]
    cut = tail.find("\n")
    if 0 <= cut < len(tail) - 1:
        tail = tail[cut + 1:]
    return "…\n" + tail
