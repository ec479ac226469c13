"""The terminal's help names every choice a theme's own spelling leaves to fill in."""

from __future__ import annotations

from survivor_host.terminal.questions import asks, help_lines
from survivor_host.terminal.table import seat_names
from survivor_host.themes import new_game


def test_rock_paper_scissors_help_lists_the_targets_and_the_weapons() -> None:
    game = new_game("rps", seat_names(4), seed="help")
    game.start()
    player = game.awaiting()[0].player
    options = game.legal_inputs(player)
    lines = help_lines(options, asks(game), game.spec.usage)
    others = [name for name in seat_names(4) if name != player]
    assert f"NAME is {others[0]}, {others[1]} or {others[2]}; WEAPON is rock, paper or scissors" in lines[1]


def test_a_plain_action_lists_its_names() -> None:
    game = new_game("ftl", seat_names(5), seed="help")
    game.start()
    player = game.awaiting()[0].player
    lines = help_lines(game.legal_inputs(player), asks(game), game.spec.usage)
    assert any(line.strip().startswith("vote NAME  NAME is ") for line in lines)
