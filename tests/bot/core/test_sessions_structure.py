"""The sessions' services (``bot/core/sessions/``) call one another only through public
methods, and no two of them need each other (they were one class of mixins that called
each other's private methods)."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import bot.core.sessions

PACKAGE = Path(bot.core.sessions.__file__).parent


def modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text(), str(path))
            for path in sorted(PACKAGE.glob("*.py"))}


def test_no_service_reaches_into_another_ones_private_members() -> None:
    reaching = []
    for name, tree in modules().items():
        for node in ast.walk(tree):
            # self.<service>._<member>: the private part of another object
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__")
                    and isinstance(node.value, ast.Attribute)
                    and isinstance(node.value.value, ast.Name) and node.value.value.id == "self"):
                reaching.append(f"{name}.py:{node.lineno} self.{node.value.attr}.{node.attr}")
    assert reaching == []


def test_the_session_modules_import_one_another_without_circles() -> None:
    graph: dict[str, set[str]] = {}
    for name, tree in modules().items():
        graph[name] = {node.module.rsplit(".", 1)[1] for node in ast.walk(tree)
                       if isinstance(node, ast.ImportFrom) and node.module is not None
                       and node.module.startswith("bot.core.sessions.")}
    order = list(graphlib.TopologicalSorter(graph).static_order())  # CycleError if any
    assert order.index("core") < order.index("computers") < order.index("lobby")
    assert order[-1] == "__init__"  # the façade builds them all; nothing needs it


def test_the_facade_builds_each_service_with_the_services_it_calls() -> None:
    from bot.core.sessions import Sessions
    from bot.core.sessions.core import SessionCore

    sessions = Sessions(None, None)  # type: ignore[arg-type]  # (nothing is read here)
    services = {name: value for name, value in vars(sessions).items()
                if type(value).__module__.startswith("bot.core.sessions.")}
    assert isinstance(sessions.core, SessionCore)
    for name, service in services.items():
        if service is sessions.core:
            continue
        assert service.core is sessions.core, name
        for attribute, value in vars(service).items():
            if type(value).__module__.startswith("bot.core.sessions.") and value is not service.core:
                assert value in services.values(), f"{name}.{attribute}"
