"""What people read (issue 8): replies never start with user text, prompts name the words to type and
where, permission errors name the rank, boxes are HTML, the vote is one box, re-prompts say where."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from survivor_host.bot.room import RoomHost
from survivor_host.showdown.text import HEAVY, PM_TEXT_LENGTH, message_len
from survivor_host.themes.ftl.game import FollowTheLeader
from survivor_host.words import html
from tests.host.test_hand_hosting import session_host
from tests.host.test_persistence import reopen
from tests.host.test_room import PLAYERS, ROOM, make_host, open_game, outbox

HOSTILE = ["/blockpms", "//me", "!dt pikachu", ">> 1", "   /leave", "\ufeff/logout", "／nick"]


LONGEST = "/" + HEAVY * 60 + " !" + "a" * 300
"""About as long as the server lets a user's line be (﷽ counts 11), starting like a command."""


@pytest.mark.parametrize(
    ("who", "line"),
    [("Watcher", f".follow {LONGEST}"), ("Watcher", f".games {LONGEST}"), ("Mars", f".roll {LONGEST}"),
     ("Mars", f".timer stop {LONGEST}")],
)  # fmt: skip
def test_a_reply_that_quotes_a_users_longest_line_is_one_pm(tmp_path: Path, who: str, line: str) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "hand").mkdir()
    game = make_host(tmp_path / "game", leader="vote")
    open_game(game, "ftl", PLAYERS)
    host: RoomHost = session_host(tmp_path / "hand") if who == "Mars" else game
    outbox(host).clear()
    host.handle_chat(" ", who, line)
    (reply,) = outbox(host).pms_to(who)
    assert message_len(reply) <= PM_TEXT_LENGTH, reply
    assert not reply.startswith(("/", "!")), reply


LONGEST_WORD = HEAVY * 89
"""About as long a word as the server lets a user's line hold after a short command."""


@pytest.mark.parametrize(
    ("signups", "line"),
    [(False, f".host {LONGEST_WORD}"), (False, f".host ftl {LONGEST_WORD}"), (True, f".set {LONGEST_WORD} 5"),
     (True, f".set leader {LONGEST_WORD}")],
)  # fmt: skip
def test_a_refusal_naming_an_unknown_word_quotes_a_long_one_cut_in_one_pm(
    tmp_path: Path, signups: bool, line: str
) -> None:
    host = make_host(tmp_path)
    if signups:
        host.handle_chat("+", "Hostess", ".host ftl")
    outbox(host).clear()
    host.handle_chat("+", "Hostess", line)
    (reply,) = outbox(host).pms_to("Hostess")
    assert message_len(reply) <= PM_TEXT_LENGTH, reply
    assert "…" in reply and reply.endswith("."), reply  # the word is cut, the list of known ones kept


def test_replies_quote_user_text_instead_of_starting_with_it(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="vote")
    open_game(host, "ftl", PLAYERS)
    voter = PLAYERS[0]
    for text in HOSTILE:
        outbox(host).clear()
        host.handle_chat(" ", voter, f".vote {text}")
        host.handle_chat(" ", voter, f".points {text}")
        replies = [t for _, _, t in outbox(host).sent]
        assert len(replies) == 2, replies
        for reply in replies:
            assert not reply.lstrip().startswith(("/", "!", ">>", "\ufeff", "／")), reply
    assert outbox(host).pms_to(voter)[0].startswith('"／nick" is not in this game. You can vote: Mars, ')


def test_permission_errors_name_the_rank_each_command_needs(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    for word in ("end", "modkill Venus", "sub Venus, Newcomer", "extend", "pick", "start", "set leader pick"):
        host.handle_chat(" ", "Nobody", f".{word}")
        command = word.split()[0]
        assert outbox(host).pms_to("Nobody")[-1] == f"Only room auth (+ and up) can use .{command}."
    host.handle_chat("+", "Voice", ".resetpoints")
    assert outbox(host).pms_to("Voice")[-1] == "Only room owners (# and up) can use .resetpoints."
    assert host.game is not None and all(seat.alive for seat in host.game.seats)


@pytest.mark.parametrize(
    ("sender", "command", "who"),
    [("Voice", "host ftl", "room auth (+ and up)"), ("Owner", "resetpoints", "room owners (# and up)")],
)
def test_a_ranked_command_by_pm_from_someone_not_in_the_room_says_to_join_it(
    tmp_path: Path, sender: str, command: str, who: str
) -> None:
    host = make_host(tmp_path)
    outbox(host).absent.add(sender.lower())
    host.handle_pm(sender, command)
    word = command.split()[0]
    assert outbox(host).pms_to(sender) == [f"Only {who} can use .{word} (I read your rank in survivor: join it first)."]
    assert host.signups is None


def test_pm_prompt_boxes_are_html_bold_never_raw_stars(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "cta", PLAYERS[:5], "all-at-once")
    boxes = [text for kind, _, text in outbox(host).sent if kind == "pmuhtml"]
    assert boxes
    for box in boxes:
        assert "**" not in box
        assert "<b>stick</b>" in box and f"[{ROOM}, round 1]" in box


def test_signups_box_shows_mod_titles(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    host.handle_chat("+", "Hostess", ".host ftl tug-of-war no-mercy")
    boxes = [text for kind, _, text in outbox(host).sent if kind in ("uhtml", "uhtmlchange")]
    assert "Tug of War" in boxes[-1] and "No Mercy" in boxes[-1]
    assert "tug-of-war" not in boxes[-1] and "no-mercy" not in boxes[-1]


def test_votes_are_one_box_updated_in_place_not_a_line_each(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, leader="vote")
    open_game(host, "ftl", PLAYERS[:4])
    lines_before = len(outbox(host).room_lines())
    host.handle_chat(" ", PLAYERS[0], ".vote Mars")
    host.handle_chat(" ", PLAYERS[2], "vote Mars")  # the bare word, as the prompt says it
    assert len(outbox(host).room_lines()) == lines_before
    changes = [text for kind, _, text in outbox(host).sent if kind == "uhtmlchange" and "first leader" in text]
    assert len(changes) == 2
    assert "<b>Mars</b> 2: Venus, Jupiter" in changes[-1] and "2 of 4 voted." in changes[-1]
    assert outbox(host).pms_to(PLAYERS[0])[-1] == "[survivor] You vote for **Mars**."
    host.handle_chat(" ", PLAYERS[1], ".vote Venus")
    host.handle_chat(" ", PLAYERS[3], ".vote Mars")
    game = host.game
    assert isinstance(game, FollowTheLeader) and game.phase != "vote"
    last = [text for kind, _, text in outbox(host).sent if kind == "uhtmlchange"][-1]
    assert "is over" in last and "<button" not in last
    assert "Votes: Venus 1, Mars 3." in outbox(host).room_lines()  # the one tally line


def test_without_html_the_room_sees_one_tally_line_for_the_vote(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="vote")
    open_game(host, "ftl", PLAYERS[:4])
    before = len(outbox(host).room_lines())
    for voter, target in zip(PLAYERS[:4], ["Mars", "Venus", "Mars", "Mars"], strict=True):
        host.handle_chat(" ", voter, f".vote {target}")
    after = outbox(host).room_lines()[before:]
    assert not any("votes for" in line for line in after)
    assert after[0] == "Votes: Venus 1, Mars 3."


def test_bare_words_are_taken_only_from_players_the_game_awaits(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "cta", PLAYERS[:5])
    game = host.game
    assert game is not None
    (wait,) = game.awaiting()
    other = next(seat.name for seat in game.alive() if seat.name != wait.player)
    outbox(host).clear()
    host.handle_chat(" ", other, "stick")  # chat from someone whose turn it is not: ignored, as chat
    assert outbox(host).sent == []
    host.handle_chat(" ", wait.player, "stick")
    assert any(f"**{wait.player}** sticks" in line for line in outbox(host).room_lines())


@pytest.mark.parametrize("typed", ["{p}swap {target}", "swap {target}"])
def test_public_prompts_name_words_the_bot_takes_as_written(tmp_path: Path, typed: str) -> None:
    """Each bold word in a room prompt is the room's command, with its prefix (issue 23), and is taken as
    written; the player it asks may also leave the prefix out."""
    host = make_host(tmp_path)
    open_game(host, "cta", PLAYERS[:5])
    game = host.game
    assert game is not None
    prompt = outbox(host).room_lines()[-1]
    (wait,) = game.awaiting()
    p = host.state.settings.prefix
    assert prompt.startswith(f"**{wait.player}**, your turn: **{p}stick** or **{p}swap NAME**")
    target = wait.targets[0]
    host.handle_chat(" ", wait.player, typed.format(p=p, target=target))
    assert any(f"**{wait.player}** wants to swap with **{target}**" in line for line in outbox(host).room_lines())


def test_reprompts_after_a_restart_say_room_round_what_and_how(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None
    owing = [wait.player for wait in game.awaiting()]
    again = reopen(tmp_path, host)
    expected = f"[{ROOM}, round 1] You still owe an action: **follow** or **rebel**. Reply here with follow or rebel."
    for name in owing:
        assert expected in outbox(again).pms_to(name), name


def test_public_reprompts_after_a_restart_give_the_prefix(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "cta", PLAYERS[:5])
    game = host.game
    assert game is not None
    (wait,) = game.awaiting()
    again = reopen(tmp_path, host)
    line = next(t for t in outbox(again).room_lines() if "still owe" in t)
    assert re.fullmatch(
        rf"\*\*{wait.player}\*\*, round 1: you still owe an action here in the room: "
        r"\*\*\.stick\*\* or \*\*\.swap NAME\*\* \(.+\)\.",
        line,
    ), line


def test_a_substitute_is_told_the_room_and_round_with_the_prompt(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None
    seat = game.awaiting()[0].player
    host.handle_chat("+", "Hostess", f".sub {seat}, Newcomer")
    prompts = [t for t in outbox(host).pms_to("Newcomer") if "Reply here" in t]
    assert prompts and prompts[0].startswith(f"[{ROOM}] Round 1: do you follow or rebel?")


def test_buttons_keep_hostile_names_inside_their_attribute() -> None:
    for name in ['x" onclick="alert(1)', "a<b>c</b>", "/leave", "a, /logout", "&amp;", "/botmsg x"]:
        for quiet, sent in ((False, "/msg Bot, "), (True, "/msgroom survivor, /botmsg Bot, ")):
            buttons = html.Buttons(bot="Bot", room="survivor", quiet=quiet)
            box = html.choice_box(buttons, f"**{name}**, your turn", [(f"Swap with {name}", f"swap {name}")])
            values = re.findall(r'value="([^"]*)"', box)
            assert values == [html.escape_html(f"{sent}swap {name}")]
            assert box.count("<button") == 1 and box.count("<b>") == 1


def test_after_a_restart_the_vote_is_asked_once_with_its_box(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, leader="vote")
    open_game(host, "ftl", PLAYERS[:4])
    host.handle_chat(" ", PLAYERS[0], ".vote Mars")
    again = reopen(tmp_path, host, html=True)
    owed = [line for line in outbox(again).room_lines() if "not voted yet" in line]
    assert owed == [  # F2: not voting is not punished, so the reminder does not say they owe it
        "**Mars**, **Jupiter** and **Saturn**, before round 1: you have not voted yet, here in the room: "
        "**.vote NAME** (not yourself)."
    ]
    boxes = [text for kind, _, text in outbox(again).sent if kind == "uhtml" and "first leader" in text]
    assert len(boxes) == 1 and "<b>Mars</b> 1: Venus" in boxes[0]


def test_a_vote_for_a_player_modkilled_during_the_vote_is_cast_again(tmp_path: Path) -> None:  # F2, G6
    host = make_host(tmp_path, leader="vote")
    open_game(host, "ftl", PLAYERS[:5])
    prefix = host.state.settings.prefix
    host.handle_chat(" ", PLAYERS[0], ".vote Mars")
    host.handle_chat(" ", PLAYERS[2], ".vote Mars")
    host.handle_chat(" ", PLAYERS[3], ".vote Venus")
    host.handle_chat("+", "Hostess", ".modkill Mars")
    again = f"Vote again: say **{prefix}vote NAME** in the room."
    told = f"[survivor] **Mars** is out, so your vote no longer counts. {again}"
    assert outbox(host).pms_to(PLAYERS[0])[-1] == told and outbox(host).pms_to(PLAYERS[2])[-1] == told
    assert outbox(host).pms_to(PLAYERS[3])[-1] == "[survivor] You vote for **Venus**."
    game = host.game
    assert isinstance(game, FollowTheLeader) and sorted(w.player for w in game.awaiting()) == sorted(
        [PLAYERS[0], PLAYERS[2], PLAYERS[4]]
    )


def test_a_spotlight_prompt_is_tagged_with_its_turn(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "hgs", PLAYERS[:4])
    game = host.game
    assert game is not None
    (owed,) = game.awaiting()
    boxes = outbox(host).pms_to(owed.player)
    assert any(f"[{ROOM}, turn {game.round}] " in box for box in boxes)
    assert not any(f"[{ROOM}, round" in box for box in boxes)


def test_a_name_holding_bold_marks_stays_whole_in_the_vote_box(tmp_path: Path) -> None:
    """The tally bolds each candidate (`**NAME**` made `<b>`): a candidate `ab**cd` showed as `ab` in bold
    and `cd**`, and two voters' marks bolded the text between them."""
    host = make_host(tmp_path, html=True, leader="vote")
    players = ["ab**cd", "Venus", "x**y", "z**w"]
    open_game(host, "ftl", players)
    host.handle_chat(" ", "x**y", ".vote ab**cd")
    host.handle_chat(" ", "z**w", ".vote ab**cd")
    box = [text for kind, _, text in outbox(host).sent if kind == "uhtmlchange" and "first leader" in text][-1]
    tally = box.split("<br />")[-2]
    assert re.sub("[\u2060]", "", tally) == "<b>ab**cd</b> 2: x**y, z**w", tally


def test_a_name_holding_bold_marks_stays_whole_in_a_prompt_box(tmp_path: Path) -> None:
    """A box's text turns the bot's `**bold**` into `<b>`: `You chose **Swap with x**y**.` showed `x` in bold
    and `y**`, and two such names in a prompt bolded the text between them."""
    host = make_host(tmp_path, html=True)
    open_game(host, "cta", ["ab**cd", "x**y", "u**v", "Mars"], "all-at-once")
    host.handle_pm("ab**cd", "swap x**y")
    sent = outbox(host).sent
    boxes = [
        re.sub("\u2060", "", text).split("<br />")[0] for kind, to, text in sent if "uhtml" in kind and to == "ab**cd"
    ]
    assert any("Swap round 1: reply <b>stick</b> or <b>swap NAME</b> (x**y, u**v and Mars)." in box for box in boxes)
    assert any("You chose <b>Swap with x**y</b>. To change it:" in box for box in boxes), boxes
