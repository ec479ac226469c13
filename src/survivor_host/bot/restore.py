"""Bringing the rooms back after a restart: each room's hand-hosted session, unfinished game, open signups
and waiting `$host`, from the database; what one room cannot bring back is logged, the others go on."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from survivor_host.bot.clock import LoopClock
from survivor_host.bot.room import RoomHost
from survivor_host.store.db import Store

logger = logging.getLogger(__name__)


def restore_rooms(rooms: Mapping[str, RoomHost], store: Store, clock: LoopClock) -> None:
    """Bring back unfinished games and open signups from the database; what one room cannot bring
    back is logged, and the other rooms (and the rest of connecting) go on."""
    signups = store.all_signups()
    for session in store.running_sessions():
        host = rooms.get(str(session.get("room")))
        try:
            if host is not None:
                host.hand.restore(session)
        except Exception:
            logger.exception("could not restore session %s in %s", session.get("id"), session.get("room"))
    for stored in store.unfinished_games():
        host = rooms.get(stored.room)
        if host is None:
            logger.warning("game %s is in room %s, which is not configured", stored.id, stored.room)
            continue
        try:
            host.restore_game(stored)
        except Exception:
            logger.exception("could not restore game %s in %s", stored.id, stored.room)
    for room, data in signups.items():
        try:
            restore_signups(rooms, store, clock, room, data)
        except Exception:
            logger.exception("could not restore the signups in %s", room)
    hosting = store.all_hosting()  # after the signups and games a waiting `$host` yields to
    for host in rooms.values():
        if host.room in hosting:
            try:
                host.hosting.restore(hosting[host.room])
            except Exception:
                logger.exception("could not restore the hosting of room %s", host.room)


def restore_signups(
    rooms: Mapping[str, RoomHost], store: Store, clock: LoopClock, room: str, data: dict[str, Any]
) -> None:
    """The signups open in `room` when the bot stopped, unless its game had already started."""
    host = rooms.get(room)
    if host is None:
        return
    if host.game is not None:
        # Died during `.start`, after the game was stored and before the signups were closed.
        store.save_signups(room, None, clock.now())
        return
    host.restore_signups(data)
