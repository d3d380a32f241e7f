"""Docker: a small build context without secrets, a health check, and the
database on the volume whatever `.env.example` line is copied."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path, PurePosixPath

import pytest

from bot import cli
from bot.discord_ui.startup import HEARTBEAT_STALE, beat, health, heartbeat_path

REPO = Path(__file__).resolve().parents[2]


def dockerfile() -> str:
    return (REPO / "Dockerfile").read_text()


def ignored() -> list[str]:
    lines = (REPO / ".dockerignore").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_the_build_context_leaves_out_secrets_venv_and_outputs() -> None:
    patterns = ignored()
    for needed in (".env", ".venv/", "out/", "data/", ".git/"):
        assert needed in patterns, needed
    copied = re.findall(r"^COPY (.+) \S+$", dockerfile(), re.M)
    sources = {source for line in copied for source in line.split()}
    assert sources == {"pyproject.toml", "README.md", "games", "renderer", "bot", "cogs"}
    for source in sources:  # everything the image copies stays in the context
        assert source not in patterns and f"{source}/" not in patterns


def _resolve_in_image(value: str) -> PurePosixPath:
    """Where the image puts ESTANCIA_DB=value: relative to its WORKDIR, through its links."""
    text = dockerfile()
    workdir = PurePosixPath(re.findall(r"^WORKDIR (\S+)$", text, re.M)[-1])
    path = PurePosixPath(value) if value.startswith("/") else workdir / value
    for target, link in re.findall(r"ln -s (\S+) (\S+)", text):
        if path.is_relative_to(link):
            path = PurePosixPath(target) / path.relative_to(link)
    return path


def test_the_env_example_database_path_stays_on_the_volume() -> None:
    volume = PurePosixPath(re.search(r'^VOLUME \["(\S+)"\]$', dockerfile(), re.M)[1])
    default = re.search(r"ESTANCIA_DB=(\S+)", dockerfile())[1]
    copied = re.search(r"^# ?ESTANCIA_DB=(\S+)$", (REPO / ".env.example").read_text(), re.M)[1]
    assert _resolve_in_image(default).is_relative_to(volume)
    assert _resolve_in_image(copied).is_relative_to(volume)
    assert _resolve_in_image(copied) == _resolve_in_image(default)  # the same file


def test_the_image_has_a_health_check_and_the_readme_runs_it_detached() -> None:
    assert re.search(r'^HEALTHCHECK .*\n?.*CMD \["estancia", "health"\]', dockerfile(), re.M)
    readme = (REPO / "README.md").read_text()
    assert "docker run -d --restart unless-stopped" in readme


def test_estancia_health_follows_the_liveness_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    database = tmp_path / "estancia.sqlite3"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ESTANCIA_DB", str(database))
    assert cli.main(["health"]) == 1
    assert "not running" in capsys.readouterr().err
    beat(database)
    assert health(database) is None
    assert cli.main(["health"]) == 0
    old = time.time() - HEARTBEAT_STALE - 5
    os.utime(heartbeat_path(database), (old, old))
    assert cli.main(["health"]) == 1
    assert "not connected to Discord" in capsys.readouterr().err


def test_the_image_installs_what_running_needs_and_no_fonts_package() -> None:
    """The fonts come with the package (renderer/dejavu), and the
    image installs neither the development tools nor a system font."""
    text = dockerfile()
    installs = re.findall(r"pip install (\S+)", text)
    assert installs == ["'.[postgres]'"], installs
    assert "fonts-" not in text and "apt-get install" not in text
