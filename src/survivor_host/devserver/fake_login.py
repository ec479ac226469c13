"""A fake Pokémon Showdown login server on 127.0.0.1.

It answers what a PS client sends to the real login server (``POST /api/login`` with form fields
``name``, ``pass``, ``challstr``; also ``/action.php`` and ``/~~SERVERID/action.php`` with ``act=...``)
the way the real one does, and signs assertions with a key whose public half the test PS server is
configured with, so the real server accepts them:

* success: body ``]{"actionsuccess":true,"assertion":"DATA;SIGHEX","curuser":{"loggedin":true,
  "username":NAME,"userid":ID}}`` with ``DATA = CHALLENGEHEX,userid,USERTYPE,unixSeconds,HOSTFIELD``
  (usertype ``2`` = registered) and ``SIGHEX`` the RSA-SHA1 PKCS#1 v1.5 signature of DATA in hex;
* refused name (wrong password): ``]{"actionerror":"Wrong password."}``;
* banned name: ``]{"actionsuccess":true,"assertion":";;Your username is no longer available.",...}``;
* bad-signature name: a well-formed assertion with a wrong signature (the PS server then answers
  ``|nametaken|NAME|Your verification signature was invalid.``);
* a login sets the session cookie ``sid=NAME,SESSION,SIDHASH`` (URL-encoded); ``act=upkeep`` with that
  value (as the ``sid`` field or the cookie) answers ``]{"assertion":...,"username":NAME,"loggedin":true}``,
  without one (or after ``expire_sessions()``) ``]{"assertion":"","username":"","loggedin":false}``.

Any password is accepted. Every request is recorded (``requests``) and logged. The answers are
``login_answers.LoginAnswers``; this module serves them over HTTP.

Runs in-process (``FakeLoginServer.start()`` inside a running loop, or ``start_in_thread()`` from sync
code) or as a separate process::

    python -m survivor_host.devserver.fake_login --port 0 --key-file KEY.pem [--refuse NAME] [--ban NAME]

which prints ``LISTENING http://127.0.0.1:PORT`` and then one JSON line per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from typing import IO
from urllib.parse import parse_qsl, quote, unquote

from aiohttp import web

from .login_answers import LoginAnswers
from .login_policy import LoginPolicy, LoginRequest
from .rsakeys import RSAKey

log = logging.getLogger("survivor_host.devserver.fake_login")


class FakeLoginServer(LoginAnswers):
    """aiohttp app imitating play.pokemonshowdown.com's /api/login and action.php."""

    def __init__(
        self,
        key: RSAKey,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        key_id: int = 4,
        host_field: str = "localhost",
        policy: LoginPolicy | None = None,
        echo: IO[str] | None = None,
    ) -> None:
        super().__init__(key, key_id=key_id, host_field=host_field, policy=policy)
        self.host = host
        self.port = port
        self._echo = echo
        self._requests: list[LoginRequest] = []
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop_event: asyncio.Event | None = None

    # ------------------------------------------------------------ public info

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def login_url(self) -> str:
        """What a client POSTs name/pass/challstr to."""
        return f"{self.base_url}/api/login"

    @property
    def action_url(self) -> str:
        return f"{self.base_url}/action.php"

    @property
    def public_key_pem(self) -> str:
        return self.key.public_pem()

    @property
    def requests(self) -> list[LoginRequest]:
        """Snapshot of every request received so far."""
        with self._lock:
            return list(self._requests)

    def login_requests(self) -> list[LoginRequest]:
        return [r for r in self.requests if r.act == "login"]

    # ------------------------------------------------------------ HTTP

    def _build_app(self) -> web.Application:
        app = web.Application()
        app.router.add_route("*", "/api/{act}", self._handle)
        app.router.add_route("*", "/action.php", self._handle)
        app.router.add_route("*", "/~~{serverid}/action.php", self._handle)
        app.router.add_route("*", "/{tail:.*}", self._handle_unknown)
        return app

    async def _read_params(self, request: web.Request) -> dict[str, str]:
        params: dict[str, str] = dict(request.query)
        if request.method == "POST":
            ctype = request.content_type
            if ctype in ("application/x-www-form-urlencoded", "multipart/form-data"):
                form = await request.post()
                params.update({k: str(v) for k, v in form.items()})
            else:
                raw = await request.text()
                if raw.startswith(("{", "[")):
                    with contextlib.suppress(ValueError):
                        parsed = json.loads(raw)
                        if isinstance(parsed, dict):
                            params.update({k: str(v) for k, v in parsed.items()})
                        else:
                            params["json"] = raw
                elif raw:
                    params.update(dict(parse_qsl(raw, keep_blank_values=True)))
        act = request.match_info.get("act")
        if act:
            params.setdefault("act", act)  # server.ts: the body's fields are merged over `/api/ACT`
        return params

    async def _handle(self, request: web.Request) -> web.Response:
        params = await self._read_params(request)
        status, body = self._answer(params, request.method, unquote(request.cookies.get("sid", "")))
        self._record(request, params, status, body)
        response = web.Response(status=status, text=body, content_type="text/plain", charset="utf-8")
        if params.get("act") == "login" and '"actionsuccess": true' in body:
            cookie = quote(self._new_session(params.get("name", "")), safe="")
            response.headers["Set-Cookie"] = f"sid={cookie}; Max-Age=1209600; Path=/; SameSite=None"
        return response

    async def _handle_unknown(self, request: web.Request) -> web.Response:
        params = await self._read_params(request)
        body = "Not found"
        self._record(request, params, 404, body)
        return web.Response(status=404, text=body, content_type="text/plain")

    def _record(self, request: web.Request, params: dict[str, str], status: int, body: str) -> None:
        entry = LoginRequest(time.time(), request.method, request.path, params, status, body)
        with self._lock:
            self._requests.append(entry)
        log.info("%s %s %s -> %s %s", request.method, request.path, params, status, body[:200])
        if self._echo is not None:
            self._echo.write(json.dumps({**entry.__dict__}) + "\n")
            self._echo.flush()

    # ------------------------------------------------------------ lifecycle (in a running loop)

    async def start(self) -> None:
        """Start serving inside the running event loop."""
        self._runner = web.AppRunner(self._build_app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        log.info("fake login server listening on %s", self.base_url)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeLoginServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ------------------------------------------------------------ lifecycle (own thread, for sync code)

    def start_in_thread(self, timeout: float = 10.0) -> FakeLoginServer:
        """Serve from a daemon thread with its own event loop; returns once listening."""
        ready = threading.Event()
        errors: list[BaseException] = []

        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop_event = asyncio.Event()
            try:
                await self.start()
            except BaseException as exc:
                errors.append(exc)
                ready.set()
                return
            ready.set()
            await self._stop_event.wait()
            await self.stop()

        self._thread = threading.Thread(target=asyncio.run, args=(main(),), name="fake-login", daemon=True)
        self._thread.start()
        if not ready.wait(timeout):
            raise TimeoutError("fake login server did not start")
        if errors:
            raise errors[0]
        return self

    def stop_thread(self, timeout: float = 10.0) -> None:
        if self._thread is None:
            return
        if self._loop is not None and self._stop_event is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._stop_event.set)
        self._thread.join(timeout)
        self._thread = None

    def __enter__(self) -> FakeLoginServer:
        return self.start_in_thread()

    def __exit__(self, *exc: object) -> None:
        self.stop_thread()


if __name__ == "__main__":
    from .fake_login_process import main

    raise SystemExit(main())
