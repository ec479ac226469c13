"""`survivor-host serve`: check the config, then run the bot until SIGTERM or SIGINT."""

from __future__ import annotations

import asyncio
import gc
import logging
import shutil
import signal
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

from survivor_host.bot.bot import Bot
from survivor_host.bot.config import BotConfig, ConfigError, check_database, load_config
from survivor_host.bot.outage import why
from survivor_host.bot.replay_pages import SHELF
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.login import LoginError
from survivor_host.showdown.messages import Message
from survivor_host.store.db import Store
from survivor_host.store.lock import DatabaseHeld, DatabaseLock, hold, lock_path

logger = logging.getLogger("survivor_host")

EXIT_CONFIG = 2
"""The config is wrong (nothing was connected); the message names the key."""
EXIT_LOGIN_REFUSED = 3
"""The login server refused the name or password too many times in a row; restarting will not help."""
MIN_FREE = 1 << 20
"""Bytes free on the database's disk below which `serve` does not start (the disk counts as full)."""


def check_writable(database: str) -> None:
    """The database takes a write now (its schema brought up to date, one page committed): it is not
    read-only and its disk is not full; else ConfigError."""
    path = Path(database).expanduser()
    where = f"[bot] database = {database!r}: cannot be written"
    free = shutil.disk_usage(path.parent if str(path.parent) else Path(".")).free
    if free < MIN_FREE:
        raise ConfigError(f"{where}: its disk is full ({free // 1024} KB free); free some space")
    try:
        store = Store(path)
        try:
            store.probe()
        finally:
            store.close()
    except sqlite3.Error as error:
        raise ConfigError(f"{where}: {why(error)} ({error})") from None


def open_database(database: str) -> DatabaseLock:
    """This process's hold on the database, checked to take writes; else ConfigError. While it is held,
    another `serve` on the same database refuses to start. A database this check made and could not
    write is removed again, so a full disk is left as it was."""
    path = Path(database).expanduser()
    fresh = not path.exists()
    check_database(database)
    try:
        lock = hold(path)
    except DatabaseHeld as error:
        raise ConfigError(f"[bot] database = {database!r}: {error}") from None
    try:
        check_writable(database)
    except ConfigError:
        if fresh and path.is_file() and path.stat().st_size == 0:
            for made in (path, *(path.with_name(path.name + end) for end in ("-wal", "-shm", "-journal"))):
                made.unlink(missing_ok=True)
            lock_path(path).unlink(missing_ok=True)  # safe while held: `hold` checks it locked the file at the path
        lock.release()
        raise
    return lock


@dataclass
class RunningBot:
    """The bot's parts, wired together: the store, the Showdown connection and the Bot routing between them."""

    config: BotConfig
    store: Store
    client: ShowdownClient
    bot: Bot

    @classmethod
    def build(cls, config: BotConfig) -> RunningBot:
        store = Store(config.database)
        client_config = ClientConfig(
            server_url=config.server_url,
            username=config.username,
            password=config.password,
            login_url=config.login_url,
            rooms=config.rooms,
            heartbeat=config.heartbeat,
            backoff_initial=config.backoff_initial,
            backoff_max=config.backoff_max,
        )
        holder: list[Bot] = []

        async def handler(message: Message) -> None:
            await holder[0].handle(message)

        client = ShowdownClient(client_config, handler)
        holder.append(Bot(config, client, store))
        return cls(config, store, client, holder[0])

    async def run_until(self, stop: asyncio.Event) -> int:
        """Connect and host until `stop` is set (0) or the client gives up (1); then close everything."""
        loop = asyncio.get_running_loop()
        runner = loop.create_task(self.client.run())
        stopper = loop.create_task(stop.wait())
        try:
            done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            logger.info("shutting down")
            await self.client.close()
            runner.cancel()
            stopper.cancel()
            self.store.close()
        error = runner.exception() if runner in done else None
        if isinstance(error, LoginError):
            logger.error(
                "giving up: the login was refused %d times in a row: %s", self.client.config.max_login_failures, error
            )
            return EXIT_LOGIN_REFUSED
        if error is not None:
            logger.error("client stopped: %s", error)
            return 1
        return 0


async def run_bot(config: BotConfig) -> int:
    logging.getLogger().setLevel(config.log_level)
    SHELF.start()  # the replay pages' worker, made before the database is opened and any request comes
    running = RunningBot.build(config)
    gc.freeze()  # what the start made stays: a full collection then walks only what came since (a short pause)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    return await running.run_until(stop)


def serve_main(config_path: str) -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        config = load_config(config_path)
        try:
            lock = open_database(config.database)
        except ConfigError as error:
            raise ConfigError(f"{config_path}:\n  {error}") from None
    except ConfigError as error:
        print(f"survivor-host: config: {error}", file=sys.stderr)
        return EXIT_CONFIG
    with lock:  # held until the bot stops (the OS drops it if the process is killed)
        return asyncio.run(run_bot(config))
