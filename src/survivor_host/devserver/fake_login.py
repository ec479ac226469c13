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

Any password is accepted. Every request is recorded (``requests``) and logged.

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
import re
import threading
import time
from typing import IO, Any
from urllib.parse import parse_qsl, quote, unquote

from aiohttp import web

from .login_policy import LoginPolicy, LoginRequest, to_id
from .rsakeys import RSAKey

log = logging.getLogger("survivor_host.devserver.fake_login")


class FakeLoginServer:
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
        self.key = key
        self.host = host
        self.port = port
        self.key_id = key_id
        self.host_field = host_field
        self.policy = policy or LoginPolicy()
        self._echo = echo
        self._requests: list[LoginRequest] = []
        self._outages: dict[str, int] = {}
        self._sessions: dict[str, tuple[str, str]] = {}
        """Session cookie value -> (name, userid) of the login that made it."""
        self._lock = threading.Lock()
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

    def refuse(self, *names: str) -> None:
        self.policy.refused.update(to_id(n) for n in names)

    # ------------------------------------------------------------ assertions

    def make_assertion(self, challstr: str, name: str, usertype: str = "2", *, valid: bool = True) -> str:
        """An assertion for name answering challstr (``KEYID|HEX`` or bare HEX)."""
        challenge = _split_challstr(challstr)[1]
        data = f"{challenge},{to_id(name)},{usertype},{int(time.time())},{self.host_field}"
        sig = self.key.sign_sha1_hex(data)
        if not valid:
            sig = ("0" if sig[0] != "0" else "1") + sig[1:]
        return f"{data};{sig}"

    def _assertion_for(self, userid: str, challstr: str, *, default_usertype: str) -> str:
        """Mirror of the real loginserver's Session.getAssertion checks, then sign."""
        if userid.startswith("guest"):
            return ";;Your username cannot start with 'guest'."
        if len(userid) > 18:
            return ";;Your username must be less than 19 characters long."
        if not re.search(r"[a-z]", userid):
            return ";;Your username must contain at least one letter."
        if userid in self.policy.banned:
            return ";;Your username is no longer available."
        keyid, challenge = _split_challstr(challstr)
        if not to_id(challenge):
            return ";;Corrupt challenge"
        if keyid < 1:
            return (
                ";;This server is requesting an invalid login key. This probably means that either you are "
                "not connected to a server, or the server is set up incorrectly."
            )
        if keyid != self.key_id:
            return ";;Unknown key ID"
        usertype = self.policy.usertypes.get(userid, default_usertype)
        return self.make_assertion(
            f"{keyid}|{challenge}", userid, usertype, valid=userid not in self.policy.bad_signature
        )

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

    def outage(self, name: str, requests: int) -> None:
        """Answer the next `requests` logins (or upkeeps) of `name` with HTTP 503, as a login server that is down."""
        with self._lock:
            self._outages[to_id(name)] = requests

    def expire_sessions(self) -> None:
        """Forget every login session (as the real one's expire): `upkeep` then answers logged out."""
        with self._lock:
            self._sessions.clear()

    def _new_session(self, name: str) -> str:
        value = f"{name},{len(self._sessions) + 1},{time.time_ns():x}"
        with self._lock:
            self._sessions[value] = (name, to_id(name))
        return value

    def _requester(self, params: dict[str, str], cookie: str) -> str:
        """Whose request it is: the name logging in, or the one whose session an `upkeep` names."""
        if params.get("act") == "upkeep":
            return self._sessions.get(params.get("sid") or cookie, ("", ""))[1]
        return to_id(params.get("name", ""))

    def _upkeep(self, params: dict[str, str], cookie: str) -> dict[str, Any]:
        """session.ts `checkLoggedIn`: the `sid` field, else the cookie, names the login session."""
        session = self._sessions.get(params.get("sid") or cookie)
        if session is None:
            return {"assertion": "", "username": "", "loggedin": False}
        name, userid = session
        challstr = params.get("challstr") or params.get("challenge") or ""
        return {"assertion": self._assertion_for(userid, challstr, default_usertype="2"), "username": name,
                "loggedin": True}  # fmt: skip

    def _answer(self, params: dict[str, str], method: str, cookie: str = "") -> tuple[int, str]:
        act = params.get("act", "")
        userid = self._requester(params, cookie)
        if act in ("login", "upkeep") and self._outages.get(userid, 0) > 0:
            with self._lock:
                self._outages[userid] -= 1
            return 503, "<html><body><h1>503 Service Unavailable</h1></body></html>"
        if act == "login":
            return 200, "]" + json.dumps(self._login(params, method))
        if act == "getassertion":
            userid = to_id(params.get("userid", ""))
            challstr = params.get("challstr") or params.get("challenge") or ""
            return 200, self._assertion_for(userid, challstr, default_usertype="1")
        if act == "upkeep":
            return 200, "]" + json.dumps(self._upkeep(params, cookie))
        if act == "" and "json" in params:
            # The PS server batches its own requests (invalidatecss, updateuserstats, ...) as json=[...].
            try:
                batch = json.loads(params["json"])
            except ValueError:
                batch = []
            count = len(batch) if isinstance(batch, list) else 1
            return 200, "]" + json.dumps([{"actionsuccess": True} for _ in range(count)])
        if act in ("logout", "updateuserstats", "invalidatecss", "ladderupdate", "prepreplay"):
            return 200, "]" + json.dumps({"actionsuccess": True})
        if not act:
            return 404, "Error: Request needs an action - /api/[act] or JSON {act: [act]}"
        return 404, f'Error: Request type "{act}" was not recognized.'

    def _login(self, params: dict[str, str], method: str) -> dict[str, Any]:
        if method != "POST":
            return {"actionerror": "For security reasons, logins must happen with POST data."}
        name, password = params.get("name", ""), params.get("pass", "")
        if not name or not password:
            return {"actionerror": 'incorrect login data, you need "name" and "pass" fields'}
        userid = to_id(name)
        if not userid:
            return {"actionerror": "incorrect login data, userid must contain at least one letter or number"}
        if userid in self.policy.refused:
            return {"actionerror": "Wrong password."}
        challstr = params.get("challstr") or params.get("challenge") or ""
        assertion = self._assertion_for(userid, challstr, default_usertype="2")
        return {
            "actionsuccess": True,
            "assertion": assertion,
            "curuser": {"loggedin": True, "username": name, "userid": userid},
        }

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


def _split_challstr(challstr: str) -> tuple[int, str]:
    """``KEYID|HEX`` (also ``%7C`` or ``;``) -> (keyid, HEX); a bare HEX gives keyid -1."""
    for delim in (";", "%7C", "|"):
        parts = challstr.split(delim)
        if len(parts) > 1:
            try:
                return int(parts[0]), parts[1]
            except ValueError:
                return -1, parts[1]
    return -1, challstr


if __name__ == "__main__":
    from .fake_login_process import main

    raise SystemExit(main())
