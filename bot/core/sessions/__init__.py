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

The work is done by services, each built with the services it calls (no circles), over
one :class:`~bot.core.sessions.core.SessionCore` (store, settings, clock, loading, commits):

* ``computers`` — computer seats play in the background;
* ``stand_ins`` — the computer takes over a human seat for a turn or for good;
* ``undoing`` — taking back one's last choice;
* ``lobby`` (computers, stand_ins) — new, join, add a computer, leave, start, cancel;
* ``moves`` (computers) — a player's step from a panel or a command;
* ``reading`` (undoing) — infos, panels, views, images, the log, scores;
* ``table`` (computers) — a game's timer, clock and language, pause, vacations;
* ``servers`` (stand_ins) — a server's settings, stalled games, ratings;
* ``delivery`` (stand_ins) — the outbox of announcements and the turn timers;
* ``players`` — a player's games, notices and preferences;
* ``hints`` — the computer's suggestion for a player's decision.

:class:`Sessions` builds them and offers their public operations under one name each
(``sessions.play`` is ``sessions.moves.play``)."""

from __future__ import annotations

import time
from collections.abc import Callable

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
from bot.core.sessions.computers import Computers
from bot.core.sessions.core import SessionCore, random_seed
from bot.core.sessions.delivery import Delivery
from bot.core.sessions.hints import Hint, HintOption, Hints  # noqa: F401
from bot.core.sessions.lobby import Lobby
from bot.core.sessions.moves import Moves
from bot.core.sessions.players import MyGame, NoticeWork, Players  # noqa: F401
from bot.core.sessions.reading import MAX_LOG_LINES, Reading  # noqa: F401
from bot.core.sessions.servers import Servers
from bot.core.sessions.standins import StandIns
from bot.core.sessions.table import Table
from bot.core.sessions.undo import Undo
from bot.settings import MAX_TIMEOUT_HOURS, Settings  # noqa: F401
from bot.storage.store import Store

__all__ = [
    "Announcement", "AnnouncementKind", "GameInfo", "Hint", "HintOption", "MoveResult", "Seat",
    "SeatView",
    "SessionError", "Sessions", "Status", "TimeoutPolicy",
]


class Sessions:
    """The session API over one :class:`bot.storage.store.Store`: the services, and each
    public operation of theirs under its own name.

    ``clock`` returns the current Unix time in seconds (injected in tests);
    ``seed_source`` returns a fresh seed for each new game.
    """

    def __init__(
        self,
        store: Store,
        settings: Settings,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = random_seed,
    ) -> None:
        self.core = core = SessionCore(store, settings, clock, seed_source)
        self.computers = computers = Computers(core)
        self.stand_ins = stand_ins = StandIns(core)
        self.undoing = undo = Undo(core)
        self.lobby = Lobby(core, computers, stand_ins)
        self.moves = Moves(core, computers)
        self.reading = Reading(core, undo)
        self.table = Table(core, computers)
        self.servers = Servers(core, stand_ins)
        self.delivery = Delivery(core, stand_ins)
        self.players = Players(core)
        self.hints = Hints(core)

        # -- the core
        self.store = store
        self.settings = settings
        self.clock = clock
        self.states = core.states
        self.on_outbox = core.on_outbox
        self.on_timers = core.on_timers
        self.on_notices = core.on_notices
        self.check_options = core.check_options
        self.server = core.server
        # -- the lobby
        self.new = self.lobby.new
        self.join = self.lobby.join
        self.add_computer = self.lobby.add_computer
        self.leave = self.lobby.leave
        self.start = self.lobby.start
        self.cancel = self.lobby.cancel
        # -- moves, undo, the computers
        self.play = self.moves.play
        self.play_side = self.moves.play_side
        self.played_by = self.moves.played_by
        self.panel_holds = self.moves.panel_holds
        self.undo = undo.undo
        self.undoable = undo.undoable
        self.computers_thinking = computers.thinking
        self.wait_for_computers = computers.wait
        self.resume_computers = computers.resume
        # -- reading
        self.info = self.reading.info
        self.info_by_id = self.reading.info_by_id
        self.latest_info = self.reading.latest_info
        self.game_here = self.reading.game_here
        self.active_games = self.reading.active_games
        self.decision_for = self.reading.decision_for
        self.seat_view = self.reading.seat_view
        self.public_decision = self.reading.public_decision
        self.view = self.reading.view
        self.png = self.reading.png
        self.recap_png = self.reading.recap_png
        self.replay_gif = self.reading.replay_gif
        self.log = self.reading.log
        self.log_of = self.reading.log_of
        self.scores = self.reading.scores
        self.automa = self.reading.automa
        # -- a game's table
        self.pause = self.table.pause
        self.resume = self.table.resume
        self.vacation = self.table.vacation
        self.set_settings = self.table.set_settings
        self.set_clock = self.table.set_clock
        # -- the server
        self.set_server = self.servers.set_server
        self.sweep_stale = self.servers.sweep_stale
        self.rate_finished_games = self.servers.rate_finished_games
        self.leaderboard = self.servers.leaderboard
        self.player_stats = self.servers.player_stats
        self.solo_bests = self.servers.solo_bests
        # -- delivery: the outbox and the timers
        self.pending_announcements = self.delivery.pending_announcements
        self.mark_sent = self.delivery.mark_sent
        self.mark_failed = self.delivery.mark_failed
        self.release_announcement = self.delivery.release_announcement
        self.ping_plan = self.delivery.ping_plan
        self.purge_outbox = self.delivery.purge_outbox
        self.next_timer_due = self.delivery.next_timer_due
        self.fire_due_timers = self.delivery.fire_due_timers
        # -- players
        self.prefs = self.players.prefs
        self.set_prefs = self.players.set_prefs
        self.dms_refused = self.players.dms_refused
        self.take_dms_closed_note = self.players.take_dms_closed_note
        self.my_games = self.players.my_games
        self.claim_notices = self.players.claim_notices
        self.next_notice_due = self.players.next_notice_due
        self.notice_work = self.players.notice_work
        self.notice_sent = self.players.notice_sent
        self.notice_failed = self.players.notice_failed
        self.release_notice = self.players.release_notice
        self.purge_notices = self.players.purge_notices
        self.thumbnail = self.players.thumbnail
        # -- hints
        self.hint = self.hints.hint

    async def close(self) -> None:
        """Stop the background computer tasks (their games resume at the next start)."""
        await self.computers.close()
