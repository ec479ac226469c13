"""Whole Follow the Leader games on scripted dice, worked out by hand and pinned.

Dice order (RULINGS "Scenarios with scripted dice"): leader roll, each player in list order
(or the scripted shuffle), scapegoat battle (suspect first), succession battles, finals.
"""

from __future__ import annotations

from test_ftl_helpers import Table

from survivor_host.engine.events import GameOver


def test_scenario_vote_scapegoat_rebellion_and_finals() -> None:
    """Six players: a vote, a scapegoat battle with a tie, an immunity, a rebellion, tied finals."""
    dice = [90, 95, 80, 90, 130, 40, 65, 65, 50, 20, 60, 60, 100, 70, 100, 100, 30, 120]
    table = Table(6, dice, leader="vote", shuffles=[["Fay", "Cid", "Ann", "Eve", "Dee"]])
    for voter, target in (
        ("Ann", "Bob"),
        ("Bob", "Cid"),
        ("Cid", "Bob"),
        ("Dee", "Bob"),
        ("Eve", "Cid"),
        ("Fay", "Ann"),
    ):
        table.do("vote", by=voter, target=target)
    assert table.leader == "Bob"
    # Round 1: Bob leads; Cid is suspected.
    table.choose(Ann="follow", Cid="rebel", Dee="follow", Eve="rebel", Fay="follow")
    table.do("suspect", by="Bob", target="Cid")
    assert [i.target for i in table.game.legal_inputs("Cid")] == ["Dee", "Eve", None]
    table.do("scapegoat", by="Cid", target="Eve")
    first = table.game.rounds[0]
    assert first == {
        "number": 1,
        "leader": "Bob",
        "leader_roll": 90,
        "suspect": "Cid",
        "choices": {"Ann": "follow", "Cid": "rebel", "Dee": "follow", "Eve": "rebel", "Fay": "follow"},
        "rolls": {"Fay": 95, "Cid": 80, "Ann": 90, "Eve": 130, "Dee": 40},
        "dice": {"Fay": 150, "Cid": 120, "Ann": 150, "Eve": 150, "Dee": 150},
        "order": ["Fay", "Cid", "Ann", "Eve", "Dee"],
        "immune": ["Ann"],
        "eliminated": ["Fay", "Eve"],
        "scapegoat": {"suspect": "Cid", "target": "Eve", "loser": "Eve"},
        "outcome": "normal",
        "next_leader": "Ann",
    }
    # Round 2: Ann leads (her immunity is moot); four players: no suspecting.
    assert table.immune() == [] and table.phase == "choices"
    table.choose(Bob="rebel", Cid="follow", Dee="rebel")
    second = table.game.rounds[1]
    assert second["rolls"] == {"Bob": 60, "Cid": 100, "Dee": 70}
    assert second["outcome"] == "rebellion" and second["eliminated"] == ["Cid", "Ann"]
    assert second["immune"] == ["Bob"] and second["next_leader"] is None
    assert table.rolls()[-4:] == [("Bob", 150, 100), ("Dee", 150, 100), ("Bob", 150, 30), ("Dee", 150, 120)]
    assert table.over() == GameOver("Dee", "Bob", {"Dee": 1, "Bob": 2, "Ann": 3, "Cid": 4, "Eve": 5, "Fay": 5})
    assert table.dice.remaining == 0
    assert table.eliminated() == [("Fay", "Eve"), ("Cid",), ("Ann",)]


def test_scenario_tug_of_war_with_no_mercy() -> None:
    """Five players under both mods: two depositions, two cancelled immunities, a handover to finals."""
    dice = [70, 70, 90, 90, 100, 50, 50, 100, 10, 140]
    table = Table(5, dice, mods=["tug-of-war", "no-mercy"], picks=["Cid"], shuffles=[["Eve", "Ann", "Bob", "Dee"]])
    assert table.leader == "Cid"
    table.choose(Ann="rebel", Bob="follow", Dee="rebel", Eve="rebel")
    first = table.game.rounds[0]
    assert first["dice"] == {"Eve": 130, "Ann": 110, "Bob": 130, "Dee": 110}
    assert first["rolls"] == {"Eve": 70, "Ann": 90, "Bob": 90, "Dee": 100}
    assert first["depositions"] == [
        {"deposed": "Cid", "by": "Ann", "roll": 90},
        {"deposed": "Ann", "by": "Dee", "roll": 100},
    ]
    assert first["immune"] == [] and first["outcome"] == "deposed"
    assert first["eliminated"] == ["Cid", "Ann"] and first["next_leader"] == "Dee"
    # Round 2: three players, so a tie gives no immunity.
    table.choose(Bob="follow", Eve="follow")
    second = table.game.rounds[1]
    assert second["dice"] == {"Bob": 170, "Eve": 190}
    assert second["outcome"] == "handover" and second["immune"] == []
    assert second["eliminated"] == ["Eve"]
    assert table.over() == GameOver("Dee", "Bob", {"Dee": 1, "Bob": 2, "Eve": 3, "Ann": 4, "Cid": 5})
    assert table.dice.remaining == 0


def test_scenario_void_round_idle_default_and_rebellion() -> None:
    """The leader is modkilled (void round), an idle player follows by default, a rebellion ends it."""
    dice = [100, 100, 120, 101, 75, 75, 2, 1]
    table = Table(5, dice, picks=["Ann", "Eve"], idle="default")
    table.do("rebel", by="Bob")
    table.do("modkill", target="Ann")
    assert table.leader == "Eve" and table.game.round == 1
    table.choose(Bob="follow", Cid="rebel")
    table.timeout()  # Dee follows by default
    again = table.game.rounds[1]
    assert again["choices"] == {"Bob": "follow", "Cid": "rebel", "Dee": "follow"}
    assert again["rolls"] == {"Bob": 100, "Cid": 120, "Dee": 101}
    assert again["immune"] == ["Bob"] and again["outcome"] == "rebellion"
    assert table.over() == GameOver("Bob", "Cid", {"Bob": 1, "Cid": 2, "Eve": 3, "Dee": 4, "Ann": 5})
    assert table.dice.remaining == 0
    record = table.game.record()
    assert [r["number"] for r in record["rounds"]] == [1, 1]
    assert record["rounds"][0]["outcome"] == "void"
    assert record["inputs"][:2] == [
        {"by": "Bob", "action": "rebel"},
        {"by": "host", "action": "modkill", "target": "Ann"},
    ]
