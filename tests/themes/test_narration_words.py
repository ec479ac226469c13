"""Issue 23: words that read right: cards as players name them, `the lowest card`, swaps from the row's
side, a suspect's row until the scapegoat is decided, the leader's die explained the first time."""

from __future__ import annotations

from collections.abc import Sequence

from test_cta_rules import act, make
from test_ftl_helpers import Table
from test_narration import said, tables

from survivor_host.engine.events import Event, Prompt, RoundTable
from survivor_host.engine.render import render


def only_table(events: Sequence[Event]) -> RoundTable:
    (table,) = tables(events)
    return table


def test_c6_swaps_read_from_the_row_s_side() -> None:
    # P0 takes P3's card; P1 tries P2, who holds on; then round 2's deal
    game, _ = make([3, 5, 9, 10], rolls=[90, 10, 10, 90, 4, 5, 6])
    act(game, "swap", by="P0", target="P3")
    act(game, "swap", by="P1", target="P2")
    act(game, "stick", by="P2")
    rows = {row[0]: row[3] for row in only_table(act(game, "stick", by="P3")).rows}
    assert rows["P0"] == "swapped with P3"
    assert rows["P3"].startswith("swapped by P0")
    assert rows["P1"] == "tried P2, who held on"
    assert rows["P2"].startswith("held on against P1")
    assert not any("swapped in" in cell or "held off" in cell for cell in rows.values())


def test_c2_c8_one_lowest_card_is_said_without_a_number() -> None:
    _, events = make([3, 5, 9, 10])
    assert said(events)[1].startswith("**Round 1:** the lowest card will be eliminated. Cards are sent ")
    game, _ = make([3, 5, 9, 10], rolls=[10, 5], elim=2)
    for player in ("P0", "P1", "P2", "P3"):
        events = act(game, "stick", by=player) or events
    assert only_table(events).notes == ("Cut-off: 5 (the 2 lowest go).",)
    game, _ = make([3, 5, 9, 10], rolls=[4, 5, 6])
    for player in ("P0", "P1", "P2", "P3"):
        last = act(game, "stick", by=player)
    assert only_table(last).notes == ("Cut-off: 3 (the lowest goes).",)
    assert not any("the 1 lowest" in line for line in said(last))


def test_c4_c5_a_14_is_named_the_joker_or_the_jester() -> None:
    _, events = make([14, 5, 6, 7], mods=["the-joker"])
    assert "**P0** drew the Joker: eliminated at once." in said(events)
    game, events = make([14, 5, 6, 7], rolls=[30, 70, 9, 4], mods=["jesters-duel"])  # then the finals
    assert "**Jester:** P0." in said(events)
    act(game, "duel", by="P0", target="P1")  # P1 wins and advances: P2 and P3 take their turns
    act(game, "stick", by="P2")
    last = act(game, "stick", by="P3")
    table = only_table(last)
    assert next(row for row in table.rows if row[0] == "P0")[1] == "Jester"
    assert not any(cell == "14" for row in table.rows for cell in row)
    _, events = make([14, 14, 6, 7, 8], rolls=[40, 90], mods=["jesters-duel"])
    assert "**Jesters:** P0 and P1." in said(events)


def test_f7_a_suspect_s_row_is_out_unless_a_scapegoat() -> None:
    table = Table(6).roll(100, 110, 10, 20, 30, 40, 50, 60)
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow", Fay="follow")
    events = table.do("suspect", by="Ann", target="Bob")
    rows = {row[0]: row[-1] for row in only_table(events).rows}
    assert rows["Bob (suspect)"] == "out unless a scapegoat: 110 > 100"


def test_f7_a_suspect_with_nobody_to_name_is_simply_out() -> None:
    """Everyone else goes out too: there is no scapegoat to name, so the row says out."""
    table = Table(6).roll(30, 110, 120, 130, 140, 145, 40, 50, 60, 70, 80)  # then the battle for second place
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow", Fay="follow")
    events = table.do("suspect", by="Ann", target="Bob")
    rows = {row[0]: row[-1] for row in only_table(events).rows}
    assert rows["Bob (suspect)"] == "out: 110 > 30"
    assert not any(isinstance(event, Prompt) for event in events)


def test_f6_the_leader_s_die_is_explained_after_the_first_table_only() -> None:
    """A line of its own, so a room without `*` (which leaves the table out) says it too."""
    table = Table(6).roll(100, 110, 10, 20, 30, 40)
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow", Fay="follow")
    events = table.do("nosuspect", by="Ann")
    first = only_table(events)
    assert first.notes == ()
    glossary = "The leader's die 109+20 is a roll of 1 to 109, plus 20; the others roll the die shown."
    assert render(events[events.index(first) + 1]) == glossary


def test_f2_one_vote_each() -> None:
    table = Table(4, leader="vote").roll(50, 60, 70, 80)
    for voter, target in (("Ann", "Bob"), ("Bob", "Cid"), ("Cid", "Dee"), ("Dee", "Ann")):
        events = table.do("vote", by=voter, target=target)
    assert any("tie with 1 vote each:" in (render(event) or "") for event in events)


def test_c3_one_king_is_said_in_the_singular() -> None:
    _, events = make([13, 5, 6, 7])
    assert "**King:** P0 is safe this round." in said(events)
    _, events = make([13, 13, 6, 7])
    assert "**Kings:** P0 and P1 are safe this round." in said(events)


def private(events: Sequence[Event], player: str) -> list[str]:
    return [line for event in events if event.to == player and (line := render(event))]


def test_c3_c5_one_s_own_14_and_the_reveal_name_the_jester() -> None:
    """C3, C5: the holder of a 14 under Jester's Duel is told `Jester`, by the deal and by `card`; the
    Jester who wins the duel shows `Jester` at the reveal, in its line and its table."""
    game, events = make([14, 5, 6, 7], rolls=[70, 30, 9, 4], mods=["jesters-duel"])  # P0 wins the duel; the finals
    assert "Your card is **Jester**." in private(events, "P0")
    assert private(act(game, "card", by="P0"), "P0") == ["Your card is **Jester**."]
    act(game, "duel", by="P0", target="P1")
    act(game, "stick", by="P2")
    last = act(game, "stick", by="P3")
    assert any(line.startswith("**Cards:** P0: Jester, ") for line in said(last))
    row = next(row for row in only_table(last).rows if row[0] == "P0")
    assert row[1:3] == ("Jester", "Jester")


def test_c4_one_s_own_14_is_named_the_joker() -> None:
    _, events = make([14, 5, 6, 7], mods=["the-joker"])
    assert "Your card is **Joker**." in private(events, "P0")
    assert not any("**14**" in line for line in private(events, "P0"))


def test_c4_c5_the_replay_page_names_the_14_and_the_court() -> None:
    from survivor_host.trust.story import round_facts

    joker = dict(round_facts({"number": 1, "cards": {"Ann": 14, "Bob": 13, "Cid": 1}, "jokers": ["Ann"]}, "cta"))
    assert joker["Cards dealt"] == "Ann Joker, Bob King, Cid Ace"
    jester = dict(round_facts({"number": 1, "cards": {"Ann": 14}, "jokers": [], "reveal": {"Ann": 14}}, "cta"))
    assert (jester["Cards dealt"], jester["Reveal"]) == ("Ann Jester", "Ann Jester")
