"""A small fake Showdown server (websocket + login endpoint) on 127.0.0.1 for the client tests."""

from __future__ import annotations

import asyncio
import json
import socket
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from survivor_host.showdown.protocol import to_id, to_room_id

PASSWORD = "hunter2"


@dataclass
class RoomSpec:
    title: str
    users: list[str]
    auth: dict[str, list[str]] = field(default_factory=dict)
    public: bool = True
    scrollback: list[str] = field(default_factory=list)


class FakeShowdown:
    """Speaks just enough of the protocol: challstr, /trn, /join, /cmd roominfo, echoes chat."""

    def __init__(self) -> None:
        self.rooms: dict[str, RoomSpec] = {}
        self.global_rank = " "
        self.taken_names: set[str] = set()
        self.autoping = True
        self.received: list[str] = []
        self.pongs: list[bytes] = []
        """The payloads of the pongs the client sent (seen only with `autoping` off)."""
        self.logins: list[dict[str, str]] = []
        self.sockets: list[web.WebSocketResponse] = []
        self.connections = 0
        self.challstr_counter = 0
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.login_reply: str | None = None
        self.banned_rooms: set[str] = set()
        """Rooms whose joins fail with `|noinit|joinfailed|` (the bot is room-banned)."""
        self.batched_joins = False
        """Like `reportjoinsperiod`: the `|init|` user list does not show the user who just joined."""
        self.login_outage = 0
        """Login requests still to answer with HTTP 503 (an outage of the login server)."""
        self.frame_event = asyncio.Event()
        self.aliases: dict[str, str] = {}
        """Room alias -> room id: a `/join` of an alias answers `>ALIAS\n|deinit`, then the room's `|init|`
        (users.ts `tryJoinRoom`)."""
        self.dropped_lines: set[str] = set()
        """Chat lines the server drops as if throttled: they get no echo."""
        self.queries_answered = True
        """A `/cmd TYPE` query no handler takes gets its `null` answer (core.ts `crq`); False: a stalled server."""

    @property
    def ws_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/showdown/websocket"

    @property
    def login_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/login"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/showdown/websocket", self._websocket)
        app.router.add_post("/api/login", self._login)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self.runner, sock).start()

    async def stop(self) -> None:
        await self.drop_all()
        if self.runner is not None:
            await self.runner.cleanup()

    async def drop_all(self) -> None:
        for ws in list(self.sockets):
            await ws.close()

    async def wait_for_frame(self, predicate: Any, timeout: float = 5.0) -> str:
        async def find() -> str:
            while True:
                for frame in self.received:
                    if predicate(frame):
                        return frame
                self.frame_event.clear()
                await self.frame_event.wait()

        return await asyncio.wait_for(find(), timeout)

    async def send_room(self, room: str, *lines: str) -> None:
        for ws in self.sockets:
            await ws.send_str(f">{room}\n" + "\n".join(lines))

    async def _login(self, request: web.Request) -> web.Response:
        form = {key: str(value) for key, value in (await request.post()).items()}
        self.logins.append(form)
        if self.login_outage > 0:
            self.login_outage -= 1
            return web.Response(status=503, text="<html>503 Service Unavailable</html>")
        if self.login_reply is not None:
            return web.Response(text=self.login_reply)
        if form.get("act") != "login" or form.get("pass") != PASSWORD:
            return web.Response(text=']{"actionsuccess":false,"assertion":";;Wrong password."}')
        assertion = f"{form['challstr']},{to_id(form['name'])},2,0,local;sig"
        return web.Response(text="]" + json.dumps({"actionsuccess": True, "assertion": assertion}))

    async def _websocket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=self.autoping)
        await ws.prepare(request)
        self.sockets.append(ws)
        self.connections += 1
        self.challstr_counter += 1
        challenge = f"4|c{self.challstr_counter:04d}"
        state: dict[str, Any] = {"name": "", "challenge": challenge}
        await ws.send_str("|updateuser| Guest 1|0|1|{}")
        await ws.send_str(f"|challstr|{challenge}")
        try:
            async for message in ws:
                if message.type == WSMsgType.PONG:
                    self.pongs.append(message.data)
                if message.type != WSMsgType.TEXT:
                    continue
                self.received.append(message.data)
                self.frame_event.set()
                await self._handle(ws, state, message.data)
        finally:
            self.sockets.remove(ws)
        return ws

    async def _handle(self, ws: web.WebSocketResponse, state: dict[str, Any], frame: str) -> None:
        room, _, text = frame.partition("|")
        for line in text.split("\n"):
            if line.startswith("/trn "):
                name, _, assertion = line[5:].split(",", 2)
                if not assertion.startswith(state["challenge"] + ","):
                    await ws.send_str(f"|nametaken|{name}|Your assertion is stale.")
                elif to_id(name) in self.taken_names:
                    await ws.send_str(f'|nametaken|{name}|Someone is already using the name "{name}".')
                else:
                    state["name"] = name
                    await ws.send_str(f"|updateuser|{self.global_rank}{name}|1|1|{{}}")
            elif line.startswith("/join "):
                await self._join(ws, state, to_room_id(line[6:]))
            elif line.startswith("/cmd roominfo "):
                await self._roominfo(ws, to_room_id(line[14:]))
            elif line.startswith("/cmd "):
                if self.queries_answered:
                    await ws.send_str(f"|queryresponse|{line[5:].split(' ')[0]}|null")
            elif line not in self.dropped_lines:
                await self._answer(ws, state["name"], room, line)

    async def _answer(self, ws: web.WebSocketResponse, name: str, room: str, line: str) -> None:
        """What the real server sends back to its sender for a chat line or an HTML command."""
        command, _, rest = line.partition(" ")
        if not room:
            if command == "/msg":
                user, _, text = rest.partition(",")
                await ws.send_str(f"|pm|*{name}| {user.strip()}|{text.strip()}")
            return
        shown = {
            "/me": f"/me {rest}",
            "/wall": f"/announce {rest}",
            "/addhtmlbox": f'/raw <div class="infobox">{rest}</div>',
            "/adduhtml": "/uhtml " + ",".join(part.strip() for part in rest.split(",", 1)),
            "/changeuhtml": "/uhtmlchange " + ",".join(part.strip() for part in rest.split(",", 1)),
        }.get(command)
        if not line.startswith("/") or line.startswith("//"):
            shown = line.lstrip()
        if shown is not None:
            await ws.send_str(f">{room}\n|c:|1700000500|*{name}|{shown}")
        elif command in ("/pmuhtml", "/pmuhtmlchange"):
            user, html_name, html = (part.strip() for part in (rest.split(",", 2) + ["", ""])[:3])
            kind = "/uhtmlchange" if command == "/pmuhtmlchange" else "/uhtml"
            await ws.send_str(f"|pm|*{name}| {user}|{kind} {html_name},{html}")
        elif command.startswith(("/sendprivate", "/changeprivate", "/sendhtmlpage")):
            await ws.send_str(f">{room}\nSent {rest.split(',', 1)[0]} private HTML.")

    async def _join(self, ws: web.WebSocketResponse, state: dict[str, Any], roomid: str) -> None:
        if roomid in self.aliases:
            await ws.send_str(f">{roomid}\n|deinit")
            roomid = self.aliases[roomid]
        spec = self.rooms.get(roomid)
        if spec is None:
            await ws.send_str(f'>{roomid}\n|noinit|nonexistent|The room "{roomid}" does not exist.')
            return
        if roomid in self.banned_rooms:
            await ws.send_str(f'>{roomid}\n|noinit|joinfailed|You are banned from the room "{roomid}".')
            return
        users = [*spec.users]
        me = to_id(state["name"])
        rank = next((r for r, ids in spec.auth.items() if me in ids), " ")
        if not self.batched_joins:
            users.append(rank + state["name"])
        lines = [
            f">{roomid}",
            "|init|chat",
            f"|title|{spec.title}",
            f"|users|{len(users)}," + ",".join(users),
            "|:|1700000000",
            *spec.scrollback,
        ]
        await ws.send_str("\n".join(lines))

    async def _roominfo(self, ws: web.WebSocketResponse, asked: str) -> None:
        roomid = self.aliases.get(asked, asked)
        spec = self.rooms.get(roomid)
        if spec is None:
            data: dict[str, Any] = {"id": asked, "error": "not found or access denied"}
        else:
            data = {
                "id": asked,
                "roomid": roomid,
                "title": spec.title,
                "visibility": "public" if spec.public else "secret",
                "auth": spec.auth,
                "users": spec.users,
            }
        await ws.send_str(f"|queryresponse|roominfo|{json.dumps(data)}")
