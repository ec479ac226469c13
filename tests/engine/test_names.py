"""A player's name never holds a separator of the client seed or the protocol, nor a control or
formatting character that would change how the lines around it read (Showdown's names never do)."""

from __future__ import annotations

import pytest

from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.ids import name_problem
from survivor_host.engine.inputs import Input
from survivor_host.themes import new_game

UNUSABLE = ["Ann,Bo", "Ann;x", "a|b", "Eve\nRoll", "\x1b[2KMars", "Io\u202e021", "Zed\u200b", "Li\u2028z"]


@pytest.mark.parametrize("name", UNUSABLE)
def test_a_name_with_a_separator_or_control_character_is_refused(name: str) -> None:
    assert name_problem(name) is not None
    with pytest.raises(SetupError, match="Not a usable name"):
        new_game("ftl", ["Venus", "Mars", name], seed=1)


@pytest.mark.parametrize("name", UNUSABLE)
def test_a_substitute_with_such_a_name_is_refused(name: str) -> None:
    game = new_game("ftl", ["Venus", "Mars", "Io", "Ceres"], seed=1)
    game.start()
    with pytest.raises(IllegalAction, match="Not a usable name"):
        game.apply(Input("sub", target="Io", new=name))


@pytest.mark.parametrize("name", ["Ann (x)", "J. Doe", "Ünïcødé", "a/b\\c", "Mr. ~Star~!"])
def test_names_showdown_allows_are_usable(name: str) -> None:
    assert name_problem(name) is None
    new_game("ftl", ["Venus", "Mars", name], seed=1)


def test_a_long_text_named_as_a_player_is_not_repeated_in_full() -> None:
    """A refusal quotes a name as typed, cut after the longest Showdown name: no long text comes back."""
    game = new_game("ftl", ["Venus", "Mars", "Io", "Ceres"], seed=1)
    game.start()
    with pytest.raises(IllegalAction) as refused:
        game.apply(Input("sub", target="Mars" + "x" * 500, new="Juno"))
    assert str(refused.value) == f'"Mars{"x" * 14}…" is not in this game.'
    with pytest.raises(IllegalAction, match=r'^"Pluto" is not in this game[.]$'):
        game.apply(Input("sub", target="Pluto", new="Juno"))


@pytest.mark.parametrize("name", ["host", "Host", "HOST"])
def test_a_player_is_never_named_as_the_record_names_the_host(name: str) -> None:
    """A record's inputs say `by: "host"` for the host: a player so named would replay as the host."""
    assert name_problem(name) is not None
    with pytest.raises(SetupError, match="names the host"):
        new_game("ftl", ["Venus", "Mars", name], seed=1)
    game = new_game("ftl", ["Venus", "Mars", "Io", "Ceres"], seed=1)
    game.start()
    with pytest.raises(IllegalAction, match="names the host"):
        game.apply(Input("sub", target="Io", new=name))
    assert Input.from_dict(Input("vote", by="Hosta", target="Venus").to_dict()).by == "Hosta"
