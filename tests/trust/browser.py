"""Headless Chromium (Debian's `chromium` package) driven over the DevTools protocol on a pipe.

Opens a page, waits for `document.body.dataset.verdict` to settle, and returns the page's text,
the console errors and exceptions it logged, and a PNG screenshot.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CHROMIUM = "chromium"


def chromium_path() -> str:
    """The browser, or a failure saying how to get it (make test installs it)."""
    path = shutil.which(CHROMIUM)
    assert path, "Debian's chromium package is missing: `make test` installs it (as root), or apt-get install chromium"
    return path


@dataclass
class Opened:
    """What the page showed and logged."""

    verdict: str
    text: str
    errors: list[str] = field(default_factory=list)
    screenshot: bytes = b""


class Browser:
    """One headless Chromium; messages are JSON separated by NUL bytes on fds 3 (in) and 4 (out)."""

    def __init__(self) -> None:
        to_child, self._write = os.pipe()
        self._read, from_child = os.pipe()
        self._profile = tempfile.TemporaryDirectory(prefix="survivor-chromium-")

        def fds() -> None:
            os.dup2(to_child, 3)
            os.dup2(from_child, 4)

        args = [
            chromium_path(), "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            f"--user-data-dir={self._profile.name}", "--window-size=1000,1400", "about:blank",
        ]  # fmt: skip
        self.process = subprocess.Popen(
            args, pass_fds=(3, 4), preexec_fn=fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []

    def close(self) -> None:
        with contextlib.suppress(OSError, AssertionError, TimeoutError):
            self.send("Browser.close")
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._write)
        os.close(self._read)
        self._profile.cleanup()

    def _message(self, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise TimeoutError("chromium sent nothing")
            chunk = os.read(self._read, 1 << 20)
            assert chunk, "chromium closed its pipe"
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        message: dict[str, Any] = json.loads(raw)
        return message

    def send(self, method: str, session: str | None = None, timeout: float = 20.0, **params: Any) -> dict[str, Any]:
        """Call `method` and return its result; events that arrive meanwhile are kept in `events`."""
        self._next_id += 1
        request: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            request["sessionId"] = session
        os.write(self._write, json.dumps(request).encode() + b"\0")
        while True:
            message = self._message(timeout)
            if message.get("id") == self._next_id:
                assert "error" not in message, message["error"]
                result: dict[str, Any] = message.get("result", {})
                return result
            self.events.append(message)

    def open(self, page: Path, timeout: float = 20.0) -> Opened:
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            self.send(f"{domain}.enable", session)
        self.send("Page.navigate", session, url=page.resolve().as_uri())
        deadline = time.monotonic() + timeout
        verdict = "checking"
        while verdict in ("checking", "") and time.monotonic() < deadline:
            time.sleep(0.1)
            verdict = self.evaluate(session, "document.body ? document.body.dataset.verdict : ''")
        text = self.evaluate(session, "document.body.innerText")
        shot = self.send("Page.captureScreenshot", session, format="png")["data"]
        return Opened(verdict, text, self.errors(session), base64.b64decode(shot))

    def evaluate(self, session: str, expression: str) -> str:
        result = self.send("Runtime.evaluate", session, expression=expression, returnByValue=True)
        return str(result.get("result", {}).get("value", ""))

    def click(self, session: str, selector: str) -> None:
        self.evaluate(session, f"document.querySelector({json.dumps(selector)}).click()")

    def errors(self, session: str) -> list[str]:
        """Console errors, uncaught exceptions and error log entries (CSP violations among them)."""
        found = []
        for event in self.events:
            if event.get("sessionId") != session:
                continue
            params = event.get("params", {})
            if event.get("method") == "Runtime.exceptionThrown":
                found.append(json.dumps(params.get("exceptionDetails", {}))[:500])
            elif event.get("method") == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(json.dumps(params.get("args", []))[:500])
            elif event.get("method") == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                found.append(str(params["entry"].get("text"))[:500])
        return found
