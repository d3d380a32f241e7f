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
  twice. Panels pass the version they were built from as ``expected_version``; a panel
  stays good across other seats' side steps that leave its decision as it was.
* What a seat may do outside the pending decision (``Game.side_decision``, a GWT:A
  exchange token on another's turn) is played with :meth:`Sessions.play_side` from the
  seat's hand panel: a move of that seat, checked, logged and replayed like any other.
* Public messages are never sent from here: a change that others must hear about
  writes ONE outbox row in the same transaction. The Discord layer (or the terminal)
  delivers them with :meth:`Sessions.pending_announcements`, :meth:`Sessions.mark_sent`
  and :meth:`Sessions.mark_failed`. Private events (``Event.private_to``) only ever go
  back to the acting player in a :class:`MoveResult`.
* A decision with a single option is played by the platform at once (logged as that
  player's move). After a human step the player is answered at once; computer seats then
  play in the background (:meth:`Sessions.wait_for_computers`), each step logged on its
  own, until a human decision is pending or the game is over, committed with the same
  version guard and announced through the outbox. A game left with a computer to move
  (a restart) goes on with :meth:`Sessions.resume_computers`.
* Turn timers (reminders and a deadline) are database rows written with the move; the
  scheduler (:mod:`bot.core.scheduler`) fires them through :meth:`Sessions.fire_due_timers`.
  A game may play with a clock (:mod:`bot.core.timebank`): the deadline is then when the
  mover's reserve runs out.
* A player's turn notices (:mod:`bot.core.notices`): who an announcement pings
  (:meth:`Sessions.ping_plan`), the DM or held notices it leaves (written with
  :meth:`Sessions.mark_sent`), their quiet hours (reminders wait for the morning); and
  their games in one list (:meth:`Sessions.my_games`).

The class is put together from one mixin per concern: :mod:`~bot.core.sessions.lobby`, :mod:`~bot.core.sessions.moves`, :mod:`~bot.core.sessions.reading`, :mod:`~bot.core.sessions.table`, :mod:`~bot.core.sessions.delivery`, :mod:`~bot.core.sessions.players`, :mod:`~bot.core.sessions.hints`,
over :class:`~bot.core.sessions.common.SessionsCore`."""

from __future__ import annotations

from bot.core.announcements import Announcement, AnnouncementKind  # noqa: F401
from bot.core.sessions.common import (  # noqa: F401  (the public names)
    BACKOFF_BASE,
    BACKOFF_CAP,
    CANNOT_UNDO,
    COMPUTER_RETRY_DELAYS,
    FORFEITS,
    GAME_OVER,
    LANGUAGE_NAMES,
    MAX_GAME_ID,
    MAX_VACATION_DAYS,
    MOMENTS_KEPT,
    NO_GAME,
    NOT_SEATED,
    NOT_STARTED,
    NOT_YOUR_TURN,
    OUTBOX_KEEP_SECONDS,
    PANEL_LOOKBACK,
    PAUSED,
    STALE,
    STALE_RETRIES,
    STORED,
    TIMER_RETRY,
    UNDO_LOOKBACK,
    YOUR_TURN,
    GameInfo,
    MoveResult,
    Seat,
    SeatView,
    SessionError,
    Status,
    TimeoutPolicy,
    refusal,
)
from bot.core.sessions.delivery import Delivery
from bot.core.sessions.hints import Hint, HintOption, Hints  # noqa: F401
from bot.core.sessions.lobby import Lobby
from bot.core.sessions.moves import Moves
from bot.core.sessions.players import MyGame, NoticeWork, Players  # noqa: F401
from bot.core.sessions.reading import MAX_LOG_LINES, Reading  # noqa: F401
from bot.core.sessions.table import Table
from bot.settings import MAX_TIMEOUT_HOURS  # noqa: F401

__all__ = [
    "Announcement", "AnnouncementKind", "GameInfo", "Hint", "HintOption", "MoveResult", "Seat",
    "SeatView",
    "SessionError", "Sessions", "Status", "TimeoutPolicy",
]


class Sessions(Lobby, Moves, Reading, Table, Delivery, Players, Hints):
    """The session API over one :class:`bot.storage.store.Store`.

    ``clock`` returns the current Unix time in seconds (injected in tests);
    ``seed_source`` returns a fresh seed for each new game.
    """
