from __future__ import annotations

import asyncio

import pytest

from bot.core.sessions import STALE, SessionError, Sessions
from bot.storage.rows import MAX_DELIVERY_ATTEMPTS
from bot.storage.store import Store
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, FakeClock
from tests.bot.helpers import against_computer, drain, hot_seat, mover, peek


def other(user: int) -> int:
    return BOB if user == ALICE else ALICE


async def test_a_panel_move_needs_the_current_version(sessions: Sessions, store: Store) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    result = await sessions.play(info.id, user, "add1", info.version)
    assert result.version == info.version + 1
    assert result.label == "Add 1" and not result.turn_over
    assert result.decision is not None and result.decision.seat == info.seat_of(user)
    # The same click again (a doubled click, or a stale panel) is refused.
    with pytest.raises(SessionError) as refused:
        await sessions.play(info.id, user, "add1", info.version)
    assert str(refused.value) == STALE
    assert len(await store.moves(info.id)) == 2  # start + one step, not two


async def test_simultaneous_double_click_is_applied_once(sessions: Sessions, store: Store) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    outcomes = await asyncio.gather(
        *(sessions.play(info.id, user, "add2", info.version) for _ in range(2)),
        return_exceptions=True,
    )
    refused = [o for o in outcomes if isinstance(o, SessionError)]
    assert len(refused) == 1 and str(refused[0]) == STALE
    view = await sessions.view(info.id, None)
    assert sum(view["points"]) == 2


async def test_a_typed_move_plays_on_the_current_version(sessions: Sessions) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    await sessions.play(info.id, user, "add1", None)
    result = await sessions.play(info.id, user, "add1", None)
    assert result.turn_over and result.decision is None


async def test_refusals_are_clear(sessions: Sessions) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    with pytest.raises(SessionError, match="^It is not your turn.$"):
        await sessions.play(info.id, other(user), "add1", info.version)
    with pytest.raises(SessionError, match="not playing in this game"):
        await sessions.play(info.id, CAROL, "add1", info.version)
    with pytest.raises(SessionError, match="not possible now"):  # the engine's IllegalMove
        await sessions.play(info.id, user, "end", info.version)
    with pytest.raises(SessionError, match="does not exist"):
        await sessions.play(info.id + 100, user, "add1", None)


async def test_decision_for_the_private_panel(sessions: Sessions) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    decision, seat = await sessions.decision_for(info.id, user)
    assert decision is not None and decision.seat == seat == info.seat_of(user)
    assert [o.key for o in decision.options] == ["add1", "add2", "roll"]
    waiting, other_seat = await sessions.decision_for(info.id, other(user))
    assert waiting is None and other_seat == info.seat_of(other(user))
    with pytest.raises(SessionError, match="not playing"):
        await sessions.decision_for(info.id, CAROL)


async def test_computer_seats_move_after_the_answer_in_the_background(
    sessions: Sessions, store: Store
) -> None:
    info = await against_computer(sessions)
    assert info.user_to_move == ALICE  # the computer already played if it began
    first, _ = await sessions.decision_for(info.id, ALICE)
    assert first is not None
    await sessions.play(info.id, ALICE, "add1", None)
    await drain(sessions)
    result = await sessions.play(info.id, ALICE, "add1", None)  # ends Alice's turn
    # Alice is answered at once: her turn is over, the computer is to move.
    assert result.turn_over and not result.finished and result.decision is None
    assert result.events[0] == "Seat 1 adds 1."
    assert result.events[1].startswith("Your secret bonus is")  # Alice's own private event
    assert len(result.events) == 2
    await sessions.wait_for_computers(info.id)
    again, _ = await sessions.decision_for(info.id, ALICE)
    assert again is not None and again.turn == first.turn + 2, (
        "the computer's whole turn was played and it is Alice's turn again"
    )
    after = await sessions.info_by_id(info.id)
    moves = await store.moves(info.id)
    computer_steps = [m for m in moves if m.by_computer]
    assert computer_steps and all(m.seat == 1 and m.user_id is None for m in computer_steps)
    assert [m.version for m in moves] == list(range(moves[0].version, after.version + 1))
    # One message tells Alice's end of turn and the computer's turn, and pings her.
    [announcement] = await drain(sessions)
    assert announcement.version == after.version
    assert announcement.text.splitlines()[0] == "Seat 1 adds 1."
    assert any(line.startswith("Seat 2 ") for line in announcement.text.splitlines())
    assert announcement.mention_user_ids == (ALICE,)


async def test_announcements_once_per_turn_change_and_never_private(
    sessions: Sessions, store: Store
) -> None:
    info = await hot_seat(sessions, target=15)
    drain_count = len(await drain(sessions))
    assert drain_count == 3  # lobby, join, start
    plays = 0
    while (info := await sessions.info_by_id(info.id)).status == "active":
        user = info.user_to_move
        assert user is not None
        key = ["add1", "add2", "roll", "end"][plays % 4]
        decision, _ = await sessions.decision_for(info.id, user)
        assert decision is not None
        if decision.option(key) is None:
            key = "add1"
        result = await sessions.play(info.id, user, key, info.version)
        plays += 1
        fresh = await drain(sessions)
        if result.turn_over:
            assert len(fresh) == 1, "one announcement per turn change"
            [announcement] = fresh
            assert announcement.version == result.version and announcement.image
            if result.finished:
                assert announcement.kind == "game_over" and announcement.game_over
                assert announcement.scores_text and "Final scores" in announcement.scores_text
                assert not announcement.mention_user_ids
            else:
                assert announcement.kind == "turn" and announcement.turn_button
                assert announcement.mention_user_ids == (other(user),)
                assert announcement.deadline_at is not None
                assert f"<@{other(user)}>, it's your turn" in announcement.content()
                assert f"<t:{int(announcement.deadline_at)}:R>" in announcement.content()
        else:
            assert fresh == [], "steps within a turn announce nothing"
        for announcement in fresh:
            assert "secret" not in announcement.content()
    assert info.status == "finished" and info.winners
    for move in await store.moves(info.id):
        assert not any("secret" in line for line in move.events)


async def test_view_png_log_and_scores(sessions: Sessions) -> None:
    info = await hot_seat(sessions)
    user = await mover(sessions, info.id)
    await sessions.play(info.id, user, "add2", None)
    mine = await sessions.view(info.id, user)
    public = await sessions.view(info.id, None)
    assert "my_secret" in mine and "my_secret" not in public and "secrets" not in public
    assert await sessions.view(info.id, CAROL) == public
    now = await sessions.png(info.id)
    before = await sessions.png(info.id, info.version)
    assert now.startswith(b"\x89PNG") and before.startswith(b"\x89PNG") and now != before
    assert await sessions.log(CHANNEL, 10) == [
        f"#{info.version} The game began.", f"#{info.version + 1} Seat {info.seat_of(user) + 1} adds 2."
    ]
    scores = await sessions.scores(info.id)
    assert scores[info.seat_of(user)]["total"] == 2


async def test_failed_deliveries_back_off_and_are_retried(
    sessions: Sessions, clock: FakeClock
) -> None:
    await hot_seat(sessions)
    [first] = await sessions.pending_announcements()
    await sessions.mark_failed(first.outbox_id)
    assert await sessions.pending_announcements() == []  # the game's later rows wait too
    clock.advance(5)
    [retry] = await sessions.pending_announcements()
    assert retry.outbox_id == first.outbox_id and retry.attempts == 1
    await sessions.mark_failed(first.outbox_id)
    clock.advance(9)
    assert await sessions.pending_announcements() == []  # 10 s the second time
    clock.advance(1)
    assert len(await sessions.pending_announcements()) == 1
    await sessions.mark_failed(first.outbox_id, retry_at=clock() + 60)  # a rate limit
    clock.advance(59)
    assert await sessions.pending_announcements() == []
    for _ in range(3 * MAX_DELIVERY_ATTEMPTS):  # a long outage: never given up
        clock.advance(3600)
        [again] = await sessions.pending_announcements()
        assert again.outbox_id == first.outbox_id
        await sessions.mark_failed(first.outbox_id)
    clock.advance(3600)  # the backoff is capped at an hour
    [again] = await sessions.pending_announcements()
    assert again.outbox_id == first.outbox_id and again.attempts == 3 * MAX_DELIVERY_ATTEMPTS + 3
    await sessions.mark_sent(first.outbox_id, 1)
    assert [a.text for a in await sessions.pending_announcements()] == [
        "Bob joined. Seats (2 of 2–3): Alice, Bob."
    ]


async def test_a_permanent_failure_drops_only_that_announcement(sessions: Sessions) -> None:
    await hot_seat(sessions)
    [first] = await peek(sessions)
    await sessions.mark_failed(first.outbox_id, permanent=True)
    [after] = await peek(sessions)
    assert after.outbox_id > first.outbox_id
    assert [a.kind for a in await drain(sessions)] == ["lobby", "start"]


async def test_a_move_that_fails_to_commit_leaves_no_trace(
    sessions: Sessions, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = await hot_seat(sessions)
    await drain(sessions)
    user = await mover(sessions, info.id)
    await sessions.play(info.id, user, "add1", None)
    before = await sessions.info_by_id(info.id)
    moves_before = await store.moves(info.id)
    timers_before = await store.unfired_timers(info.id)

    def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    with monkeypatch.context() as patch:
        patch.setattr(store, "_replace_timers", disk_full)  # the last write of the turn
        with pytest.raises(OSError):
            await sessions.play(info.id, user, "add2", before.version)  # ends the turn
    assert await sessions.info_by_id(info.id) == before
    assert await store.moves(info.id) == moves_before
    assert await store.unfired_timers(info.id) == timers_before
    assert await drain(sessions) == []
    result = await sessions.play(info.id, user, "add2", before.version)  # the retry works
    assert result.turn_over and len(await drain(sessions)) == 1
