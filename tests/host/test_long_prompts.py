"""A plain-text PM prompt (a client with no buttons) names the legal targets once, and in parts headed
`Targets (1 of N)` when one PM cannot hold them: every part is one PM the server takes."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.room import RoomHost
from survivor_host.showdown.text import PM_TEXT_LENGTH, message_len, split_text
from tests.host.test_room import make_host, open_game, outbox

LONG_NAMES = [f"Player{index:02d}-longname!" for index in range(60)]


def swap_prompt(host: RoomHost, name: str) -> list[str]:
    """The messages the client sends `name` for the first swap round's prompt (the plain PM, split as
    the client splits a PM)."""
    text = next(text for kind, who, text in outbox(host).sent if kind == "pm" and who == name and "Swap round" in text)
    return split_text(text, PM_TEXT_LENGTH)


def targets_of(host: RoomHost, name: str) -> list[str]:
    assert host.game is not None
    return [option.target for option in host.game.legal_inputs(name) if option.target]


def test_thirty_long_names_are_named_once_in_one_pm(tmp_path: Path) -> None:
    assert all(len(name) == 18 for name in LONG_NAMES)
    host = make_host(tmp_path)
    open_game(host, "cta", LONG_NAMES[:30], "all-at-once")
    player = LONG_NAMES[0]
    (message,) = swap_prompt(host, player)
    assert message_len(message) <= PM_TEXT_LENGTH
    targets = targets_of(host, player)
    assert len(targets) > 20
    assert all(message.count(target) == 1 for target in targets)
    assert "Reply here with stick or swap (targets: " in message


def test_too_many_targets_for_one_pm_go_in_parts_headed_targets_k_of_n(tmp_path: Path) -> None:
    host = make_host(tmp_path, max_players=60)
    open_game(host, "cta", LONG_NAMES, "all-at-once")
    player = LONG_NAMES[0]
    first, *parts = swap_prompt(host, player)
    assert len(parts) >= 2
    assert f"the targets are in the next {len(parts)} PMs." in first
    assert all(message_len(message) <= PM_TEXT_LENGTH for message in [first, *parts])
    named: list[str] = []
    for number, part in enumerate(parts, start=1):
        head, listed = part.split(": ", 1)
        assert head == f"Targets ({number} of {len(parts)})"
        named += listed.split(", ")
    assert named == targets_of(host, player)
    assert not any(target in first for target in named)


def test_a_refused_prompt_box_falls_back_to_the_same_plain_pms(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, max_players=60)
    open_game(host, "cta", LONG_NAMES, "all-at-once")
    box = next(text for kind, who, text in outbox(host).sent if kind == "pmuhtml" and who == LONG_NAMES[0])
    (fallback,) = outbox(host).fallbacks[box]
    messages = split_text(fallback, PM_TEXT_LENGTH)
    assert [message.split(": ", 1)[0] for message in messages[1:]] == [
        f"Targets ({number} of {len(messages) - 1})" for number in range(1, len(messages))
    ]
