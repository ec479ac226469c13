"""Theme declarations: one spec per theme is all that front ends read (issue 13 item 1)."""

from __future__ import annotations

import re

import pytest

from survivor_host.ai import make_strategy
from survivor_host.engine.errors import SetupError
from survivor_host.themes import THEMES, theme_class, theme_spec


@pytest.mark.parametrize("theme", list(THEMES))
def test_each_spec_names_its_game_and_strategies(theme: str) -> None:
    spec = THEMES[theme]
    assert spec.game.spec is spec and spec.game.theme == spec.id and spec.game.title == spec.title
    assert spec.default_strategy in spec.strategies()
    assert make_strategy(theme).name
    assert theme_spec(spec.title) is spec and theme_class(spec.id.upper()) is spec.game


def test_mods_by_id_or_alias_in_the_theme_order() -> None:
    cta = theme_spec("cta")
    assert cta.normalize_mods(["aao", "Glue", "adhesive"]) == ("adhesive", "all-at-once")
    with pytest.raises(SetupError, match="Jester's Duel and The Joker cannot be combined"):
        cta.normalize_mods(["joker", "jester"])
    with pytest.raises(SetupError, match="mods are: tug-of-war, no-mercy"):
        theme_spec("ftl").normalize_mods(["Tug of Peace"])


def test_button_labels_come_from_the_spec() -> None:
    assert theme_spec("cta").button_label("swap", "Mars") == "Swap with Mars"
    assert theme_spec("cta").button_label("stick", None) == "Stick"
    assert theme_spec("ftl").button_label("vote", "Io") == "Vote Io"
    vote = theme_spec("ftl").vote_box
    assert vote is not None and vote.phase == "vote" and theme_spec("cta").vote_box is None


def test_unknown_theme_names_the_known_ones() -> None:
    with pytest.raises(SetupError, match="themes are: ftl, cta"):
        theme_spec("uno")


def test_host_commands_of_every_theme_come_from_the_specs() -> None:
    from survivor_host.bot.room import HOST_COMMANDS
    from survivor_host.themes import THEME_HOST_ACTIONS

    assert set(THEME_HOST_ACTIONS) == {"pick", "elim"} <= set(HOST_COMMANDS)
    for spec in THEMES.values():
        assert spec.host_actions == spec.game.THEME_HOST_ACTIONS


def test_legal_mod_sets_are_every_combination_a_game_accepts() -> None:
    """The contract suite and bench/engine_diff.py play every set this gives."""
    ftl = theme_spec("ftl").legal_mod_sets()
    assert ftl == [(), ("tug-of-war",), ("no-mercy",), ("tug-of-war", "no-mercy")]
    cta = theme_spec("cta").legal_mod_sets()
    assert len(cta) == 2**5 - 2**3  # every subset of five mods but those with Jester's Duel and The Joker
    assert not any({"jesters-duel", "the-joker"} <= set(mods) for mods in cta)
    for mods in cta:
        assert theme_spec("cta").normalize_mods(mods) == mods


@pytest.mark.parametrize(
    ("word", "owners"),
    [("hpt", "Hot Potato (hp)"), ("AAO", "Chase the Ace (cta)"), ("golf", "(exclusions)"), ("NoMercy", "(ftl)")],
)
def test_a_mod_named_as_a_theme_is_told_which_themes_it_belongs_to(word: str, owners: str) -> None:
    with pytest.raises(
        SetupError,
        match=rf"^'{word}' is a mod of .*{re.escape(owners)}.*, not a theme: name the theme, then the mod\.$",
    ):
        theme_spec(word)
    with pytest.raises(SetupError, match=r"^Unknown theme 'chess'; themes are: "):
        theme_spec("chess")
