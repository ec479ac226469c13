"""The replay page's words for a Chase the Ace round: a battle of Jesters names them (never `duels
None`), a walkover says so, the round's `elim` reads as how many go out at the reveal, and a tie at the
cut-off and place battles read in words; no theme's played round shows a field as raw JSON."""

from __future__ import annotations

import re

import pytest

from survivor_host.themes.cta.story import story
from survivor_host.trust.story import steps

from .records import played_record


def shown(rnd: dict[str, object]) -> dict[str, str]:
    return dict(story(rnd))


def test_jesters_rolling_together_are_named() -> None:
    duel = {"jester": None, "jesters": ["Venus", "Mars"], "target": None, "rolls": [{"Venus": 40, "Mars": 71}],
            "winner": "Mars", "eliminated": ["Venus"]}  # fmt: skip
    text = shown({"number": 1, "duels": [duel]})["Duels"]
    assert "None" not in text
    assert text == "the Jesters Venus, Mars battle: Venus 40 vs Mars 71; Mars wins, out: Venus"


def test_a_duel_and_a_walkover() -> None:
    duel = {"jester": "Io", "jesters": ["Io"], "target": "Ceres", "rolls": [{"Io": 9, "Ceres": 3}],
            "winner": "Io", "eliminated": ["Ceres"]}  # fmt: skip
    walk = {"jester": "Io", "jesters": ["Io"], "target": None, "rolls": [], "winner": "Io", "eliminated": []}
    text = shown({"number": 1, "duels": [duel, walk]})["Duels"]
    assert text == "Io duels Ceres: Io 9 vs Ceres 3; Io wins, out: Ceres · Io advances without a duel (nobody to duel)"


def test_elim_reads_as_how_many_go_out() -> None:
    fields = shown({"number": 1, "elim": 1})
    assert "Eliminated at the reveal" not in fields
    assert fields["Players out at the reveal (the lowest cards)"] == "1"


def test_a_tie_at_the_cut_off_reads_in_words() -> None:
    battle = {
        "card": 12,
        "tied": ["Io", "<b>x</b>&Here"],
        "policy": "battle",
        "rolls": [{"Io": 28, "<b>x</b>&Here": 68}],
    }
    text = shown({"number": 1, "ties": battle})["Tie at the cut-off"]
    assert (
        text
        == "Queen between Io, &lt;b&gt;x&lt;/b&gt;&amp;Here: roll battle 100: Io 28 vs &lt;b&gt;x&lt;/b&gt;&amp;Here 68"
    )
    everyone = shown({"number": 1, "ties": {"card": 1, "tied": ["Io", "Mars"], "policy": "all"}})
    assert everyone["Tie at the cut-off"] == "Ace between Io, Mars: everyone holding it is eliminated"


def test_place_battles_read_in_words() -> None:
    battles = [{"rolls": [{"Io": 5, "Mars": 5}, {"Io": 2, "Mars": 9}], "winner": "Mars"}]
    text = shown({"number": 3, "place_battles": battles})
    assert text["Place battles (for the places of those modkilled together)"] == (
        "roll battle 13: Io 5 vs Mars 5; Io 2 vs Mars 9; Mars wins"
    )


RAW_JSON = re.compile(r"<dd>[^<]*(?:\{&quot;|\[&quot;|\[\{)")
"""A fact shown as JSON data: a map or list written out with its quotes."""


@pytest.mark.parametrize("theme", ["cta", "exclusions", "ftl", "hg", "hga", "hgs", "hp", "rps", "rr"])
def test_no_theme_shows_a_played_round_as_raw_json(theme: str) -> None:
    players = tuple(f"P{i}" for i in range(6))
    for choices in range(4):
        page = "".join(steps(played_record(theme, players, choices=choices)))
        assert not RAW_JSON.search(page), RAW_JSON.search(page)
