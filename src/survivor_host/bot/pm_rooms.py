"""Which room a PM is for: a room named first, or the one room that can take it; else how to name one."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from survivor_host.bot import replays
from survivor_host.bot.command_words import not_started
from survivor_host.bot.guide import pm_example
from survivor_host.bot.ports import Outbox
from survivor_host.bot.room import RoomHost
from survivor_host.engine.ids import to_id
from survivor_host.showdown.protocol import to_room_id
from survivor_host.showdown.text import clip


def room_prefix(rooms: Mapping[str, RoomHost], body: str) -> tuple[RoomHost | None, str]:
    """`survivortwo WORD` (or `survivortwo: WORD`, `#survivortwo WORD`) -> that room, `WORD`."""
    first, _, rest = body.partition(" ")
    host = rooms.get(to_room_id(first.removeprefix("#").rstrip(":,")))  # groupchat ids keep `-`
    if host is None or not rest.strip():
        return None, body
    return host, rest.strip()


def replay_rooms(rooms: Mapping[str, RoomHost], userid: str, word: str, rest: str) -> list[RoomHost]:
    """The rooms `replay REST` by PM is for: the one holding the record numbered (numbers run across the
    rooms; a REST that is no number: the first room, whose refusal says why), else the sender's; the
    sender's for `lastgame` and `games` (any REST)."""
    hosts = list(rooms.values())
    if word == "replay" and replays.asked_record(rest):
        found = replays.record_rooms(rest, list(rooms), hosts[0].store)
        return hosts[:1] if found is None else [rooms[room] for room in found]
    return sender_rooms(hosts, userid)


def sender_rooms(hosts: Sequence[RoomHost], userid: str) -> list[RoomHost]:
    """The rooms where the sender plays now (a game just ending included), else the one they last played
    in, else every room with a record: where `replay` without a number looks (several: the bot asks)."""
    playing = [h for h in hosts if h.plays(userid) or h.commands.played_ending(userid)]
    if playing:
        return playing
    played = [(when, n) for n, h in enumerate(hosts) if (when := replays.last_played(h.store, h.room, userid))]
    if played:
        return [hosts[max(played)[1]]]
    return [h for h in hosts if replays.latest_record(h.store, h.room) is not None or h.state.closing is not None]


def one_of(out: Outbox, name: str, body: str, hosts: list[RoomHost], none: str) -> None:
    """Send to the one room in `hosts`; with none or several, say how to name the room (after the
    game's lines, as a refusal: anyone may send these as often as the server lets them)."""
    if len(hosts) == 1:
        hosts[0].handle_pm(name, body)
        return
    with out.lane("error", name):
        if not hosts:
            out.pm(name, none)
        else:
            rooms = ", ".join(h.room for h in hosts)
            lead = f"That could be for {len(hosts)} rooms ({rooms}); say which: put its room first"
            out.pm(name, room_first(lead, hosts[0].room, body))


def room_first(lead: str, room: str, body: str) -> str:
    """`lead`, then `body` quoted once after `room` as an example: one PM however many rooms there are and
    however long `body` is (its end, the quote first, is cut to fit)."""
    return clip(f"{lead}, e.g. {room} {body}")


def room_hint(rooms: Iterable[str]) -> str:
    """How to say which room a PM is for, with the rooms the bot hosts in."""
    names = list(rooms)
    example = f"{names[0]} {pm_example()}"
    return f"I host in {', '.join(names)}. To say which room a PM is for, put the room first, e.g. {example}."


def not_playing(hosts: Sequence[RoomHost], userid: str) -> str:
    """The refusal of a game command from a user with no seat: a signed-up player is told it has not started."""
    signed = [h.room for h in hosts if h.signups is not None and userid in {to_id(p) for p in h.signups.players}]
    if signed:
        return not_started(signed[0])
    return "You are not in a game I am hosting. Type help for the commands."
