"""The bot config file's keys: each one's default, what it allows, and every problem a file has."""

from __future__ import annotations

import difflib
import itertools
import json
from collections.abc import Callable, Mapping
from typing import Any

from survivor_host.catalogue import DEFAULT_PREFIX as DEFAULT_PREFIX  # the config's default prefix
from survivor_host.catalogue import allowed
from survivor_host.engine.errors import SetupError
from survivor_host.engine.ids import to_id
from survivor_host.engine.options import COMMON_OPTIONS, Option
from survivor_host.engine.seats import MAX_NAME_LENGTH
from survivor_host.showdown.config import DEFAULT_BACKOFF_INITIAL, DEFAULT_BACKOFF_MAX, DEFAULT_HEARTBEAT
from survivor_host.themes import THEMES

DEFAULT_SERVER = "wss://sim3.psim.us/showdown/websocket"
DEFAULT_PASSWORD_ENV = "SURVIVOR_HOST_PASSWORD"
DEFAULT_DATABASE = "survivor-host.db"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
ROOM_DEFAULTS: dict[str, object] = {"public_deadline": 150}
"""Game options of room play under `[defaults]`: the hosting guide gives players 2-3 minutes."""
DEFAULT_ROOM_BOT = "Sir Vivor"
DEFAULT_ROOM_BOT_ROOMS = ("survivor",)
DEFAULT_SIGNUPS_MINUTES = 5.0
DEFAULT_EARLY_SECONDS = 0.0
DEFAULT_HANDBACK_SECONDS = 15.0
"""How long the room bot may take to answer our `.win` or `.done` before the auth are asked to `.dehost`."""
DEFAULT_HOST_REQUEST_HOURS = 6.0
"""How long a `$host` asked before the room bot hosts our bot may wait before it expires."""


Check = Callable[[Any], str | None]
"""Returns what is wrong with a value (said as "must be ..."), or None when it fits."""


def _text(allowed: str, fits: Callable[[str], bool] = lambda _: True) -> Check:
    def check(value: Any) -> str | None:
        return None if isinstance(value, str) and fits(value) else allowed

    return check


def _names(allowed: str, non_empty: bool) -> Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, list) or not all(isinstance(v, str) and to_id(v) for v in value):
            return allowed
        return allowed if non_empty and not value else None

    return check


def _prefix(value: Any) -> str | None:
    fits = isinstance(value, str) and 1 <= len(value) <= 2
    fits = fits and not any(c.isalnum() or c.isspace() for c in value) and value[0] not in "/!"
    return None if fits else 'one or two characters that are not letters, digits, spaces, "/" or "!" (e.g. "$")'


def _flag(value: Any) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _minutes(zero: str) -> Check:
    """Minutes from 0 to 60; `zero` says what 0 means for the key."""

    def check(value: Any) -> str | None:
        fits = isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 60
        return None if fits else f"a number of minutes from 0 ({zero}) to 60"

    return check


def _seconds(value: Any) -> str | None:
    fits = isinstance(value, int | float) and not isinstance(value, bool) and 0 < value <= 300
    return None if fits else "a number of seconds above 0, at most 300"


def _moment(value: Any) -> str | None:
    fits = isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 10
    return None if fits else "a number of seconds from 0 (no action is refused for coming early) to 10"


def _hours(value: Any) -> str | None:
    fits = isinstance(value, int | float) and not isinstance(value, bool) and 0 < value <= 168
    return None if fits else "a number of hours above 0, at most 168 (a week)"


def _scale(value: Any) -> str | None:
    rows = value if isinstance(value, list) else None
    fits = bool(rows) and all(
        isinstance(row, list)
        and len(row) == 3
        and all(isinstance(n, int) and not isinstance(n, bool) for n in row)
        and row[0] >= 2
        and row[1] >= row[2] >= 0
        for row in rows or []
    )
    if fits and rows:
        fits = all(a[0] < b[0] for a, b in itertools.pairwise(rows))
    wanted = "a list of [players, first, second] rows by rising player count, e.g. [[7, 7, 2], [10, 9, 4]]"
    return None if fits else wanted


def _seed(value: Any) -> str | None:
    return None if isinstance(value, str | int) and not isinstance(value, bool) else "a string or a whole number"


SCHEMA: dict[str, dict[str, tuple[Check, str]]] = {
    "server": {
        "url": (_text("a websocket URL (ws://... or wss://...)", lambda v: v.startswith(("ws://", "wss://"))), ""),
        "login_url": (_text("an http:// or https:// URL", lambda v: v.startswith(("http://", "https://"))), ""),
        "heartbeat": (_seconds, f"{DEFAULT_HEARTBEAT:g}"),
        "backoff_initial": (_seconds, f"{DEFAULT_BACKOFF_INITIAL:g}"),
        "backoff_max": (_seconds, f"{DEFAULT_BACKOFF_MAX:g}"),
    },
    "bot": {
        "username": (
            _text(
                f"a Showdown name of 1-{MAX_NAME_LENGTH} characters",
                lambda v: 0 < len(v) <= MAX_NAME_LENGTH and bool(to_id(v)),
            ),
            "required",
        ),
        "password_env": (
            _text("the name of an environment variable", lambda v: v.replace("_", "a").isalnum()),
            DEFAULT_PASSWORD_ENV,
        ),
        "rooms": (_names('a non-empty list of room ids, e.g. ["survivor"]', non_empty=True), "required"),
        "prefix": (_prefix, DEFAULT_PREFIX),
        "owners": (_names('a list of user names, e.g. ["Alice"]', non_empty=False), "[]"),
        "database": (_text("a file path (text)"), DEFAULT_DATABASE),
        "log_level": (_text(" | ".join(LOG_LEVELS), lambda v: v.upper() in LOG_LEVELS), "INFO"),
        "fixed_seed": (_seed, "none (tests only)"),
    },
    "room_bot": {
        "name": (
            _text(
                f"a Showdown name of 1-{MAX_NAME_LENGTH} characters",
                lambda v: 0 < len(v) <= MAX_NAME_LENGTH and bool(to_id(v)),
            ),
            DEFAULT_ROOM_BOT,
        ),
        "rooms": (_names('a list of room ids, e.g. ["survivor"] ([] for none)', non_empty=False), '["survivor"]'),
        "whitelisted": (_flag, "false"),
        "handback_seconds": (_seconds, str(DEFAULT_HANDBACK_SECONDS)),
        "host_request_hours": (_hours, f"{DEFAULT_HOST_REQUEST_HOURS:g}"),
    },
    "signups": {"minutes": (_minutes("no timer: only $start starts"), str(DEFAULT_SIGNUPS_MINUTES))},
    "play": {"early_seconds": (_moment, f"{DEFAULT_EARLY_SECONDS:g}")},
    "points": {"scale": (_scale, "[[7, 7, 2], [10, 9, 4]]"), "mirror": (_flag, "only without a room bot")},
    "hand": {
        "follow_room_bot": (_flag, "true"),
        "host_away_minutes": (_minutes("a host's absence never ends a session"), "5"),
    },
}
TABLES = ("server", "bot", "room_bot", "signups", "play", "points", "hand", "defaults", "rules")


def option_specs() -> dict[str, list[Option]]:
    """Every game option any theme has, by name (a name shared by themes lists each theme's spec)."""
    specs: dict[str, list[Option]] = {}
    for theme in THEMES.values():
        for name, spec in theme.option_specs().items():
            if spec not in specs.setdefault(name, []):
                specs[name].append(spec)
    return specs


def _unknown(table: str, key: str, known: list[str]) -> str:
    where = f"[{table}] {key}" if table else f"[{key}]"
    elsewhere = [t for t, keys in _all_keys().items() if key in keys and t != table]
    if elsewhere:
        return f"{where}: this key belongs in [{elsewhere[0]}]"
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    if close:
        return f"{where} is not a known key; did you mean {close[0]}?"
    return f"{where} is not a known key; allowed: {', '.join(known)}"


def _all_keys() -> dict[str, list[str]]:
    return {
        **{table: list(keys) for table, keys in SCHEMA.items()},
        "defaults": sorted(option_specs()),
        "rules": list(THEMES),
    }


def _fits(spec: Option, key: str, value: object) -> bool:
    """A game option's value in TOML's own kind (a choice a string, a number an integer: `30`, not `"30"`)
    and one the option takes."""
    kind = isinstance(value, str) if spec.choices else isinstance(value, int) and not isinstance(value, bool)
    try:
        spec.parse(key, value)
    except SetupError:
        return False
    return kind


def toml_text(value: object) -> str:
    """A value as the config file spells it: `true`, `"30"`, `[1, 2]`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_text(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {toml_text(item)}" for key, item in value.items()) + "}"
    return str(value)


def config_problems(data: Mapping[str, Any]) -> list[str]:
    """Every problem in the file, each naming its key and what is allowed."""
    problems: list[str] = []
    for table, value in data.items():
        if table not in TABLES:
            problems.append(_unknown("", table, list(TABLES)))
        elif not isinstance(value, dict):
            problems.append(f"[{table}] must be a table (a [{table}] section), not {value!r}")
    for table, keys in SCHEMA.items():
        section = data.get(table, {})
        if not isinstance(section, dict):
            continue
        for key, value in section.items():
            if key == "password":
                problems.append(
                    f"[{table}] password: a password never goes in the config file; remove it and set the environment "
                    f"variable {DEFAULT_PASSWORD_ENV} to it (or the variable [bot] password_env names)"
                )
                continue
            if key not in keys:
                problems.append(_unknown(table, key, list(keys)))
                continue
            wrong = keys[key][0](value)
            if wrong:
                problems.append(f"[{table}] {key} = {toml_text(value)}: must be {wrong}")
        for key, (_, default) in keys.items():
            if default == "required" and key not in section:
                problems.append(f"[{table}] {key} is required")
    specs = option_specs()
    defaults = data.get("defaults", {})
    if isinstance(defaults, dict):
        for key, value in defaults.items():
            if key not in specs:
                problems.append(_unknown("defaults", key, sorted(specs)))
                continue
            for spec in specs[key]:
                if not _fits(spec, key, value):
                    problems.append(f"[defaults] {key} = {toml_text(value)}: must be {allowed(spec)}")
                    break
        problems += _reminder_problems(defaults)
    rules = data.get("rules", {})
    if isinstance(rules, dict):
        for key, value in rules.items():
            if key not in THEMES:
                problems.append(_unknown("rules", key, list(THEMES)))
            elif not isinstance(value, str):
                problems.append(f"[rules] {key} = {toml_text(value)}: must be a link (text)")
    return problems


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _reminder_problems(defaults: Mapping[str, Any]) -> list[str]:
    """A reminder is sent `reminder` seconds before a deadline: a deadline no longer than that gets none (BG5)."""

    def given(key: str) -> tuple[int | None, str]:
        if key in defaults:
            return _whole(defaults[key]), ""
        return _whole(ROOM_DEFAULTS.get(key, COMMON_OPTIONS[key].default)), " (the default)"

    reminder, reminder_said = given("reminder")
    if not reminder:
        return []
    problems = []
    for key in ("public_deadline", "secret_deadline"):
        deadline, said = given(key)
        if deadline is not None and deadline <= reminder:
            problems.append(
                f"[defaults] {key} = {deadline}{said} with reminder = {reminder}{reminder_said}: the reminder comes "
                f"{reminder} seconds before a deadline, so none would be sent; make {key} longer than reminder, "
                "or set reminder = 0 for no reminders"
            )
    return problems
