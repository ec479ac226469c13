"""What players see of the bot's buttons (issue 28 item 3) and the wait each button answers (issue 27
item 6), in-process: a prompt updated in place after a choice, quiet vote buttons, labels in words, a
stale click refused, the deadline that waits for the server to catch up."""

from __future__ import annotations

import re
from pathlib import Path

from survivor_host.themes import THEMES
from tests.host.test_room import PLAYERS, clock, make_host, open_game, outbox

IDLE = "did not answer before the deadline (idle)"


def changes_to(host: object, name: str) -> list[str]:
    return [text for kind, who, text in outbox(host).sent if kind == "pmuhtmlchange" and who == name]  # type: ignore[arg-type]


def buttons(box: str) -> list[tuple[str, str]]:
    """(value, label) of each button in a box."""
    return re.findall(r'<button class="button" name="send" value="([^"]*)">([^<]*)</button>', box)


def test_a_pm_prompt_shows_the_choice_in_place_and_offers_a_change(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, leader="pick")
    open_game(host, "ftl", PLAYERS[:4])
    game = host.game
    assert game is not None
    name = game.awaiting()[0].player
    tag = f"[w{host.game_id}.{game.wait_id}]"
    host.handle_pm(name, f"follow {tag}")  # the prompt's own button (the bot routes it by its room)
    (box,) = changes_to(host, name)
    assert "You chose <b>Follow</b>. To change it:" in box
    assert [label for _, label in buttons(box)] == ["Change to Rebel"]  # the chosen one's button is gone
    assert buttons(box)[0][0].endswith(f"survivor rebel {tag}")
    host.handle_pm(name, f"rebel {tag}")  # the change, by its button
    box = changes_to(host, name)[-1]
    assert "You chose <b>Rebel</b>" in box and [label for _, label in buttons(box)] == ["Change to Follow"]
    assert game.choices[game.seat(name).index] == "rebel"


def test_no_box_keeps_live_buttons_once_its_wait_has_passed(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, leader="pick")
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None
    owed = [wait.player for wait in game.awaiting()]
    for name in owed:
        host.handle_pm(name, "follow")  # typed: taken as before
    assert game.wait_id > 1
    tag = f"[w{host.game_id}.{game.wait_id}]"
    closed = 0
    for name in owed:
        kind, box = [(kind, text) for kind, who, text in outbox(host).sent if who == name and "uhtml" in kind][-1]
        assert all(value.endswith(tag) for value, _ in buttons(box)), (name, box)  # only the current wait's
        if kind == "pmuhtmlchange":
            assert "You chose <b>Follow</b>." in box and buttons(box) == []
            closed += 1
    assert closed  # someone was not asked again this time: their box shows the choice, no buttons


def test_a_click_for_a_wait_that_has_passed_is_refused(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, leader="pick", reminder=0)
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None
    old = f"[w{host.game_id}.{game.wait_id - 1}]"  # a button of an earlier wait
    name = game.awaiting()[0].player
    host.handle_pm(name, f"rebel {old}")
    assert game.seat(name).index not in game.choices  # not counted for the current wait
    assert "That button was for a question that is over" in outbox(host).pms_to(name)[-1]
    other = f"[w{(host.game_id or 0) + 1}.{game.wait_id}]"  # the same wait number of another game
    host.handle_pm(name, f"rebel {other}")
    assert game.seat(name).index not in game.choices
    host.handle_pm(name, "rebel")  # typed, no tag: taken
    assert game.choices[game.seat(name).index] == "rebel"


def test_room_vote_buttons_reach_the_bot_alone_and_a_spectator_is_answered(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "ftl", ["Venus", "Mars", "Io"])
    game = host.game
    assert game is not None
    box = next(text for kind, _, text in outbox(host).sent if kind == "uhtml" and "Vote for the first leader" in text)
    values = [value for value, _ in buttons(box)]
    assert values and all(
        value.startswith("/msgroom survivor, /botmsg SurvivorBot, survivor vote ") for value in values
    )
    spectator_click = values[0].split(", ", 2)[2].removeprefix("survivor ")
    host.handle_pm("Watcher", spectator_click)
    assert outbox(host).pms_to("Watcher"), "the spectator is answered"
    assert not any("Watcher" in line for line in outbox(host).room_lines())


def test_button_labels_read_as_words() -> None:
    ftl = THEMES["ftl"]
    assert ftl.button_label("noscapegoat", None) == "No scapegoat"
    assert ftl.button_label("nosuspect", None) == "No suspect"
    for spec in THEMES.values():  # no label glues `no` to a word
        for action in spec.load_game().PLAYER_ACTIONS:
            assert not re.match(r"No[a-z]", spec.button_label(action, None)), action


def test_an_unregistered_name_is_told_to_register_and_a_blocker_to_unblock() -> None:
    from survivor_host.bot.reach import reach_hint

    unregistered = reach_hint("That user is unregistered and cannot be PMed.")
    assert "register yours" in unregistered and "unblockpms" not in unregistered
    assert "/unblockpms" in reach_hint("This user is blocking private messages right now.")
    assert "/unblockpms" in reach_hint("This user is currently blocking PMs.")
    assert "locked" in reach_hint('The user "x" is locked and cannot be PMed.')


def test_inputs_the_server_received_before_the_deadline_count(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick", reminder=0)
    open_game(host, "ftl", PLAYERS[:4])
    game = host.game
    assert game is not None
    out = outbox(host)
    out.hold_caught_up = True  # the server is slow to pass on what it received
    owed = [wait.player for wait in game.awaiting()]
    clock(host).advance(121)  # the bot's clock says time is up
    assert out.catching_up, "the bot asks the server to catch up first"
    for name in owed:  # what the server received in time reaches the bot before its answer
        host.handle_pm(name, "follow")
    out.answer_caught_up()
    assert not any(IDLE in line for line in out.room_lines())
    assert all(game.seat(name).alive or game.round > 1 for name in owed[:1])


def test_a_stalled_server_pauses_the_game_with_one_line_and_resumes_it(tmp_path: Path) -> None:
    from survivor_host.bot.deadlines import RESUME_LEFT, STALL_PAUSE

    host = make_host(tmp_path, leader="pick", reminder=0)
    open_game(host, "ftl", PLAYERS[:4])
    game = host.game
    assert game is not None
    out = outbox(host)
    out.hold_caught_up = True
    clock(host).advance(120 + STALL_PAUSE + 30)
    paused = [line for line in out.room_lines() if "The server is not answering" in line]
    assert len(paused) == 1 and not any(IDLE in line for line in out.room_lines())
    out.hold_caught_up = False
    out.answer_caught_up()
    assert any("The server answers again" in line for line in out.room_lines())
    clock(host).advance(RESUME_LEFT - 1)
    assert not any(IDLE in line for line in out.room_lines())  # the players get time back
    clock(host).advance(2)
    assert any(IDLE in line for line in out.room_lines())  # then the deadline holds
