"""Follow the Leader mods: Tug of War (F12) and No Mercy (F13)."""

from __future__ import annotations

from test_ftl_helpers import NAMES, Table

from survivor_host.themes.ftl.tug_of_war import next_die

TUG = ["tug-of-war"]
NM = ["no-mercy"]

# ----- F12 Tug of War -----


def test_f12_revolter_revolter_follower_revolter_rolls_130_110_130_110() -> None:
    """F12: the theme text's example, exactly: .roll 130 > .roll 110 > .roll 130 > .roll 110."""
    table = Table(5, [100, 120, 100, 90, 105], mods=TUG, shuffles=[["Dee", "Bob", "Eve", "Cid"]])
    table.do("revolt", by="Dee")
    table.do("revolt", by="Bob")
    table.do("follow", by="Eve")
    table.do("revolt", by="Cid")
    assert [(name, sides) for name, sides, _ in table.rolls()[1:5]] == [
        ("Dee", 130),
        ("Bob", 110),
        ("Eve", 130),
        ("Cid", 110),
    ]
    assert "Roll (1 - 110) for Cid: 105" in table.text().splitlines()
    assert table.game.rounds[0]["suspect"] is None  # no suspecting, though 5 players


def test_f12_die_never_goes_below_the_floor() -> None:
    """F12: the running die stops at 20, or at the `tug_floor` option."""
    for floor, expected in ((20, [130, 110, 90, 70, 50, 30, 20, 20, 20]), (50, [130, 110, 90, 70, 50, 50, 50, 50, 50])):
        # Every rebel fails: Ann is left alone and the other nine battle for second.
        table = Table(10, [100, *range(1, 10), *range(10, 100, 10)], mods=TUG, tug_floor=floor)
        table.choose(**{name: "rebel" for name in NAMES[1:10]})
        assert [sides for _, sides, _ in table.rolls()[1:10]] == expected
    assert next_die(30, "rebel", 20) == (20, 20)
    assert next_die(20, "follow", 20) == (40, 40)


def test_f12_immune_players_roll_150_and_leave_the_running_die() -> None:
    """F12: an immune player made no choice: they roll 150 and the running die stays as it was."""
    table = Table(5, [100, 100, 50, 60, 70], mods=TUG)
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow")
    rec = table.game.rounds[0]
    assert rec["dice"] == {"Bob": 170, "Cid": 190, "Dee": 210, "Eve": 230}
    assert (table.leader, table.immune()) == ("Cid", ["Bob"])
    table.shuffle("Ann", "Bob", "Dee", "Eve").roll(100, 110, 149, 90, 120)
    table.choose(Ann="rebel", Dee="rebel", Eve="follow")
    assert table.game.rounds[1]["dice"] == {"Ann": 130, "Bob": 150, "Dee": 110, "Eve": 130}


# ----- F13 No Mercy -----


def test_f13_chain_of_depositions() -> None:
    """F13: each rebel above the standing roll deposes the leader; later rolls face the new roll;
    the new leader does not roll again; the leader standing at the end leads next round."""
    table = Table(5, [60, 80, 70, 100, 90], mods=NM)
    table.choose(Bob="rebel", Cid="follow", Dee="rebel", Eve="follow")
    rec = table.game.rounds[0]
    assert rec["depositions"] == [
        {"deposed": "Ann", "by": "Bob", "roll": 80},
        {"deposed": "Bob", "by": "Dee", "roll": 100},
    ]
    assert table.eliminated() == [("Ann",), ("Bob",)]
    # Eve followed with 90: above Ann's 60 and Bob's 80, but not above Dee's 100.
    assert "Eve" in table.alive() and "Cid" in table.alive()
    assert len(table.rolls()) == 5  # one roll each: no new leader rolls again
    assert rec["outcome"] == "deposed"
    assert table.leader == "Dee" and table.game.round == 2


def test_f13_followers_are_judged_against_the_leader_standing_when_they_roll() -> None:
    """F13: a follower above the standing roll is out at once, even if a later roll is higher."""
    table = Table(5, [60, 70, 100, 50, 40], mods=NM)
    table.choose(Bob="follow", Cid="rebel", Dee="follow", Eve="follow")
    assert table.eliminated() == [("Bob",), ("Ann",)]
    assert table.leader == "Cid"


def test_f13_deposition_cancels_immunities_gained_against_the_deposed() -> None:
    """F13: immunity from tying the deposed leader's roll is lost (the player survives);
    tying the new leader's roll gives immunity."""
    table = Table(5, [60, 60, 90, 60, 90], mods=NM)
    table.choose(Bob="follow", Cid="rebel", Dee="follow", Eve="rebel")
    rec = table.game.rounds[0]
    assert rec["immune"] == ["Eve"]
    assert table.alive() == ["Bob", "Cid", "Dee", "Eve"]
    assert (table.leader, table.immune()) == ("Cid", ["Eve"])


def test_f13_immune_players_do_not_depose() -> None:
    """F13: an immune player (no choice) rolling above the leader deposes nobody."""
    table = Table(5, [60, 60, 40, 30, 20], mods=NM)
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow")
    # Handover: Eve (20) leads round 2; Bob immune.
    assert (table.leader, table.immune()) == ("Eve", ["Bob"])
    table.roll(50, 30, 140, 10, 20)
    table.choose(Ann="follow", Cid="follow", Dee="follow")
    rec = table.game.rounds[1]
    assert "depositions" in rec and rec["depositions"] == []
    assert rec["outcome"] == "handover" and "Eve" in table.alive()


def test_f13_without_deposition_f9_applies() -> None:
    """F13: a round without a deposition ends by F9 (here a normal round)."""
    table = Table(4, [100, 90, 50, 20], mods=NM)
    table.choose(Bob="rebel", Cid="follow", Dee="follow")
    rec = table.game.rounds[0]
    assert rec["outcome"] == "normal" and rec["depositions"] == []
    assert table.eliminated() == [("Bob",)]
    assert table.leader == "Cid"  # highest surviving roll


def test_f13_with_three_players_a_tie_just_survives() -> None:
    """F13 with F6: with 3 at the round's start, tying the standing roll gives no immunity."""
    table = Table(3, [60, 80, 80, 10, 20], mods=NM)
    table.choose(Bob="rebel", Cid="rebel")
    # Bob deposes Ann; Cid ties Bob's 80: survives, not immune, no deposition.
    assert table.game.rounds[0]["immune"] == [] and table.eliminated() == [("Ann",)]
    assert table.over().winner == "Cid"


def test_f13_combined_with_tug_of_war() -> None:
    """F13 + F12: Tug of War dice with No Mercy judgement."""
    table = Table(5, [100, 120, 110, 50, 125, 10, 20], mods=["tug", "nm"])
    table.choose(Bob="rebel", Cid="rebel", Dee="follow", Eve="follow")
    rec = table.game.rounds[0]
    assert rec["dice"] == {"Bob": 130, "Cid": 110, "Dee": 130, "Eve": 150}
    # Bob 120 deposes Ann (100); Cid 110 < 120 is out; Dee 50 stays; Eve 125 > 120 is out.
    assert rec["depositions"] == [{"deposed": "Ann", "by": "Bob", "roll": 120}]
    assert table.eliminated() == [("Ann",), ("Cid",), ("Eve",)]
    assert table.game.record()["mods"] == ["tug-of-war", "no-mercy"]
    assert table.over().winner == "Dee"


def test_f13_deposition_leaving_two_goes_to_finals_after_all_rolled() -> None:
    """F13: the round runs until all have rolled; then two left means finals."""
    table = Table(3, [60, 80, 70, 40, 90], mods=NM)
    table.choose(Bob="rebel", Cid="follow")
    assert table.rolls()[:3] == [("Ann", 109, 60), ("Bob", 150, 80), ("Cid", 150, 70)]
    over = table.over()
    assert (over.winner, over.second) == ("Cid", "Bob")
