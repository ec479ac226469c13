"""Where a line says how a secret choice is sent, it is spelled for its reader: "by PM" in the room and in
a PM, "privately" in the terminal, whose instructions say what to type there (TERMINAL.md). The openings,
the nicknames' call, the rounds' lines and the `rules` answer alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.engine.inputs import Input
from survivor_host.engine.render import render
from survivor_host.engine.voice import MARK, TERMINAL, room
from survivor_host.terminal.table import seat_names
from survivor_host.themes import THEMES, new_game
from survivor_host.words.info import rules_text
from tests.host.test_room import PLAYERS, make_host, open_game, outbox

SECRET_BY_PM = ("hg", "hga", "exclusions", "rps")
"""Themes whose opening says that attacks (and nicknames) are sent by PM."""


def opening(theme: str) -> list[str]:
    """The public lines from the start to the first round's line, unspelled."""
    game = new_game(theme, seat_names(5), seed="pm")
    return [line for event in game.start() if event.to is None and (line := render(event))]


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_terminal_is_never_told_to_pm(theme: str) -> None:
    said = [TERMINAL.spell(line) for line in opening(theme)] + [TERMINAL.spell(rules_text(theme, (), {}))]
    for mods in THEMES[theme].legal_mod_sets():
        said.append(TERMINAL.spell(rules_text(theme, mods, {})))
    assert not [line for line in said if "PM" in line]


@pytest.mark.parametrize("theme", SECRET_BY_PM)
def test_the_room_keeps_its_pm_wording_and_the_terminal_says_privately(theme: str) -> None:
    rules = [line for line in opening(theme) if "Last one" in line]
    assert rules and "by PM" in room("$").spell(rules[0]) and "privately" in TERMINAL.spell(rules[0])
    answer = rules_text(theme, (), {})
    assert "by PM" in room("$").spell(answer) and "privately" in TERMINAL.spell(answer)


def test_the_nicknames_call_and_an_exclusions_round_are_spelled_for_each_reader() -> None:
    game = new_game("exclusions", ["Ann", "Bob", "Cid"], seed="pm")
    lines = [line for event in game.start() if (line := render(event))]
    for name in ("Ann", "Bob", "Cid"):
        lines += [line for event in game.apply(Input("nick", by=name, target=f"{name}X")) if (line := render(event))]
    call = next(line for line in lines if line.startswith("**Nicknames:**"))
    assert room("$").spell(call) == "**Nicknames:** send me yours by PM now; nobody else is told."
    assert TERMINAL.spell(call) == "**Nicknames:** send me yours privately now; nobody else is told."
    round_line = next(line for line in lines if line.startswith("**Round 1.**"))
    assert "Attacks by PM, naming a username." in room("$").spell(round_line)
    assert "Attacks privately, naming a username." in TERMINAL.spell(round_line)


def test_the_bots_rules_reply_is_spelled_for_the_room_and_for_a_pm(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "hga", PLAYERS)
    sent = outbox(host).sent
    sent.clear()
    host.handle_chat(" ", "Watcher", ".rules")
    host.handle_pm("Other", "rules")
    replies = [text for kind, _, text in sent if kind in ("say", "pm") and "Hunger Games Anon" in text]
    assert len(replies) == 2 and all("by PM" in text and MARK not in text for text in replies)


def test_a_choice_sent_with_a_name_while_voting_is_told_it_is_not_time_to_choose(tmp_path: Path) -> None:
    """Told that `rebel` is typed alone, the voter would send `rebel` and only then learn that nobody
    chooses yet: the reason it is refused now comes first."""
    host = make_host(tmp_path)
    open_game(host, "ftl", PLAYERS[:4])
    outbox(host).clear()
    host.handle_pm("Venus", "rebel Mars")
    told = "The first leader has not been chosen yet. Now you can send **vote NAME**; **help** says more."
    assert outbox(host).pms_to("Venus") == [told]
