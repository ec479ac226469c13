"""The host's player list page (`/sendhtmlpage`): Eliminate / Revive / Rename / Remove per player and
a button that posts the list in the room. Every button PMs the bot `ROOM list ACTION NAME`; every
name is escaped."""

from __future__ import annotations

from survivor_host.bot.handhost.session import HandSession, names_text
from survivor_host.engine.ids import to_id
from survivor_host.showdown.protocol import escape_html
from survivor_host.showdown.serverhtml import Buttons


def list_text(session: HandSession) -> str:
    """`Mars's list (9 in): A, B, C · out: X (after #7), Y (after #9)`: what `list post` says."""
    still = session.still_in()
    outs = []
    for userid in session.out:
        shown = session.shown.get(userid, userid)
        step = next((e["step"] for e in reversed(session.list_events) if e["event"] in ("out", "remove")
                     and to_id(e["name"]) in (userid, to_id(shown))), None)  # fmt: skip
        outs.append(f"{shown} (after #{step})" if step else shown)
    out_text = f" · out: {', '.join(outs)}" if outs else ""
    return f"{session.host}'s list ({len(still)} in): {names_text(still)}{out_text}"


def rename_form(buttons: Buttons, room: str, name: str) -> str:
    """A text box and a button: the client sends the bot `ROOM list rename NAME, NEW` with what was typed."""
    command = escape_html(buttons.to_bot(f"{room} list rename {name}, {{newname}}"))
    return (
        f'<form data-submitsend="{command}" style="display:inline">'
        '<input name="newname" size="12" placeholder="new name" /> '
        '<button class="button" type="submit">Rename</button></form>'
    )


def list_page(session: HandSession, buttons: Buttons, room: str) -> str:
    """The whole page, built again after every change (the bot sends it to the host each time)."""
    rows = []
    for player in session.players:
        userid = to_id(player)
        shown = session.shown.get(userid, player)
        out = userid in session.out
        toggle = ("Revive", "revive") if out else ("Eliminate", "out")
        controls = " ".join((
            buttons.bot_button(toggle[0], f"{room} list {toggle[1]} {shown}"),
            rename_form(buttons, room, shown),
            buttons.bot_button("Remove", f"{room} list remove {shown}"),
        ))  # fmt: skip
        state = "<i>out</i>" if out else "in"
        rows.append(f"<tr><td>{escape_html(shown)}</td><td>{state}</td><td>{controls}</td></tr>")
    nobody = "nobody yet: players join with /me in" if session.open_for_signups else "nobody on the list"
    body = "".join(rows) or f'<tr><td colspan="3"><i>{nobody}</i></td></tr>'
    phase = (
        "signups open"
        if session.open_for_signups
        else f"{len(session.draws)} {'draw' if len(session.draws) == 1 else 'draws'} so far"
    )
    return (
        f'<div class="pad"><h2>Session h{session.id}: {escape_html(session.host)}\'s player list</h2>'
        f"<p>{escape_html(phase)}; {len(session.still_in())} in, {len(session.out)} out. This list is your "
        "bookkeeping: it changes nothing on its own (pick and shuffle with no names use the players still in).</p>"
        f"<table><tr><th>Player</th><th></th><th></th></tr>{body}</table><p>"
        + buttons.bot_button("Post the list in the room", f"{room} list post")
        + " "
        + buttons.bot_button("Refresh", f"{room} list")
        + "</p></div>"
    )
