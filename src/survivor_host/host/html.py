"""HTML the bot posts where it has the `*` rank: buttons, the signups box, the leaderboard."""

from __future__ import annotations

import re
from collections.abc import Sequence

from survivor_host.engine.events import RoundTable
from survivor_host.showdown.protocol import escape_html

BOLD = re.compile(r"\*\*(.+?)\*\*")


def chat_html(text: str) -> str:
    """Chat text as HTML: escaped, with the chat's `**bold**` as `<b>bold</b>` (never raw `**`)."""
    return BOLD.sub(r"<b>\1</b>", escape_html(text))


def pm_button(bot: str, label: str, command: str) -> str:
    """A button whose click makes the clicker PM `command` to the bot."""
    value = escape_html(f"/msg {bot}, {command}")
    return f'<button class="button" name="send" value="{value}">{escape_html(label)}</button>'


def room_button(label: str, text: str) -> str:
    """A button that says `text` in the room it is shown in."""
    return f'<button class="button" name="send" value="{escape_html(text)}">{escape_html(label)}</button>'


def choice_box(bot: str, text: str, commands: Sequence[tuple[str, str]]) -> str:
    """A prompt with one button per (label, command)."""
    buttons = " ".join(pm_button(bot, label, command) for label, command in commands)
    return f'<div class="infobox">{chat_html(text)}<br />{buttons}</div>'


def room_choice_box(text: str, commands: Sequence[tuple[str, str]], tally: Sequence[str] = ()) -> str:
    """A box in the room whose buttons say a command in the room as the clicker; `tally` lines
    (chat text) below the buttons, e.g. the votes so far."""
    buttons = " ".join(room_button(label, command) for label, command in commands)
    below = "".join(f"<br />{chat_html(line)}" for line in tally)
    return f'<div class="infobox">{chat_html(text)}<br />{buttons}{below}</div>'


def signups_box(title: str, mods: Sequence[str], players: Sequence[str], closed: bool = False) -> str:
    """The signups box, refreshed in place as players join and leave; `mods` are the mods' titles."""
    mods_text = f" ({escape_html(', '.join(mods))})" if mods else ""
    names = escape_html(", ".join(players)) or "<i>nobody yet</i>"
    head = f"<b>{escape_html(title)}</b>{mods_text}: " + ("signups are closed" if closed else "signups are open!")
    buttons = "" if closed else "<br />" + room_button("Join", "/me in") + " " + room_button("Leave", "/me out")
    return f'<div class="infobox">{head}<br /><b>PL ({len(players)}):</b> {names}{buttons}</div>'


def leaderboard_box(room_title: str, rows: Sequence[tuple[str, int]]) -> str:
    body = "".join(
        f"<tr><td>{rank}</td><td>{escape_html(name)}</td><td>{points}</td></tr>"
        for rank, (name, points) in enumerate(rows, start=1)
    )
    return (
        f'<div class="infobox"><b>{escape_html(room_title)} leaderboard</b><table>'
        f"<tr><th>#</th><th>Name</th><th>Points</th></tr>{body}</table></div>"
    )


def round_table_box(table: RoundTable) -> str:
    """A round's results for `/addhtmlbox` (which puts it in PS's infobox): a title, a header row,
    one row per player, notes under it."""
    head = "".join(f"<th>{escape_html(column)}</th>" for column in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{escape_html(cell)}</td>" for cell in row) + "</tr>" for row in table.rows)
    notes = "".join(f"<br />{escape_html(note)}" for note in table.notes)
    return f'<b>{escape_html(table.title)}</b><table class="table"><tr>{head}</tr>{body}</table>{notes}'
