"""The frames waiting to be sent, in lanes by urgency, and the callbacks waiting for them to go out.

Lanes, most urgent first: URGENT (login, joins), GAME (the game's events, prompts, reminders),
CONFIRM (answers to a player's own action), INFO (replies to information commands; an identical INFO
line already queued is not queued again). A frame is sent only when the lanes before it are empty.
A PM box's change still waiting is taken out once a newer showing of that box is queued: each shows the
whole box, so the older one would only be replaced at once (a question's buttons after it closed).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from survivor_host.showdown.text import target_of

logger = logging.getLogger(__name__)

URGENT, GAME, CONFIRM, INFO = 0, 1, 2, 3
"""Lanes, most urgent first."""
PM_BOX_COMMANDS = ("/pmuhtml ", "/pmuhtmlchange ")
"""The commands that show a user's PM box whole (`/pmuhtml USER, NAME, HTML`)."""
LANES = (URGENT, GAME, CONFIRM, INFO)


@dataclass(frozen=True)
class Frame:
    """One websocket message: `ROOM|LINE1\\nLINE2...`; `seq` orders it against barriers; `resends`
    counts how often the server dropped it; `user` is whom an INFO frame answers."""

    room: str
    lines: tuple[str, ...]
    seq: int = -1
    resends: int = 0
    user: str = ""

    def encode(self) -> str:
        return f"{self.room}|" + "\n".join(self.lines)


@dataclass(frozen=True)
class Barrier:
    """Not a frame: a callback run once every frame of lane `lane` or a more urgent one queued before
    it (`seq` lower) has been sent."""

    callback: Callable[[], None]
    seq: int
    lane: int


class Lanes:
    """FIFO lanes of frames, and barriers (callbacks) between them."""

    def __init__(self) -> None:
        self.queues: tuple[deque[Frame], ...] = tuple(deque() for _ in LANES)
        self.barriers: deque[Barrier] = deque()
        self._seq = 0

    def __bool__(self) -> bool:
        return any(self.queues)

    def lines(self, lane: int | None = None) -> int:
        """Queued lines (in one lane, or in all)."""
        queues = self.queues if lane is None else (self.queues[lane],)
        return sum(len(f.lines) for queue in queues for f in queue)

    def next_seq(self) -> int:
        self._seq += 1
        return self._seq

    def lines_for(self, lane: int, user: str) -> int:
        """Queued lines of one lane that answer `user`."""
        return sum(len(f.lines) for f in self.queues[lane] if f.user == user)

    def push(self, room: str, lines: tuple[str, ...], lane: int, user: str = "") -> bool:
        """Queue a frame (answering `user`); False when it is an INFO frame already waiting."""
        if lane == INFO and any(f.room == room and f.lines == lines for f in self.queues[INFO]):
            logger.debug("Dropped a reply already queued: %s", lines[0][:80])
            return False
        shown = pm_box(room, lines)
        if shown is not None:
            self._drop_older_changes(shown)
        if lane == GAME and self.queues[CONFIRM]:
            self._promote_confirmations(target_of(lines[0]))
        self.queues[lane].append(Frame(room, lines, self.next_seq(), user=user))
        return True

    def _drop_older_changes(self, shown: tuple[str, str, str]) -> None:
        """Take out the waiting changes of the PM box `shown` (room, user id, name): a newer showing replaces them."""
        for queue in self.queues:
            older = [f for f in queue if f.lines[0].startswith("/pmuhtmlchange ") and pm_box(f.room, f.lines) == shown]
            for frame in older:
                queue.remove(frame)
                logger.debug("Dropped a box change a newer one replaces: %s", frame.lines[0][:80])

    def _promote_confirmations(self, user: str) -> None:
        """A player's confirmations go before a game line to the same player (a confirmation of the last
        round must not arrive after the next round's prompt)."""
        if not user:
            return
        moving = [f for f in self.queues[CONFIRM] if target_of(f.lines[0]) == user]
        for frame in moving:
            self.queues[CONFIRM].remove(frame)
            self.queues[GAME].append(frame)

    def put_back(self, frame: Frame, lane: int) -> None:
        """A frame that could not be sent goes back to its place."""
        queue = self.queues[lane]
        queue.appendleft(frame)
        ordered = sorted(queue, key=lambda f: f.seq)
        queue.clear()
        queue.extend(ordered)

    def candidates(self, lane: int, last_room: str | None) -> list[Frame]:
        """The lane's frames in the order they may go: in the GAME lane rooms take turns (each room's
        own lines keep their order), so one room's burst does not hold back another room's result."""
        frames = list(self.queues[lane])
        first = frames[0]
        if lane == GAME and first.room and first.room == last_room:
            skipped: set[str] = set()
            for later in frames:
                if not later.room:
                    break  # global commands (joins, PMs) keep their place relative to room lines
                user = target_of(later.lines[0])
                if later.room != last_room and not (user and user in skipped):
                    frames.remove(later)  # (a player in both rooms still gets their PMs in order)
                    return [later, *frames]
                skipped.add(user)
        return frames

    def add_barrier(self, callback: Callable[[], None], lane: int) -> None:
        self.barriers.append(Barrier(callback, self.next_seq(), lane))

    def _barrier_ready(self, barrier: Barrier) -> bool:
        # Not just each lane's head: promoted confirmations sit out of order.
        return all(frame.seq > barrier.seq for queue in self.queues[: barrier.lane + 1] for frame in queue)

    def run_barriers(self) -> bool:
        """Run the callbacks whose frames have all gone out (in order); True if any ran."""
        ran = False
        while self.barriers and self._barrier_ready(self.barriers[0]):
            barrier = self.barriers.popleft()
            ran = True
            try:
                barrier.callback()
            except Exception:
                logger.exception("when_sent callback failed")
        return ran

    def clear(self) -> None:
        for queue in self.queues:
            queue.clear()
        self.barriers.clear()


def pm_box(room: str, lines: tuple[str, ...]) -> tuple[str, str, str] | None:
    """The PM box a frame of one `/pmuhtml` or `/pmuhtmlchange` line shows: (room, user id, box name)."""
    if len(lines) != 1 or not lines[0].startswith(PM_BOX_COMMANDS):
        return None
    user, _, rest = lines[0].partition(" ")[2].partition(",")
    return room, user.strip(), rest.partition(",")[0].strip()
