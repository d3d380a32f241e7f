"""How a game's session row changes: pure functions from "before" to a :class:`Change`.

:mod:`bot.core.sessions` checks who may do what, calls these, and commits the result. Here
live the rules that make every change consistent: each step is its own logged move
with its own version, a new turn gets fresh timers and ONE announcement (public events
only, pinging the player to move), the end of the game records winners and final
scores, and nothing else writes to the outbox.

Texts are written in the active language (:mod:`games.i18n`): the session layer calls
these inside ``using(<the game's language>)``, so what is stored and announced is in the
language of the game's public posts.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import renderer
from bot.core import timebank
from bot.core.announcements import AnnouncementKind, channel_ref, payload
from bot.core.autoplay import AnyGame, Step, turn_key
from bot.core.timers import HOUR, NO_CLOCK, TurnClock, plan_turn_clock
from bot.storage.rows import ADDRESS_KEY, Change, GameRow, MoveRow, SeatRow
from games.base import Decision, Event, Game, GameState, name_decision, name_seats
from games.i18n import N_, _, number


@dataclass(frozen=True)
class Loaded:
    """A game row with its engine and decoded state (state None in the lobby)."""

    row: GameRow
    game: AnyGame
    state: GameState | None

    @property
    def decision(self) -> Decision | None:
        return None if self.state is None else self.game.pending(self.state)

    def decision_of(self, seat: int | None) -> Decision | None:
        """The pending decision as ``seat``'s player reads it (None when it is not
        theirs): the seats it names are told by the players' names."""
        decision = self.decision if self.row.status == "active" else None
        if decision is None or decision.seat != seat:
            return None
        return name_decision(decision, [s.name for s in self.row.seats])

    def side_of(self, seat: int | None) -> Decision | None:
        """What ``seat`` may do outside the pending decision (``Game.side_decision``), as
        its player reads it; None when nothing, or the game is not running."""
        if seat is None or self.state is None or self.row.status != "active":
            return None
        side = self.game.side_decision(self.state, seat)
        return None if side is None else name_decision(side, [s.name for s in self.row.seats])


def visible(events: Sequence[Event], seat: int | None, names: Sequence[str] = ()) -> list[str]:
    """Event lines that ``seat`` may see (None: public ones only), the seats they name
    told by the players' ``names``."""
    return [e.told(names) for e in events if e.private_to is None or e.private_to == seat]


def public(events: Sequence[Event], names: Sequence[str] = ()) -> tuple[str, ...]:
    return tuple(visible(events, None, names))


def seat_label(game: AnyGame, state: GameState, seat: int, name: str) -> str:
    """ "Ana (Crosses)" when the game names its seats, else "Ana"."""
    role = game.seat_name(state, seat)
    if role == Game.seat_name(game, state, seat):  # the contract's default: no role
        return name
    return _("{name} ({role})", name=name, role=role)


def and_list(names: Sequence[str]) -> str:
    """ "Ana", "Ana and Bo", "Ana, Bo and Cy" in the active language."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def seats_line(game: AnyGame, seats: Sequence[SeatRow]) -> str:
    names = ", ".join(s.name for s in seats)
    wanted = (
        f"{game.min_seats}" if game.min_seats == game.max_seats
        else f"{game.min_seats}–{game.max_seats}"
    )
    return _("Seats ({n} of {wanted}): {names}.", n=len(seats), wanted=wanted, names=names)


def has_board(game: str) -> bool:
    """Whether the game has a renderer module (one still being written has none)."""
    module = renderer.RENDERERS.get(game)
    if module is None:
        return False
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:
        return False


def scores_text(loaded: Loaded, winners: Sequence[int]) -> str:
    """ "Final scores: Ana 31, Bo 28. Winner: Ana." — a solo game's automa (which holds no
    seat) is named with its level beside the seats, and among the winners when it won."""
    assert loaded.state is not None
    totals = loaded.game.scores(loaded.state)
    names = [s.name for s in loaded.row.seats]
    board = [f"{names[s]} {totals[s]['total']}" for s in sorted(totals)]
    won = [names[s] for s in winners]
    automa = loaded.game.automa(loaded.state)
    if automa is not None:
        board.append(f"{automa.label()} {automa.total}")
        if automa.won:
            won.append(automa.name)
    final = _("Final scores: {scores}.", scores=", ".join(board))
    broken = loaded.game.tie_break(loaded.state)
    if broken is None:
        return f"{final} {verdict(won)}"
    return f"{final} {name_seats(broken, names)} {verdict(won)}"


def automa_result(game: AnyGame, state: GameState) -> dict[str, Any]:
    """What a finished game's result keeps of its scores: each seat's total and, in a
    solo game, its automa (name, level, total, whether it won) — ``/estancia stats`` reads
    a player's best solo score per level from it."""
    totals = game.scores(state)
    kept: dict[str, Any] = {"totals": [totals[s]["total"] for s in sorted(totals)]}
    automa = game.automa(state)
    if automa is not None:
        kept["automa"] = {"name": automa.name, "level": automa.level, "total": automa.total,
                          "won": automa.won}
    return kept


def lineup(game: AnyGame, state: GameState, seats: Sequence[SeatRow]) -> str:
    """ "Ana, Bo (Crosses)" — and a solo game's automa: "Ana, against Pedro (expert ♦♦♦)"."""
    names = ", ".join(seat_label(game, state, i, s.name) for i, s in enumerate(seats))
    automa = game.automa(state)
    if automa is None:
        return names
    return _("{seats}, against {automa}", seats=names, automa=automa.label())


def verdict(winner_names: Sequence[str]) -> str:
    """`Winner: Ana.` or `Winners: Ana and Bo.` (a name may be "You" in the terminal, or a
    solo game's automa)."""
    if not winner_names:  # nobody: cannot happen at the end of a game, kept for safety
        return _("No seat wins.")
    if len(winner_names) == 1:
        return _("Winner: {name}.", name=winner_names[0])
    return _("Winners: {names}.", names=and_list(winner_names))


def turn_clock(
    row: GameRow, decision: Decision | None, *, started_at: float, now: float,
    new_turn: bool = True, deadline_at: float | None = None,
) -> TurnClock:
    """Timers for the pending decision under the row's timer settings.

    A paused game has none. A new turn of a player on vacation starts its clock when
    they are back (``new_turn=False``: a running turn whose start is already known).
    ``deadline_at``: a running turn's deadline as it stands (it may have been set
    mid-turn, counted from that change), else it is counted from ``started_at``.
    In a game with a time bank the deadline is when the seat's reserve runs out, and the
    reminders come at the reserve's thresholds (the reminder hours)."""
    if decision is None or row.paused_at is not None:
        return NO_CLOCK
    away = row.seats[decision.seat].away_until
    if new_turn and away is not None and away > started_at:
        started_at = away
    human = row.seats[decision.seat].user_id is not None
    if row.time_bank is not None and human:
        reserves = timebank.fit(row.reserves, len(row.seats), row.time_bank)
        return plan_turn_clock(
            seat=decision.seat, turn=decision.turn, human=True, turn_started_at=started_at,
            now=now, timeout_hours=row.time_bank.cap / HOUR,
            reminder_hours=row.reminder_hours,
            deadline_at=started_at + reserves.left[decision.seat],
        )
    return plan_turn_clock(
        seat=decision.seat, turn=decision.turn,
        human=row.seats[decision.seat].user_id is not None,
        turn_started_at=started_at, now=now, timeout_hours=row.turn_timeout_hours,
        reminder_hours=row.reminder_hours,
        deadline_at=None if new_turn or row.turn_timeout_hours <= 0 else deadline_at,
    )


def charged(before: Loaded, row: GameRow, now: float) -> GameRow:
    """``row`` once the seat whose turn just ended has paid for it from its reserve (a
    game with a time bank; a human's turn only)."""
    bank, ended = row.time_bank, before.decision
    if (bank is None or ended is None or before.row.status != "active"
            or before.row.seats[ended.seat].user_id is None):
        return row
    reserves = timebank.fit(row.reserves, len(row.seats), bank)
    return replace(row, reserves=timebank.charge(bank, reserves, ended.seat,
                                                 before.row.turn_started_at, now))


def given_back(row: GameRow, decision: Decision) -> tuple[GameRow, float | None]:
    """After an undo that gave ``decision``'s seat its turn back: its reserve as before
    that turn was charged, and when the turn began (None: nothing to give back)."""
    if row.time_bank is None:
        return row, None
    reserves = timebank.fit(row.reserves, len(row.seats), row.time_bank)
    reserves, started = timebank.take_back(reserves, decision.seat)
    return replace(row, reserves=reserves), started


def clocks(row: GameRow, decision: Decision | None,
           deadline_at: float | None) -> list[tuple[str, float, float | None]]:
    """Each human seat's reserve for the line under the board (a game with a time bank):
    (name, seconds left, when the mover's runs out)."""
    if row.time_bank is None:
        return []
    reserves = timebank.fit(row.reserves, len(row.seats), row.time_bank)
    mover = None if decision is None else decision.seat
    return [(seat.name, reserves.left[i], deadline_at if i == mover else None)
            for i, seat in enumerate(row.seats) if seat.user_id is not None]


def away(seat: SeatRow, now: float) -> float | None:
    """Until when the player of ``seat`` is on vacation (None: not away now)."""
    return seat.away_until if seat.away_until is not None and seat.away_until > now else None


def describe_timer(turn_timeout_hours: float, reminder_hours: Sequence[float],
                   timeout_policy: str) -> str:
    """One line: "24 h per turn, reminders 12 h and 2 h before; then the computer plays"."""
    if turn_timeout_hours <= 0:
        return _("no turn timer.")
    hours = number(turn_timeout_hours)
    reminders = and_list([f"{number(h)} h" for h in reminder_hours])
    computer = timeout_policy == "computer"
    if reminders:
        text = (N_("{hours} h per turn, reminders {reminders} before; then the computer plays "
                   "the turn.") if computer else
                N_("{hours} h per turn, reminders {reminders} before; then the player forfeits."))
        return _(text, hours=hours, reminders=reminders)
    text = (N_("{hours} h per turn; then the computer plays the turn.") if computer
            else N_("{hours} h per turn; then the player forfeits."))
    return _(text, hours=hours)


def begin(lobby: Loaded, state: GameState, steps: Sequence[Step], user_id: int,
          now: float) -> Change:
    """Start the game: a logged start move with the initial state, the computer steps
    that follow it, and the first turn (timers, an announcement naming every seat)."""
    row, game = lobby.row, lobby.game
    version = row.version + 1
    start = MoveRow(
        version=version, kind="start", seat=None, user_id=user_id, by_computer=False,
        option_key=None, label=_("Start"), events=(), state_after=game.dump(state),
        reveals=False, undone=False, created_at=now,
    )
    reserves = (None if row.time_bank is None
                else timebank.start(row.time_bank, len(row.seats)))
    started = Loaded(replace(row, status="active", state=game.dump(state), version=version,
                             reserves=reserves), game, state)
    change = advance(started, steps, now, kind="start",
                     lead=_("{title} begins: {seats}.", title=game.title,
                            seats=lineup(game, state, row.seats)),
                     fresh_turn=True)
    change.expected_version = row.version
    change.moves.insert(0, start)
    return change


def advance(
    before: Loaded,
    steps: Sequence[Step],
    now: float,
    *,
    kind: AnnouncementKind,
    lead: str = "",
    fresh_turn: bool = False,
    earlier_lines: Sequence[str] = (),
) -> Change:
    """Steps applied to ``before``: one logged move and one version per step, then
    :func:`settle_turn`. ``earlier_lines`` are the public events of this turn's earlier
    steps, not told yet: an announcement tells the whole turn, not only its last step."""
    row, game = before.row, before.game
    names = [s.name for s in row.seats]
    moves = []
    version = row.version
    for step in steps:
        version += 1
        moves.append(
            MoveRow(
                version=version, kind="move", seat=step.seat, user_id=step.user_id,
                by_computer=step.by_computer, option_key=step.key, label=step.label,
                events=public(step.events, names), state_after=game.dump(step.state),
                reveals=step.reveals, undone=False, created_at=now,
            )
        )
    state = steps[-1].state if steps else before.state
    assert state is not None
    after = Loaded(replace(row, state=game.dump(state), version=version, updated_at=now),
                   game, state)
    lines = [*earlier_lines, *(line for step in steps for line in public(step.events, names))]
    return settle_turn(before, after, now, moves=moves, kind=kind, lead=lead, lines=lines,
                       fresh_turn=fresh_turn)


def settle_turn(
    before: Loaded,
    after: Loaded,
    now: float,
    *,
    moves: list[MoveRow],
    kind: AnnouncementKind,
    lead: str,
    lines: Sequence[str],
    fresh_turn: bool = False,
    undo: bool = False,
) -> Change:
    """Finish a change whose new state is in ``after``.

    Game over: finished status, winners, timers cleared, a game-over announcement. A new
    turn (its seat or turn counter changed, or ``fresh_turn``): fresh timers and one
    announcement pinging the player to move. Otherwise no announcement at all.

    With a time bank, the seat whose turn ended pays for it from its reserve; after an
    ``undo`` that gives a seat its turn back, nobody pays and that seat's clock goes on
    where it was (:func:`given_back`).
    """
    row, game, state = after.row, after.game, after.state
    assert state is not None
    decision = game.pending(state)
    text = "\n".join(part for part in (lead, *lines) if part)
    change = Change(game=row, expected_version=before.row.version, moves=moves)
    if decision is None:
        gone = forfeited_seats(row)
        winners = [s for s in game.winners(state) if s not in gone]
        if not winners and gone:  # the game's own winners all forfeited
            winners = best_remaining(game, state, gone)
        result = {"winners": winners, "forfeits": forfeits(row)} if gone else {"winners": winners}
        result.update(automa_result(game, state))
        change.game = replace(row, status="finished", deadline_at=None, result=result)
        change.timers = []
        change.announcements += game_over_announcements(
            row, text or _("The game is over."), scores_text(after, winners))
        return change
    if fresh_turn or turn_key(before.decision) != turn_key(decision):
        started_at, back = now, None
        if undo:
            row, back = given_back(row, decision)
        elif not fresh_turn:  # (a fresh turn follows no turn of a player: a start, a forfeit)
            row = charged(before, row, now)
        if back is not None:
            started_at = back
        clock = turn_clock(row, decision, started_at=started_at, now=now,
                           new_turn=back is None)
        change.game = replace(row, turn_started_at=clock.turn_started_at,
                              deadline_at=clock.deadline_at)
        change.timers = clock.timers
        mover = row.seats[decision.seat]
        if mover.user_id is None and not fresh_turn:
            # A computer plays next, in the background: its announcement tells this turn
            # too (``earlier_lines``), so the channel gets one message, as before.
            return change
        if not text:
            text = _("{name} to move.", name=seat_label(game, state, decision.seat, mover.name))
        change.announcements.append(payload(
            kind, text,
            mention_user_ids=[mover.user_id] if mover.user_id is not None else [],
            deadline_at=change.game.deadline_at, image=has_board(row.game), turn_button=True,
            away_until=away(mover, now), turn=turn_key(decision),
            clocks=clocks(change.game, decision, change.game.deadline_at),
        ))
    return change


def take_back(before: Loaded, seat: int, user_id: int, undone: MoveRow, restored_state: str,
              now: float, also: Sequence[MoveRow] = ()) -> tuple[Change, Loaded]:
    """Undo ``undone`` (the seat's last choice) and ``also`` (the forced steps played
    after it): the state goes back to ``restored_state`` and the version moves on.
    Returns the change and the game after it."""
    row = before.row
    name = row.seats[seat].name
    version = row.version + 1
    undo_move = MoveRow(
        version=version, kind="undo", seat=seat, user_id=user_id, by_computer=False,
        option_key=None, label=_("Undo: {label}", label=undone.label),
        events=(_("{name} took back a move.", name=name),),
        state_after=restored_state, reveals=False, undone=False, created_at=now,
    )
    after = Loaded(replace(row, state=restored_state, version=version, updated_at=now),
                   before.game, before.game.load(restored_state))
    change = settle_turn(before, after, now, moves=[undo_move], kind="undo",
                         lead=_("{name} took back their last move.", name=name), lines=(),
                         undo=True)
    change.undo_versions = [undone.version, *(move.version for move in also)]
    return change, after


def forfeits(row: GameRow) -> list[dict[str, Any]]:
    """Who forfeited so far: ``{"seat", "user_id", "name"}`` each, in order."""
    return list((row.result or {}).get("forfeits", ()))


def forfeited_seats(row: GameRow) -> set[int]:
    return {entry["seat"] for entry in forfeits(row)}


def original_seats(row: GameRow) -> tuple[SeatRow, ...]:
    """The seats as they were dealt: a forfeited seat is its player again, not the
    computer that plays it on."""
    gone = {f["seat"]: SeatRow(f["user_id"], f["name"], hinted=row.seats[f["seat"]].hinted)
            for f in forfeits(row)}
    return tuple(gone.get(i, seat) for i, seat in enumerate(row.seats))


def hinted_names(row: GameRow) -> list[str]:
    """The players who asked the computer for hints in this game."""
    return [seat.name for seat in original_seats(row) if seat.hinted]


def recap_name(seat: SeatRow) -> str:
    """A seat's name on the recap: marked when its player used hints."""
    return _("{name} (hints)", name=seat.name) if seat.hinted else seat.name


def best_remaining(game: AnyGame, state: GameState, gone: set[int]) -> list[int]:
    """Winners among the seats still in play when the game's own winners all forfeited."""
    totals = {s: sc["total"] for s, sc in game.scores(state).items() if s not in gone}
    best = max(totals.values())
    return [s for s, total in totals.items() if total == best]


def plays_on(row: GameRow) -> bool:
    """A game of three or more seats goes on when one forfeits (issue: "the others play
    on"); at two, a forfeit ends it and the other seat wins."""
    return len(row.seats) - len(forfeited_seats(row)) > 2


def forfeit_move(row: GameRow, seat: int, text: str, now: float) -> MoveRow:
    return MoveRow(
        version=row.version + 1, kind="forfeit", seat=seat, user_id=row.seats[seat].user_id,
        by_computer=False, option_key=None, label=_("Forfeit"), events=(text,),
        state_after=row.state or "", reveals=False, undone=False, created_at=now,
    )


def forfeit(before: Loaded, seat: int, now: float, text: str) -> Change:
    """The seat forfeits and the game ends: every seat still in play wins."""
    row = before.row
    gone = forfeited_seats(row) | {seat}
    winners = [i for i in range(len(row.seats)) if i not in gone]
    move = forfeit_move(row, seat, text, now)
    record = [*forfeits(row), {"seat": seat, "user_id": row.seats[seat].user_id,
                               "name": row.seats[seat].name}]
    finished = replace(
        row, status="finished", version=move.version, updated_at=now, deadline_at=None,
        result={"winners": winners, "forfeited": seat, "forfeits": record},
    )
    won = [row.seats[i].name for i in winners]
    automa = None if before.state is None else before.game.automa(before.state)
    if automa is not None and not won:  # a solo game given up: its automa wins
        won.append(automa.name)
    bodies = game_over_announcements(row, text, verdict(won))
    return Change(finished, row.version, moves=[move], announcements=bodies, timers=[])


def game_over_announcements(row: GameRow, text: str, result_line: str) -> list[dict[str, Any]]:
    """The final message (board and recap image, in the game's channel or thread) and,
    for a game with its own thread, the recap in the channel it was opened from; the
    thread is archived once that is posted."""
    image = has_board(row.game)
    hinted = hinted_names(row)
    if hinted:
        result_line += " " + _("Hints were used by {names}.", names=", ".join(hinted))
    bodies = [payload("game_over", text, image=image, game_over=True,
                      scores_text=result_line, recap=True)]
    if row.parent_id is not None:
        over = _("The game in {thread} is over.", thread=channel_ref(row.channel_id))
        recap = payload("recap", f"{over} {result_line}", recap=True,
                        archive_thread=row.channel_id)
        recap[ADDRESS_KEY] = row.parent_id
        bodies.append(recap)
    return bodies


def hand_to_computer(row: GameRow, seat: int, level: str | None = None) -> GameRow:
    """The row once ``seat`` has forfeited and the computer plays it from now on (at
    ``level``: the server's level for stand-ins)."""
    record = {"seat": seat, "user_id": row.seats[seat].user_id, "name": row.seats[seat].name}
    seats = tuple(SeatRow(None, _("{name} (computer)", name=s.name), level=level,
                          hinted=s.hinted) if i == seat else s
                  for i, s in enumerate(row.seats))
    return replace(row, seats=seats, version=row.version + 1,
                   result={**(row.result or {}), "forfeits": [*forfeits(row), record]})


def forfeit_and_play_on(before: Loaded, seat: int, steps: Sequence[Step], now: float,
                        text: str, level: str | None = None) -> Change:
    """The seat forfeits in a game that goes on: logged as a forfeit move, the computer
    takes the seat over (``steps``: what the computers play next), the others play on."""
    row = before.row
    move = forfeit_move(row, seat, text, now)
    taken = Loaded(hand_to_computer(row, seat, level), before.game, before.state)
    change = advance(taken, steps, now, kind="timeout", lead=text, fresh_turn=True)
    change.expected_version = row.version
    change.expected_settings = row  # the seat changes hands
    change.moves.insert(0, move)
    return change


def reminder(before: Loaded, seat: int, now: float) -> Change:
    """A reminder for the seat to move: an announcement only (the version stays)."""
    row = before.row
    user = row.seats[seat].user_id
    body = payload(
        # The ping line ("<@id>, a reminder: it is your turn (time runs out …)") says it
        # all; a text line would repeat it.
        "reminder", "",
        mention_user_ids=[user] if user is not None else [],
        deadline_at=row.deadline_at, turn_button=True, turn=turn_key(before.decision),
    )
    return Change(replace(row, updated_at=now), row.version, announcements=[body])
