"""`$host hgs, golf`: the theme's word and its mods, with or without commas (modes.txt 2)."""

from __future__ import annotations

import pytest

from survivor_host.bot.host_choice import theme_and_mods


@pytest.mark.parametrize(
    ("rest", "expected"),
    [
        ("hg, sw", ("hg", "sw")),
        ("hg,sw", ("hg", "sw")),
        ("cta aao adhesive", ("cta", "aao adhesive")),
        ("ftl", ("ftl", "")),
        ("", ("", "")),
    ],
)
def test_commas_read_as_spaces(rest: str, expected: tuple[str, str]) -> None:
    theme, mods = theme_and_mods(rest)
    assert (theme, mods.split()) == (expected[0], expected[1].split())
