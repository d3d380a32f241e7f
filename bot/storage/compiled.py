"""The store's statements as the drivers run them.

Every query is written once with SQLAlchemy Core (:mod:`bot.storage.store`) and wrapped in
:class:`Sql`, which compiles it once per dialect — and per *shape*: the columns an
``INSERT`` is given, the lengths of the lists an ``IN`` is given — into the SQL text the
driver runs (``?`` for sqlite3, ``$n`` with casts for asyncpg) and a function that lays the
named parameters out in the order that text wants. The back ends
(:mod:`bot.storage.backends`) run that text on the raw connections: sqlite3 in
aiosqlite's thread, asyncpg on the event loop. So a query costs what a hand-written one
did — no per-statement compile-cache lookup, parameter processing or result machinery
(``bot/storage/README.md`` has the measurements) — and is still written once for both.

A transaction is a generator function that yields :class:`Query` objects and is sent
back each one's :class:`Result`; it returns the transaction's value::

    def work() -> Generator[Query, Result, int]:
        swapped = yield run(SWAP, {"id": 3, ...})
        if swapped.rowcount != 1:
            raise StaleVersion(3)
        yield many(INSERT_MOVE, rows)
        return 3

The SQLite back end drives it whole in the connection's thread; the PostgreSQL back end
awaits each statement on one asyncpg connection.

Parameters: a ``bindparam("p_name")`` takes ``params["name"]``; an ``INSERT`` without
values takes its columns from the keys of ``params`` (SQLAlchemy's ``column_keys``);
literal values written in the statement are constants of the compiled form. The drivers
get the Python values as they are, so the columns' types must be ones both drivers map
by themselves (int, float, str, bytes, None — what :mod:`bot.storage.schema` uses).
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import Any, NamedTuple, TypeVar

from sqlalchemy.dialects.postgresql import asyncpg as pg_asyncpg
from sqlalchemy.dialects.sqlite import pysqlite
from sqlalchemy.engine import Dialect
from sqlalchemy.sql import visitors
from sqlalchemy.sql.dml import Insert
from sqlalchemy.sql.elements import BindParameter

T = TypeVar("T")

#: The dialects the statements are compiled for, by name (as ``Backend.dialect`` says).
DIALECTS: dict[str, Dialect] = {"sqlite": pysqlite.dialect(), "postgresql": pg_asyncpg.dialect()}

_PREFIX = "p_"


class Plan:
    """One statement compiled for one dialect and one shape."""

    __slots__ = ("text", "args", "returns_rows", "row")

    def __init__(self, text: str, args: Callable[[Mapping[str, Any]], tuple[Any, ...]],
                 returns_rows: bool) -> None:
        self.text = text
        #: The positional parameters for the text, from the named ones.
        self.args = args
        self.returns_rows = returns_rows
        #: The row type (a named tuple of the result's columns), made at the first result.
        self.row: Any = None

    def rows(self, names: Iterable[str], found: Iterable[Sequence[Any]]) -> list[Any]:
        if self.row is None:
            self.row = namedtuple("Row", list(names), rename=True)  # type: ignore[misc]
        make = self.row._make
        return [make(r) for r in found]


class Sql:
    """A statement written once with SQLAlchemy Core, run as compiled text."""

    __slots__ = ("clause", "_insert", "_expanding", "_plans")

    def __init__(self, clause: Any) -> None:
        self.clause = clause
        self._insert = isinstance(clause, Insert)
        #: The ``IN`` lists given as parameters (their lengths make the shape).
        self._expanding = tuple(sorted({
            b.key.removeprefix(_PREFIX) for b in visitors.iterate(clause)
            if isinstance(b, BindParameter) and b.expanding and b.required}))
        self._plans: dict[tuple[Any, ...], Plan] = {}

    def plan(self, dialect: str, params: Mapping[str, Any]) -> Plan:
        shape = (dialect,
                 tuple(params) if self._insert else None,
                 tuple(len(params[k]) for k in self._expanding) if self._expanding else None)
        found = self._plans.get(shape)
        if found is None:
            found = self._plans[shape] = self._compile(DIALECTS[dialect], params)
        return found

    def _compile(self, dialect: Dialect, params: Mapping[str, Any]) -> Plan:
        keys = list(params) if self._insert else None
        compiled = self.clause.compile(dialect=dialect, column_keys=keys,
                                       for_executemany=self._insert)
        given = {(k if self._insert else _PREFIX + k): k for k in params}
        expanded = compiled.construct_expanded_state(
            {name: params[key] for name, key in given.items() if name in compiled.binds},
            escape_names=False)
        unknown = {name for name in given if name not in compiled.binds
                   and name not in expanded.parameter_expansion}
        if unknown:
            raise TypeError(f"parameters the statement does not take: {sorted(unknown)}")
        expanded_from = {new: (name, i) for name, news in expanded.parameter_expansion.items()
                         for i, new in enumerate(news)}
        sources: list[tuple[str, Any, int]] = []
        for name in expanded.positiontup or ():
            origin, index = expanded_from.get(name, (name, -1))
            if origin in given:
                sources.append(("item" if index >= 0 else "key", given[origin], index))
            else:
                sources.append(("constant", expanded.parameters[name], -1))
        returning = getattr(compiled, "effective_returning", None) or getattr(
            compiled, "implicit_returning", None)
        return Plan(expanded.statement, _arguments(sources),
                    bool(compiled.statement.is_select or returning))


def _arguments(sources: list[tuple[str, Any, int]]) -> Callable[[Mapping[str, Any]],
                                                                  tuple[Any, ...]]:
    """A fast function from the named parameters to the positional ones."""
    if not sources:
        return lambda params: ()
    if all(kind == "key" for kind, _, _ in sources):
        if len(sources) == 1:
            key = sources[0][1]
            return lambda params: (params[key],)
        return itemgetter(*(key for _, key, _ in sources))  # type: ignore[return-value]
    frozen = tuple(sources)

    def arguments(params: Mapping[str, Any]) -> tuple[Any, ...]:
        return tuple(value if kind == "constant" else
                     params[value] if kind == "key" else params[value][index]
                     for kind, value, index in frozen)

    return arguments


class Query(NamedTuple):
    """A statement and its parameters (``many``: a list of parameter sets, one
    ``executemany``)."""

    sql: Sql
    params: Any
    many: bool = False


class Result:
    """What a statement returned: its rows (named tuples) and the rows it changed."""

    __slots__ = ("rows", "rowcount")

    def __init__(self, rows: list[Any], rowcount: int) -> None:
        self.rows = rows
        self.rowcount = rowcount

    def all(self) -> list[Any]:
        return self.rows

    def first(self) -> Any:
        return self.rows[0] if self.rows else None

    def one(self) -> Any:
        if len(self.rows) != 1:
            raise LookupError(f"one row expected, {len(self.rows)} found")
        return self.rows[0]

    def scalar(self) -> Any:
        return self.rows[0][0] if self.rows else None


#: A transaction: yields queries, is sent their results, returns its value.
Body = Generator[Query, Result, T]


def run(sql: Sql, params: Mapping[str, Any] | None = None) -> Query:
    return Query(sql, params or {})


def many(sql: Sql, rows: Sequence[Mapping[str, Any]]) -> Query:
    """One statement for each of ``rows`` (all with the same keys)."""
    return Query(sql, rows, True)


def once(query: Query) -> Body[Result]:
    """A transaction of one statement."""
    return (yield query)


def drive(body: Body[T], execute: Callable[[Query], Result]) -> T:
    """Run a transaction's statements one by one with ``execute`` (SQLite, in its thread)."""
    try:
        query = next(body)
        while True:
            query = body.send(execute(query))
    except StopIteration as done:
        return done.value
    finally:
        body.close()
