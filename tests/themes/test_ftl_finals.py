"""Follow the Leader finals (F10) and a leader leaving mid-round (F11)."""

from __future__ import annotations

from test_ftl_helpers import Table, round_two_with_bob_immune, scapegoat_round

from survivor_host.engine.events import GameOver

# ----- F10 finals -----


def test_f10_two_players_roll_150_each() -> None:
    """F10: two left: 150 vs 150, in player-list order; the winner wins, the other is second."""
    table = Table(4, [100, 60, 20, 120])
    table.choose(Bob="follow", Cid="follow", Dee="follow")  # Dee out; Cid leads Ann and Bob
    table.roll(50, 70, 40, 10, 140)
    table.choose(Ann="follow", Bob="follow")  # Ann (70) out: Bob and Cid are left
    over = table.over()
    assert table.rolls()[-2:] == [("Bob", 150, 10), ("Cid", 150, 140)]
    assert over == GameOver("Cid", "Bob", {"Cid": 1, "Bob": 2, "Ann": 3, "Dee": 4})
    assert table.game.record()["winner"] == "Cid" and table.game.record()["second"] == "Bob"
    assert table.game.awaiting() == [] and table.phase == "over"


def test_f10_one_player_left_wins_and_the_rest_of_the_round_battle_for_second() -> None:
    """F10: one left wins; everyone else in the game at the round's start rolls 150 for second."""
    table = Table(4, [50, 100, 120, 130, 30, 90, 60])
    table.choose(Bob="rebel", Cid="follow", Dee="follow")
    # Cid and Dee are out; Bob's rebellion puts Ann out: Bob alone. Ann, Cid, Dee battle.
    assert table.rolls()[-3:] == [("Ann", 150, 30), ("Cid", 150, 90), ("Dee", 150, 60)]
    over = table.over()
    assert (over.winner, over.second) == ("Bob", "Cid")
    assert over.placements == {"Bob": 1, "Cid": 2, "Ann": 3, "Dee": 4}


def test_f10_second_place_battle_is_only_among_the_last_round() -> None:
    """F10: players out before the last round do not roll for second."""
    table = Table(4, [100, 60, 20, 120])
    table.choose(Bob="follow", Cid="follow", Dee="follow")  # Dee out, Cid leads
    table.roll(50, 100, 90, 70, 20)
    table.choose(Ann="follow", Bob="follow")
    assert table.rolls()[-2:] == [("Ann", 150, 70), ("Bob", 150, 20)]
    over = table.over()
    assert over.placements == {"Cid": 1, "Ann": 2, "Bob": 3, "Dee": 4}


def test_f10_second_place_battle_ties_reroll() -> None:
    """F10 with G1: a tie for second among several re-rolls only the tied."""
    table = Table(4, [50, 100, 120, 130, 90, 90, 10, 40, 60])
    table.choose(Bob="rebel", Cid="follow", Dee="follow")
    assert table.rolls()[-5:] == [
        ("Ann", 150, 90),
        ("Cid", 150, 90),
        ("Dee", 150, 10),
        ("Ann", 150, 40),
        ("Cid", 150, 60),
    ]
    assert table.over().second == "Cid"


# ----- F11 the leader leaves mid-round -----


def test_f11_leader_modkilled_during_choices_voids_the_round() -> None:
    """F11: choices are discarded, a new leader is picked at random, the round starts again."""
    table = Table(5, picks=["Ann", "Dee"])
    table.choose(Bob="rebel", Cid="follow")
    table.do("modkill", target="Ann")
    assert table.leader == "Dee" and table.game.round == 1 and table.phase == "choices"
    assert table.game.choices == {}
    void, again = table.game.rounds
    assert void["outcome"] == "void" and void["eliminated"] == ["Ann"]
    assert again["number"] == 1 and again["leader"] == "Dee"
    assert sorted(w.player for w in table.game.awaiting()) == ["Bob", "Cid", "Eve"]


def test_f11_leader_modkilled_in_the_scapegoat_phase_discards_the_rolls() -> None:
    """F11: the rolls of a void round are discarded; immunities gained in it are not kept."""
    table = scapegoat_round()
    table.do("modkill", target="Cid")
    assert table.game.round == 2 and table.leader == "Ann"
    assert table.game.rolls == {} and table.game.doomed == [] and table.phase == "choices"
    assert table.immune() == ["Bob"]  # kept from round 1; Eve's tie in the void round is not
    assert table.alive() == ["Ann", "Bob", "Dee", "Eve", "Fay"]


def test_f11_immunity_is_kept() -> None:
    """F11: a player immune in the void round is still immune when it starts again."""
    table = round_two_with_bob_immune()
    table.choose(Ann="follow", Dee="follow", Eve="follow", Fay="follow")
    assert table.phase == "suspect"
    table.do("modkill", target="Cid")
    assert table.leader == "Ann" and table.immune() == ["Bob"]
    assert "Bob" not in [w.player for w in table.game.awaiting()]


def test_f11_leader_sub_is_not_a_void_round() -> None:
    """F11 vs G6: substituting the leader keeps the round going."""
    table = Table(5)
    table.choose(Bob="rebel")
    table.do("sub", target="Ann", new="Max")
    assert table.leader == "Max" and table.game.choices == {1: "rebel"} and len(table.game.rounds) == 1


def test_f11_leader_modkill_leaving_two_goes_to_finals() -> None:
    """F11 with G4: if the leader's modkill leaves two, the finals follow instead."""
    table = Table(3, [20, 30])
    table.do("follow", by="Bob")
    table.do("modkill", target="Ann")
    over = table.over()
    assert (over.winner, over.second) == ("Cid", "Bob")
    assert table.game.rounds[0]["outcome"] == "stopped"


def test_g4_modkill_in_scapegoat_phase_keeps_the_round_going_while_three_or_more_remain() -> None:
    """G4 counts the players left: with four still in, the scapegoat choice and F9 go on."""
    from survivor_host.engine.dice import ScriptedDice
    from survivor_host.engine.inputs import Input
    from survivor_host.themes.ftl import FollowTheLeader

    names = ["Leader", "Sus", "Safe", "Other", "Doomed"]
    # leader 100; in list order: Sus (120 die) 110 follows: out; Safe 50, Other 60; Doomed 140 follows: out
    dice = ScriptedDice([100, 110, 50, 60, 140, 10, 90, 100, 20])  # then finals: Leader 100, Safe 20
    game = FollowTheLeader(names, options={"leader": "pick"}, dice=dice)
    game.start()
    for name in names[1:]:
        game.apply(Input("follow", by=name))
    game.apply(Input("suspect", by="Leader", target="Sus"))
    assert game.phase == "scapegoat"
    game.apply(Input("modkill", target="Other"))
    assert game.phase == "scapegoat" and game.seat("Sus").alive
    game.apply(Input("scapegoat", by="Sus", target="Safe"))  # Sus 10 vs Safe 90: Sus goes
    assert not game.seat("Sus").alive and not game.seat("Doomed").alive
    assert game.finished and (game.winner, game.second) == ("Leader", "Safe")


def test_g4_modkills_in_scapegoat_phase_leaving_two_stop_the_round_with_its_judgement() -> None:
    """G4: two left stops the round at once; those already judged out go, with no scapegoat battle."""
    from survivor_host.engine.dice import ScriptedDice
    from survivor_host.engine.inputs import Input
    from survivor_host.themes.ftl import FollowTheLeader

    names = ["Leader", "Sus", "Safe", "Other", "Doomed"]
    dice = ScriptedDice([100, 110, 50, 60, 140, 80, 30, 20, 10])  # then F10's battle for second: Sus 80 ...
    game = FollowTheLeader(names, options={"leader": "pick"}, dice=dice)
    game.start()
    for name in names[1:]:
        game.apply(Input("follow", by=name))
    game.apply(Input("suspect", by="Leader", target="Sus"))
    game.apply(Input("modkill", target="Other"))
    game.apply(Input("modkill", target="Doomed"))
    assert game.phase == "scapegoat"
    game.apply(Input("modkill", target="Safe"))
    assert game.finished and (game.winner, game.second) == ("Leader", "Sus")
    assert game.placements["Sus"] == 2
    assert game.round_record()[-1]["outcome"] == "stopped"


def test_f8_a_rebel_modkilled_after_the_rolls_still_counts_for_the_outcome() -> None:
    """F8/F9: the round's result is fixed by the rolls; a modkill afterwards does not change it."""
    from survivor_host.engine.dice import ScriptedDice
    from survivor_host.engine.inputs import Input
    from survivor_host.themes.ftl import FollowTheLeader

    names = ["Leader", "Sus", "Failed", "Good", "Eris"]
    # leader 100; Sus (120) 110 follows: out; Failed rebels 20: out; Good rebels 140; Eris follows 50
    dice = ScriptedDice([100, 110, 20, 140, 50, 1, 2, 3, 4, 5, 6])
    game = FollowTheLeader(names, options={"leader": "pick"}, dice=dice)
    game.start()
    for name, choice in [("Sus", "follow"), ("Failed", "rebel"), ("Good", "rebel"), ("Eris", "follow")]:
        game.apply(Input(choice, by=name))
    game.apply(Input("suspect", by="Leader", target="Sus"))
    assert game.phase == "scapegoat"
    game.apply(Input("modkill", target="Failed"))
    game.apply(Input("noscapegoat", by="Sus"))
    first = game.round_record()[0]
    assert first["outcome"] == "normal"
    assert game.seat("Leader").alive
