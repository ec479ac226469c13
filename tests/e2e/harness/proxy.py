"""A TCP proxy on 127.0.0.1 that makes loopback look like a real network: each chunk is delivered
`one_way` seconds late plus up to `jitter`, in order, and now and then a direction stalls for `stall`
seconds (a lost packet being resent). Bounded: at most `max_chunks` chunks wait per direction (reading
pauses meanwhile), and it stops by itself after `lifetime` seconds. Runs on a thread of its own, so
that a bot in another process can use it for a whole test:

    with DelayProxy("127.0.0.1", server_port) as proxy:
        url = f"ws://127.0.0.1:{proxy.port}/showdown/websocket"
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time
from dataclasses import dataclass, field
from types import TracebackType


@dataclass
class ProxyStats:
    connections: int = 0
    chunks: int = 0
    bytes: int = 0
    stalls: int = 0
    most_waiting: int = 0


@dataclass
class DelayProxy:
    target_host: str
    target_port: int
    one_way: float = 0.05
    jitter: float = 0.02
    stall: float = 0.3
    stall_every: float = 4.0
    """Mean seconds between stalls of one direction."""
    max_chunks: int = 256
    lifetime: float = 900.0
    seed: int = 20
    port: int = 0
    stats: ProxyStats = field(default_factory=ProxyStats)

    def __post_init__(self) -> None:
        if self.target_host not in ("127.0.0.1", "localhost"):
            raise ValueError("the test proxy forwards to loopback only")
        self._rng = random.Random(self.seed)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None

    # -- the thread ---------------------------------------------------------------------------------
    def start(self) -> DelayProxy:
        self._thread = threading.Thread(target=self._run, name="delay-proxy", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the delay proxy did not start")
        return self

    def close(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(10)

    def __enter__(self) -> DelayProxy:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def _run(self) -> None:
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stop.wait(), self.lifetime)
        server.close()
        await server.wait_closed()

    # -- one connection -----------------------------------------------------------------------------
    async def _connection(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        self.stats.connections += 1
        try:
            server_reader, server_writer = await asyncio.open_connection(self.target_host, self.target_port)
        except OSError:
            client_writer.close()
            return
        pumps = [
            asyncio.create_task(self._pump(client_reader, server_writer)),
            asyncio.create_task(self._pump(server_reader, client_writer)),
        ]
        assert self._stop is not None
        stopper = asyncio.create_task(self._stop.wait())
        await asyncio.wait([*pumps, stopper], return_when=asyncio.FIRST_COMPLETED)
        for task in (*pumps, stopper):
            task.cancel()
        for writer in (client_writer, server_writer):
            writer.close()

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Copy one direction, each chunk at its delivery time (never before the one before it)."""
        waiting: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue(self.max_chunks)
        deliver = asyncio.create_task(self._deliver(waiting, writer))
        last = 0.0
        stalled_until = 0.0
        next_stall = time.monotonic() + self._rng.expovariate(1 / self.stall_every)
        try:
            while chunk := await reader.read(65536):
                now = time.monotonic()
                if now >= next_stall:
                    stalled_until = now + self.stall
                    next_stall = now + self._rng.expovariate(1 / self.stall_every)
                    self.stats.stalls += 1
                at = max(now + self.one_way + self._rng.uniform(0, self.jitter), stalled_until, last)
                last = at
                self.stats.chunks += 1
                self.stats.bytes += len(chunk)
                await waiting.put((at, chunk))
                self.stats.most_waiting = max(self.stats.most_waiting, waiting.qsize())
            await waiting.put((last, b""))
            await deliver
        finally:
            deliver.cancel()

    async def _deliver(self, waiting: asyncio.Queue[tuple[float, bytes]], writer: asyncio.StreamWriter) -> None:
        while True:
            at, chunk = await waiting.get()
            delay = at - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            if not chunk:
                writer.close()
                return
            writer.write(chunk)
            await writer.drain()
