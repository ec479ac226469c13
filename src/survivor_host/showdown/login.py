"""Get a login assertion from the Showdown login server (the `/trn` token)."""

from __future__ import annotations

import json
import logging

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
    if data.get("actionsuccess") is False and not (isinstance(assertion, str) and assertion.startswith(";;")):
        error = data.get("actionerror") or "unknown error"
        raise LoginError(f"The login server refused the login: {error}")
    if not isinstance(assertion, str):
        raise LoginError("The login server's reply holds no assertion (wrong name or password?)")
    return _check_assertion(assertion)


def parse_getassertion_response(body: str) -> str:
    """The assertion in an `act=getassertion` reply: the bare assertion (or the JSON form)."""
    text = body.strip()
    if text.startswith("]") or text.startswith("{"):
        return parse_login_response(text)
    return _check_assertion(text)


async def get_assertion(
    session: aiohttp.ClientSession,
    login_url: str,
    name: str,
    password: str | None,
    challstr: str,
    *,
    timeout: float = 30.0,
) -> str:
    """POST to the login server and return the assertion for `/trn NAME,0,ASSERTION`.

    With a password this is `act=login` (name, pass, challstr), as the official client does; without
    one it is `act=getassertion` (userid, challstr), which works only for unregistered names.
    """
    if password:
        form = {"act": "login", "name": name, "pass": password, "challstr": challstr}
    else:
        form = {"act": "getassertion", "userid": to_id(name), "challstr": challstr}
    try:
        async with session.post(
            login_url, data=form, timeout=aiohttp.ClientTimeout(total=timeout)
        ) as response:
            body = await response.text()
            if response.status != 200:
                raise LoginUnavailable(f"The login server answered HTTP {response.status}: {body[:200]!r}")
    except (aiohttp.ClientError, TimeoutError, OSError) as exc:
        raise LoginUnavailable(f"Could not reach the login server at {login_url}: {exc!r}") from exc
    logger.debug("Login server replied %d characters", len(body))
    return parse_login_response(body) if password else parse_getassertion_response(body)
