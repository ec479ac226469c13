"""Command-line flags: one a command does not take is refused with the flag most likely meant; an output
path is checked before the work."""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Sequence
from pathlib import Path

from survivor_host.engine.errors import SetupError


def command_parser(parser: argparse.ArgumentParser, name: str | None) -> argparse.ArgumentParser:
    """The parser of the subcommand `name` (the top level when there is none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and name in action.choices:
            chosen: argparse.ArgumentParser = action.choices[name]
            return chosen
    return parser


def repeated(command: argparse.ArgumentParser, argv: Sequence[str]) -> str:
    """Why a flag of one value given twice (`--mods a --mods b`) is refused, or ''; argparse would keep the last
    silently. Flags that collect (`--option`) or switch (`--json`) may repeat."""
    typed: dict[str, str] = {}
    for word in argv:
        if word == "--":
            break
        flag = word.split("=", 1)[0]
        actions = [a for a in command._actions if any(s.startswith(flag) for s in a.option_strings)]
        actions = [a for a in actions if flag in a.option_strings] or actions  # an exact name, else a unique prefix
        if not word.startswith("--") or len(actions) != 1 or not isinstance(actions[0], argparse._StoreAction):
            continue
        dest = actions[0].dest
        if dest in typed:
            helps = " ".join(a.help or "" for a in command._actions if a.dest == dest and a.help != argparse.SUPPRESS)
            several = " (several values go in one comma list)" if "comma" in helps else ""
            flags = flag if typed[dest] == flag else f"{typed[dest]} and {flag} (one flag)"
            return f"{flags} given more than once: give it once{several}"
        typed[dest] = flag
    return ""


def parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """`parser.parse_args`, except that a flag the command does not take is refused with the command's own
    usage and, for a near miss, `did you mean --strategy?`; so is a flag of one value given twice."""
    args, extra = parser.parse_known_args(argv)
    command = command_parser(parser, getattr(args, "command", None))
    twice = repeated(command, sys.argv[1:] if argv is None else argv)
    if twice:
        command.error(twice)
    if not extra:
        return args
    flags = [flag for action in command._actions for flag in action.option_strings if flag.startswith("--")]
    said = [f"unrecognized arguments: {' '.join(extra)}"]
    for word in extra:
        if word.startswith("--"):
            guess = difflib.get_close_matches(word.split("=", 1)[0], flags, n=1, cutoff=0.6)
            if guess:
                said.append(f"did you mean {guess[0]}?")
    command.error("; ".join(said))


def check_output(flag: str, path: str) -> None:
    """SetupError now, before any work, when `path` cannot be written: it is empty, its folder is missing, it
    is a folder, or opening it to write fails (a file made to try is removed again)."""
    if not path.strip():
        raise SetupError(f"{flag} needs a file name.")
    target = Path(path)
    try:
        if not target.resolve().parent.is_dir():
            raise SetupError(f"{flag} {path}: the folder {target.parent} does not exist.")
        if target.is_dir():
            raise SetupError(f"{flag} {path}: is a folder; name a file in it.")
        existed = target.exists()
        with target.open("ab"):  # appending nothing leaves a file as it was
            pass
    except OSError as error:  # a name too long, a folder that cannot be read or written
        raise SetupError(f"{flag} {path}: cannot write there ({error.strerror}).") from None
    if not existed:
        target.unlink(missing_ok=True)
