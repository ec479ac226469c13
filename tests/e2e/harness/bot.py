"""The bot under test, run as its own process with `survivor-host serve --config FILE`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .env import BOT_ID, E2EEnv

BOT_NAME = "Survivor Bot"
BOT_PASSWORD = "bot-password"


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return str(value)


@dataclass
class BotProcess:
    """Start, stop, kill -9 and restart the bot; read its log and database path."""

    env: E2EEnv
    folder: Path
    rooms: tuple[str, ...] = ("survivor", "survivortwo")
    defaults: dict[str, Any] = field(default_factory=dict)
    owners: tuple[str, ...] = ()
    username: str = BOT_NAME
    fixed_seed: str | None = None
    program: tuple[str, ...] = ("-m", "survivor_host.cli")
    """What the Python interpreter runs, before `serve --config FILE`."""
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)
    """More config tables, e.g. {"points": {"mirror": True}, "room_bot": {"whitelisted": True}}; keys under
    "server" join the server's address (e.g. {"server": {"heartbeat": 10}})."""
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0

    def __post_init__(self) -> None:
        assert self.username.lower().replace(" ", "") == BOT_ID or self.username != BOT_NAME
        self.folder.mkdir(parents=True, exist_ok=True)
        self.database = self.folder / "bot.db"
        self.config_path = self.folder / "bot.toml"
        self.log_path = self.folder / "bot.log"

    def write_config(self) -> None:
        lines = [
            "[server]",
            f"url = {_toml_value(self.env.ws_url)}",
            f"login_url = {_toml_value(self.env.login_url)}",
            *(f"{key} = {_toml_value(value)}" for key, value in self.tables.get("server", {}).items()),
            "[bot]",
            f"username = {_toml_value(self.username)}",
            'password_env = "SURVIVOR_HOST_TEST_PASSWORD"',
            f"rooms = {_toml_value(list(self.rooms))}",
            f"owners = {_toml_value(list(self.owners))}",
            f"database = {_toml_value(str(self.database))}",
            'log_level = "DEBUG"',
            *([f"fixed_seed = {_toml_value(self.fixed_seed)}"] if self.fixed_seed is not None else []),
            "[defaults]",
            *(f"{key} = {_toml_value(value)}" for key, value in self.defaults.items()),
        ]
        for table, values in self.tables.items():
            if table == "server":
                continue
            lines += [f"[{table}]", *(f"{key} = {_toml_value(value)}" for key, value in values.items())]
        self.config_path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def start(self, timeout: float = 30.0) -> BotProcess:
        """Start the bot and wait until it has logged in and joined its rooms."""
        self.write_config()
        env = dict(os.environ, SURVIVOR_HOST_TEST_PASSWORD=BOT_PASSWORD, PYTHONUNBUFFERED="1")
        self.starts += 1
        marker = f"=== start {self.starts} ===\n"
        with self.log_path.open("a", encoding="utf-8") as log:
            log.write(marker)
        log_file = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, *self.program, "serve", "--config", str(self.config_path)],
            stdout=log_file,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        log_file.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.log().split(marker, 1)[-1]
            if "ready: logged in" in text:
                return self
            if self.process.poll() is not None:
                raise RuntimeError(f"the bot exited with {self.process.returncode}:\n{self.log()[-4000:]}")
            time.sleep(0.05)
        raise TimeoutError(f"the bot did not get ready in {timeout} s:\n{self.log()[-4000:]}")

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""

    def kill9(self) -> None:
        """SIGKILL: no chance to clean up, as in a crash."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self.process = None

    def stop(self, timeout: float = 10.0) -> int | None:
        """SIGTERM and wait for a clean exit; returns the exit code."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        code = self.process.returncode
        self.process = None
        return code

    def restart(self) -> BotProcess:
        self.stop()
        return self.start()
