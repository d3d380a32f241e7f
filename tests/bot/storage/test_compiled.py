"""The statements as the drivers run them (bot/storage/compiled.py): compiled once per
dialect and shape, with the parameters laid out in the text's order, and run on both
back ends' raw connections."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import bindparam, insert, literal, select

from bot.storage.compiled import Sql, many, once, run
from bot.storage.schema import games, timers
from bot.storage.store import Store
from tests.bot.storage.test_store_backends import new_game

_STATUSES = Sql(select(games.c.id).where(
    games.c.status.in_(bindparam("p_statuses", expanding=True)),
    games.c.channel_id != bindparam("p_channel"), games.c.game == "kuhlorado")
    .order_by(games.c.id))


@pytest.mark.parametrize("dialect", ["sqlite", "postgresql"])
def test_a_statement_is_compiled_once_per_dialect_and_shape(dialect: str) -> None:
    one = _STATUSES.plan(dialect, {"statuses": ["lobby"], "channel": 1})
    assert _STATUSES.plan(dialect, {"statuses": ["active"], "channel": 2}) is one
    two = _STATUSES.plan(dialect, {"statuses": ["lobby", "active"], "channel": 1})
    assert two is not one
    # the list spread over as many parameters, the constant of the text in its place
    args = two.args({"statuses": ["lobby", "active"], "channel": 5})
    assert sorted(map(str, args)) == sorted(["lobby", "active", "5", "kuhlorado"])
    assert two.returns_rows
    assert _STATUSES.plan(dialect, {"statuses": [], "channel": 1}).args(
        {"statuses": [], "channel": 1}) == (1, "kuhlorado")


def test_an_insert_takes_its_columns_from_the_parameters() -> None:
    sql = Sql(insert(timers))
    plan = sql.plan("sqlite", {"game_id": 1, "kind": "reminder"})
    assert plan.text == "INSERT INTO timers (game_id, kind) VALUES (?, ?)"
    assert plan.args({"game_id": 1, "kind": "reminder"}) == (1, "reminder")
    assert not plan.returns_rows
    assert sql.plan("postgresql", {"game_id": 1, "kind": "reminder"}).text == (
        "INSERT INTO timers (game_id, kind) VALUES ($1::BIGINT, $2::VARCHAR)")


def test_a_parameter_the_statement_does_not_take_is_refused() -> None:
    with pytest.raises(TypeError, match="does not take"):
        Sql(select(literal(1))).plan("sqlite", {"stray": 1})


async def test_statements_run_on_both_back_ends(store: Store) -> None:
    lobby = await store.create_game(new_game(1), None)
    backend: Any = store._backend
    found = await backend.fetch(run(_STATUSES, {"statuses": ["lobby", "active"],
                                                "channel": 2}))
    assert [r.id for r in found.rows] == [lobby.id] and found.first()[0] == lobby.id
    assert (await backend.fetch(run(_STATUSES, {"statuses": [], "channel": 2}))).rows == []
    rows = [{"game_id": lobby.id, "kind": "reminder", "seat": 0, "turn": t, "due_at": 5.0}
            for t in range(3)]
    await backend.write(once(many(Sql(insert(timers)), rows)))
    assert len(await store.unfired_timers(lobby.id)) == 3

    def rolled_back() -> Any:
        yield run(Sql(timers.delete()))
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        await backend.write(rolled_back())
    assert len(await store.unfired_timers(lobby.id)) == 3
