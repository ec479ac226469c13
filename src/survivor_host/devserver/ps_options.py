"""What a local test PS server looks like: its rooms, ranks and login server, written as its config files."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .login_policy import to_id

DEFAULT_ROOMS: tuple[str, ...] = ("Survivor", "Survivor Two")
# An address nothing listens on: the server's own login-server calls fail fast and stay on this machine.
UNREACHABLE_LOGINSERVER = "http://127.0.0.1:9/"


# ---------------------------------------------------------------- config


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _js_string(text: str) -> str:
    return json.dumps(text)


@dataclass
class ServerOptions:
    """What a test server looks like.

    bot_rank: the bot's room rank in every room of ``rooms`` (``"*"`` = room bot: 25 ms throttle and
    HTML commands; ``None`` = ordinary user, 600 ms throttle; note that the server decides the
    throttle at login from *any* public room where the user is ``*``).
    global_ranks: userid/name -> symbol written to ``config/usergroups.csv`` (e.g. ``{"Host": "~"}``).
    room_auth: extra room auth, room title or id -> {user: symbol}.
    """

    public_key_pem: str
    loginserver_url: str = UNREACHABLE_LOGINSERVER
    key_id: int = 4
    bot_id: str = "survivorbot"
    bot_rank: str | None = "*"
    rooms: Sequence[str] = DEFAULT_ROOMS
    room_auth: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    global_ranks: Mapping[str, str] = field(default_factory=dict)
    with_lobby: bool = True
    # False (as on the main server): joins/leaves/renames reach room users as |J| / |L| / |N|.
    # True (config-example.js default): logged and sent as lowercase |j| / |l| / |n|.
    report_joins: bool = False
    extra_config: str = ""  # raw JavaScript appended to config.js

    def chatrooms(self) -> list[dict[str, object]]:
        out: list[dict[str, object]] = []
        now_ms = int(time.time() * 1000)
        if self.with_lobby:
            out.append({"title": "Lobby", "auth": {}, "creationTime": now_ms, "autojoin": True})
        extra = {to_id(k): v for k, v in self.room_auth.items()}
        for title in self.rooms:
            auth: dict[str, str] = {}
            if self.bot_rank:
                auth[to_id(self.bot_id)] = self.bot_rank
            for user, symbol in extra.get(to_id(title), {}).items():
                auth[to_id(user)] = symbol
            out.append({"title": title, "auth": auth, "creationTime": now_ms})
        return out

    def usergroups_csv(self) -> str:
        return "".join(f"{name},{symbol},\n" for name, symbol in self.global_ranks.items())

    def config_js(self, example: str, port: int) -> str:
        overrides = f"""
// ---- local server overrides (survivor_host/devserver/ps_server.py) ----
exports.port = {port};
exports.bindaddress = '127.0.0.1';
exports.noipchecks = true;
exports.nothrottle = false;
exports.noguestsecurity = false;
exports.loginserver = {_js_string(self.loginserver_url)};
exports.loginserverkeyalgo = 'RSA-SHA1';
exports.loginserverpublickeyid = {int(self.key_id)};
exports.loginserverpublickey = {_js_string(self.public_key_pem)};
exports.serverid = 'e2etest';
exports.servertoken = 'e2etest';
exports.subprocesses = 0;
exports.repl = false;
exports.ssl = null;
exports.wsdeflate = null;
exports.proxyip = false;
exports.watchconfig = false;
exports.crashguard = true;
exports.reportjoins = {"true" if self.report_joins else "false"};
exports.reportjoinsperiod = 0;
exports.crashguardemail = null;
exports.autolockdown = false;
exports.logchat = false;
exports.logchallenges = false;
exports.loguserstats = 24 * 60 * 60 * 1000;
exports.reportbattles = false;
exports.nobattlesearch = true;
exports.usesqlite = false;
exports.backdoor = false;
exports.consoleips = [];
exports.potd = '';
exports.startuphook = function () {{}};
"""
        return example.rstrip("\n") + "\n" + overrides + self.extra_config + "\n"
