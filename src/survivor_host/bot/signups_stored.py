"""The room's open list as stored: a change counts once stored, and one the store refuses is undone."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager

from survivor_host.bot.state import RoomState


def save(state: RoomState) -> None:
    """The room's list as it is now (none: closed) is stored; raises sqlite3.Error if it cannot be."""
    data = state.signups.to_dict() if state.signups else None
    state.store.save_signups(state.room, data, state.clock.now())


@contextmanager
def stored(state: RoomState) -> Iterator[None]:
    """The list changes inside, then is stored; should the store refuse, the list is put back as it
    was, in place (nothing counts until it is stored), and the refusal goes on to the sender."""
    before, kept = state.signups, copy.deepcopy(state.signups)
    try:
        yield
        save(state)
    except BaseException:
        if before is not None and kept is not None:
            vars(before).update(vars(kept))
        state.signups = before
        raise
