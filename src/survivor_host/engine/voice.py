"""Instructions spelled for where they are read: the room (with its command prefix), a PM, the terminal.

A presenter writes an instruction once, with `ask` (the whole phrase: "PM me **follow**") or `command`
(just the words: "**.stick**"); the line carries it as a mark that `Voice.spell` turns into the exact
words for its reader.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

MARK = "\x1f"
"""Brackets an instruction in a line; not a printable character, so never part of a name."""
_INSTRUCTION = re.compile(f"{MARK}([acd])([pr])([a-zA-Z ,|]*){MARK}")


def _mark(kind: str, words: Sequence[str], by_pm: bool) -> str:
    for word in words:
        if not re.fullmatch(r"[a-z]+(,? [A-Z]+)*", word):  # `vote NAME`, `attack NAME, WEAPON`
            raise ValueError(f"an instruction names command words, not {word!r}")
    return f"{MARK}{kind}{'p' if by_pm else 'r'}{'|'.join(words)}{MARK}"


def ask(words: Sequence[str], by_pm: bool) -> str:
    """The whole instruction: `PM me **follow** or **rebel**`, `say **.vote NAME** in chat`, `type **vote NAME**`."""
    return _mark("a", words, by_pm)


def command(words: Sequence[str], by_pm: bool = False) -> str:
    """Just the command words, for a line that says where already: `**.stick** or **.swap NAME**`."""
    return _mark("c", words, by_pm)


def privately() -> str:
    """How private things reach a player: `by PM` on Showdown, `privately` in the terminal."""
    return _mark("d", (), by_pm=True)


@dataclass(frozen=True)
class Voice:
    """Where a line is read: `room` with its command `prefix`, a PM, or the terminal."""

    where: str
    prefix: str = ""

    def command_text(self, word: str, by_pm: bool) -> str:
        """`.stick`: the words to send, with the prefix only on a room command read in a room or a PM."""
        return word if self.where == "terminal" or by_pm else f"{self.prefix}{word}"

    def words(self, words: Sequence[str], by_pm: bool) -> str:
        """`**.stick** or **.swap NAME**`: each command as `command_text` spells it, bold."""
        return " or ".join(f"**{self.command_text(word, by_pm)}**" for word in words)

    def instruction(self, words: Sequence[str], by_pm: bool) -> str:
        shown = self.words(words, by_pm)
        if self.where == "terminal":
            return f"type {shown}"
        if by_pm:
            return f"PM me {shown}" if self.where == "room" else f"reply {shown}"
        return f"say {shown} in chat" if self.where == "room" else f"say {shown} in the room"

    def spell(self, text: str) -> str:
        """`text` with each instruction in it spelled for this reader."""
        if MARK not in text:
            return text

        def spelled(match: re.Match[str]) -> str:
            kind, channel, words = match.groups()
            listed = words.split("|")
            by_pm = channel == "p"
            if kind == "d":
                return "privately" if self.where == "terminal" else "by PM"
            return self.instruction(listed, by_pm) if kind == "a" else self.words(listed, by_pm)

        return _INSTRUCTION.sub(spelled, text).replace(MARK, "")


TERMINAL = Voice("terminal")


def room(prefix: str) -> Voice:
    """The voice of a room whose commands start with `prefix`."""
    return Voice("room", prefix)


def pm(prefix: str) -> Voice:
    """The voice of a PM from the bot of a room whose commands start with `prefix`."""
    return Voice("pm", prefix)
