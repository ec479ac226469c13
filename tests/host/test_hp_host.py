"""Hot Potato in the bot's room host: the holder's pass is a public action said in the room, with a button
per legal target; the phantom `constructor` target is refused by PM with the buttons again (7a, BG2); the
holder is reminded and, idle at the room's public deadline, is out and a new round draws a holder (3.5, BG5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.host.test_room import PLAYERS, clock, make_host, open_game, outbox


def holder_of(host_game: object) -> str:
    waits = host_game.awaiting()  # type: ignore[attr-defined]
    assert len(waits) == 1 and waits[0].actions == ("pass",) and not waits[0].secret
    return str(waits[0].player)


def test_the_constructor_target_is_refused_and_the_holder_keeps_their_buttons(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "hp", PLAYERS[:4])
    game = host.game
    assert game is not None
    holder = holder_of(game)
    outbox(host).clear()
    host.handle_chat(" ", holder, ".pass constructor")
    sent = [(kind, text) for kind, who, text in outbox(host).sent if who == holder]
    assert [kind for kind, _ in sent] == ["pm", "pmuhtml"]
    assert '"constructor" is not in this game. You may pass to:' in sent[0][1]
    for other in PLAYERS[:4]:
        assert (f"pass {other}" in sent[1][1]) is (other != holder)  # a button for every legal target
    assert not outbox(host).room_lines() and holder_of(game) == holder and game.tosses_left() == 3  # type: ignore[attr-defined]


def test_an_idle_holder_is_reminded_then_out_and_a_new_round_begins(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "hp", PLAYERS[:4])
    game = host.game
    assert game is not None
    holder = holder_of(game)
    deadline = game.opt_int("public_deadline")
    clock(host).advance(deadline - game.opt_int("reminder") + 1)
    assert any(line.startswith(f"Waiting on: {holder}") for line in outbox(host).room_lines())
    clock(host).advance(game.opt_int("reminder"))
    assert not game.seat(holder).alive and game.round == 2
    assert holder_of(game) != holder


@pytest.mark.parametrize("renamed", ["{holder} Two", "<b>{holder}</b>", "/wall {holder}", "!dt {holder}", ">>{holder}"])
def test_a_holder_who_renames_keeps_their_live_prompt_box(tmp_path: Path, renamed: str) -> None:  # G5
    """A rename keeps the seat, and the seat's prompt box too: the server takes a PM to the old name to the
    renamed user, and both boxes share one name, so closing the old one ("This question is over.") after
    the new prompt would blank the holder's live buttons. A hostile new name is escaped in the box and
    never starts a line the bot sends."""
    host = make_host(tmp_path, html=True)
    open_game(host, "hp", PLAYERS[:4])
    game = host.game
    assert game is not None
    holder = holder_of(game)
    new = renamed.format(holder=holder)
    host.handle_rename(new, holder.lower())
    target = next(name for name in PLAYERS[:4] if name != holder)
    outbox(host).clear()
    host.handle_chat(" ", new, f".pass {target}")
    boxes = [(kind, text) for kind, who, text in outbox(host).sent if who in (holder, new) and "uhtml" in kind]
    assert not any("This question is over." in text for _, text in boxes), boxes
    if holder_of(game) == new:  # the pass failed: the holder's last box is the live prompt with buttons
        assert boxes[-1][0] == "pmuhtml" and f"pass {target}" in boxes[-1][1]
    assert not any(new in text for _, text in boxes if "<" in new)  # markup in a name is escaped in every box
    assert not any(line.startswith(("/", "!", ">>")) for line in outbox(host).room_lines())
