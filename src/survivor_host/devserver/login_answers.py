"""What the fake login server answers, as the real one does: login, upkeep, getassertion and the PS
server's own batched requests, with signed assertions, login sessions and outages (see ``fake_login``)."""

from __future__ import annotations

import json
import re
import threading
import time
from typing import Any

from .login_policy import LoginPolicy, to_id
from .rsakeys import RSAKey


class LoginAnswers:
    """The login server's answer to each request's fields; `FakeLoginServer` serves it over HTTP."""

    def __init__(self, key: RSAKey, *, key_id: int, host_field: str, policy: LoginPolicy | None) -> None:
        self.key = key
        self.key_id = key_id
        self.host_field = host_field
        self.policy = policy or LoginPolicy()
        self._outages: dict[str, int] = {}
        self._sessions: dict[str, tuple[str, str]] = {}
        """Session cookie value -> (name, userid) of the login that made it."""
        self._lock = threading.Lock()

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

    # ------------------------------------------------------------ sessions, outages and the answer

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
