"""compose.yaml (PostgreSQL and two bot processes splitting the shards) is read as Docker
Compose would read it (no Docker engine here): its bots' settings are valid Estancia
settings, they share one database — the db service — and split every shard once."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from bot.settings import Settings

REPO = Path(__file__).resolve().parents[2]


def interpolated(value: Any) -> Any:
    """Compose's ``${NAME:-default}`` with nothing set: the default."""
    if isinstance(value, str):
        return re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", value)
    return value


def compose() -> dict[str, Any]:
    return yaml.safe_load((REPO / "compose.yaml").read_text())


def bots(services: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Each bot service's environment (interpolated)."""
    return {name: {k: interpolated(v) for k, v in service["environment"].items()}
            for name, service in services.items() if service.get("build") == "."}


def test_compose_runs_postgres_and_two_bots_on_it() -> None:
    services = compose()["services"]
    db = services["db"]
    assert db["image"].startswith("postgres:")
    assert any(v.endswith(":/var/lib/postgresql/data") for v in db["volumes"])
    credentials = {k: interpolated(v) for k, v in db["environment"].items()}
    running = bots(services)
    assert len(running) == 2
    for name, env in running.items():
        service = services[name]
        assert service["env_file"] == ".env" and "db" in service["depends_on"]
        url = urlsplit(env["DATABASE_URL"])
        assert (url.scheme, url.hostname) == ("postgresql", "db")
        assert (url.username, url.password, url.path) == (
            credentials["POSTGRES_USER"], credentials["POSTGRES_PASSWORD"],
            "/" + credentials["POSTGRES_DB"])


def test_the_bots_settings_are_valid_and_split_every_shard_once() -> None:
    shards: list[int] = []
    counts = set()
    for env in bots(compose()["services"]).values():
        assert set(env) <= {name.upper() for name in Settings.model_fields}
        settings = Settings(_env_file=None, **{k.lower(): v for k, v in env.items()})
        assert settings.database_url is not None and settings.own_shards is not None
        counts.add(settings.shard_count)
        shards += settings.own_shards
    [count] = counts
    assert sorted(shards) == list(range(count))


def test_readme_explains_the_compose_file() -> None:
    readme = (REPO / "README.md").read_text()
    assert "compose.yaml" in readme and "docker compose up" in readme
    assert "SHARD_COUNT" in readme and "SHARD_IDS" in readme
