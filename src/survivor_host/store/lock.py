"""One bot process per database: an OS lock on a file beside it, held while the process lives.

Two bots on one database would each host the room's game with their own draws. `hold` takes an
exclusive POSIX lock (`lockf`) on `.<database>.lock`; the OS releases it when the holder exits, however
it exits (SIGKILL included), so a stale lock file never blocks a start, and a forked child (the replay
pages' worker) does not inherit it, so it never outlives the bot. A POSIX lock is the process's: the
process must not open and close the lock file elsewhere, and it locks one database once. The file
stays: removing it while another process opens it would let two hold "the" lock.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from dataclasses import dataclass
from pathlib import Path


class DatabaseHeld(Exception):
    """Another process holds the database's lock (or the lock file cannot be made); the message says which."""


def lock_path(database: str | Path) -> Path:
    """The lock file beside `database`: a hidden file, its name with `.lock` added (`.bot.db.lock`), so
    removing the database's files by their name (`rm bot.db*`) leaves the running bot's lock in place."""
    path = Path(database).expanduser()
    return path.with_name(f".{path.name}.lock")


@dataclass
class DatabaseLock:
    """The lock on one database, held until `release` (or the process's end)."""

    path: Path
    fd: int

    def release(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)  # closing the descriptor drops the lock
            self.fd = -1

    def __enter__(self) -> DatabaseLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _holder(path: Path) -> str:
    """Who holds it, as the holder wrote it in the file ("" if it could not)."""
    try:
        pid = path.read_text(encoding="ascii").strip()
    except (OSError, ValueError):
        return ""
    return f" (pid {pid})" if pid.isdigit() else ""


def hold(database: str | Path) -> DatabaseLock:
    """Lock `database` for this process, or raise DatabaseHeld at once (never waits)."""
    path = lock_path(database)
    for _ in range(3):  # the file in the folder is the lock: retried if another hand replaced it meanwhile
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise DatabaseHeld(f"cannot make its lock file {path} ({error.strerror})") from None
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except (BlockingIOError, PermissionError):
            os.close(fd)
            raise DatabaseHeld(
                f"another bot process{_holder(path)} is using it (it holds {path}); stop that bot first,"
                " or give this one another database"
            ) from None
        except OSError as error:
            os.close(fd)
            raise DatabaseHeld(f"cannot lock {path} ({error.strerror})") from None
        try:
            same = os.stat(path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if not same:
            os.close(fd)
            continue
        with contextlib.suppress(OSError):  # the holder's pid, for the one refused (a full disk may leave it empty)
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        return DatabaseLock(path, fd)
    raise DatabaseHeld(f"its lock file {path} keeps being replaced; is another bot starting?")
