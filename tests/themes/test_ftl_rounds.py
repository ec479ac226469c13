"""A Follow the Leader round: choices (F3), suspecting (F4), rolls (F5), judgement (F6),
scapegoats (F7), success (F8) and the end of the round (F9)."""

from __future__ import annotations

from test_ftl_helpers import Table, round_two_with_bob_immune, scapegoat_round

from survivor_host.engine.events import Eliminated, Prompt, Roll

# ----- F3 choices -----


def test_f3_choices_change_until_all_are_in_then_lock() -> None:
    """F3: a choice may change until every choice is in; then it is locked."""
    table = Table(5)
    table.choose(Bob="rebel", Cid="follow")
    table.do("follow", by="Bob")
    table.do("rebel", by="Bob")
    assert table.game.choices == {1: "rebel", 2: "follow"}
    table.choose(Dee="follow", Eve="follow")
    assert table.phase == "suspect"
    table.illegal("follow", by="Bob", match="Rebel or follow was already locked in for this round")
    table.illegal("rebel", by="Eve", match="Rebel or follow was already locked in for this round")
    assert table.game.rounds[0]["choices"] == {"Bob": "rebel", "Cid": "follow", "Dee": "follow", "Eve": "follow"}


def test_f3_revolt_is_an_alias_of_rebel() -> None:
    """F3: `revolt` means `rebel`, in the game and in its log."""
    table = Table(5)
    table.do("revolt", by="Bob")
    assert table.game.choices == {1: "rebel"}
    assert table.game.log[-1].action == "rebel"


def test_f3_who_makes_no_choice() -> None:
    """F3: the leader and the immune make no choice; the eliminated cannot play."""
    table = round_two_with_bob_immune()
    table.illegal("follow", by="Cid", match="The leader does not")
    table.illegal("rebel", by="Bob", match="immune")
    assert table.game.legal_inputs("Bob") == [] and table.game.legal_inputs("Cid") == []
    table.do("modkill", target="Fay")
    table.illegal("follow", by="Fay", match="eliminated")
    table.illegal("follow", match="Only a player")


def test_f3_locked_at_the_deadline() -> None:
    """F3: the deadline closes the choices too."""
    table = Table(5, idle="default")
    table.do("rebel", by="Bob")
    table.timeout()
    table.illegal("follow", by="Bob", match="already locked in")


# ----- F4 suspecting -----


def test_f4_suspecting_only_from_five_players() -> None:
    """F4: 5 players at the round's start (leader included) means a suspect phase; 4 does not."""
    five = Table(5)
    five.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow")
    assert five.phase == "suspect"
    assert five.game.view("Bob").suspecting
    prompt = five.events[-1]
    assert isinstance(prompt, Prompt) and prompt.to == "Ann" and not prompt.secret
    four = Table(4, [100, 10, 20, 30])
    assert not four.game.view("Bob").suspecting
    four.choose(Bob="follow", Cid="follow", Dee="follow")
    assert four.game.rounds[0]["suspect"] is None and four.game.round == 2


def test_f4_start_of_round_count_decides() -> None:
    """F4: a modkill during the round does not take suspecting away."""
    table = Table(5)
    table.do("modkill", target="Eve")
    table.choose(Bob="follow", Cid="follow", Dee="follow")
    assert table.phase == "suspect"


def test_f4_no_suspecting_under_tug_of_war_or_no_mercy() -> None:
    """F4: never under Tug of War or No Mercy, whatever the count."""
    for mods in (["tug-of-war"], ["no-mercy"], ["tug-of-war", "no-mercy"]):
        table = Table(6, [100, 1, 2, 3, 4, 5], mods=mods)
        table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow", Fay="follow")
        assert table.game.rounds[0]["suspect"] is None
        assert table.game.round == 2


def test_f4_only_the_leader_suspects_someone_not_immune() -> None:
    """F4: the leader names one player who is neither the leader nor immune."""
    table = round_two_with_bob_immune()
    table.illegal("suspect", by="Cid", target="Ann", match="not open")
    table.choose(Ann="follow", Dee="follow", Eve="follow", Fay="follow")
    assert [i.target for i in table.game.legal_inputs("Cid") if i.action == "suspect"] == ["Ann", "Dee", "Eve", "Fay"]
    table.illegal("suspect", by="Cid", target="Bob", match="immune and cannot be suspected")
    table.illegal("suspect", by="Cid", target="Cid", match="yourself")
    table.illegal("suspect", by="Dee", target="Ann", match="Only the leader")
    table.illegal("nosuspect", by="Dee", match="Only the leader")
    table.illegal("suspect", by="Cid", target="Zed", match="not in this game")
    table.illegal("suspect", target="Ann", match="Only a player")
    table.roll(100, 1, 2, 3, 4, 5)
    table.do("suspect", by="Cid", target="Dee")
    assert table.game.rounds[1]["suspect"] == "Dee"


def test_f4_leader_silence_means_nobody_is_suspected() -> None:
    """F4: no suspect by the deadline: nobody is suspected and the leader is not modkilled."""
    table = Table(5, [100, 1, 2, 3, 4])
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow")
    table.timeout()
    assert table.game.rounds[0]["suspect"] is None
    assert "Ann" in table.alive()
    assert all(sides != 120 for _, sides, _ in table.rolls())


# ----- F5 rolls -----


def test_f5_leader_rolls_first_then_the_shuffled_list_with_the_suspect_on_120() -> None:
    """F5: the leader's 109+20, then every other player in shuffled order; the suspect rolls 120."""
    table = Table(5, [100, 90, 80, 70, 60], shuffles=[["Eve", "Cid", "Bob", "Dee"]])
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow")
    table.do("suspect", by="Ann", target="Cid")
    assert table.rolls()[:5] == [
        ("Ann", 109, 100),
        ("Eve", 150, 90),
        ("Cid", 120, 80),
        ("Bob", 150, 70),
        ("Dee", 150, 60),
    ]
    rec = table.game.rounds[0]
    assert rec["order"] == ["Eve", "Cid", "Bob", "Dee"]
    assert rec["dice"] == {"Eve": 150, "Cid": 120, "Bob": 150, "Dee": 150}
    assert rec["rolls"] == {"Eve": 90, "Cid": 80, "Bob": 70, "Dee": 60}


def test_f5_immune_players_roll_too_and_can_lead() -> None:
    """F5: an immune player rolls 150 and their roll can make them the next leader."""
    table = round_two_with_bob_immune()
    table.roll(100, 50, 140, 110, 120, 90)
    table.choose(Ann="follow", Dee="rebel", Eve="rebel", Fay="rebel")
    table.do("nosuspect", by="Cid")
    rec = table.game.rounds[1]
    assert rec["dice"]["Bob"] == 150 and rec["rolls"]["Bob"] == 140
    assert rec["outcome"] == "normal"  # Fay's rebellion failed
    assert table.leader == "Bob"


# ----- F6 judgement -----


def test_f6_followers_above_and_rebels_below_are_out() -> None:
    """F6: a follower higher than the leader is out; a rebel lower than the leader is out."""
    table = Table(6, [75, 76, 74, 74, 76, 75, 1, 2])
    table.choose(Bob="follow", Cid="follow", Dee="rebel", Eve="rebel", Fay="follow")
    events = table.do("nosuspect", by="Ann")
    assert table.eliminated(events) == [("Bob", "Dee")]
    rec = table.game.rounds[0]
    assert rec["eliminated"] == ["Bob", "Dee"]
    assert rec["immune"] == ["Fay"]


def test_f6_a_tie_gives_immunity_with_four_players() -> None:
    """F6: with 4 or more at the round's start, tying the leader gives immunity this round and next."""
    table = Table(4, [80, 80, 120, 20])
    table.choose(Bob="rebel", Cid="rebel", Dee="follow")
    rec = table.game.rounds[0]
    assert rec["immune"] == ["Bob"] and rec["outcome"] == "rebellion"
    assert (table.leader, table.immune()) == ("Cid", ["Bob"])
    assert "Bob" not in [w.player for w in table.game.awaiting()]


def test_f6_no_immunity_with_three_players() -> None:
    """F6: with 3 or fewer at the round's start, an equal roll just survives."""
    table = Table(3, [80, 80, 10])
    table.choose(Bob="follow", Cid="follow")
    rec = table.game.rounds[0]
    assert rec["immune"] == [] and table.immune() == []
    assert table.alive() == ["Ann", "Bob", "Cid"]


def test_f6_immunity_counts_players_at_round_start() -> None:
    """F6: a round that started with 4 gives immunity even after a modkill leaves 3."""
    table = Table(5, [80, 80, 10, 20])
    table.do("modkill", target="Eve")
    table.choose(Bob="follow", Cid="follow", Dee="follow")
    table.do("nosuspect", by="Ann")
    assert table.game.rounds[0]["immune"] == ["Bob"]


def test_f6_immune_player_is_never_eliminated_and_tying_again_stays_immune() -> None:
    """F6: an immune player cannot be eliminated; tying again keeps immunity for the next round."""
    table = Table(4, [80, 80, 50, 60])
    table.choose(Bob="follow", Cid="follow", Dee="follow")
    # Handover: Cid (50) leads round 2, Bob immune.
    assert (table.leader, table.immune()) == ("Cid", ["Bob"])
    table.roll(90, 40, 90, 30)  # order Ann, Bob, Dee
    table.choose(Ann="follow", Dee="follow")
    assert table.game.rounds[1]["immune"] == ["Bob"]
    assert (table.leader, table.immune()) == ("Dee", ["Bob"])
    table.roll(30, 100, 149, 20)  # order Ann, Bob, Cid: Bob rolls far above the leader
    table.choose(Ann="follow", Cid="follow")
    assert "Bob" in table.alive() and table.game.rounds[2]["eliminated"] == ["Ann"]
    assert table.immune() == []


# ----- F7 scapegoats -----


def test_f7_scapegoat_targets() -> None:
    """F7: not oneself, not the leader, not immune (incl. a tie this round), not already going out."""
    table = scapegoat_round()
    assert [i.target for i in table.game.legal_inputs("Ann")] == ["Dee", None]
    table.illegal("scapegoat", by="Ann", target="Ann", match="own scapegoat")
    table.illegal("scapegoat", by="Ann", target="Cid", match="leader cannot")
    table.illegal("scapegoat", by="Ann", target="Bob", match="immune")
    table.illegal("scapegoat", by="Ann", target="Eve", match="immune")
    table.illegal("scapegoat", by="Ann", target="Fay", match="already going out")
    table.illegal("scapegoat", by="Ann", target="Zed", match="not in this game")
    table.illegal("scapegoat", by="Dee", target="Eve", match="Only the suspect")
    table.illegal("noscapegoat", by="Dee", match="no scapegoat for you")
    table.illegal("follow", by="Dee", match="locked in")


def test_f7_scapegoat_not_before_the_rolls() -> None:
    """F7: there is no scapegoat to name before the rolls."""
    table = round_two_with_bob_immune()
    table.illegal("scapegoat", by="Ann", target="Dee", match="no scapegoat to name now")
    table.illegal("noscapegoat", by="Ann", match="no scapegoat")


def test_f7_suspect_wins_the_scapegoat_battle() -> None:
    """F7: suspect 70 against scapegoat 100; the loser is out with the others, the winner stays."""
    table = scapegoat_round()
    table.roll(50, 40)
    events = table.do("scapegoat", by="Ann", target="Dee")
    assert table.rolls(events) == [("Ann", 70, 50), ("Dee", 100, 40)]
    assert table.eliminated(events) == [("Fay", "Dee")]
    assert table.game.rounds[1]["scapegoat"] == {"suspect": "Ann", "target": "Dee", "loser": "Dee"}
    assert "Ann" in table.alive()


def test_f7_suspect_loses_the_scapegoat_battle() -> None:
    """F7: if the scapegoat wins, the suspect goes out."""
    table = scapegoat_round()
    table.roll(10, 40)
    events = table.do("scapegoat", by="Ann", target="Dee")
    assert table.eliminated(events) == [("Fay", "Ann")]
    assert "Dee" in table.alive()


def test_f7_scapegoat_battle_ties_reroll() -> None:
    """F7 with G1: equal rolls are rolled again."""
    table = scapegoat_round()
    table.roll(30, 30, 50, 20)
    events = table.do("scapegoat", by="Ann", target="Dee")
    assert table.rolls(events) == [("Ann", 70, 30), ("Dee", 100, 30), ("Ann", 70, 50), ("Dee", 100, 20)]
    assert table.game.rounds[1]["scapegoat"]["loser"] == "Dee"


def test_f7_declining_or_silence_puts_the_suspect_out() -> None:
    """F7: `noscapegoat`, or no answer by the deadline, means the suspect goes out."""
    for how in ("noscapegoat", "timeout"):
        table = scapegoat_round()
        assert table.game.deadline_seconds() == 60
        events = table.do("noscapegoat", by="Ann") if how == "noscapegoat" else table.timeout()
        assert table.eliminated(events) == [("Ann", "Fay")]
        assert table.game.rounds[1]["scapegoat"] is None


def test_f7_no_scapegoat_phase_without_a_candidate() -> None:
    """F7: with nobody to name, the suspect simply goes out."""
    table = Table(5, [100, 119, 140, 110, 120, 10, 20, 30, 40])
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow")
    events = table.do("suspect", by="Ann", target="Bob")
    assert not any(isinstance(e, Prompt) and "scapegoat" in e.actions for e in events)
    assert table.eliminated(events) == [("Bob", "Cid", "Dee", "Eve")]
    assert (table.over().winner, table.over().second) == ("Ann", "Eve")


def test_f7_suspect_who_survives_names_nobody() -> None:
    """F7: a suspect who is not going out is not asked for a scapegoat."""
    table = Table(5, [100, 50, 140, 60, 70])
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow")
    table.do("suspect", by="Ann", target="Bob")
    assert not any(isinstance(e, Prompt) and "scapegoat" in e.actions for e in table.events)


# ----- F8 success, F9 end of round -----


def test_f8_rebel_tying_the_leader_succeeds() -> None:
    """F8: a rebel whose roll is not lower than the leader's succeeded: a rebellion."""
    table = Table(3, [80, 80, 10, 10, 20])
    table.choose(Bob="rebel", Cid="follow")
    rec = table.game.rounds[0]
    assert rec["outcome"] == "rebellion"
    assert table.eliminated() == [("Ann",)]


def test_f8_f9_scapegoat_battle_took_the_last_rebel() -> None:
    """F8/F9: the scapegoat battle does not undo a success: still a rebellion; with no surviving
    rebel the surviving non-leader with the highest roll leads."""
    table = Table(5, [100, 110, 120, 50, 60, 60, 10])
    table.choose(Bob="follow", Cid="rebel", Dee="follow", Eve="follow")
    events = table.do("suspect", by="Ann", target="Bob")  # Bob rolls 110 on 120: a follower above
    assert table.phase == "scapegoat"
    events = table.do("scapegoat", by="Bob", target="Cid")
    assert table.eliminated(events) == [("Cid",), ("Ann",)]
    rec = table.game.rounds[0]
    assert rec["outcome"] == "rebellion" and rec["next_leader"] == "Bob"
    assert table.leader == "Bob"


def test_f8_suspect_rebel_who_wins_the_battle_still_failed() -> None:
    """F8: a failed rebel who survives by a scapegoat still failed: no rebellion."""
    table = Table(5, [100, 50, 120, 30, 40, 60, 10])
    table.choose(Bob="rebel", Cid="rebel", Dee="follow", Eve="follow")
    table.do("suspect", by="Ann", target="Bob")
    events = table.do("scapegoat", by="Bob", target="Dee")
    assert table.eliminated(events) == [("Dee",)]
    rec = table.game.rounds[0]
    assert rec["outcome"] == "normal" and rec["next_leader"] == "Cid"
    assert "Ann" in table.alive()


def test_f9_peaceful_handover() -> None:
    """F9.1: everyone followed: the lowest surviving roll leads; the former leader stays."""
    table = Table(4, [100, 60, 20, 120])
    events = table.choose(Bob="follow", Cid="follow", Dee="follow")
    rec = table.game.rounds[0]
    assert rec["outcome"] == "handover" and rec["next_leader"] == "Cid"
    assert table.eliminated(events) == [("Dee",)]
    assert table.alive() == ["Ann", "Bob", "Cid"]
    assert table.leader == "Cid"


def test_f9_rebellion() -> None:
    """F9.2: every rebel succeeded: the highest surviving rebel leads; the leader is out."""
    table = Table(5, [70, 140, 90, 80, 20])
    table.choose(Bob="follow", Cid="rebel", Dee="rebel", Eve="follow")
    table.do("nosuspect", by="Ann")
    rec = table.game.rounds[0]
    # Bob (follower, 140) rolled highest and is out; Cid beats Dee among the rebels.
    assert rec["outcome"] == "rebellion" and rec["next_leader"] == "Cid"
    assert table.eliminated() == [("Bob",), ("Ann",)]


def test_f9_normal_round() -> None:
    """F9.3: otherwise the highest surviving roll leads and the former leader stays."""
    table = Table(5, [70, 60, 90, 50, 20])
    table.choose(Bob="follow", Cid="rebel", Dee="rebel", Eve="follow")
    table.do("nosuspect", by="Ann")
    rec = table.game.rounds[0]
    assert rec["outcome"] == "normal" and rec["next_leader"] == "Cid"
    assert table.eliminated() == [("Dee",)]
    assert "Ann" in table.alive()


def test_f9_tie_for_lowest_in_a_handover_is_a_battle_of_100() -> None:
    """F9: a tie for the lowest roll is a G1 battle of 100 among the tied, in list order."""
    table = Table(4, [100, 30, 60, 30, 40, 40, 90, 10])
    table.choose(Bob="follow", Cid="follow", Dee="follow")
    rolls = table.rolls()
    assert rolls[4:] == [("Bob", 100, 40), ("Dee", 100, 40), ("Bob", 100, 90), ("Dee", 100, 10)]
    assert table.leader == "Bob"


def test_f9_tie_for_highest_is_a_battle_of_100() -> None:
    """F9: a tie for the highest roll is a G1 battle of 100 among the tied."""
    table = Table(4, [100, 50, 90, 90, 20, 70])
    table.choose(Bob="rebel", Cid="follow", Dee="follow")
    assert table.rolls()[4:] == [("Cid", 100, 20), ("Dee", 100, 70)]
    assert table.leader == "Dee" and table.game.rounds[0]["outcome"] == "normal"


def test_f9_tie_among_rebels_in_a_rebellion() -> None:
    """F9: two successful rebels tie for highest: a battle of 100 among them only."""
    table = Table(5, [60, 130, 130, 10, 140, 55, 45])
    table.choose(Bob="rebel", Cid="rebel", Dee="follow", Eve="rebel")
    table.do("nosuspect", by="Ann")
    # Eve (140) is the highest rebel: no battle needed.
    assert table.leader == "Eve" and len(table.rolls()) == 5
    other = Table(5, [60, 130, 130, 10, 20, 55, 45])
    other.choose(Bob="rebel", Cid="rebel", Dee="follow", Eve="follow")
    other.do("nosuspect", by="Ann")
    assert other.rolls()[5:] == [("Bob", 100, 55), ("Cid", 100, 45)]
    assert other.leader == "Bob" and other.game.rounds[0]["outcome"] == "rebellion"


def test_f9_handover_needs_at_least_one_choice() -> None:
    """F9.1: a round in which nobody chose (all immune) is no handover: the highest roll leads."""
    table = Table(4, [80, 80, 80, 80, 10, 50, 30])
    table.choose(Bob="follow", Cid="follow", Dee="follow")
    # All three tied the leader: immune; handover tie for lowest: Cid wins the battle and leads.
    assert table.leader == "Cid" and table.immune() == ["Bob", "Dee"]
    table.roll(100, 20, 30)  # round 2 after Ann's modkill: leader Cid, then Bob and Dee
    events = table.do("modkill", target="Ann")
    assert any(isinstance(e, Roll) for e in events)
    rec = table.game.rounds[1]
    assert rec["choices"] == {} and rec["outcome"] == "normal"
    assert rec["next_leader"] == "Dee" and table.alive() == ["Bob", "Cid", "Dee"]


def test_f9_record_of_a_round() -> None:
    """F9: the round record holds the leader, rolls, dice, order, outcome and next leader."""
    table = Table(4, [100, 60, 20, 120])
    table.choose(Bob="follow", Cid="follow", Dee="follow")
    assert table.game.rounds[0] == {
        "number": 1,
        "leader": "Ann",
        "leader_roll": 100,
        "suspect": None,
        "choices": {"Bob": "follow", "Cid": "follow", "Dee": "follow"},
        "rolls": {"Bob": 60, "Cid": 20, "Dee": 120},
        "dice": {"Bob": 150, "Cid": 150, "Dee": 150},
        "order": ["Bob", "Cid", "Dee"],
        "immune": [],
        "eliminated": ["Dee"],
        "scapegoat": None,
        "outcome": "handover",
        "next_leader": "Cid",
    }
    assert not any(isinstance(e, Eliminated) and "Ann" in e.players for e in table.events)


def test_f4_nobody_left_to_suspect_after_modkills_goes_on_to_the_rolls() -> None:
    """F4 with G6: if modkills leave no one the leader could suspect, the rolls follow at once."""
    table = Table(6, [80, 80, 80, 10, 20, 30])
    table.choose(Bob="follow", Cid="follow", Dee="follow", Eve="follow", Fay="follow")
    table.do("nosuspect", by="Ann")
    assert (table.leader, table.immune()) == ("Dee", ["Bob", "Cid"])
    table.choose(Ann="rebel", Eve="follow", Fay="follow")
    table.do("modkill", target="Eve")
    table.do("modkill", target="Fay")
    assert table.phase == "suspect"
    table.roll(100, 20, 30)
    events = table.do("modkill", target="Ann")
    assert table.rolls(events) == [("Dee", 109, 100), ("Bob", 150, 20), ("Cid", 150, 30)]
    assert table.game.rounds[1]["suspect"] is None
