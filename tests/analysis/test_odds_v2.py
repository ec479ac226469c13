"""Exact odds for every mod, each checked against brute-force enumeration."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import numpy as np
import pytest

from survivor_host.cli import main
from survivor_host.themes.cta.odds import cta_elimination, joker_redeal, reveal_elimination
from survivor_host.themes.ftl.odds import choice_outcomes, ftl_sections, no_mercy_deposition, tug_dice, tug_running_dice

LEADER = range(21, 130)  # 109+20 (G2)


def test_f6_out_tie_survive_by_brute_force() -> None:
    for die in (150, 120, 30):
        rolls = np.arange(1, die + 1)[None, :]
        leader = np.array(LEADER)[:, None]
        total = len(LEADER) * die
        above = Fraction(int((rolls > leader).sum()), total)
        equal = Fraction(int((rolls == leader).sum()), total)
        odds = choice_outcomes(die)
        assert odds["follow"] == {"out": above, "tie": equal, "survive": 1 - above - equal}
        assert odds["rebel"]["survive"] == above and odds["rebel"]["tie"] == equal


def test_f12_running_dice_by_enumerating_choices() -> None:
    """Every sequence of follow/rebel before you, each equally likely; the floor holds (F12)."""
    choosers, floor = 6, 70
    places = tug_running_dice(choosers, floor)
    for place in range(choosers):
        counts: dict[int, int] = {}
        for moves in itertools.product((-20, 20), repeat=place):
            running = 150
            for move in moves:
                running = max(running + move, floor)
            counts[running] = counts.get(running, 0) + 1
        assert places[place] == {die: Fraction(n, 2**place) for die, n in counts.items()}
    assert min(tug_dice(choosers, floor)) == floor
    assert max(tug_dice(choosers, floor)) == 150 + 20 * choosers


@pytest.mark.parametrize("tug", [False, True])
def test_f13_deposition_by_enumerating_rolls(tug: bool) -> None:
    """Two rebels in turn: each deposes when above the standing roll, which their roll then becomes."""
    dice = (130, 110) if tug else (150, 150)
    leader = np.array(LEADER)[:, None, None]
    first = np.arange(1, dice[0] + 1)[None, :, None]
    second = np.arange(1, dice[1] + 1)[None, None, :]
    one = np.broadcast_to(first > leader, (len(LEADER), dice[0], dice[1]))
    two = second > np.maximum(leader, first)
    total = len(LEADER) * dice[0] * dice[1]
    result = no_mercy_deposition(2, tug_of_war=tug)
    assert result.any == Fraction(int((one | two).sum()), total)
    assert result.expected == Fraction(int(one.sum()) + int(two.sum()), total)


def brute_cta(players: int, elim: int, mods: tuple[str, ...], ties: str) -> dict[int, Fraction]:
    """Seat 0 holds each card in turn; every deal of the others, Jester choice and battle outcome enumerated."""
    sides = 14 if mods else 13
    k = min(elim, players // 2)
    result: dict[int, Fraction] = {}
    for card in range(1, sides + 1):
        total, deals = Fraction(0), 0
        for rest in itertools.product(range(1, sides + 1), repeat=players - 1):
            hand = (card, *rest)
            alive = set(range(players))
            if "the-joker" in mods:
                jokers = {i for i in alive if hand[i] == 14}
                if players - len(jokers) < 2:
                    continue  # C4: dealt again
                alive -= jokers
            deals += 1
            total += Fraction(1) if 0 not in alive else after_jesters(hand, alive, k, mods, ties)
        result[card] = total / deals
    return result


def after_jesters(hand: tuple[int, ...], alive: set[int], k: int, mods: tuple[str, ...], ties: str) -> Fraction:
    """C5, every branch spelled out, then the reveal."""
    jesters = sorted(i for i in alive if hand[i] == 14) if "jesters-duel" in mods else []
    if not jesters:
        return reveal(hand, alive, set(), k, ties)
    if len(jesters) >= 2:
        lose = min(len(jesters) - 1, len(alive) - 2)
        branches = list(itertools.combinations(jesters, lose))
        chance = Fraction(0)
        for losers in branches:
            if 0 in losers:
                chance += 1
            else:
                winners = set(jesters) - set(losers)
                chance += reveal(hand, alive - set(losers), winners, k, ties)
        return chance / len(branches)
    jester = jesters[0]
    named = [i for i in sorted(alive) if i != jester and hand[i] not in (13, 14)]
    if not named:
        return Fraction(0) if jester == 0 else reveal(hand, alive, {jester}, k, ties)
    chance = Fraction(0)
    for target in named:
        for loser, winner in ((jester, target), (target, jester)):
            chance += Fraction(1, 2) * (
                1 if loser == 0 else 0 if winner == 0 else reveal(hand, alive - {loser}, {winner}, k, ties)
            )
    return chance / len(named)


def reveal(hand: tuple[int, ...], alive: set[int], advanced: set[int], k: int, ties: str) -> Fraction:
    """Seat 0's chance to go out at the reveal (C8)."""
    eligible = [i for i in alive if i not in advanced and hand[i] < 13]
    count = min(k, len(eligible), len(alive) - 2)
    if count <= 0 or 0 not in eligible:
        return Fraction(0)
    cutoff = sorted(hand[i] for i in eligible)[count - 1]
    below = [i for i in eligible if hand[i] < cutoff]
    tied = [i for i in eligible if hand[i] == cutoff]
    if 0 in below:
        return Fraction(1)
    if 0 not in tied:
        return Fraction(0)
    need = count - len(below)
    if len(tied) == need or (ties == "all" and len(alive) - len(below) - len(tied) >= 2):
        return Fraction(1)
    return Fraction(need, len(tied))


@pytest.mark.parametrize(
    ("players", "elim", "mods", "ties"),
    [
        (4, 2, (), "all"),
        (4, 1, ("the-joker",), "all"),
        (4, 1, ("the-joker",), "battle"),
        (4, 2, ("the-joker",), "battle"),
        (4, 1, ("jesters-duel",), "battle"),
        (4, 2, ("jesters-duel",), "all"),
    ],
)
def test_c8_elimination_by_card_by_brute_force(players: int, elim: int, mods: tuple[str, ...], ties: str) -> None:
    assert cta_elimination(players, elim, mods, ties) == brute_cta(players, elim, mods, ties)


def test_c8_plain_table_matches_the_v1_formula() -> None:
    table = cta_elimination(7, 3)
    assert all(table[card] == reveal_elimination(card, 6, 3) for card in range(1, 14))


def test_c4_redeal_chance_by_enumeration() -> None:
    players = 4
    redo = sum(1 for deal in itertools.product(range(1, 15), repeat=players) if sum(c != 14 for c in deal) < 2)
    assert joker_redeal(players) == Fraction(redo, 14**players)


def test_odds_command_prints_fractions_and_percentages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "cta", "--players", "6", "--elim", "2", "--mods", "joker"]) == 0
    out = capsys.readouterr().out
    assert "149/248 (60.08%)" in out and "Joker (14) : certain (100%)" in out


def test_odds_json_gives_fractions_as_strings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "ftl", "--players", "7", "--mods", "tug-of-war,no-mercy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    values = [v for s in data["sections"] for row in s["rows"] for k, v in row.items() if k != "label"]
    assert all(isinstance(v, str) and Fraction(v) >= 0 for v in values)
    assert any(s["title"].startswith("No Mercy") for s in data["sections"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds", "ftl", "--players", "1"], "at least 3"),
        (["odds", "ftl", "--elim", "2"], "--elim is for Chase the Ace"),
        (["odds", "cta", "--elim", "0"], "at least 1"),
        (["odds", "cta", "--mods", "joker,jester"], "cannot be combined"),
        (["odds", "ftl", "--mods", "glue"], "Unknown mod"),
        (["odds", "cta", "--players", "31"], "at most 30"),
    ],
)
def test_odds_rejects_bad_arguments(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_odds_json_labels_carry_single_spaces(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "ftl", "--players", "10", "--mods", "tug-of-war", "--json"]) == 0
    rows = [row for section in json.loads(capsys.readouterr().out)["sections"] for row in section["rows"]]
    assert {"die 20", "place 1"} <= {row["label"] for row in rows}
    assert not [name for row in rows for name in (row["label"], *row) if "  " in name]


def test_a_chance_of_one_or_none_is_said_in_words() -> None:
    from survivor_host.analysis.tables import show

    assert (show(Fraction(1)), show(Fraction(0)), show(Fraction(1, 2))) == (
        "certain (100%)",
        "never (0%)",
        "1/2 (50.00%)",
    )
    assert show(Fraction(1), percent=False) == "1"  # an expected count of 1 is a number


def test_a_chance_that_rounds_to_0_or_100_percent_says_it_is_neither() -> None:
    from survivor_host.analysis.tables import show

    assert show(Fraction(485, 38614472)) == "485/38614472 (<0.01%)"
    assert show(Fraction(501987553, 501988136)) == "501987553/501988136 (>99.99%)"
    assert show(Fraction(1, 3)) == "1/3 (33.33%)"
    assert show(Fraction(1, 10**50)).startswith("<0.000001% (exact: a fraction of 51 digits")


@pytest.mark.parametrize("typed", ["abc", "0"])
def test_an_option_number_refused_names_the_range_it_takes(typed: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "ftl", "--mods", "tow", "--option", f"tug_floor={typed}"]) == 2
    assert "Option tug_floor is a whole number from 1 to 1000000" in capsys.readouterr().err


def test_the_analysis_doc_states_each_themes_fewest_players(capsys: pytest.CaptureFixture[str]) -> None:
    import re
    from pathlib import Path

    from survivor_host.themes import THEMES

    doc = Path(__file__).parents[2] / "docs" / "ANALYSIS.md"
    text = " ".join(doc.read_text(encoding="utf-8").split())
    stated = re.search(r"`--players` below the theme's minimum \((\d) for ([^,]+), (\d) for the others\)", text)
    assert stated is not None
    fewest, named, others = int(stated[1]), set(stated[2].split(" and ")), int(stated[3])
    assert named == {spec.title for spec in THEMES.values() if spec.min_players == fewest}
    assert {spec.min_players for spec in THEMES.values()} == {fewest, others}
    for theme, spec in THEMES.items():
        assert main(["odds", theme, "--players", str(spec.min_players - 1)]) == 2
    assert "--players must be at least" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("players", "mods", "suspecting"), [(3, (), False), (4, (), False), (5, (), True), (9, ("no-mercy",), False)]
)
def test_f4_the_suspect_s_rows_show_only_where_a_leader_may_suspect(
    players: int, mods: tuple[str, ...], suspecting: bool
) -> None:
    shown = [(section.title, label) for section in ftl_sections(players, mods) for label, _ in section.rows]
    assert any("die 120 (suspect)" in label for _, label in shown) is suspecting
    assert any(title.startswith("Scapegoat battle") for title, _ in shown) is suspecting
