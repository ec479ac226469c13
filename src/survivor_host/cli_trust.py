"""The fairness commands of `survivor-host`: `verify` (a record, or a copy of the room's chat) and `export`
(a record as its replay page)."""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from survivor_host.cli_flags import check_output
from survivor_host.engine.dice import SCRIPTED
from survivor_host.engine.ids import printable


class Unreadable(Exception):
    """A file that holds no JSON this program reads; the message is the line to print."""


MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest record or chat log read: a 30-player game's record is well under 1 MB, and reading
`/dev/zero` or a huge file whole would exhaust the memory."""


def read_capped(command: str, file: str) -> bytes:
    """The bytes of `file`, or Unreadable when it cannot be read or is larger than `MAX_FILE_BYTES`."""
    try:
        with open(file, "rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise Unreadable(f"{command}: cannot read {file}: {error.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise Unreadable(f"{command}: {file} is larger than {MAX_FILE_BYTES // 2**20} MB, too large to read")
    return data


def read_json(command: str, file: str) -> Any:
    """The JSON in `file`, or Unreadable saying why not. A key given twice is refused: a reader would
    see one value and the program the other. So are `NaN`, `Infinity` and numbers too large for a
    float, which JSON does not have, and nesting deeper than Python's parser goes."""
    data = read_capped(command, file)
    try:
        text = data.decode("utf-8")
        return json.loads(
            text, object_pairs_hook=_no_twice, parse_constant=_no_constant, parse_float=_finite, parse_int=_whole
        )
    except UnicodeDecodeError:
        raise Unreadable(f"{command}: {file} is not UTF-8 text, so it is not JSON") from None
    except RecursionError:
        raise Unreadable(f"{command}: {file} nests lists or maps too deeply to read") from None
    except ValueError as error:  # invalid JSON, a key twice, a number too long to read
        raise Unreadable(f"{command}: {file} is not valid JSON: {printable(str(error))}") from None


def read_record(command: str, file: str) -> Any:
    """A JSON record from `file` (read by `read_json`), or None after saying why not (exit status 2)."""
    try:
        record = read_json(command, file)
    except Unreadable as error:
        print(error, file=sys.stderr)
        return None
    if isinstance(record, dict) and record.get("kind") == "hand-session":
        return record  # a hand-hosted session (docs/FAIRNESS.md "Hosting sessions")
    if not isinstance(record, dict) or not all(k in record for k in ("theme", "players", "inputs")):
        print(f"{command}: {file} is not a game record (theme, players, inputs)", file=sys.stderr)
        return None
    return record


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"the number {text[:40]} is too large")
    return number


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # longer than Python reads (4300 digits)
        raise ValueError(f"the number {text[:40]}... is too long") from None


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the key {key!r} is given twice")
        found[key] = value
    return found


MALFORMED = (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError)
"""What reading a record of the wrong shape raises, past the checks of its fields."""


def escaped(value: Any) -> Any:
    """A record (JSON data) with every text in it, keys included, made `printable`."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [escaped(item) for item in value]
    if isinstance(value, dict):
        return {escaped(key): escaped(item) for key, item in value.items()}
    return value


def cmd_verify(args: argparse.Namespace) -> int:
    """Check a record's commitment, client seed and draws, and replay its inputs (docs/FAIRNESS.md)."""
    from survivor_host.trust.session import is_session, verify_session
    from survivor_host.trust.verify import report_lines, verify

    if args.chat:
        return _verify_chat(args.file, args.bot)
    if args.bot is not None:  # a record names no poster: --bot would be silently ignored
        print("verify: --bot NAME goes with --chat (a copy of the room's chat), not with a record", file=sys.stderr)
        return 2
    record = read_record("verify", args.file)
    if record is None:
        return 2
    try:
        verdict = verify_session(record) if is_session(record) else verify(record)
    except MALFORMED as error:
        print(
            f"verify: {args.file}: malformed record ({type(error).__name__}: {printable(str(error))[:200]})",
            file=sys.stderr,
        )
        return 2
    lines = report_lines(verdict)
    if verdict.ok:
        lines = [*lines[:-1], _verified_line(record, is_session(record))]
    print("\n".join(map(printable, lines)))
    return 0 if verdict.ok else 1


def _verified_line(record: dict[str, Any], session: bool) -> str:
    """`verify`'s last line for a record that verifies, saying when no draw was there to check and
    when the dice were not fair dice (a scenario's scripted ones, or an old record's without a commitment)."""
    if record.get("dice") == SCRIPTED:
        return (
            "replayed, not verified as fair: the record is the game its inputs and its scripted draws give;"
            " scripted dice have no seed."
        )
    if not session and "commitment" not in record:
        return (
            "verified: the record is the game its seed and inputs give; an old record has no commitment, so"
            " nothing shows its seed was fixed before the game."
        )
    if record.get("draws"):
        if session:
            return (
                "verified: every draw the record holds is the dice of its committed seed and client seed"
                " (what each was for, and that none is left out, the room's chat shows: verify --chat)."
            )
        return f"verified: the record is the game its seeds and inputs give. {INPUTS_NOTE}"
    if session:
        return "verified: the commitment and client seed hold, but the session made no draws: no draw was checked."
    return "verified: the record is the game its inputs give, but it holds no draws: no dice were checked."


INPUTS_NOTE = (
    "(Which inputs the players sent, the room's chat or the bot's own record shows: once the seed is"
    " revealed, anyone can write another game of these seeds that verifies too.)"
)
"""What a verified game record does not show: its inputs are not committed to, only its dice."""


def _verify_chat(file: str, bot: str | None = None) -> int:
    """`verify --chat LOG [--bot NAME]`: every hand-hosted session in a copy of the room's chat (or only
    those NAME posted), from its lines alone; each is named with the account that posted it."""
    from survivor_host.engine.ids import to_id
    from survivor_host.trust.chatlog import verify_chat

    try:
        data = read_capped("verify", file)
    except Unreadable as error:
        print(error, file=sys.stderr)
        return 2
    text = data.decode("utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8-sig", errors="replace")
    lines = text.splitlines()
    if "\ufffd" in text and "\ufffd".encode() not in data:
        print(
            f"verify: {file} is not all UTF-8 (or UTF-16) text: what it could not read shows as \ufffd, and a"
            " line holding that is not the bot's as it was posted; save the copy as UTF-8",
            file=sys.stderr,
        )
    verdicts = [v for v in verify_chat(lines) if bot is None or to_id(v.session.bot) == to_id(bot)]
    if not verdicts:
        by = f" by {bot}" if bot else ""
        print(f"verify: {file} shows no session's commitment line{by} (Fair dice session …)", file=sys.stderr)
        return 2
    for verdict in verdicts:  # the log's text escaped as a record's is: a log cannot rewrite the terminal
        session = verdict.session
        verified = f"verified: session {session.id}, posted by {session.bot.strip()}."
        said = [f"ok: {line}" for line in verdict.checked]
        said.append(f"NOT verified: {verdict.problem}" if verdict.problem else verified)
        print("\n".join(map(printable, said)))
    return 1 if any(verdict.problem for verdict in verdicts) else 0


def cmd_export(args: argparse.Namespace) -> int:
    """Write a record as one self-contained HTML replay page that re-checks its dice in the browser."""
    from survivor_host.trust.export import replay_page
    from survivor_host.trust.session import is_session
    from survivor_host.trust.session_page import session_page

    check_output("--html", args.html)
    if Path(args.html).resolve() == Path(args.file).resolve():
        print(f"export: --html {args.html} is the record itself; name another file for the page", file=sys.stderr)
        return 2
    record = read_record("export", args.file)
    if record is None:
        return 2
    verdict = _export_verdict(record)
    if verdict is not None and not args.force:
        print(printable(f"export: {args.file} does not verify ({verdict}); no page written (--force writes it anyway)"))
        return 1
    page = session_page(record, flag=verdict) if is_session(record) else replay_page(record, flag=verdict)
    Path(args.html).write_text(page, encoding="utf-8")
    print(f"(replay page written to {args.html})")
    if verdict is not None:
        print(printable(f"export: written although {args.file} does not verify ({verdict}): the page says so"))
    return 0


def _export_verdict(record: Any) -> str | None:
    """Why `record` does not verify (its first difference, in `verify`'s words), or None when it does."""
    from survivor_host.trust.session import is_session, verify_session
    from survivor_host.trust.verify import verify

    try:
        verdict = verify_session(record) if is_session(record) else verify(record)
    except MALFORMED as error:
        return f"malformed record: {type(error).__name__}: {str(error)[:200]}"
    return None if verdict.ok else f"first difference at {verdict.difference}"
