"""The replay page's words for the Hunger Games themes: attacks in the order sent, duels in the order fought
with each pair's rule (Golf, or what the Roll Switch coin chose), lives as hearts under Second Wind, the
final duel, a last battle and shared places; in Anon, no owner beside a nickname still in."""

from __future__ import annotations

import re
from typing import Any

import pytest

from survivor_host.trust.export import replay_page
from survivor_host.trust.story import result_html, round_facts

from .hg_records import hg_record


def facts(rnd: dict[str, Any], theme: str) -> dict[str, str]:
    return dict(round_facts(rnd, theme))


def duel(a: str, b: str, rolls: list[dict[str, int]], rules: list[str], winner: str, left: int) -> dict[str, Any]:
    loser = b if winner == a else a
    return {"attacker": a, "target": b, "rolls": rolls, "rules": rules, "winner": winner, "loser": loser,
            "lives_left": left}  # fmt: skip


ROUND = {
    "number": 1, "final": False, "players": ["Venus", "Mars", "<b>Io</b>"],
    "lives": {"Venus": 2, "Mars": 1, "<b>Io</b>": 2},
    "attacks": [
        {"by": "Mars", "target": "Venus"}, {"by": "Venus", "target": "Mars"}, {"by": "<b>Io</b>", "target": "Mars"}
    ],
    "dropped": [{"by": "<b>Io</b>", "target": "Mars"}],
    "duels": [
        duel("Mars", "Venus", [{"Mars": 40, "Venus": 40}, {"Mars": 10, "Venus": 90}], ["regular", "golf"], "Mars", 1),
        duel("Venus", "Mars", [{"Venus": 70, "Mars": 20}], ["regular"], "Venus", 0),
    ],
    "eliminated": ["Mars"], "idle": [],
}  # fmt: skip


def test_a_round_tells_attacks_then_duels_in_order_with_each_pairs_rule_and_lives() -> None:
    told = facts(ROUND, "hg")
    assert list(told) == [
        "Still in", "Attacks, in the order sent", "Attacks not fought (a side was already out)",
        "Duels, in the order fought", "Out, in the order they went out",
    ]  # fmt: skip
    assert told["Still in"] == "Venus 2♥, Mars 1♥, &lt;b&gt;Io&lt;/b&gt; 2♥"
    assert told["Attacks, in the order sent"] == "Mars → Venus, Venus → Mars, &lt;b&gt;Io&lt;/b&gt; → Mars"
    assert told["Attacks not fought (a side was already out)"] == "&lt;b&gt;Io&lt;/b&gt; → Mars"
    assert told["Duels, in the order fought"] == (
        "Mars attacks Venus: Mars 40 vs Venus 40 (Regular: higher wins); tie, again: Mars 10 vs Venus 90 "
        "(Golf: lower wins); Mars wins; Venus loses a life (1♥ left)"
        " · Venus attacks Mars: Venus 70 vs Mars 20 (Regular: higher wins); Venus wins; Mars is out"
    )
    assert told["Out, in the order they went out"] == "Mars"


def test_the_final_duel_and_a_last_battle() -> None:
    fought = [duel("Venus", "Io", [{"Venus": 3, "Io": 9}], ["golf"], "Venus", 0)]
    final = {"number": 4, "final": True, "players": ["Venus", "Io"], "attacks": [], "dropped": [], "idle": [],
             "duels": fought, "eliminated": ["Io"]}  # fmt: skip
    told = facts(final, "hg")
    assert "Attacks, in the order sent" not in told
    assert told["In the final"] == "Venus, Io"
    assert told["The final duel"] == "Venus duels Io: Venus 3 vs Io 9 (Golf: lower wins); Venus wins; Io is out"
    battle = {**final, "final": False, "duels": [], "eliminated": [], "idle": ["Venus", "Io"],
              "last_battle": {"players": ["Venus", "Io"], "rolls": [{"Venus": 5, "Io": 5}, {"Venus": 1, "Io": 7}],
                              "winner": "Io"}}  # fmt: skip
    told = facts(battle, "hg")
    assert (
        told["Last battle (everyone left went out together)"] == "Venus, Io: Venus 5 vs Io 5; Venus 1 vs Io 7; Io wins"
    )
    assert told["Out for not attacking in time"] == "Venus, Io"


def test_spotlight_names_whom_the_dice_drew() -> None:
    fought = [duel("Io", "Venus", [{"Io": 50, "Venus": 20}], ["regular"], "Io", 0)]
    turn = {"number": 2, "final": False, "players": ["Venus", "Io"], "spotlight": "Io", "idle": [],
            "duels": fought, "eliminated": ["Venus"]}  # fmt: skip
    told = facts(turn, "hgs")
    assert list(told)[:3] == ["Still in", "In the spotlight (drawn by the dice)", "Duels, in the order fought"]
    assert told["In the spotlight (drawn by the dice)"] == "Io"


def test_no_field_is_left_as_raw_data_in_played_games() -> None:
    for theme, mods in (("hg", ("roll-switch", "second-wind")), ("hgs", ("golf", "second-wind")), ("hga", ())):
        for choices in range(3):
            record = hg_record(theme, mods, choices, silent_at_three=choices == 2)
            for rnd in record["rounds"]:
                labels = [label for label, _ in round_facts(rnd, theme)]
                assert all(label[0].isupper() for label in labels), labels  # a raw key is lower case


def test_a_shared_second_place_is_said_and_tabled() -> None:
    record = hg_record("hg", choices=0, silent_at_three=True)
    assert record["second"] is None
    seconds = [name for name, place in record["placements"].items() if place == 2]
    assert len(seconds) == 2
    html = result_html(record)
    assert f"<p>Second (shared): {', '.join(seconds)}</p>" in html
    assert "Last battle (everyone left went out together)" in replay_page(record)


def test_shared_lower_places_are_said() -> None:
    record = {"winner": "A", "second": "B", "placements": {"A": 1, "B": 2, "C": 3, "D": 3, "E": 5}}
    assert "<p>Shared places (out in the same step): 3: C, D</p>" in result_html(record)
    assert "Shared places" not in result_html({**record, "placements": {"A": 1, "B": 2, "C": 3}})


def mentions(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text) is not None


@pytest.mark.parametrize("mods", [(), ("second-wind",), ("roll-switch", "second-wind")])
@pytest.mark.parametrize("choices", range(4))
def test_anon_pages_name_no_owner_of_a_nickname_still_in(mods: tuple[str, ...], choices: int) -> None:
    """In each round's step, a player still in is named only in the list of names still in, never in a
    fact or a draw beside a nickname; their nickname's owner is told in the round they go out."""
    record = hg_record("hga", mods, choices, silent_at_three=choices % 2 == 0)
    rounds = record["rounds"]
    owner = {nick: name for rnd in rounds for nick, name in rnd["revealed"].items()}
    assert set(owner.values()) == set(record["players"])  # by the end every owner is told
    sections = replay_page(record).split('<section class="step" data-step="')[1:]
    for number, rnd in enumerate(rounds, start=1):
        section = sections[number]
        assert section.startswith(f'{number}"><h2>Round {rnd["number"]}</h2>')
        out_by_now = {name for r in rounds[:number] for name in r["revealed"].values()}
        hidden = set(record["players"]) - out_by_now
        pieces = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", section) + [
            ("draw", item) for item in re.findall(r"<li>(.*?)</li>", section)
        ]
        for label, text in pieces:
            for name in hidden:
                if label.startswith("Players still in"):
                    assert not any(mentions(text, nick) for nick in owner), text
                else:
                    assert not mentions(text, name), (label, text)
        told = dict(round_facts(rnd, "hga"))
        for nick, name in rnd["revealed"].items():
            assert f"{nick} was {name}" in told["Nicknames revealed"]
