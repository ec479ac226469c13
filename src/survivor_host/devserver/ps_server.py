"""A real Pokémon Showdown server (npm ``pokemon-showdown@0.11.11``) on 127.0.0.1, for the demo and tests.

The package is installed once by ``ps_install.ensure_ps_installed``.

``PSServer`` runs one server instance. The server writes under its own package folder
(``config/``, ``logs/``), so each instance gets a folder of its own under
``<cache>/instances/``: the package's files hard-linked there (none copied),
fresh ``config/`` files, and a ``node_modules`` symlink to the shared dependencies (``ps_instance``).
``restart()`` keeps the folder and the port.
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

from .ps_install import PSServerError, default_cache_dir, ensure_ps_installed
from .ps_instance import make_instance_folder, remove_stale_instances
from .ps_options import ServerOptions, free_port

LISTENING_RE = re.compile(r"now listening on 127\.0\.0\.1:(\d+)")


# ---------------------------------------------------------------- server instance


_live_servers: set[PSServer] = set()


@atexit.register
def _kill_leftovers() -> None:
    for server in list(_live_servers):
        with contextlib.suppress(Exception):
            server.close()


class PSServer:
    """One PS server process with its own folder and port.

    ``start()``, ``stop()`` (SIGTERM, then SIGKILL), ``restart()`` (same port, same folder, so
    ``config/chatrooms.json`` written by the server survives), ``close()`` (stop and delete the folder
    unless keep). Usable as a context manager.
    """

    def __init__(
        self,
        options: ServerOptions,
        *,
        port: int | None = None,
        cache_dir: Path | None = None,
        keep: bool = False,
        name: str = "ps",
    ) -> None:
        self.options = options
        self.cache_dir = cache_dir or default_cache_dir()
        self.keep = keep
        self.port = port or free_port()
        self.package = ensure_ps_installed(self.cache_dir)
        self.dir = self.cache_dir / "instances" / f"{name}-{os.getpid()}-{secrets.token_hex(4)}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.start_seconds: float | None = None
        self._lines: list[str] = []
        self._lines_lock = threading.Lock()
        self._reader: threading.Thread | None = None
        self._prepared = False

    # -- info

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/showdown/websocket"

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def output(self) -> str:
        """Everything the server printed (all runs, restarts marked)."""
        with self._lines_lock:
            return "\n".join(self._lines)

    def chatrooms_json(self) -> list[dict[str, object]]:
        data: list[dict[str, object]] = json.loads((self.dir / "config" / "chatrooms.json").read_text())
        return data

    # -- folder

    def _prepare(self) -> None:
        if self._prepared:
            return
        remove_stale_instances(self.dir.parent)
        make_instance_folder(self.dir, self.package, self.options, self.port)
        self._prepared = True

    # -- process

    def _log(self, line: str) -> None:
        with self._lines_lock:
            self._lines.append(line)

    def start(self, timeout: float = 60.0) -> PSServer:
        if self.running:
            return self
        self._prepare()
        started = time.monotonic()
        log_path = self.dir / "logs" / "server-output.log"
        self._log(f"=== starting PS server on port {self.port} ({time.strftime('%H:%M:%S')}) ===")
        env = dict(os.environ)
        env.pop("PORT", None)  # cloud-env would otherwise pick these up
        env.pop("IP", None)
        self.proc = subprocess.Popen(
            ["node", "pokemon-showdown", "start", "--skip-build", str(self.port)],
            cwd=self.dir,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=env,
            start_new_session=True,  # own process group: stop() can end any children too
        )
        _live_servers.add(self)
        (self.dir / "server.pid").write_text(f"{self.proc.pid}\n")
        listening = threading.Event()
        proc = self.proc

        def reader() -> None:
            assert proc.stdout is not None
            with log_path.open("a", encoding="utf-8") as sink:
                for raw in proc.stdout:
                    line = raw.decode("utf-8", "replace").rstrip("\n")
                    self._log(line)
                    sink.write(line + "\n")
                    sink.flush()
                    m = LISTENING_RE.search(line)
                    if m and int(m.group(1)) == self.port:
                        listening.set()

        self._reader = threading.Thread(target=reader, daemon=True, name=f"ps-output-{self.port}")
        self._reader.start()
        deadline = started + timeout
        while not listening.wait(0.05):
            if proc.poll() is not None:
                self._reader.join(2)
                raise PSServerError(f"PS server exited with {proc.returncode}:\n{self.output()}")
            if time.monotonic() > deadline:
                self.stop()
                raise PSServerError(f"PS server did not listen within {timeout}s:\n{self.output()}")
        # "now listening" is printed right after listen() is called; wait for the socket to accept.
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise PSServerError(f"PS server port {self.port} never accepted:\n{self.output()}") from None
                time.sleep(0.05)
        # The server prints "now listening" before it has finished loading (chat plugins, formats) and
        # answers nothing until then; it is ready once a websocket client gets its |challstr|.
        self._wait_for_challstr(deadline)
        self.start_seconds = time.monotonic() - started
        return self

    def _wait_for_challstr(self, deadline: float) -> None:
        """Open a raw websocket (stdlib only: start() may run inside an event loop) and wait for
        ``|challstr|``."""
        key = base64.b64encode(os.urandom(16)).decode("ascii")
        request = (
            "GET /showdown/websocket HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{self.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as sock:
            sock.sendall(request.encode("ascii"))
            received = b""
            while b"|challstr|" not in received:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self.stop()
                    raise PSServerError(f"PS server sent no |challstr| in time:\n{self.output()}")
                sock.settimeout(remaining)
                try:
                    chunk = sock.recv(65536)
                except TimeoutError:
                    continue
                if not chunk:
                    raise PSServerError(f"PS server closed the readiness probe:\n{self.output()}")
                received = received[-64:] + chunk

    def stop(self, timeout: float = 5.0) -> None:
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout)
        else:
            # the leader is gone; make sure nothing it started outlives it
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
        if self._reader is not None:
            self._reader.join(timeout)
            self._reader = None
        if proc.stdout is not None:
            proc.stdout.close()
        self._log(f"=== PS server stopped (exit {proc.returncode}) ===")
        self.proc = None

    def restart(self, timeout: float = 60.0, downtime: float = 0.0) -> PSServer:
        """Stop, optionally stay down for downtime seconds, and start again on the same port."""
        self.stop()
        if downtime:
            time.sleep(downtime)
        return self.start(timeout)

    def close(self) -> None:
        try:
            self.stop()
        finally:
            _live_servers.discard(self)
            if not self.keep and self.dir.exists():
                shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> PSServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()
