"""`survivor-host serve`: run the bot until SIGTERM or SIGINT."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from survivor_host.host.bot import Bot
from survivor_host.host.config import ConfigError, load_config
from survivor_host.host.store import Store
from survivor_host.showdown.client import ClientConfig, ShowdownClient

logger = logging.getLogger("survivor_host")


async def run_bot(config_path: str) -> int:
    config = load_config(config_path)
    logging.getLogger().setLevel(config.log_level)
    store = Store(config.database)
    client_config = ClientConfig(
        server_url=config.server_url,
        username=config.username,
        password=config.password,
        login_url=config.login_url,
        rooms=config.rooms,
    )
    holder: dict[str, Bot] = {}

    async def handler(message: object) -> None:
        await holder["bot"].handle(message)  # type: ignore[arg-type]

    client = ShowdownClient(client_config, handler)
    holder["bot"] = Bot(config, client, store)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    runner = loop.create_task(client.run())
    stopper = loop.create_task(stop.wait())
    done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
    logger.info("shutting down")
    await client.close()
    runner.cancel()
    stopper.cancel()
    store.close()
    if runner in done and runner.exception() is not None:
        logger.error("client stopped: %s", runner.exception())
        return 1
    return 0


def serve_main(config_path: str) -> int:
    logging.basicConfig(
        stream=sys.stderr, level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        return asyncio.run(run_bot(config_path))
    except ConfigError as error:
        print(f"survivor-host: config: {error}", file=sys.stderr)
        return 2
