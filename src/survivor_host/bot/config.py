"""The bot's TOML config file (see bot.example.toml), checked key by key before the bot connects."""

from __future__ import annotations

import os
import sqlite3
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from survivor_host.bot.config_schema import (
    DEFAULT_DATABASE,
    DEFAULT_EARLY_SECONDS,
    DEFAULT_HANDBACK_SECONDS,
    DEFAULT_HOST_REQUEST_HOURS,
    DEFAULT_PASSWORD_ENV,
    DEFAULT_PREFIX,
    DEFAULT_ROOM_BOT,
    DEFAULT_ROOM_BOT_ROOMS,
    DEFAULT_SERVER,
    DEFAULT_SIGNUPS_MINUTES,
    ROOM_DEFAULTS,
    config_problems,
)
from survivor_host.engine.ids import to_id
from survivor_host.showdown.config import DEFAULT_BACKOFF_INITIAL, DEFAULT_BACKOFF_MAX, DEFAULT_HEARTBEAT
from survivor_host.showdown.login import DEFAULT_LOGIN_URL
from survivor_host.showdown.protocol import to_room_id
from survivor_host.store.points import POINTS_SCALE


class ConfigError(ValueError):
    """The config file is missing something or holds a wrong value (the message names the key)."""


@dataclass(frozen=True)
class BotConfig:
    server_url: str
    login_url: str
    username: str
    password: str | None
    rooms: tuple[str, ...]
    prefix: str = DEFAULT_PREFIX
    owners: tuple[str, ...] = ()
    database: str = DEFAULT_DATABASE
    defaults: dict[str, object] = field(default_factory=lambda: dict(ROOM_DEFAULTS))
    rules_links: dict[str, str] = field(default_factory=dict)
    room_bot: str = DEFAULT_ROOM_BOT
    room_bot_rooms: tuple[str, ...] = DEFAULT_ROOM_BOT_ROOMS
    """The rooms where the room bot keeps the host (empty: our bot hosts alone everywhere)."""
    room_bot_whitelisted: bool = False
    room_bot_handback_seconds: float = DEFAULT_HANDBACK_SECONDS
    """How long our `.win`/`.done` may go unanswered before the room's auth are asked to `.dehost`."""
    room_bot_host_request_hours: float = DEFAULT_HOST_REQUEST_HOURS
    """How long a `$host` asked before the room bot hosts our bot may wait before it expires."""
    signups_minutes: float = DEFAULT_SIGNUPS_MINUTES
    points_scale: tuple[tuple[int, int, int], ...] = POINTS_SCALE
    points_mirror: bool | None = None
    """Our own points table too: None = only in rooms without a room bot."""
    hand_follow: bool = True
    """Open a hand-hosting session (docs/FAIRNESS.md "Hosting sessions") for each host the room bot names."""
    hand_grace_minutes: float = 5.0
    """A hand-hosting session ends when its host has been out of the room this long."""
    early_seconds: float = DEFAULT_EARLY_SECONDS
    """A player's action this soon after their wait began, before its prompt went out, is refused (0: never)."""
    log_level: str = "INFO"
    fixed_seed: str | None = None
    """Every game uses this seed (for tests and demonstrations only; it defeats the fair-dice commitment)."""
    heartbeat: float = DEFAULT_HEARTBEAT
    """Seconds of a quiet link before the websocket ping; a pong missing for half of it drops the link."""
    backoff_initial: float = DEFAULT_BACKOFF_INITIAL
    backoff_max: float = DEFAULT_BACKOFF_MAX
    """The first and the longest wait in seconds between reconnects."""


def load_config(path: str | Path, environ: Mapping[str, str] | None = None) -> BotConfig:
    """Read and check the config; the password comes from the environment variable it names."""
    env = os.environ if environ is None else environ
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(
            f"cannot read {path}: it does not exist; start from the example: cp bot.example.toml {path}"
        ) from None
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    problems = config_problems(data)
    bot: dict[str, Any] = data.get("bot", {}) if isinstance(data.get("bot"), dict) else {}
    password_env = bot.get("password_env", DEFAULT_PASSWORD_ENV)
    if isinstance(password_env, str) and not env.get(password_env):
        problems.append(
            f"[bot] password_env: the environment variable {password_env} is not set; set it to the bot "
            f"account's password ({password_env}='...' survivor-host serve --config {path})"
        )
    database = bot.get("database", DEFAULT_DATABASE)
    if isinstance(database, str) and (problem := database_problem(database)) is not None:
        problems.append(problem)
    if problems:
        raise ConfigError(f"{path}:\n  " + "\n  ".join(problems))
    server: dict[str, Any] = data.get("server", {})
    defaults: dict[str, Any] = data.get("defaults", {})
    rules: dict[str, Any] = data.get("rules", {})
    room_bot: dict[str, Any] = data.get("room_bot", {})
    points: dict[str, Any] = data.get("points", {})
    return BotConfig(
        server_url=server.get("url", DEFAULT_SERVER),
        login_url=server.get("login_url", DEFAULT_LOGIN_URL),
        username=bot["username"],
        password=env.get(str(password_env)) or None,
        rooms=tuple(to_room_id(room) for room in bot["rooms"]),  # groupchat ids keep their `-`
        prefix=bot.get("prefix", DEFAULT_PREFIX),
        owners=tuple(to_id(owner) for owner in bot.get("owners", [])),
        database=bot.get("database", DEFAULT_DATABASE),
        defaults={**ROOM_DEFAULTS, **defaults},
        rules_links=dict(rules),
        room_bot=room_bot.get("name", DEFAULT_ROOM_BOT),
        room_bot_rooms=tuple(to_id(room) for room in room_bot.get("rooms", DEFAULT_ROOM_BOT_ROOMS)),
        room_bot_whitelisted=bool(room_bot.get("whitelisted", False)),
        room_bot_handback_seconds=float(room_bot.get("handback_seconds", DEFAULT_HANDBACK_SECONDS)),
        room_bot_host_request_hours=float(room_bot.get("host_request_hours", DEFAULT_HOST_REQUEST_HOURS)),
        signups_minutes=float(data.get("signups", {}).get("minutes", DEFAULT_SIGNUPS_MINUTES)),
        points_scale=tuple((int(a), int(b), int(c)) for a, b, c in points.get("scale", POINTS_SCALE)),
        points_mirror=points.get("mirror"),
        hand_follow=bool(data.get("hand", {}).get("follow_room_bot", True)),
        hand_grace_minutes=float(data.get("hand", {}).get("host_away_minutes", 5.0)),
        early_seconds=float(data.get("play", {}).get("early_seconds", DEFAULT_EARLY_SECONDS)),
        log_level=bot.get("log_level", "INFO").upper(),
        fixed_seed=str(bot["fixed_seed"]) if "fixed_seed" in bot else None,
        heartbeat=float(server.get("heartbeat", DEFAULT_HEARTBEAT)),
        backoff_initial=float(server.get("backoff_initial", DEFAULT_BACKOFF_INITIAL)),
        backoff_max=float(server.get("backoff_max", DEFAULT_BACKOFF_MAX)),
    )


def database_problem(database: str) -> str | None:
    """What keeps the database from being created or written here (its folder, a folder in its place, the
    permissions), or None."""
    path = Path(database).expanduser()
    folder = path.parent if str(path.parent) else Path(".")
    where = f"[bot] database = {database!r}"
    if not folder.is_dir():
        return f"{where}: the folder {folder} does not exist; create it or name a file in an existing folder"
    if path.exists() and not path.is_file():
        return f"{where}: is not a file; name a file, e.g. {path / DEFAULT_DATABASE}"
    if not os.access(path if path.exists() else folder, os.W_OK) or not os.access(folder, os.W_OK):
        return f"{where}: cannot be written by this user (the folder {folder} needs write permission)"
    return None


def check_database(database: str) -> None:
    """The database can be created or opened for writing, before the bot connects; else ConfigError."""
    problem = database_problem(database)
    if problem is not None:
        raise ConfigError(problem)
    path = Path(database).expanduser()
    where = f"[bot] database = {database!r}"
    try:
        db = sqlite3.connect(path, timeout=5)
        try:
            db.execute("PRAGMA schema_version").fetchone()
        finally:
            db.close()
    except sqlite3.Error as error:
        raise ConfigError(f"{where}: cannot be opened as a SQLite database for writing ({error})") from None
