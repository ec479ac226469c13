"""Follow the Leader under the general rulings G1-G7."""

from __future__ import annotations

import pytest
from test_ftl_helpers import Table, snapshot

from survivor_host.engine.battle import battle
from survivor_host.engine.dice import ScriptedDice, SeededDice
from survivor_host.engine.errors import DiceError
from survivor_host.engine.events import Eliminated, GameOver, Prompt, Roll, Say, is_public
from survivor_host.engine.render import render
from survivor_host.themes.ftl import FollowTheLeader

# ----- G1 roll battles -----


def test_g1_two_way_battle_rerolls_ties_until_decided() -> None:
    """G1: equal rolls are rolled again by both sides."""
    dice = ScriptedDice([40, 40, 7, 7, 9, 3])
    result = battle(dice, [("Ann", 100), ("Bob", 100)])
    assert result.winners == ["Ann"] and result.losers == ["Bob"]
    assert result.rolls == [{"Ann": 40, "Bob": 40}, {"Ann": 7, "Bob": 7}, {"Ann": 9, "Bob": 3}]
    assert dice.remaining == 0


def test_g1_multi_way_battle_rerolls_only_the_tied() -> None:
    """G1: in a battle of three, a tie for the deciding place is rolled again by the tied only."""
    dice = ScriptedDice([80, 10, 80, 5, 60])
    result = battle(dice, [("Ann", 100), ("Bob", 100), ("Cid", 100)])
    assert result.winners == ["Cid"]
    assert sorted(result.losers) == ["Ann", "Bob"]
    assert result.rolls == [{"Ann": 80, "Bob": 10, "Cid": 80}, {"Ann": 5, "Cid": 60}]
    assert [e.player for e in result.events if isinstance(e, Roll)] == ["Ann", "Bob", "Cid", "Ann", "Cid"]


def test_g1_tie_below_the_deciding_place_is_not_rerolled() -> None:
    """G1: only a tie for the deciding place matters."""
    dice = ScriptedDice([90, 10, 10])
    result = battle(dice, [("Ann", 100), ("Bob", 100), ("Cid", 100)])
    assert result.winners == ["Ann"] and dice.remaining == 0


def test_g1_finals_tie_rerolls_in_game() -> None:
    """G1 in the F10 finals: 150 vs 150, a tie rolls again."""
    table = Table(3)
    # Leader 50; Bob 10 survives, Cid 120 out; handover -> 2 left -> finals.
    table.roll(50, 10, 120, 99, 99, 3, 140)
    table.choose(Bob="follow", Cid="follow")
    over = table.over()
    assert over.winner == "Bob" and over.second == "Ann"
    assert table.rolls()[-4:] == [("Ann", 150, 99), ("Bob", 150, 99), ("Ann", 150, 3), ("Bob", 150, 140)]


# ----- G2 dice -----


def test_g2_leader_roll_is_109_plus_20_so_21_to_129() -> None:
    """G2/F5: `109+20` is 21..129; scripted dice refuse values outside it."""
    for value in (21, 129):
        table = Table(3)
        table.roll(value, 1, 2)
        table.choose(Bob="follow", Cid="follow")
        assert table.game.rounds[0]["leader_roll"] == value
    for value in (20, 130):
        table = Table(3)
        table.roll(value)
        table.do("follow", by="Bob")
        with pytest.raises(DiceError, match=r"outside 21\.\.129"):
            table.do("follow", by="Cid")


def test_g2_player_rolls_stay_in_range_with_seeded_dice() -> None:
    """G2: every roll is uniform on its die; seeded games only ever roll in range."""
    for seed in range(30):
        game = FollowTheLeader(["Ann", "Bob", "Cid", "Dee", "Eve"], options={"leader": "pick"}, seed=seed)
        events = list(game.start())
        while not game.finished:
            waits = game.awaiting()
            if waits and waits[0].actions[0] in ("follow", "rebel"):
                for wait in waits:
                    events += game.apply(game.legal_inputs(wait.player)[seed % 2])
            else:
                events += game.apply(game.legal_inputs(waits[0].player)[0])
        for roll in (e for e in events if isinstance(e, Roll)):
            assert 1 + roll.plus <= roll.result <= roll.sides + roll.plus


def test_g2_roll_text_as_hosts_show_it() -> None:
    """G2: `Roll (1 - 150) for Venus: 87`; the leader's roll shows its bonus."""
    table = Table(["Mars", "Venus", "Pluto"])
    table.roll(107, 87, 60)
    table.choose(Venus="follow", Pluto="follow")
    lines = table.text().splitlines()
    assert "Roll (1 - 109)+20 for Mars: 107" in lines
    assert "Roll (1 - 150) for Venus: 87" in lines
    assert render(Roll("Venus", 150, 87)) == "Roll (1 - 150) for Venus: 87"


def test_g2_seeded_games_are_reproducible() -> None:
    """G2: every roll, pick and shuffle comes from the game's own seeded generator."""
    first = SeededDice(7)
    second = SeededDice(7)
    assert [first.roll(150) for _ in range(20)] == [second.roll(150) for _ in range(20)]
    assert first.shuffle(list("abcdef")) == second.shuffle(list("abcdef"))
    assert first.pick(list("abcdef")) == second.pick(list("abcdef"))


# ----- G3 secrets -----


def test_g3_choices_are_private_until_the_rolls() -> None:
    """G3: follow/rebel is told only to the chooser, never to the room before the rolls."""
    table = Table(5)
    sent = table.choose(Bob="rebel", Cid="follow")
    sent += table.do("follow", by="Bob")  # a change is private too
    for event in sent:
        assert not is_public(event)
    assert [e.to for e in sent] == ["Bob", "Cid", "Bob"]
    sent = table.choose(Dee="rebel", Eve="follow")
    assert table.phase == "suspect" and not table.rolls()
    for event in table.events:
        if is_public(event):
            text = render(event) or ""
            for word in ("chose", "Followed", "Rebelled"):
                assert word not in text
    # Nobody else's view or prompt holds another player's choice.
    assert table.game.view("Cid").my_choice == "follow"
    assert table.game.view("Ann").my_choice is None
    assert "rebel" not in repr(table.game.view("Cid"))
    table.roll(100, 90, 10, 120, 80)
    rolled = table.do("nosuspect", by="Ann")
    first_roll = next(i for i, e in enumerate(rolled) if isinstance(e, Roll))
    reveal = [i for i, e in enumerate(rolled) if isinstance(e, Say) and "Followed" in e.text]
    assert reveal and reveal[0] > first_roll
    assert render(rolled[reveal[0]]) == "Followed: Bob, Cid, Eve. Rebelled: Dee."


def test_g3_default_choice_at_timeout_is_private() -> None:
    """G3 with G4 `idle=default`: the default follow is told only to its player."""
    table = Table(5, idle="default")
    table.choose(Bob="rebel", Cid="rebel", Dee="rebel")
    events = table.timeout()
    told = [e for e in events if isinstance(e, Say) and "follow" in e.text]
    assert told and all(e.to == "Eve" for e in told)
    assert table.game.choices == {1: "rebel", 2: "rebel", 3: "rebel", 4: "follow"}


# ----- G4 idle players -----


def test_g4_idle_players_are_modkilled_at_the_deadline() -> None:
    """G4: owing a choice at the deadline means a modkill; the round goes on with the rest."""
    table = Table(6)
    table.choose(Bob="rebel", Cid="follow", Dee="follow")
    assert table.game.deadline_seconds() == 120
    events = table.timeout()
    out = [e for e in events if isinstance(e, Eliminated)]
    assert out == [Eliminated(("Eve", "Fay"), "idle")]
    assert table.phase == "suspect"  # the round started with 6: suspecting goes on


def test_g4_idle_default_follows() -> None:
    """G4: `idle=default` takes the harmless choice, follow."""
    table = Table(4, idle="default")
    table.roll(100, 120, 30, 40)
    table.choose(Bob="rebel")
    table.timeout()
    rec = table.game.rounds[0]
    assert rec["choices"] == {"Bob": "rebel", "Cid": "follow", "Dee": "follow"}
    # Bob, the only rebel, succeeded: a rebellion, so the leader is out.
    assert rec["outcome"] == "rebellion" and table.alive() == ["Bob", "Cid", "Dee"]


def test_g4_modkills_leaving_two_go_to_finals_without_more_rolls() -> None:
    """G4: idle modkills that leave two stop the round at once; the finals follow."""
    table = Table(4)
    table.choose(Bob="rebel")
    table.roll(10, 120)  # only the finals: no leader roll
    events = table.timeout()
    assert table.eliminated(events) == [("Cid", "Dee")]
    assert table.rolls(events) == [("Ann", 150, 10), ("Bob", 150, 120)]
    assert table.game.rounds[0]["leader_roll"] is None
    assert table.game.rounds[0]["outcome"] == "stopped"
    over = table.over()
    assert (over.winner, over.second) == ("Bob", "Ann")
    assert over.placements == {"Bob": 1, "Ann": 2, "Cid": 3, "Dee": 3}


def test_g4_modkills_leaving_one_decide_second_by_f10() -> None:
    """G4 + F10: one player left wins; everyone else at the round's start battles 150 for second."""
    table = Table(3)
    table.roll(40, 90)
    events = table.timeout()
    assert table.eliminated(events) == [("Bob", "Cid")]
    assert table.rolls(events) == [("Bob", 150, 40), ("Cid", 150, 90)]
    over = table.over()
    assert (over.winner, over.second) == ("Ann", "Cid")
    assert over.placements == {"Ann": 1, "Cid": 2, "Bob": 3}


def test_g4_not_voting_is_not_punished() -> None:
    """G4/F2: players who do not vote are not modkilled."""
    table = Table(4, leader="vote")
    assert table.game.deadline_seconds() == 60
    table.do("vote", by="Bob", target="Cid")
    table.timeout()
    assert table.alive() == ["Ann", "Bob", "Cid", "Dee"]
    assert table.leader == "Cid" and table.phase == "choices"


def test_g4_leader_who_does_not_suspect_is_not_modkilled() -> None:
    """G4/F4: the leader's silence means nobody is suspected."""
    table = Table(5)
    table.roll(100, 1, 2, 3, 4)
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow")
    table.timeout()
    rec = table.game.rounds[0]
    assert rec["suspect"] is None and "Ann" in table.alive()
    assert [sides for _, sides, _ in table.rolls()] == [109, 150, 150, 150, 150]


# ----- G5 / G6 host actions, subs, renames -----


def test_g6_host_modkill() -> None:
    """G6: the host modkills a player; a player cannot."""
    table = Table(5)
    table.illegal("modkill", by="Bob", target="Cid", match="Only the host")
    events = table.do("modkill", target="Cid")
    assert table.eliminated(events) == [("Cid",)]
    assert "Cid" not in table.alive()
    table.illegal("modkill", target="Cid", match="already eliminated")
    table.illegal("modkill", target="Zed", match="not in this game")


def test_g6_sub_inherits_the_seat_and_gets_a_private_brief() -> None:
    """G6: the newcomer takes over the seat's state and secrets, told by PM only."""
    table = Table(5)
    table.choose(Bob="rebel")
    events = table.do("sub", target="Bob", new="Zoe")
    assert any(isinstance(e, Say) and e.to is None and "Zoe" in e.text for e in events)
    private = [e for e in events if not is_public(e)]
    assert private and all(e.to == "Zoe" for e in private)
    assert any(isinstance(e, Say) and "rebel" in e.text for e in private)
    assert any(isinstance(e, Prompt) for e in private)  # still may change the choice (F3)
    for event in events:
        if is_public(event):
            assert "rebel" not in (render(event) or "")
    assert table.game.view("Zoe").my_choice == "rebel"
    table.illegal("follow", by="Bob", match="not in this game")
    table.choose(Cid="follow", Dee="follow", Eve="follow")
    # The leader's seat: the sub is briefed with the suspect prompt.
    events = table.do("sub", target="Ann", new="Max")
    assert any(isinstance(e, Prompt) and e.to == "Max" and "suspect" in e.actions for e in events)
    table.roll(100, 110, 1, 2, 3)
    table.do("suspect", by="Max", target="Zoe")
    assert table.game.rounds[0]["suspect"] == "Zoe"
    assert table.game.record()["subs"] == [
        {"round": 1, "old": "Bob", "new": "Zoe"},
        {"round": 1, "old": "Ann", "new": "Max"},
    ]


def test_g6_sub_keeps_immunity() -> None:
    """G6: an immune seat stays immune under its new holder."""
    table = Table(4)
    table.roll(80, 80, 10, 120)
    table.choose(Bob="follow", Cid="follow", Dee="rebel")  # Bob ties: immune next round
    assert table.immune() == ["Bob"]
    events = table.do("sub", target="Bob", new="Zoe")
    assert table.immune() == ["Zoe"]
    assert table.game.legal_inputs("Zoe") == []
    assert all(e.to in (None, "Zoe") for e in events)
    assert any(isinstance(e, Say) and e.to == "Zoe" and "immune" in e.text for e in events)


def test_g6_sub_during_the_vote_is_told_the_seat_vote() -> None:
    """G6: a substitute during the first-leader vote learns how to vote and the seat's vote."""
    table = Table(4, leader="vote")
    table.do("vote", by="Bob", target="Cid")
    events = table.do("sub", target="Bob", new="Zoe")
    assert any(isinstance(e, Say) and e.to == "Zoe" and "voted for Cid" in e.text for e in events)
    table.do("vote", by="Zoe", target="Dee")
    assert table.game.votes == {1: 3}


def test_g6_sub_refuses_bad_names() -> None:
    """G6: a sub must bring a new, usable name into a seat still in the game."""
    table = Table(4)
    table.illegal("sub", by="Bob", target="Cid", new="Zoe", match="Only the host")
    table.illegal("sub", target="Cid", new="bob", match="already in this game")
    table.illegal("sub", target="Cid", new="!!", match="not a usable name")
    table.illegal("sub", target="Cid", match="Name who takes Cid's seat")
    table.do("modkill", target="Dee")
    table.illegal("sub", target="Dee", new="Zoe", match="already eliminated")


def test_g6_extend_and_end() -> None:
    """G6: the host extends a deadline and ends the game."""
    table = Table(4)
    assert table.game.deadline_seconds() == 120
    table.do("extend", seconds=30)
    assert table.game.deadline_seconds() == 150
    table.illegal("extend", seconds=0, match="1 to 600")
    table.illegal("extend", by="Bob", match="Only the host")
    events = table.do("end")
    assert events == [GameOver(None, None, {})]
    assert table.game.finished and table.game.awaiting() == []
    table.illegal("follow", by="Bob", match="over")


def test_g6_extension_resets_with_the_next_wait() -> None:
    """G6: an extension lasts for the wait it was given for."""
    table = Table(5)
    table.do("extend")
    assert table.game.deadline_seconds() == 180
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow")
    assert table.game.deadline_seconds() == 60


def test_g5_rename_keeps_the_seat() -> None:
    """G5: players are tracked by user id; a rename keeps the seat and its choice."""
    table = Table(4)
    table.choose(Bob="rebel")
    before = snapshot(table.game)
    assert table.do("rename", by="Bob", new="Bobby") == []
    assert snapshot(table.game) != before
    assert table.game.view("Bobby").my_choice == "rebel"
    table.illegal("follow", by="Bob", match="not in this game")
    table.do("follow", by="B.O.B.B.Y")  # same user id
    assert table.game.view("bobby").my_choice == "follow"
    table.illegal("rename", by="Cid", new="bobby", match="already in this game")


# ----- G7 places -----


def test_g7_players_out_in_one_step_share_a_place_and_last_out_is_second() -> None:
    """G7: places follow elimination steps; the finals loser is second."""
    table = Table(5)
    table.choose(Bob="follow", Cid="follow", Dee="rebel", Eve="rebel")
    # Leader 100: Bob 120 (follower above: out), Cid 130 (out), Dee 110 ok, Eve 140 ok.
    # Then the rebellion puts Ann out after them: two left -> finals, Dee 5 vs Eve 6.
    table.roll(100, 120, 130, 110, 140, 5, 6)
    table.do("nosuspect", by="Ann")
    assert table.eliminated() == [("Bob", "Cid"), ("Ann",)]
    over = table.over()
    assert (over.winner, over.second) == ("Eve", "Dee")
    assert over.placements == {"Eve": 1, "Dee": 2, "Ann": 3, "Bob": 4, "Cid": 4}
