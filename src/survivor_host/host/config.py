"""The bot's TOML config file (see bot.example.toml)."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from survivor_host.engine.ids import to_id
from survivor_host.showdown.login import DEFAULT_LOGIN_URL

DEFAULT_SERVER = "wss://sim3.psim.us/showdown/websocket"


class ConfigError(ValueError):
    """The config file is missing something or holds a wrong value."""


@dataclass(frozen=True)
class BotConfig:
    server_url: str
    login_url: str
    username: str
    password: str | None
    rooms: tuple[str, ...]
    prefix: str = "."
    owners: tuple[str, ...] = ()
    database: str = "survivor-host.db"
    defaults: dict[str, object] = field(default_factory=dict)
    rules_links: dict[str, str] = field(default_factory=dict)
    log_level: str = "INFO"
    fixed_seed: str | None = None
    """Every game uses this seed (for tests and demonstrations only; it defeats the fair-dice commitment)."""


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"[{key}] must be a table")
    return value


def load_config(path: str | Path, environ: dict[str, str] | None = None) -> BotConfig:
    """Read the config; the password comes from the environment variable it names."""
    env = dict(os.environ) if environ is None else environ
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    server = _table(data, "server")
    bot = _table(data, "bot")
    username = bot.get("username")
    if not isinstance(username, str) or not to_id(username):
        raise ConfigError("[bot] username is required")
    rooms = bot.get("rooms", [])
    if not isinstance(rooms, list) or not rooms or not all(isinstance(r, str) for r in rooms):
        raise ConfigError("[bot] rooms must be a non-empty list of room ids")
    password_env = str(bot.get("password_env", "SURVIVOR_HOST_PASSWORD"))
    owners = bot.get("owners", [])
    if not isinstance(owners, list):
        raise ConfigError("[bot] owners must be a list of names")
    return BotConfig(
        server_url=str(server.get("url", DEFAULT_SERVER)),
        login_url=str(server.get("login_url", DEFAULT_LOGIN_URL)),
        username=username,
        password=env.get(password_env) or None,
        rooms=tuple(to_id(room) for room in rooms),
        prefix=str(bot.get("prefix", ".")),
        owners=tuple(to_id(str(owner)) for owner in owners),
        database=str(bot.get("database", "survivor-host.db")),
        defaults=dict(_table(data, "defaults")),
        rules_links={str(k): str(v) for k, v in _table(data, "rules").items()},
        log_level=str(bot.get("log_level", "INFO")).upper(),
        fixed_seed=str(bot["fixed_seed"]) if "fixed_seed" in bot else None,
    )
