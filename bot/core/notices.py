"""Turn notices that reach a player where they look: who is pinged, when, and how. Pure.

A *notice* tells one player that it is their turn (once per turn) or reminds them (once
per reminder). Without preferences a player gets what Estancia always did: the mention in
the turn message pings them there. A player may ask for more (``/estancia notices``):

* **direct messages** (off by default, never without this opt-in): the turn message
  still names them but does not ping them, and a notice goes to their DMs instead, with a
  small board and a jump link. When Discord refuses the DM (50007: their DMs are closed
  to the bot) the notice falls back to a mention in the game's channel, the player is
  told once, privately, and later notices go to the channel until they opt in again;
* **quiet hours** in their own time zone (:mod:`bot.core.quiet`): no ping, no reminder
  and no DM inside them; the turn message is posted silently and the notice waits for the
  end of the night. A server may also move a deadline that falls inside someone's quiet
  hours to their end (``/estancia server quiet_deadlines:``).

Each notice is a database row keyed by (game, player, :func:`notice_key`): the same turn
pinged twice (a resumed game, an undo back to it) makes one notice, and one process at a
time delivers it (claimed like the outbox), so it is sent once across restarts and
processes. A notice whose turn is over when it falls due is dropped.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol
from zoneinfo import ZoneInfo

from bot.core.announcements import Announcement
from bot.core.quiet import QuietHours, next_allowed, quiet_period, zone_named

NoticeKind = Literal["turn", "reminder"]
Route = Literal["dm", "channel"]

#: Announcements whose mention tells a player that a turn of theirs began (or goes on:
#: a resumed game); a reminder's is a reminder.
TURN_KINDS = frozenset({"start", "turn", "undo", "timeout", "settings"})


@dataclass(frozen=True)
class PlayerPrefs:
    """A player's notice preferences (none stored: the defaults, today's pings)."""

    user_id: int
    #: An IANA time zone name ("Europe/Paris"); None: not set (no quiet hours then).
    time_zone: str | None = None
    quiet: QuietHours | None = None
    #: Turn notices by direct message (opt-in).
    dm_notices: bool = False
    #: Discord refused a DM to them (50007): notices go to the channel instead ...
    dms_closed: bool = False
    #: ... and they were told so, once.
    told_closed: bool = False
    #: The language of their Discord app when they last set these (their DMs speak it).
    language: str | None = None

    @property
    def wants_dm(self) -> bool:
        return self.dm_notices and not self.dms_closed

    @property
    def zone(self) -> ZoneInfo | None:
        if self.time_zone is None:
            return None
        try:
            return zone_named(self.time_zone)
        except ValueError:
            return None  # a zone the system no longer knows: no quiet hours

    def quiet_until(self, moment: float) -> float | None:
        """The end of the quiet hours ``moment`` falls in (None: not quiet then)."""
        zone = self.zone
        if zone is None or self.quiet is None:
            return None
        period = quiet_period(moment, zone, self.quiet)
        return None if period is None else next_allowed(period[1], zone, self.quiet)


@dataclass(frozen=True)
class NewNotice:
    """A notice to deliver at ``due_at`` (see the module docstring)."""

    user_id: int
    game_id: int
    key: str
    kind: NoticeKind
    seat: int
    turn: int
    due_at: float
    #: The channel message it points to (the turn message), once posted.
    message_id: int | None = None


@dataclass(frozen=True)
class NoticeRow:
    """A stored notice waiting for delivery."""

    id: int
    user_id: int
    game_id: int
    key: str
    kind: NoticeKind
    seat: int
    turn: int
    due_at: float
    message_id: int | None
    attempts: int


@dataclass(frozen=True)
class PingPlan:
    """How one announcement reaches the players it mentions: who its message pings,
    and the notices it leaves for the others."""

    ping: tuple[int, ...]
    notices: tuple[NewNotice, ...] = field(default=())

    def with_message(self, message_id: int | None) -> tuple[NewNotice, ...]:
        """The notices, pointing at the posted message."""
        return tuple(NewNotice(n.user_id, n.game_id, n.key, n.kind, n.seat, n.turn, n.due_at,
                               message_id) for n in self.notices)


def notice_key(announcement: Announcement) -> tuple[NoticeKind, str] | None:
    """(kind, key) of the notice an announcement's mention makes: one per turn, one per
    reminder; None when the announcement is not about a turn (its mention pings as ever)."""
    if announcement.turn is None:
        return None
    seat, turn = announcement.turn
    if announcement.kind == "reminder":
        return "reminder", f"reminder:{seat}:{turn}:{announcement.outbox_id}"
    if announcement.kind in TURN_KINDS:
        return "turn", f"turn:{seat}:{turn}"
    return None


def plan_pings(announcement: Announcement, prefs: Mapping[int, PlayerPrefs],
               now: float) -> PingPlan:
    """Who the announcement's message pings, and the notices left for the others: a
    player who wants DMs gets one (due now, or at the end of their quiet hours), a player
    in their quiet hours gets one at the end of them (in the channel); everyone else is
    pinged by the message itself, as always."""
    mentioned = announcement.mention_user_ids
    found = notice_key(announcement)
    if found is None or announcement.game_over:
        return PingPlan(mentioned)
    kind, key = found
    assert announcement.turn is not None
    seat, turn = announcement.turn
    ping: list[int] = []
    notices: list[NewNotice] = []
    for user in mentioned:
        mine = prefs.get(user)
        quiet_end = None if mine is None else mine.quiet_until(now)
        if mine is None or (not mine.wants_dm and quiet_end is None):
            ping.append(user)
            continue
        due = now if quiet_end is None else quiet_end
        notices.append(NewNotice(user, announcement.game_id, key, kind, seat, turn, due))
    return PingPlan(tuple(ping), tuple(notices))


def route(prefs: PlayerPrefs | None) -> Route:
    """Where a notice goes now: a DM only to a player who asked and whose DMs are open."""
    return "dm" if prefs is not None and prefs.wants_dm else "channel"


def reminder_hold(prefs: PlayerPrefs | None, now: float,
                  deadline_at: float | None) -> float | None:
    """A reminder due ``now`` inside the player's quiet hours waits for their end: that
    moment, or None to send it now. A reminder that could only come at or after the
    deadline is pointless: ``-1.0`` (drop it)."""
    if prefs is None:
        return None
    end = prefs.quiet_until(now)
    if end is None:
        return None
    if deadline_at is not None and end >= deadline_at:
        return -1.0
    return end


def quiet_deadline(prefs: PlayerPrefs | None, deadline_at: float) -> float:
    """A deadline inside the player's quiet hours moved to their end (a server's choice)."""
    if prefs is None:
        return deadline_at
    end = prefs.quiet_until(deadline_at)
    return deadline_at if end is None else end


class NoticeStore(Protocol):
    """What the notices, preferences and the list need from the database
    (:class:`bot.storage.store.Store` implements it on both back ends, in
    :mod:`bot.storage.notices`).

    Besides these: ``GameRow.time_bank``/``GameRow.reserves`` (stored with the game row,
    ``time_bank`` compared like the timer settings), ``NewGame.time_bank``,
    ``ServerRow.quiet_deadlines``, and ``mark_sent(outbox_id, message_id, now, notices)``
    writing the notices (each once: unique by game, player and key) with the delivery."""

    async def player_prefs(self, user_ids: Collection[int]) -> dict[int, PlayerPrefs]:
        """The stored preferences of these players (players with none are left out)."""
        ...

    async def save_player_prefs(self, prefs: PlayerPrefs, now: float) -> None: ...

    async def dms_refused(self, user_id: int, now: float) -> None:
        """Discord refused a DM to the player: ``dms_closed`` on, ``told_closed`` off."""
        ...

    async def take_dms_closed_note(self, user_id: int) -> bool:
        """Whether the player is to be told now that their DMs are closed (True once:
        ``told_closed`` is set in the same statement, so two processes never both tell)."""
        ...

    async def claim_notices(self, now: float, limit: int) -> list[NoticeRow]:
        """Notices due now, unsent, claimed for this process (a lease, as the outbox)."""
        ...

    async def next_notice_due(self) -> float | None: ...

    async def postpone_notice(self, notice_id: int, due_at: float) -> None:
        """Due later (quiet hours; a paused game); the claim is given back."""
        ...

    async def finish_notice(self, notice_id: int, now: float, message_id: int | None,
                            route: str | None) -> None:
        """Delivered (``route`` "dm" or "channel") or dropped (``route`` None)."""
        ...

    async def fail_notice(self, notice_id: int, retry_at: float | None) -> int:
        """A failed attempt: retried at ``retry_at`` (None: abandoned); attempts so far."""
        ...

    async def release_notice(self, notice_id: int) -> None: ...

    async def purge_notices(self, before: float) -> int:
        """Forget notices dealt with before then, except each player's latest turn
        notice of a running game (it keeps that turn from being noticed twice)."""
        ...
