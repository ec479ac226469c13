"""Smoke tests of the e2e harness itself: login, rooms, chat, PMs, renames, refusals, restarts."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import FakeLoginProcess, LoginFailed, Player, PSServer, run_async, to_id
from harness.bot import BOT_NAME
from harness.env import BAD_SIGNATURE_NAMES, BANNED_NAMES, BOT_ID, REFUSED_NAMES, E2EEnv


def test_two_players_chat_pm_and_rename(e2e: E2EEnv) -> None:
    async def scenario() -> None:
        async with e2e.player("Smoke Alice") as alice, e2e.player("Smoke Bob") as bob:
            assert alice.logged_in and alice.name == "Smoke Alice"
            await alice.join("survivor")
            await bob.join("Survivor")  # titles work too
            assert bob.rank_in("survivor", "Smoke Alice") == " "

            mark = bob.mark()
            await alice.say("survivor", "hello | from alice")
            line = await bob.wait_for(r"^\|c:\|\d+\| Smoke Alice\|hello \| from alice$", room="survivor", since=mark)
            assert line.room == "survivor"
            said = [m for m in bob.chat("survivor") if m.user == "Smoke Alice"]
            assert [m.text for m in said] == ["hello | from alice"]

            await alice.pm("Smoke Bob", "psst, a secret")
            await bob.wait_for(r"^\|pm\|", room="")
            pms = bob.pms()
            assert [(p.sender, p.receiver, p.text) for p in pms] == [("Smoke Alice", "Smoke Bob", "psst, a secret")]
            # the sender gets an echo of its own PM
            await alice.wait_for(r"^\|pm\| Smoke Alice\| Smoke Bob\|psst, a secret$")
            assert alice.pms() == []

            mark = alice.mark()
            await bob.rename("Smoke Bobby")
            assert bob.name == "Smoke Bobby"
            await alice.wait_for(r"^\|N\| Smoke Bobby\|smokebob$", room="survivor", since=mark)
            assert alice.rank_in("survivor", "Smoke Bobby") == " "
            assert alice.rank_in("survivor", "Smoke Bob") is None

            await bob.leave("survivor")
            await alice.wait_for(r"^\|L\| Smoke Bobby$", room="survivor")

    run_async(scenario())
    logins = [r for r in e2e.login.login_requests() if r.params.get("name") == "Smoke Alice"]
    assert logins and logins[0].method == "POST" and logins[0].params["challstr"].startswith("4|")


def test_refused_names_fail_to_log_in(e2e: E2EEnv) -> None:
    async def scenario() -> None:
        player = e2e.player(REFUSED_NAMES[0])
        try:
            await player.connect()
            with pytest.raises(LoginFailed, match="Wrong password"):
                await player.login()
            with pytest.raises(LoginFailed, match="no longer available"):
                await player.login(BANNED_NAMES[0])
            # a forged assertion gets past the login server but not the PS server
            with pytest.raises(LoginFailed, match=r"nametaken: .*signature was invalid"):
                await player.login(BAD_SIGNATURE_NAMES[0])
            assert not player.logged_in
            # the same connection can still log in under an accepted name
            await player.login("Smoke Carol")
            assert player.logged_in
        finally:
            await player.close()

    run_async(scenario())


def test_bot_account_is_room_bot_in_both_rooms(e2e: E2EEnv) -> None:
    async def scenario() -> None:
        # by its display name: the server keeps a user a while after it leaves, and a later login of
        # the same account (the bot of another test on this server) would take the name it had
        async with e2e.player(BOT_NAME, pace=0.0) as bot:
            for room in ("survivor", "survivortwo"):
                await bot.join(room)
                assert bot.rank_in(room) == "*"
            # a room bot's throttle is 25 ms: three unpaced lines all go through at once
            mark = bot.mark()
            start = time.monotonic()
            for i in range(3):
                await bot.say("survivor", f"bot line {i}")
            await bot.wait_for(r"\|bot line 2$", room="survivor", since=mark)
            assert time.monotonic() - start < 0.5
            assert not bot.lines("survivor", since=mark, type="raw")

    run_async(scenario())


def test_ordinary_bot_is_throttled(ps_server_factory: Callable[..., PSServer], e2e: E2EEnv) -> None:
    env = e2e.for_server(ps_server_factory(bot_rank=None))

    async def scenario() -> None:
        async with env.player(BOT_ID, pace=0.0) as bot:
            await bot.join("survivor")
            assert bot.rank_in("survivor") == " "
            mark = bot.mark()
            for i in range(3):
                await bot.say("survivor", f"slow line {i}")
            first = await bot.wait_for(r"\|slow line 0$", room="survivor", since=mark)
            last = await bot.wait_for(r"\|slow line 2$", room="survivor", since=mark, timeout=5)
            assert last.time - first.time >= 1.1  # 600 ms apart

    run_async(scenario())


def test_restart_and_reconnect(ps_server_factory: Callable[..., PSServer], e2e: E2EEnv) -> None:
    server = ps_server_factory()
    env = e2e.for_server(server)

    async def scenario() -> None:
        async with env.player("Restart Alice") as alice, env.player("Restart Bob") as bob:
            await alice.join("survivor")
            await bob.join("survivor")
            port = server.port
            server.restart()
            assert server.port == port and server.running
            await alice.wait_closed()
            await bob.wait_closed()
            await alice.reconnect()  # logs in again and rejoins survivor
            await bob.reconnect()
            assert set(alice.rooms) == {"survivor"}
            mark = bob.mark()
            await alice.say("survivor", "back again")
            await bob.wait_for(r"\| Restart Alice\|back again$", room="survivor", since=mark)

    run_async(scenario())


def test_fake_login_as_separate_process(tmp_path: Path, e2e: E2EEnv) -> None:
    key_file = tmp_path / "login-key.pem"
    e2e.key.save(key_file)  # same key as the session server trusts
    with FakeLoginProcess(key_file, refused=["Nope"]) as proc:

        async def scenario() -> None:
            player = Player(e2e.ws_url, proc.login_url, "Process User")
            try:
                await player.connect()
                await player.login()
                with pytest.raises(LoginFailed, match="Wrong password"):
                    await player.login("Nope")
            finally:
                await player.close()

        run_async(scenario())
    logged = proc.requests()  # once stopped: its reader has read every line the child wrote
    assert [to_id(r["params"]["name"]) for r in logged] == ["processuser", "nope"]
    assert all(r["path"] == "/api/login" for r in logged)


def test_protocol_facts_the_bot_relies_on(e2e: E2EEnv) -> None:
    async def scenario() -> None:
        async with e2e.player("Facts Alice") as alice, e2e.player("Facts Bob") as bob:
            await alice.join("survivortwo")
            await alice.say("survivortwo", "/me in")
            await bob.join("survivortwo")
            # what was said before joining arrives inside the |init| frame (scrollback), after |:|
            init = [ln for ln in bob.lines("survivortwo") if ln.in_init]
            assert [ln.type for ln in init[:4]] == ["init", "title", "users", ":"]
            assert any(ln.text.endswith("| Facts Alice|/me in") for ln in init)
            assert bob.chat("survivortwo") == []  # scrollback is left out by default
            # (other tests may have used this room earlier in the session: the last line is Alice's)
            scrollback = bob.chat("survivortwo", include_init=True)
            assert (scrollback[-1].user, scrollback[-1].text) == ("Facts Alice", "/me in")

            # more than 3 lines in one frame: refused whole, with a popup
            mark = alice.mark()
            await alice.send_frame("survivortwo|one\ntwo\nthree\nfour", lines=4)
            await alice.wait_for(r"^\|popup\|You're sending too many lines at once", room="", since=mark)
            await bob.expect_none(r"\|one$", room="survivortwo", within=0.5)

            # a /msg sent from a room (what an HTML button does) arrives as an ordinary PM
            await bob.say("survivortwo", "/msg Facts Alice, follow")
            await alice.wait_for(r"^\|pm\| Facts Bob\| Facts Alice\|follow$", room="")

            # guests cannot PM
            guest = e2e.player("unused")
            try:
                await guest.connect()
                await guest.pm("Facts Alice", "hi")
                await guest.wait_for(r"^\|pm\|.*\|/error You must choose a name before you can talk\.$")
            finally:
                await guest.close()

    run_async(scenario())
