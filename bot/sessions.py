"""Game sessions: the one API both front ends (Discord cogs and the terminal) use.

Everything a front end may do to a game goes through :class:`Sessions`: the lobby
(new/join/add_computer/leave/start/cancel), moves from a private panel or a typed
command (:meth:`Sessions.play`), undo, reading (info, panel decision, views, board
PNG, log, scores), per-game timer settings, and the outbox of public announcements.

Rules of the road:

* This module never imports discord. Every answer meant for a user is either a return
  value or a :class:`SessionError` whose message can be shown to that user privately.
* Every change is one database transaction guarded by the game's ``version``
  (compare-and-swap), so a stale panel or a doubled click is refused, never applied
  twice. Panels pass the version they were built from as ``expected_version``.
* Public messages are never sent from here: a change that others must hear about
  writes ONE outbox row in the same transaction. The Discord layer (or the terminal)
  delivers them with :meth:`Sessions.pending_announcements`, :meth:`Sessions.mark_sent`
  and :meth:`Sessions.mark_failed`. Private events (``Event.private_to``) only ever go
  back to the acting player in a :class:`MoveResult`.
* After a human step, computer seats play at once (each step logged on its own) until
  a human decision is pending or the game is over.
* Turn timers (reminders and a deadline) are database rows written with the move; the
  scheduler (:mod:`bot.scheduler`) fires them through :meth:`Sessions.fire_due_timers`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from games.base import Decision

TimeoutPolicy = Literal["computer", "forfeit"]
Status = Literal["lobby", "active", "finished", "cancelled"]
AnnouncementKind = Literal[
    "lobby", "start", "turn", "undo", "reminder", "timeout", "game_over", "cancelled"
]


class SessionError(Exception):
    """A refusal whose message is a clear, private answer to the user.

    Examples: "It is not your turn.", "This panel is out of date — the game has moved
    on.", "There is no game in this channel." Engine ``IllegalMove`` errors arrive as
    this exception too.
    """


@dataclass(frozen=True)
class Seat:
    """One seat at the table; ``user_id`` is None for a computer seat."""

    index: int
    user_id: int | None
    name: str

    @property
    def is_computer(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class GameInfo:
    """A snapshot of one game's session (not its rules state)."""

    id: int
    channel_id: int
    guild_id: int | None
    game: str
    title: str
    status: Status
    creator_id: int
    seats: tuple[Seat, ...]
    min_seats: int
    max_seats: int
    version: int
    options: dict[str, Any]
    turn_timeout_hours: float
    reminder_hours: tuple[float, ...]
    timeout_policy: TimeoutPolicy
    #: Seat whose decision is pending (None in the lobby and once the game is over).
    to_move: int | None
    #: Unix time at which the pending turn times out (None: no timer running).
    deadline_at: float | None
    created_at: float
    updated_at: float

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.index
        return None

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]


@dataclass(frozen=True)
class MoveResult:
    """What the acting player sees after :meth:`Sessions.play` or :meth:`Sessions.undo`."""

    game_id: int
    version: int
    #: Label of the option played ("Undo" after an undo).
    label: str
    #: Event lines this player may see: public ones plus their own private ones, for
    #: their step and any computer steps that followed it.
    events: list[str]
    #: The next decision if it is still this player's (same private panel), else None.
    decision: Decision | None
    #: True when the pending turn changed (someone else is to move now).
    turn_over: bool
    finished: bool


@dataclass(frozen=True)
class Announcement:
    """A public message waiting in the outbox."""

    outbox_id: int
    game_id: int
    channel_id: int
    #: Game version the message describes; the board image is rendered from the
    #: state stored at this version (``Sessions.png(game_id, version)``).
    version: int
    kind: AnnouncementKind
    #: What happened, plain text with display names (no mentions).
    text: str
    #: Users to ping (the player to move now, or the one being reminded).
    mention_user_ids: tuple[int, ...] = ()
    deadline_at: float | None = None
    image: bool = False
    #: Show the "Your turn" button that opens the private panel.
    turn_button: bool = False
    #: Show Join / Add computer / Start buttons (lobby messages).
    lobby_buttons: bool = False
    game_over: bool = False
    scores_text: str | None = None
    attempts: int = 0

    def render(self, mention: Callable[[int], str], timestamp: Callable[[float], str]) -> str:
        """The message text, with mentions and times formatted by the front end."""
        raise NotImplementedError

    def content(self) -> str:
        """Discord message content: ``<@id>`` mentions and ``<t:UNIX:R>`` timestamps."""
        return self.render(lambda uid: f"<@{uid}>", lambda t: f"<t:{int(t)}:R>")


MENTION_RE = re.compile(r"<@(\d+)>")


class Sessions:
    """The session API over one :class:`bot.storage.Store`.

    ``clock`` returns the current Unix time in seconds (injected in tests).
    ``seed_source`` returns a fresh seed for each new game.
    """

    def __init__(
        self,
        store: Any,
        settings: Any,
        clock: Callable[[], float] = ...,  # time.time
        seed_source: Callable[[], int] = ...,  # secrets.randbits(63)
    ) -> None:
        raise NotImplementedError

    # -- listeners ---------------------------------------------------------------------
    def on_outbox(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after every commit that wrote an announcement."""
        raise NotImplementedError

    def on_timers(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after every commit that changed timers (wakes the scheduler)."""
        raise NotImplementedError

    # -- lobby -------------------------------------------------------------------------
    async def new(
        self,
        channel_id: int,
        guild_id: int | None,
        creator_id: int,
        creator_name: str,
        game: str,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> GameInfo:
        """Open a lobby in a channel or thread; the creator takes seat 0.

        Refused when a game is already in lobby or active there, for an unknown game or
        invalid options.
        """
        raise NotImplementedError

    async def join(self, channel_id: int, user_id: int, name: str) -> GameInfo:
        """Take a seat in the channel's lobby (refused: seated already, full, started)."""
        raise NotImplementedError

    async def add_computer(self, channel_id: int, user_id: int) -> GameInfo:
        """Add a computer seat to the lobby; any seated player may do it."""
        raise NotImplementedError

    async def leave(self, channel_id: int, user_id: int) -> GameInfo:
        """Leave the lobby. The creator cannot leave (they cancel instead)."""
        raise NotImplementedError

    async def start(self, channel_id: int, user_id: int) -> GameInfo:
        """Start the game (creator only, seat count within the game's min/max).

        Seats keep their lobby order; the game's own RNG chooses who begins. Computer
        seats play at once if they are first.
        """
        raise NotImplementedError

    async def cancel(self, channel_id: int, user_id: int, can_manage_channel: bool) -> GameInfo:
        """Cancel the lobby or running game: the creator or anyone with Manage Channels."""
        raise NotImplementedError

    # -- reading -----------------------------------------------------------------------
    async def info(self, channel_id: int) -> GameInfo:
        """The game in lobby or active in this channel ("There is no game in this channel.")."""
        raise NotImplementedError

    async def info_by_id(self, game_id: int) -> GameInfo:
        raise NotImplementedError

    async def decision_for(self, game_id: int, user_id: int) -> tuple[Decision | None, int]:
        """(pending decision if it is this user's, else None; the user's seat).

        Refused when the user has no seat or the game is not running.
        """
        raise NotImplementedError

    async def view(self, game_id: int, user_id: int | None) -> dict[str, Any]:
        """The engine view for this user's seat, or the public view (None/not seated)."""
        raise NotImplementedError

    async def png(self, game_id: int, version: int | None = None) -> bytes:
        """The public board at ``version`` (default: current) as PNG bytes."""
        raise NotImplementedError

    async def log(self, channel_id: int, limit: int = 20) -> list[str]:
        """The last public move lines of this channel's current (or latest) game."""
        raise NotImplementedError

    async def scores(self, game_id: int) -> dict[int, dict[str, int]]:
        """Points per seat by category (always with "total")."""
        raise NotImplementedError

    # -- playing -----------------------------------------------------------------------
    async def play(
        self, game_id: int, user_id: int, key: str, expected_version: int | None
    ) -> MoveResult:
        """Play option ``key`` for the user's seat.

        ``expected_version`` comes from a panel or button: a different current version
        means the panel is out of date and the move is refused. ``None`` (a typed
        command) means "the current version".
        """
        raise NotImplementedError

    async def undo(self, channel_id: int, user_id: int) -> MoveResult:
        """Take back the user's own last step.

        Allowed only while nothing random or hidden was revealed by that step and nobody
        else (computer seats included) has moved since. Bumps the version.
        """
        raise NotImplementedError

    async def set_settings(
        self,
        channel_id: int,
        user_id: int,
        can_manage_channel: bool,
        *,
        turn_timeout_hours: float | None = None,
        reminder_hours: list[float] | None = None,
        timeout_policy: TimeoutPolicy | None = None,
    ) -> GameInfo:
        """Change this game's timer settings (creator or Manage Channels).

        ``turn_timeout_hours=0`` switches the turn timer off. A running turn's deadline is
        recomputed from when that turn began.
        """
        raise NotImplementedError

    # -- outbox --------------------------------------------------------------------------
    async def pending_announcements(self, limit: int = 20) -> list[Announcement]:
        """Due, unsent announcements, oldest first, at most one per game (keeps order)."""
        raise NotImplementedError

    async def mark_sent(self, outbox_id: int, message_id: int | None) -> None:
        raise NotImplementedError

    async def mark_failed(self, outbox_id: int, retry_at: float | None = None) -> None:
        """Count a failed delivery; retry at ``retry_at`` or after an exponential backoff."""
        raise NotImplementedError

    # -- timers --------------------------------------------------------------------------
    async def next_timer_due(self) -> float | None:
        """Unix time of the nearest unfired timer, or None."""
        raise NotImplementedError

    async def fire_due_timers(self) -> int:
        """Fire every timer due now (reminders, deadlines); returns how many fired."""
        raise NotImplementedError
