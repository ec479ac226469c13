"""Get a login assertion from the Showdown login server (the `/trn` token)."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from urllib.parse import unquote

import aiohttp

from survivor_host.engine.ids import to_id

logger = logging.getLogger(__name__)

DEFAULT_LOGIN_URL = "https://play.pokemonshowdown.com/api/login"


class LoginError(Exception):
    """Logging in was refused; the message says why (wrong password, name taken...)."""


class LoginUnavailable(LoginError):
    """The login server could not answer (network error, HTTP error, a reply that is no answer): not a
    refusal, so the client keeps retrying."""


def _check_assertion(assertion: str) -> str:
    assertion = assertion.strip()
    if assertion == ";":
        raise LoginError("This name is registered; a password is needed to use it")
    if assertion.startswith(";;"):
        raise LoginError(assertion[2:].strip() or "The login server refused the login")
    if not assertion:
        raise LoginError("The login server returned an empty assertion")
    return assertion


def parse_login_response(body: str) -> str:
    """The assertion in an `act=login` reply: `]` followed by JSON holding `assertion`."""
    text = body.strip()
    if text.startswith("]"):
        text = text[1:]
    try:
        data = json.loads(text)
    except ValueError:
        raise LoginUnavailable(f"The login server sent an unreadable reply: {body[:200]!r}") from None
    if not isinstance(data, dict):
        raise LoginUnavailable(f"The login server sent an unexpected reply: {body[:200]!r}")
    assertion = data.get("assertion")
    error = data.get("actionerror")
    if error:  # the real refusals: `]{"actionerror":"Wrong password."}`, the lock-out text (user.ts)
        raise LoginError(f"The login server refused the login: {error}")
    if data.get("actionsuccess") is False and not (isinstance(assertion, str) and assertion.startswith(";;")):
        raise LoginError("The login server refused the login (wrong name or password?)")
    if not isinstance(assertion, str):
        raise LoginError("The login server's reply holds no assertion (wrong name or password?)")
    return _check_assertion(assertion)


def parse_getassertion_response(body: str) -> str:
    """The assertion in an `act=getassertion` reply: the bare assertion (or the JSON form)."""
    text = body.strip()
    if text.startswith("]") or text.startswith("{"):
        return parse_login_response(text)
    return _check_assertion(text)


@dataclass
class LoginSession:
    """The login server's session cookie (`sid`: `NAME,SESSION,SIDHASH`), kept from one login to the next so
    that a reconnect asks for an assertion with it (`upkeep`) before sending the password again."""

    sid: str = ""


def parse_upkeep_response(body: str) -> str | None:
    """The assertion in an `act=upkeep` reply (`]{"assertion":...,"username":...,"loggedin":true}`), or None
    when the session is no good (expired, logged out): then the password is needed."""
    text = body.strip().removeprefix("]")
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or not data.get("loggedin"):
        return None
    assertion = data.get("assertion")
    if not isinstance(assertion, str) or not assertion.strip() or assertion.startswith(";"):
        return None
    return assertion.strip()


async def _post(
    session: aiohttp.ClientSession, login_url: str, form: dict[str, str], timeout: float
) -> tuple[str, str]:
    """POST `form`; the reply's body and its new `sid` cookie ("" when it sets none)."""
    try:
        async with session.post(login_url, data=form, timeout=aiohttp.ClientTimeout(total=timeout)) as response:
            body = await response.text()
            if response.status != 200:
                raise LoginUnavailable(f"The login server answered HTTP {response.status}: {body[:200]!r}")
            morsel = response.cookies.get("sid")
            sid = unquote(morsel.value) if morsel is not None else ""
    except (aiohttp.ClientError, TimeoutError, OSError) as exc:
        raise LoginUnavailable(f"Could not reach the login server at {login_url}: {exc!r}") from exc
    logger.debug("Login server replied %d characters to %s", len(body), form.get("act"))
    return body, sid


async def get_assertion(
    session: aiohttp.ClientSession,
    login_url: str,
    name: str,
    password: str | None,
    challstr: str,
    *,
    timeout: float = 30.0,
    kept: LoginSession | None = None,
) -> str:
    """POST to the login server and return the assertion for `/trn NAME,0,ASSERTION`.

    With a session kept from an earlier login (`kept`), first `act=upkeep` (challstr, sid), as the
    official client does on reconnecting; if the session is no good, or with none, `act=login` (name,
    pass, challstr), whose session cookie is kept for next time. Without a password it is
    `act=getassertion` (userid, challstr), which works only for unregistered names.
    """
    if kept is not None and kept.sid and password:
        body, _ = await _post(session, login_url, {"act": "upkeep", "challstr": challstr, "sid": kept.sid}, timeout)
        assertion = parse_upkeep_response(body)
        if assertion is not None:
            logger.info("Logged in again with the login server's session (upkeep), no password sent")
            return assertion
        logger.info("The login server's session is over; logging in with the password")
        kept.sid = ""
    if not password:
        form = {"act": "getassertion", "userid": to_id(name), "challstr": challstr}
        return parse_getassertion_response((await _post(session, login_url, form, timeout))[0])
    form = {"act": "login", "name": name, "pass": password, "challstr": challstr}
    body, sid = await _post(session, login_url, form, timeout)
    assertion = parse_login_response(body)
    if kept is not None:
        kept.sid = sid
    return assertion
