"""Runtime settings, read from the environment and from ``.env`` (see ``.env.example``)."""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Literal

from dotenv import dotenv_values
from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

TimeoutPolicy = Literal["computer", "forfeit"]
#: The longest turn timer (30 days); the ``/estancia settings`` command has the same bound.
MAX_TIMEOUT_HOURS = 24 * 30
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
#: A sanity bound on SHARD_COUNT (Discord asks for one shard per 1,000–2,500 guilds).
MAX_SHARDS = 4096
#: A sanity bound on ESTANCIA_CPU_WORKERS.
MAX_CPU_WORKERS = 256
#: Names read from the environment beside the settings (tuning knobs of the benchmarks).
KNOBS = ("ESTANCIA_OUTBOX_IN_FLIGHT", "ESTANCIA_OUTBOX_BATCH", "ESTANCIA_CLAIM_SECONDS")
#: How alike a name of the environment must be to a setting's to be taken for a
#: misspelling of it (difflib's ratio: TURN_TIMEOUT is 0.8 like TURN_TIMEOUT_HOURS) …
CLOSE_ENOUGH = 0.8
#: … and a name in .env, which holds settings and little else (POLICY: 0.6).
CLOSE_IN_ENV_FILE = 0.6


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a guild's events, by Discord's rule (discord-api-docs,
    topics/gateway, "Sharding Formula")."""
    return (guild_id >> 22) % shard_count


class Settings(BaseSettings):
    # An empty value means "unset" (the default), in .env and in the environment alike.
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore",
                                      env_ignore_empty=True)

    #: The bot token from the Discord developer portal. Optional here so that
    #: ``estancia run`` can say clearly what is missing.
    discord_token: SecretStr | None = None
    #: SQLite database file (its folder is created on start).
    estancia_db: Path = Path("data/estancia.sqlite3")
    #: PostgreSQL instead of the SQLite file (``postgresql://user:password@host/db``).
    database_url: SecretStr | None = None
    #: Guild that gets a copy of the slash commands for instant sync while developing.
    dev_guild_id: int | None = None
    #: Default hours a player has for a turn; 0 switches turn timers off.
    turn_timeout_hours: float = Field(default=24.0, ge=0, le=MAX_TIMEOUT_HOURS, allow_inf_nan=False)
    #: Reminders, in hours before the deadline ("12,2").
    reminders: Annotated[tuple[float, ...], NoDecode] = (12.0, 2.0)
    #: What happens at the deadline: the computer plays the turn, or the seat forfeits.
    timeout_policy: TimeoutPolicy = "computer"
    log_level: str = "INFO"
    #: Where ``estancia play`` writes board images (a folder per game inside it).
    image_dir: Path = Path("out")
    #: Discord shards across all the bot's processes (None: one process, Discord's count).
    shard_count: int | None = Field(default=None, ge=1, le=MAX_SHARDS)
    #: The shards this process connects ("0,1"; None: all of ``shard_count``).
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    #: Worker processes that draw the images (None: one per core; 0: threads of the bot's
    #: own process). Read by :func:`bot.cli.apply` (``bot.core.cpu``).
    estancia_cpu_workers: int | None = Field(default=None, ge=0, le=MAX_CPU_WORKERS)

    @field_validator("timeout_policy", mode="before")
    @classmethod
    def _policy_in_any_case(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("shard_count", mode="before")
    @classmethod
    def _blank_count_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _parse_shard_ids(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        parts = [p.strip() for p in value.split(",") if p.strip()]
        if not parts:
            return None
        if not all(p.isdigit() for p in parts):
            raise ValueError(f"shard numbers separated by commas, like 0,1, not {value[:40]!r}")
        return tuple(int(p) for p in parts)

    @model_validator(mode="after")
    def _shards_that_exist(self) -> Settings:
        """SHARD_IDS name shards of SHARD_COUNT, each once."""
        ids, count = self.shard_ids, self.shard_count
        if ids is None:
            return self
        if count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards across all "
                             "the bot's processes (e.g. SHARD_COUNT=4 with SHARD_IDS=0,1)")
        if not ids:
            raise ValueError("SHARD_IDS lists no shard: leave it unset to run all of them")
        wrong = [i for i in ids if i >= count]
        if wrong:
            raise ValueError(f"shard {wrong[0]} does not exist with SHARD_COUNT={count}: "
                             f"SHARD_IDS run from 0 to {count - 1}")
        twice = [i for i in ids if ids.count(i) > 1]
        if twice:
            raise ValueError(f"SHARD_IDS lists shard {twice[0]} twice")
        self.shard_ids = tuple(sorted(ids))
        return self

    @property
    def sharded(self) -> bool:
        """Whether this process runs a chosen set of Discord shards (SHARD_COUNT is set)."""
        return self.shard_count is not None

    @property
    def own_shards(self) -> tuple[int, ...] | None:
        """The shards this process connects (None: not sharded, all of Discord's)."""
        if self.shard_count is None:
            return None
        return self.shard_ids or tuple(range(self.shard_count))

    @field_validator("reminders", mode="before")
    @classmethod
    def _parse_reminders(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",")]
            try:
                return tuple(float(p) for p in parts if p)
            except ValueError:
                raise ValueError(f"reminders are hours before the deadline separated by "
                                 f"commas, like 12,2, not {value[:40]!r}") from None
        return value

    @field_validator("reminders")
    @classmethod
    def _positive_reminders(cls, value: tuple[float, ...]) -> tuple[float, ...]:
        if not all(math.isfinite(h) for h in value):
            raise ValueError("reminders are numbers of hours, like 12,2")
        if any(h <= 0 for h in value):
            raise ValueError("reminders are hours before the deadline and must be > 0")
        return tuple(sorted(set(value), reverse=True))

    @model_validator(mode="after")
    def _reminders_before_the_deadline(self) -> Settings:
        """Reminders must come before the deadline. Typed ones that cannot are refused;
        the default ones that a short TURN_TIMEOUT_HOURS leaves out are dropped."""
        timeout = self.turn_timeout_hours
        if timeout <= 0:
            return self
        late = [h for h in self.reminders if h >= timeout]
        if late and "reminders" in self.model_fields_set:
            raise ValueError(
                f"a reminder {late[0]:g} h before the {timeout:g} h deadline can never "
                f"come: choose REMINDERS under TURN_TIMEOUT_HOURS={timeout:g}"
            )
        self.reminders = tuple(h for h in self.reminders if h < timeout)
        return self

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"expected one of {', '.join(LOG_LEVELS[:-1])} or "
                             f"{LOG_LEVELS[-1]}, not {value[:20]!r}")
        return level

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("discord_token", "database_url", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value


def setting_names() -> list[str]:
    """The names settings are written with (``TURN_TIMEOUT_HOURS``)."""
    return [name.upper() for name in Settings.model_fields]


def settings_warnings(environ: Mapping[str, str], env_file: Path | str = ".env") -> list[str]:
    """A line for each name that looks like a misspelt setting (``TURN_TIMEOUT=5`` would be
    silently ignored otherwise), with the setting's name: in ``env_file`` a name somewhat
    like one (:data:`CLOSE_IN_ENV_FILE`), in the environment one very like it
    (:data:`CLOSE_ENOUGH`: it holds many other names). Names like no setting are left
    alone (Docker Compose reads POSTGRES_PASSWORD from the same .env)."""
    known = setting_names()
    ours = {*known, *KNOBS}
    try:
        in_file = dotenv_values(env_file) if Path(env_file).is_file() else {}
    except (OSError, UnicodeDecodeError):
        in_file = {}
    lines = []
    for names, where, cutoff in ((in_file, Path(env_file).name, CLOSE_IN_ENV_FILE),
                                 (environ, "the environment", CLOSE_ENOUGH)):
        for name in names:
            if name.upper() in ours or (names is environ and name in in_file):
                continue
            close = difflib.get_close_matches(name.upper(), known, n=1, cutoff=cutoff)
            if close:
                lines.append(f"{name} in {where} is not a setting: did you mean {close[0]}?")
    return lines
