"""Runtime settings, read from the environment and from ``.env`` (see ``.env.example``)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

TimeoutPolicy = Literal["computer", "forfeit"]
#: The longest turn timer (30 days); the ``/estancia settings`` command has the same bound.
MAX_TIMEOUT_HOURS = 24 * 30
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    #: The bot token from the Discord developer portal. Optional here so that
    #: ``estancia run`` can say clearly what is missing.
    discord_token: SecretStr | None = None
    #: SQLite database file (its folder is created on start).
    estancia_db: Path = Path("data/estancia.sqlite3")
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

    @field_validator("reminders", mode="before")
    @classmethod
    def _parse_reminders(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",")]
            return tuple(float(p) for p in parts if p)
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

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value
