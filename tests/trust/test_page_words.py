"""The replay page's words for a Chase the Ace round: a battle of Jesters names them (never `duels
None`), a walkover says so, and the round's `elim` reads as how many go out at the reveal."""

from __future__ import annotations

from survivor_host.themes.cta.story import story


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
