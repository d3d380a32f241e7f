"""The README says how to update, how to back up while the bot runs (an
online backup, not a file copy: the database is in WAL mode), how to run it as a service
without Docker, and that .env and data/ are relative to the working folder; the systemd
unit it points to starts the command `make run` installs, in that folder."""

from __future__ import annotations

import configparser
import re
from pathlib import Path

from bot.discord_ui.client import FINISH_ANSWERS
from bot.settings import Settings

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "docs" / "estancia.service"


def operations() -> str:
    readme = (REPO / "README.md").read_text()
    start = readme.index("## Running it for good")
    return readme[start:readme.index("\n## ", start + 1)]


def test_the_readme_says_how_to_update() -> None:
    text = operations()
    assert "`git pull`, then `make run`" in text
    assert "docker build -t estancia ." in text and "docker compose up -d" in text


def test_the_readme_backs_up_online_not_by_copying_the_file() -> None:
    text = operations()
    assert "WAL" in text and "estancia.sqlite3-wal" in text
    assert ".venv/bin/estancia db backup PATH" in text
    assert "`pg_dump" in text


def test_the_readme_says_env_and_data_are_relative_to_the_working_folder() -> None:
    text = operations()
    assert "reads `.env` from the folder it is started in" in text
    assert Settings.model_config["env_file"] == ".env"  # (what the sentence says)
    assert str(Settings.model_fields["estancia_db"].default) == "data/estancia.sqlite3"


def test_the_systemd_unit_runs_the_bot_in_the_checkout() -> None:
    text = operations()
    assert "[`docs/estancia.service`](docs/estancia.service)" in text
    unit = configparser.ConfigParser(strict=True, interpolation=None)
    unit.optionxform = str  # systemd's keys are case-sensitive
    unit.read_string(UNIT.read_text())
    service = unit["Service"]
    folder = service["WorkingDirectory"]
    assert service["ExecStart"] == f"{folder}/.venv/bin/estancia run"  # as `make run` makes it
    assert service["ReadWritePaths"] == f"{folder}/data"  # where ESTANCIA_DB is by default
    assert service["KillSignal"] == "SIGTERM"
    assert int(service["TimeoutStopSec"]) > FINISH_ANSWERS  # the taps under way are answered
    assert service["Restart"] == "on-failure" and service["RestartPreventExitStatus"] == "2"
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    assert re.search(r"^After=network-online\.target$", UNIT.read_text(), re.M)
