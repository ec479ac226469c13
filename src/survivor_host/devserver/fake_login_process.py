"""The fake login server run as a child process, for code that wants it in a process of its own."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .fake_login import FakeLoginServer
from .login_policy import LoginPolicy


class FakeLoginProcess:
    """The fake login server as a child process (``python -m survivor_host.devserver.fake_login``)."""

    def __init__(
        self,
        key_file: Path,
        *,
        port: int = 0,
        refused: Iterable[str] = (),
        banned: Iterable[str] = (),
        bad_signature: Iterable[str] = (),
        log_file: Path | None = None,
    ) -> None:
        self.key_file = key_file
        self.requested_port = port
        self.refused, self.banned, self.bad_signature = list(refused), list(banned), list(bad_signature)
        self.log_file = log_file
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self._lines: list[str] = []
        self._reader: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def login_url(self) -> str:
        return f"{self.base_url}/api/login"

    def start(self, timeout: float = 20.0) -> FakeLoginProcess:
        cmd = [sys.executable, "-m", "survivor_host.devserver.fake_login", "--port", str(self.requested_port)]
        cmd += ["--key-file", str(self.key_file)]
        for flag, names in (
            ("--refuse", self.refused),
            ("--ban", self.banned),
            ("--bad-signature", self.bad_signature),
        ):
            for n in names:
                cmd += [flag, n]
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
        )
        assert self.proc.stdout is not None
        deadline = time.monotonic() + timeout
        got = threading.Event()

        def reader() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            sink = self.log_file.open("a") if self.log_file else None
            try:
                for line in self.proc.stdout:
                    self._lines.append(line.rstrip("\n"))
                    if sink:
                        sink.write(line)
                        sink.flush()
                    m = re.match(r"LISTENING http://127\.0\.0\.1:(\d+)", line)
                    if m:
                        self.port = int(m.group(1))
                        got.set()
            finally:
                if sink:
                    sink.close()

        self._reader = threading.Thread(target=reader, daemon=True, name="fake-login-reader")
        self._reader.start()
        while not got.wait(0.1):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                out = "\n".join(self._lines)
                self.stop()
                raise RuntimeError(f"fake login process did not start:\n{out}")
        return self

    def requests(self) -> list[dict[str, Any]]:
        """Requests logged so far by the child (parsed from its JSON lines); its reader thread may be a
        line behind while it runs, and has read them all once `stop` returns."""
        out: list[dict[str, Any]] = []
        for line in list(self._lines):
            if line.startswith("{"):
                with contextlib.suppress(ValueError):
                    out.append(json.loads(line))
        return out

    def stop(self, timeout: float = 5.0) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout)
        if self._reader is not None:
            self._reader.join(timeout)
        self.proc = None

    def __enter__(self) -> FakeLoginProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fake Pokémon Showdown login server (local demo and tests only).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--key-file", type=Path, required=True, help="PKCS#1 private key PEM; created if missing")
    parser.add_argument("--key-bits", type=int, default=2048)
    parser.add_argument("--key-id", type=int, default=4)
    parser.add_argument("--host-field", default="localhost")
    parser.add_argument("--refuse", action="append", default=[], help="name answered 'Wrong password.'")
    parser.add_argument("--ban", action="append", default=[], help="name answered ';;...no longer available.'")
    parser.add_argument("--bad-signature", action="append", default=[], help="name given a bad signature")
    parser.add_argument("--print-public-key", action="store_true", help="print the public PEM and exit")
    args = parser.parse_args(argv)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        parser.error("the fake login server only binds to loopback")

    from .rsakeys import load_or_create_key

    key = load_or_create_key(args.key_file, args.key_bits)
    if args.print_public_key:
        sys.stdout.write(key.public_pem())
        return 0
    server = FakeLoginServer(
        key,
        host=args.host,
        port=args.port,
        key_id=args.key_id,
        host_field=args.host_field,
        policy=LoginPolicy.build(args.refuse, args.ban, args.bad_signature),
        echo=sys.stdout,
    )

    async def run() -> None:
        import signal

        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await server.start()
        print(f"LISTENING {server.base_url}", flush=True)
        await stop.wait()
        await server.stop()

    asyncio.run(run())
    return 0
