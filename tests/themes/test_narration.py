"""Every consequence said when it happens (issue 9): the lines pinned on scripted dice, worked out by hand.

Follow the Leader tables use `leader=pick` (the first player leads) and the list order for the
rolls; Chase the Ace games take turns in list order (RULINGS "Scenarios with scripted dice").
"""

from __future__ import annotations

from collections.abc import Sequence

from test_cta_rules import act, make
from test_ftl_helpers import Table

from survivor_host.engine.events import Eliminated, Event, Revealed, Roll, RoundTable, Say
from survivor_host.engine.render import render


def said(events: Sequence[Event]) -> list[str]:
    """The public lines of `events`, one per event (the room may pack several on one line)."""
    return [line for event in events if event.to is None and (line := render(event))]


def after(lines: list[str], first: str, count: int) -> list[str]:
    """`count` lines from the line `first` on."""
    return lines[lines.index(first) :][:count]


def tables(events: Sequence[Event]) -> list[RoundTable]:
    return [event for event in events if isinstance(event, RoundTable)]


# ----------------------------------------------------------------- Follow the Leader


def test_f6_followed_above_rebelled_below_and_immunity_gained_each_said_with_numbers() -> None:
    """F6, F9 (otherwise): each elimination with both numbers, a tie's immunity, why the leader stays."""
    table = Table(6).roll(100, 120, 50, 100, 30, 60)
    table.choose(Bob="follow", Cid="rebel", Dee="follow", Eve="follow", Fay="follow")
    lines = said(table.do("nosuspect", by="Ann"))
    assert after(lines, "**Dee** tied the leader's 100: immune this round and next.", 5) == [
        "**Dee** tied the leader's 100: immune this round and next.",
        "**Bob** followed and rolled 120, above the leader's 100: eliminated.",
        "**Cid** rebelled and rolled 50, below the leader's 100: eliminated.",
        "No Rebellion: Cid rebelled and was below the leader's 100, so the leader **Ann** stays in.",
        "**Dee** leads the next round: the highest roll, 100.",
    ]
    assert table.eliminated() == [("Bob", "Cid")]  # one step, one shared place (G7)


def test_f9_peaceful_handover_and_a_tie_for_the_lead_rerolled_twice() -> None:
    """F9 handover: the lowest roll leads; two ties in the G1 battle are each said, then who won it."""
    table = Table(5).roll(100, 40, 40, 90, 99, 17, 17, 5, 5, 60, 20)
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow")
    lines = said(table.do("nosuspect", by="Ann"))
    start = lines.index("**Peaceful Handover!** Everyone followed: the leader **Ann** stays in.")
    assert lines[start + 1 :][:12] == [
        "Bob and Cid tie for the lowest roll (40): roll battle of 100 among them!",
        "Roll (1 - 100) for Bob: 17",
        "Roll (1 - 100) for Cid: 17",
        "17 - 17: tie between Bob and Cid, roll again.",
        "Roll (1 - 100) for Bob: 5",
        "Roll (1 - 100) for Cid: 5",
        "5 - 5: tie between Bob and Cid, roll again.",
        "Roll (1 - 100) for Bob: 60",
        "Roll (1 - 100) for Cid: 20",
        "**Bob** won the tie-break for the lowest roll (40) and leads the next round.",
        "**Round 2!** Leader: **Bob**.",
        "**PL (5):** Ann, Bob (leader), Cid, Dee, Eve",
    ]


def test_f9_rebellion_overthrows_the_leader_and_the_highest_rebel_leads() -> None:
    table = Table(5).roll(80, 90, 100, 20, 30)
    table.choose(Bob="rebel", Cid="rebel", Dee="follow", Eve="follow")
    lines = said(table.do("nosuspect", by="Ann"))
    assert after(lines, "**Rebellion!** Every rebel (Bob and Cid) rolled at least the leader's 80.", 3) == [
        "**Rebellion!** Every rebel (Bob and Cid) rolled at least the leader's 80.",
        "**Ann** is overthrown by the rebellion: eliminated.",
        "**Cid** leads the next round: the highest rebel roll, 100.",
    ]


def test_f7_scapegoat_lost_by_the_suspect() -> None:
    """The suspect caught, names a scapegoat, loses the battle: the suspect goes, the scapegoat stays."""
    table = Table(6).roll(100, 110, 10, 20, 30, 40, 50, 60)
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow", Fay="follow")
    caught = said(table.do("suspect", by="Ann", target="Bob"))
    assert (
        "**Bob** (suspect) followed and rolled 110, above the leader's 100: out, unless a scapegoat goes instead."
    ) in caught
    lines = said(table.do("scapegoat", by="Bob", target="Cid"))
    assert lines[:6] == [
        "**Bob** names **Cid** as scapegoat: 70 vs 100!",
        "Roll (1 - 70) for Bob: 50",
        "Roll (1 - 100) for Cid: 60",
        "**Cid** wins the scapegoat battle, 60 to 50.",
        "**Bob** lost the scapegoat battle to Cid, 50 to 60: eliminated.",
        "**Peaceful Handover!** Everyone followed: the leader **Ann** stays in.",
    ]
    assert table.game.rounds[0]["eliminated"] == ["Bob"]


def test_f7_scapegoat_won_the_scapegoat_goes_in_the_suspects_place() -> None:
    table = Table(6).roll(100, 110, 10, 20, 30, 40, 60, 50)
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow", Fay="follow")
    table.do("suspect", by="Ann", target="Bob")
    lines = said(table.do("scapegoat", by="Bob", target="Cid"))
    assert lines[3:5] == [
        "**Bob** wins the scapegoat battle, 60 to 50, and survives.",
        "**Cid** lost the scapegoat battle to Bob, 50 to 60: eliminated in Bob's place.",
    ]
    assert table.game.rounds[0]["eliminated"] == ["Cid"] and "Bob" in table.alive()


def test_f13_deposed_by_a_rebel_immunity_cancelled_and_judged_against_the_new_leader() -> None:
    """No Mercy: a tie's immunity, a deposition (by whom, both numbers), the cancelled immunity,
    a follower judged against the new leader's roll, and the new leader's standing roll."""
    table = Table(5, mods=["no-mercy"]).roll(80, 80, 120, 130, 50)
    lines = said(table.choose(Bob="follow", Cid="rebel", Dee="follow", Eve="follow"))
    narrated = [line for line in lines if not line.startswith(("Roll (", "The leader"))]
    assert narrated[narrated.index("Bob chose to follow.") :][:9] == [
        "Bob chose to follow.",
        "**Bob** tied the leader's 80: immune this round and next.",
        "Cid chose to rebel.",
        "**Cid** rebelled and rolled 120, above **Ann**'s 80: **Cid** takes the lead!",
        "Immunity cancelled: Bob tied the deposed leader's 80; they stay in, but are not immune.",
        "**Ann** is deposed by **Cid** (120, above 80): eliminated.",
        "Dee chose to follow.",
        "**Dee** followed and rolled 130, above the leader's 120: eliminated.",
        "Eve chose to follow.",
    ]
    assert "**Cid** deposed the leader and leads the next round (their 120 stood)." in lines
    assert table.immune() == []


def test_f6_a_tie_with_three_players_is_said_to_give_no_immunity() -> None:
    table = Table(3).roll(100, 100, 50)
    lines = said(table.choose(Bob="follow", Cid="follow"))
    assert "**Bob** tied the leader's 100: safe (no immunity with 3 players or fewer)." in lines
    assert "**Cid** leads the next round: the lowest roll, 50." in lines


def test_g4_g5_idle_left_and_modkilled_each_say_why() -> None:
    table = Table(7).roll()
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow")
    assert said(table.do("modkill", target="Gus")) == ["**Gus** is eliminated: modkilled by the host."]
    left = table.do("modkill", target="Fay", reason="left the room")
    assert said(left)[0] == "**Fay** is eliminated: left the room and did not come back in time."
    table.do("modkill", target="Eve", reason="<b>spam</b>")
    assert "**Eve** is eliminated: modkilled by the host (<b>spam</b>)." in table.text()
    idle = Table(4).roll(100, 10, 20)
    idle.choose(Bob="follow", Cid="follow")
    assert said(idle.do("timeout"))[0] == "**Dee** is eliminated: did not answer before the deadline (idle)."


def test_the_round_table_has_every_roll_with_its_choice_die_and_verdict() -> None:
    table = Table(6).roll(100, 120, 50, 100, 30, 60)
    table.choose(Bob="follow", Cid="rebel", Dee="follow", Eve="follow", Fay="follow")
    events = table.do("nosuspect", by="Ann")
    (shown,) = tables(events)
    assert shown.title == "Round 1: Ann rolled 100"
    assert shown.columns == ("Player", "Choice", "Die", "Roll", "Verdict")
    assert shown.rows == (
        ("Ann (leader)", "leads", "109+20", "100", ""),
        ("Bob", "follow", "150", "120", "out: 120 > 100"),
        ("Cid", "rebel", "150", "50", "out: 50 < 100"),
        ("Dee", "follow", "150", "100", "immune: tied 100"),
        ("Eve", "follow", "150", "30", "safe"),
        ("Fay", "follow", "150", "60", "safe"),
    )
    # the lines the table shows are marked, so where it is shown they are left out
    tabled = [e for e in events if isinstance(e, Say | Roll) and e.tabled]
    assert len([e for e in tabled if isinstance(e, Roll)]) == 6
    assert any(isinstance(e, Say) and e.text.startswith("Followed: ") for e in tabled)


def test_the_end_says_the_placements() -> None:
    # round 1: Cid leads next; round 2: Ann safe, Bob out above 100; finals: Ann 100, Cid 50
    table = Table(3).roll(100, 100, 50, 100, 60, 140, 100, 50)
    table.choose(Bob="follow", Cid="follow")
    table.choose(Ann="follow", Bob="follow")
    end = table.text().splitlines()[-1]
    assert end == "**Ann wins the game!** Second place: **Cid**. Places: 3 Bob."


# ----------------------------------------------------------------- Chase the Ace


def test_c4_the_joker_is_said() -> None:
    _, events = make([14, 5, 6, 7], mods=["the-joker"])
    assert "**P0** drew the Joker: eliminated at once." in said(events)
    assert any(isinstance(e, Eliminated) and e.players == ("P0",) for e in events)


def test_c5_a_lost_duel_is_said_with_its_numbers() -> None:
    game, _ = make([14, 5, 6, 7], rolls=[30, 70], mods=["jesters-duel"])
    lines = said(act(game, "duel", by="P0", target="P1"))
    assert lines[:5] == [
        "**P0** duels **P1**: roll battle 100 vs 100.",
        "Roll (1 - 100) for P0: 30",
        "Roll (1 - 100) for P1: 70",
        "**P1** wins the duel and advances to the next round.",
        "**P0** lost the duel to P1, 30 to 70: eliminated.",
    ]


def test_c5_the_jesters_battle_loser_is_said() -> None:
    _, events = make([14, 14, 6, 7, 8], rolls=[40, 90], mods=["jesters-duel"])
    assert "**P0** rolled 40 in the Jesters' battle, not the highest: eliminated." in said(events)


def test_c8_lowest_cards_are_said_with_the_cut_off() -> None:
    game, _ = make([3, 5, 9, 10], rolls=[10, 5], elim=2)  # then the finals
    for player in ("P0", "P1", "P2"):
        act(game, "stick", by=player)
    events = act(game, "stick", by="P3")
    lines = said(events)
    assert lines[lines.index("**Cards:** P0: 3, P1: 5, P2: 9, P3: 10") + 1 :][:2] == [
        "**P0** held 3, below the cut-off (5) for the 2 lowest: eliminated.",
        "**P1** held 5, the cut-off for the 2 lowest: eliminated.",
    ]
    (shown,) = tables(events)
    assert shown.rows == (
        ("P0", "3", "3", "stuck", "out: lowest"),
        ("P1", "5", "5", "stuck", "out: lowest"),
        ("P2", "9", "9", "stuck", "safe"),
        ("P3", "10", "10", "stuck", "safe"),
    )
    assert shown.notes == ("Cut-off: 5 (the 2 lowest go).",)
    assert any(isinstance(e, Revealed) and e.tabled for e in events)


def test_c8_a_tie_at_the_cut_off_rerolled_twice_then_lost() -> None:
    game, _ = make([5, 5, 9, 10], rolls=[17, 17, 3, 3, 40, 60, 4, 5, 6])  # then round 2's deal
    for player in ("P0", "P1", "P2"):
        act(game, "stick", by=player)
    lines = said(act(game, "stick", by="P3"))
    at = lines.index("Tie at **5** between P0 and P1: roll battle 100, the lowest roll goes out.")
    assert lines[at + 1 :][:9] == [
        "Roll (1 - 100) for P0: 17",
        "Roll (1 - 100) for P1: 17",
        "17 - 17: tie between P0 and P1, roll again.",
        "Roll (1 - 100) for P0: 3",
        "Roll (1 - 100) for P1: 3",
        "3 - 3: tie between P0 and P1, roll again.",
        "Roll (1 - 100) for P0: 40",
        "Roll (1 - 100) for P1: 60",
        "**P0** held 5, the cut-off card, and lost the tie-break with 40: eliminated.",
    ]


def test_c6_a_tied_swap_battle_is_said_and_the_table_shows_the_swap() -> None:
    game, _ = make([3, 5, 9, 10], rolls=[17, 17, 90, 10, 4, 5, 6])  # then round 2's deal
    lines = said(act(game, "swap", by="P0", target="P3"))
    assert lines[:6] == [
        "**P0** wants to swap with **P3**: roll battle 125 vs 100.",
        "Roll (1 - 125) for P0: 17",
        "Roll (1 - 100) for P3: 17",
        "17 - 17: tie between P0 and P3, roll again.",
        "Roll (1 - 125) for P0: 90",
        "Roll (1 - 100) for P3: 10",
    ]
    for player in ("P1", "P2"):
        act(game, "stick", by=player)
    events = act(game, "stick", by="P3")
    (shown,) = tables(events)
    assert shown.rows[0] == ("P0", "3", "10", "swapped with P3", "safe")
    assert shown.rows[3] == ("P3", "10", "3", "swapped by P0; stuck", "out: lowest")
    assert "**P3** held 3, the lowest card: eliminated." in said(events)


def test_f2_a_vote_tie_says_who_the_battle_is_among() -> None:
    table = Table(4, leader="vote").roll(50, 60)
    for voter, target in (("Ann", "Bob"), ("Bob", "Ann"), ("Cid", "Bob")):
        table.do("vote", by=voter, target=target)
    lines = said(table.do("vote", by="Dee", target="Ann"))
    assert after(lines, "Votes: Ann 2, Bob 2.", 5) == [
        "Votes: Ann 2, Bob 2.",
        "Ann and Bob tie with 2 votes each: roll battle of 100 among them!",
        "Roll (1 - 100) for Ann: 50",
        "Roll (1 - 100) for Bob: 60",
        "**Bob** is the first leader.",
    ]


def test_f6_an_immune_player_who_ties_again_is_told_immune_next_round_too() -> None:
    from test_ftl_helpers import round_two_with_bob_immune

    table = round_two_with_bob_immune()  # round 2: Cid leads, Bob immune (no choice)
    table.roll(90, 20, 90, 30, 40, 50)  # Cid 90; Ann, Bob (ties), Dee, Eve, Fay in list order
    table.choose(Ann="follow", Dee="follow", Eve="follow", Fay="follow")
    lines = said(table.do("nosuspect", by="Cid"))
    assert "**Bob** tied the leader's 90 again: immune next round too." in lines
    assert table.immune() == ["Bob"]


def test_c7_a_void_swap_shows_in_the_table_from_each_side() -> None:
    game, _ = make([8, 2, 5], [5, 9], mods=["all-at-once", "adhesive"], shuffles=[["P0", "P1", "P2"]] * 2)
    act(game, "stick", "P0")
    act(game, "swap", "P1", target="P0")  # void: P0 stuck earlier in the order (Adhesive)
    act(game, "stick", "P2")
    for player in ("P0", "P1", "P2"):
        events = act(game, "stick", player)
    (shown,) = tables(events)
    assert [row[3] for row in shown.rows] == ["stuck; P1's swap: void; stuck", "swap P0: void; stuck", "stuck; stuck"]


def test_c7_a_choice_is_said_changeable_until_the_last_one_is_in() -> None:
    """C7: the last chooser is told theirs was the last choice, in a sentence of its own (never read as
    if the player they swap with were the last one in)."""
    game, _ = make([8, 2, 5], mods=["all-at-once"], shuffles=[["P0", "P1", "P2"]])

    def told(events: Sequence[Event], player: str) -> list[str]:
        return [render(event) for event in events if event.to == player and "Your choice" in render(event)]

    assert told(act(game, "stick", "P0"), "P0") == [
        "Your choice for swap round 1: **stick**. You can change it until everyone has chosen."
    ]
    assert told(act(game, "stick", "P1"), "P1") == [
        "Your choice for swap round 1: **stick**. You can change it until everyone has chosen."
    ]
    assert told(act(game, "stick", "P2"), "P2") == [
        "Your choice for swap round 1: **stick**. Yours is the last choice in: the swaps are carried out now."
    ]
