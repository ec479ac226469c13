"""The one place the bot's HTML is built: buttons, the signups box, prompts, the vote box, round tables,
the leaderboard. Every piece ends in `passable`, so the server's `here` check never refuses a name."""

from __future__ import annotations

import re
from collections.abc import Sequence

from survivor_host.engine.events import RoundTable
from survivor_host.engine.render import join_names
from survivor_host.showdown.protocol import escape_html
from survivor_host.showdown.serverhtml import Buttons, passable

BOLD = re.compile(r"\*\*(.+?)\*\*")

__all__ = [
    "Buttons", "box", "chat_html", "choice_box", "leaderboard_box", "round_table_box",
    "signups_box",
]  # fmt: skip


def chat_html(text: str) -> str:
    """Chat text as HTML: escaped, with the chat's `**bold**` as `<b>bold</b>` (never raw `**`)."""
    return BOLD.sub(r"<b>\1</b>", escape_html(text))


def box(inner: str) -> str:
    """An infobox around HTML built here, as the server will take it."""
    return passable(f'<div class="infobox">{inner}</div>')


def choice_box(buttons: Buttons, text: str, commands: Sequence[tuple[str, str]], tally: Sequence[str] = ()) -> str:
    """A prompt (or the room's vote) with one button per (label, command), each sending its command to the
    bot alone (quietly where the bot's rank allows: a click says nothing in the room); `tally` lines (chat
    text) below, e.g. the votes."""
    row = " ".join(buttons.bot_button(label, command) for label, command in commands)
    below = "".join(f"<br />{chat_html(line)}" for line in tally)
    return box(chat_html(text) + (f"<br />{row}" if row else "") + below)


def signups_box(
    title: str, mods: Sequence[str], players: Sequence[str], closed: bool = False, buttons: Buttons | None = None
) -> str:
    """The signups box, refreshed in place as players join and leave; `mods` are the mods' titles.
    Its buttons say `/me in` and `/me out`; where the room allows no such button, they ask the bot."""
    buttons = buttons or Buttons(bot="", room="")
    mods_text = f" ({escape_html(join_names(list(mods)))})" if mods else ""
    names = escape_html(", ".join(players)) or "<i>nobody yet</i>"
    head = f"<b>{escape_html(title)}</b>{mods_text}: " + ("signups are closed" if closed else "signups are open!")
    join = buttons.room_button("Join", "/me in", f"{buttons.named_room} in")
    leave = buttons.room_button("Leave", "/me out", f"{buttons.named_room} out")
    row = "" if closed else f"<br />{join} {leave}"
    return box(f"{head}<br /><b>PL ({len(players)}):</b> {names}{row}")


def leaderboard_box(room_title: str, rows: Sequence[tuple[str, int]]) -> str:
    body = "".join(
        f"<tr><td>{rank}</td><td>{escape_html(name)}</td><td>{points}</td></tr>"
        for rank, (name, points) in enumerate(rows, start=1)
    )
    return box(
        f"<b>{escape_html(room_title)} leaderboard</b><table>"
        f"<tr><th>#</th><th>Name</th><th>Points</th></tr>{body}</table>"
    )


def round_table_box(table: RoundTable) -> str:
    """A round's results for `/addhtmlbox` (which puts it in PS's infobox): a title, a header row,
    one row per player, notes under it."""
    head = "".join(f"<th>{escape_html(column)}</th>" for column in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{escape_html(cell)}</td>" for cell in row) + "</tr>" for row in table.rows)
    notes = "".join(f"<br />{escape_html(note)}" for note in table.notes)
    return passable(f'<b>{escape_html(table.title)}</b><table class="table"><tr>{head}</tr>{body}</table>{notes}')
