"""Chase the Ace: one test (or more) per ruling, on scripted dice (RULINGS C1-C9, G4, G6, G7).

Under scripted dice a shuffle keeps the list order and a pick takes the first candidate, so the
swap phase goes P0, P1, P2, ... unless a test gives `shuffles`.
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Sequence

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.errors import DiceError, IllegalAction, SetupError
from survivor_host.engine.events import CardTold, Eliminated, Event, GameOver, Prompt, Revealed, Roll, Say
from survivor_host.engine.inputs import Input
from survivor_host.themes.cta import ChaseTheAce


def make(
    cards: Sequence[int],
    rolls: Sequence[int] = (),
    mods: Sequence[str] = (),
    shuffles: Sequence[Sequence[str]] = (),
    picks: Sequence[str] = (),
    **options: object,
) -> tuple[ChaseTheAce, list[Event]]:
    """A started game of len(cards) players P0..Pn whose first deal is `cards`."""
    players = [f"P{i}" for i in range(len(cards))]
    dice = ScriptedDice([*cards, *rolls], shuffles=shuffles, picks=picks)
    game = ChaseTheAce(players, mods=mods, options=options, dice=dice)
    return game, game.start()


def act(game: ChaseTheAce, action: str, by: str | None = None, **fields: object) -> list[Event]:
    return game.apply(Input(action, by=by, **fields))  # type: ignore[arg-type]


def snapshot(game: ChaseTheAce) -> bytes:
    return pickle.dumps(game.__dict__)


def refused(game: ChaseTheAce, inp: Input, message: str) -> None:
    """`inp` is refused with `message` and leaves the state (dice included) byte-identical."""
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=message):
        game.apply(inp)
    assert snapshot(game) == before


def eliminated(events: Sequence[Event]) -> list[tuple[str, ...]]:
    return [event.players for event in events if isinstance(event, Eliminated)]


def public_rolls(events: Sequence[Event]) -> list[tuple[str, int, int]]:
    return [(e.player, e.sides, e.result) for e in events if isinstance(e, Roll) and e.to is None]


# ----- C1 -----


def test_c1_needs_three_players_and_respects_max_players() -> None:  # C1
    with pytest.raises(SetupError, match="at least 3"):
        ChaseTheAce(["A", "B"], seed=1)
    with pytest.raises(SetupError, match="at most 3"):
        ChaseTheAce(["A", "B", "C", "D"], options={"max_players": 3}, seed=1)


# ----- C2 -----


def test_c2_k_is_cut_to_half_the_players() -> None:  # C2
    game, _ = make([1, 2, 3, 4, 5], [5, 6, 7], elim=4)
    assert game.k == 2
    for name in ["P0", "P1", "P2", "P3"]:
        events = act(game, "stick", name)
    assert game.round == 1
    events = act(game, "stick", "P4")
    assert eliminated(events) == [("P0", "P1")]
    assert game.round_record()[0]["elim"] == 2


def test_c2_capped_elim_line_promises_no_count_a_later_deal_breaks() -> None:  # C2
    # elim 99 with 6 players: the cap is half the players of each round, and round 2 has only 5 (2 go, not 3).
    game, _ = make([5, 6, 7, 8, 9, 10], [2, 3, 4, 5, 6])
    line = " ".join(e.text for e in act(game, "elim", count=99) if isinstance(e, Say))
    assert "at most the 3 lowest cards" in line and "half the players in the round" in line
    for name in ["P0", "P1", "P2", "P3", "P4", "P5"]:
        act(game, "stick", name)
    assert game.round == 2 and game.k == 2


def test_c2_elim_host_action_takes_effect_at_next_deal() -> None:  # C2
    game, _ = make([5, 6, 7, 8, 9], [10, 11, 12, 9])
    refused(game, Input("elim", count=0), "at least 1")
    refused(game, Input("elim", by="P0", count=2), "Only the host")
    act(game, "elim", count=2)
    assert game.k == 1
    for name in ["P0", "P1", "P2", "P3", "P4"]:
        events = act(game, "stick", name)
    assert eliminated(events) == [("P0",)]
    assert game.round == 2 and game.k == 2  # 4 players: floor(4/2) = 2


def test_c2_kings_never_among_k_and_two_always_left() -> None:  # C2
    # 4 players, k=2: only P1 is in play, so only P1 can go.
    game, events = make([13, 1, 13, 13], [5, 6, 7], elim=2)
    assert eliminated(events) == [("P1",)]
    assert game.round == 2 and game.k == 1
    # 3 players k=1 (5/6/7): P0 sticks, P1 sticks, P2 sticks -> P0 out -> finals need 13-dice.


def test_c2_no_step_leaves_fewer_than_two() -> None:  # C2
    game, _ = make([2, 3, 4], [9, 3], elim=1, ties="all")
    for name in ["P0", "P1", "P2"]:
        events = act(game, "stick", name)
    assert eliminated(events) == [("P0",)]
    assert game.finished and game.winner == "P1" and game.second == "P2"


# ----- C3 -----


def test_c3_cards_are_rolled_13_and_told_by_pm_only() -> None:  # C3
    _game, events = make([4, 9, 12])
    card_rolls = [e for e in events if isinstance(e, Roll) and e.purpose == "card"]
    assert [(e.player, e.sides, e.result, e.to) for e in card_rolls] == [
        ("P0", 13, 4, "P0"),
        ("P1", 13, 9, "P1"),
        ("P2", 13, 12, "P2"),
    ]
    told = [(e.to, e.card) for e in events if isinstance(e, CardTold)]
    assert told == [("P0", 4), ("P1", 9), ("P2", 12)]
    with pytest.raises(DiceError):
        make([14, 1, 2])  # no 14 without Jester's Duel or The Joker


def test_c3_jesters_duel_and_the_joker_cannot_be_combined() -> None:  # C3
    with pytest.raises(SetupError, match="cannot be combined"):
        ChaseTheAce(["A", "B", "C"], mods=["jester", "joker"], seed=1)
    game, _ = make([14, 1, 2, 3], [50, 40], mods=["jester"])
    assert game.cards[0] == 14


def test_c3_mod_aliases() -> None:  # C3, C7
    game = ChaseTheAce(["A", "B", "C"], mods=["aao", "glue", "Jester's Duel", "nobacksies"], seed=1)
    assert game.mods == ("adhesive", "jesters-duel", "no-backsies", "all-at-once")
    initials = ChaseTheAce(["A", "B", "C"], mods=["jd", "nb"], seed=1)  # as No Mercy is nm and All At Once aao
    assert initials.mods == ("jesters-duel", "no-backsies")


# ----- C4 -----


def test_c4_kings_announced_safe_and_never_targeted() -> None:  # C4
    game, events = make([13, 2, 5, 7], [5, 6, 7])
    assert any(isinstance(e, Say) and e.to is None and "**King:** P0 is safe" in e.text for e in events)
    assert game.awaiting()[0].player == "P1"  # the King takes no turn
    assert "P0" not in game.awaiting()[0].targets
    assert all(inp.target != "P0" for inp in game.legal_inputs("P1"))
    refused(game, Input("swap", by="P1", target="P0"), "Kings cannot be swapped with.")
    refused(game, Input("stick", by="P0"), "safe this round")
    act(game, "stick", "P1")
    act(game, "stick", "P2")
    events = act(game, "stick", "P3")
    assert eliminated(events) == [("P1",)]
    assert game.round_record()[0]["advanced"] == ["P0"]


def test_c4_joker_is_eliminated_at_once() -> None:  # C4
    game, events = make([14, 3, 5, 7], mods=["the-joker"])
    assert eliminated(events) == [("P0",)]
    assert game.round_record()[0]["jokers"] == ["P0"]
    assert game.awaiting()[0].player == "P1"


def test_c4_jokers_leaving_one_player_redeal_every_card() -> None:  # C4
    # 3 players, two Jokers would leave one: all cards again (list order), then 3/4/5.
    game, events = make([14, 14, 5], [3, 4, 5], mods=["the-joker"])
    record = game.round_record()[0]
    assert record["redeals"] == 1
    assert record["cards"] == {"P0": 3, "P1": 4, "P2": 5}
    assert eliminated(events) == []
    told = [(e.to, e.card) for e in events if isinstance(e, CardTold)]
    assert told == [("P0", 3), ("P1", 4), ("P2", 5)]  # the void deal is never told


def test_c4_jokers_leaving_two_go_to_finals() -> None:  # C4, C9
    game, events = make([14, 3, 5, 14], [7, 2], mods=["the-joker"])
    assert eliminated(events) == [("P0", "P3")]
    assert game.finished and game.winner == "P1" and game.second == "P2"


# ----- C5 -----


def test_c5_jester_wins_the_duel_and_advances() -> None:  # C5
    game, events = make([14, 5, 6, 7], [60, 40], mods=["jesters-duel"])
    wait = game.awaiting()[0]
    assert (wait.player, wait.actions, wait.secret) == ("P0", ("duel",), False)
    refused(game, Input("duel", by="P1", target="P2"), "Only the Jester")
    refused(game, Input("duel", by="P0", target="P0"), "yourself")
    refused(game, Input("stick", by="P1"), "Wait for the Jester's duel")
    refused(game, Input("stick", by="P0"), "You are the Jester: name your opponent first")
    events = act(game, "duel", "P0", target="P1")
    assert public_rolls(events) == [("P0", 100, 60), ("P1", 100, 40)]
    assert eliminated(events) == [("P1",)]
    assert game.advanced == [0]
    assert game.awaiting()[0].player == "P2"
    assert "P0" not in game.awaiting()[0].targets
    refused(game, Input("swap", by="P2", target="P0"), "advanced this round")
    duel = game.round_record()[0]["duels"][0]
    assert (duel["jester"], duel["target"], duel["winner"], duel["eliminated"]) == ("P0", "P1", "P0", ["P1"])


def test_c5_jester_loses_the_duel_and_the_target_advances() -> None:  # C5
    game, _ = make([14, 5, 6, 7, 8], [30, 30, 10, 90], mods=["jesters-duel"])
    events = act(game, "duel", "P0", target="P2")
    assert public_rolls(events) == [("P0", 100, 30), ("P2", 100, 30), ("P0", 100, 10), ("P2", 100, 90)]
    assert eliminated(events) == [("P0",)]
    assert game.round_record()[0]["advanced"] == ["P2"]
    assert game.in_play() == [1, 3, 4]


def test_c5_jester_cannot_name_a_king() -> None:  # C5
    game, _ = make([14, 13, 6, 7], [50, 40], mods=["jesters-duel"])
    assert game.awaiting()[0].targets == ("P2", "P3")
    refused(game, Input("duel", by="P0", target="P1"), "Kings cannot be chosen")


def test_c5_three_jesters_roll_together() -> None:  # C5
    game, events = make([14, 14, 14, 3, 4, 6], [50, 90, 20], mods=["jesters-duel"])
    assert public_rolls(events) == [("P0", 100, 50), ("P1", 100, 90), ("P2", 100, 20)]
    assert eliminated(events) == [("P0", "P2")]
    assert game.advanced == [1]
    duel = game.round_record()[0]["duels"][0]
    assert duel["jesters"] == ["P0", "P1", "P2"] and duel["target"] is None and duel["winner"] == "P1"
    assert game.awaiting()[0].player == "P3"


def test_c5_jesters_never_leave_fewer_than_two() -> None:  # C5, C9
    # 3 players, all Jesters: only the lowest goes, the other two play the finals.
    game, events = make([14, 14, 14], [50, 90, 20, 6, 9], mods=["jesters-duel"])
    assert eliminated(events) == [("P2",)]
    assert game.finished and game.winner == "P1" and game.second == "P0"


def test_c5_lone_jester_with_no_opponent_advances() -> None:  # C5 (decision)
    game, _ = make([14, 13, 13], [5, 6, 7], mods=["jesters-duel"])
    record = game.round_record()[0]
    assert record["duels"][0]["target"] is None and record["duels"][0]["winner"] == "P0"
    assert record["eliminated"] == [] and game.round == 2


def test_c5_g4_idle_jester_default_names_a_random_legal_opponent() -> None:  # C5, G4
    game, _ = make([14, 5, 6, 7], [60, 40], mods=["jesters-duel"], picks=["P3"], idle="default")
    events = act(game, "timeout")
    assert eliminated(events) == [("P3",)]


def test_c5_g4_idle_jester_is_modkilled() -> None:  # C5, G4
    game, _ = make([14, 5, 6, 7], mods=["jesters-duel"])
    events = act(game, "timeout")
    assert eliminated(events) == [("P0",)]
    assert game.awaiting()[0].player == "P1"


# ----- C6 -----


def test_c6_swap_exchanges_cards_by_pm_and_the_room_sees_only_rolls() -> None:  # C6
    game, _ = make([2, 9, 5], [100, 50], shuffles=[["P0", "P1", "P2"]])
    wait = game.awaiting()[0]
    assert (wait.player, wait.secret, wait.targets) == ("P0", False, ("P1", "P2"))
    refused(game, Input("stick", by="P1"), "It is not your turn.")
    refused(game, Input("swap", by="P0", target="P0"), "yourself")
    refused(game, Input("swap", by="P0", target="Nobody"), "not in this game")
    events = act(game, "swap", "P0", target="P1")
    assert public_rolls(events) == [("P0", 125, 100), ("P1", 100, 50)]
    assert [(e.to, e.card) for e in events if isinstance(e, CardTold)] == [("P0", 9), ("P1", 2)]
    for event in events:
        if event.to is None and isinstance(event, Say):
            assert not re.search(r"\b(2|9|Ace|card is)\b", event.text)
    assert game.cards == {0: 9, 1: 2, 2: 5}
    swap = game.round_record()[0]["swaps"][0]
    assert swap == {"by": "P0", "target": "P1", "rolls": [{"P0": 100, "P1": 50}], "swapped": True, "void": False}


def test_c6_failed_swap_keeps_cards() -> None:  # C6
    game, _ = make([2, 9, 5], [10, 50])
    events = act(game, "swap", "P0", target="P1")
    assert not any(isinstance(e, CardTold) for e in events)
    assert game.cards == {0: 2, 1: 9, 2: 5}


def test_c6_turn_order_is_a_shuffle() -> None:  # C6
    game, _ = make([2, 9, 5], shuffles=[["P2", "P0", "P1"]])
    assert game.awaiting()[0].player == "P2"


def test_c6_adhesive_refuses_target_who_stuck() -> None:  # C6
    game, _ = make([8, 2, 5], mods=["adhesive"])
    act(game, "stick", "P0")
    assert game.awaiting()[0].targets == ("P2",)
    refused(game, Input("swap", by="P1", target="P0"), r"P0 stuck this round and cannot be swapped with \(Adhesive\)\.")


def test_c6_no_backsies_refuses_swapping_back() -> None:  # C6
    game, _ = make([2, 9, 5], [100, 50], mods=["no-backsies"])
    act(game, "swap", "P0", target="P1")
    assert game.awaiting()[0].targets == ("P2",)
    refused(game, Input("swap", by="P1", target="P0"), r"You can't swap back with P0 \(No Backsies\)\.")


def test_c6_player_with_no_legal_target_sticks() -> None:  # C6 (decision)
    # Adhesive: P0 and P1 stick, P2's only targets stuck, so P2 sticks by itself.
    game, _ = make([8, 9, 5], [5, 9], mods=["adhesive"])
    act(game, "stick", "P0")
    events = act(game, "stick", "P1")
    assert any(isinstance(e, Say) and "nobody to swap with" in e.text for e in events)
    assert eliminated(events) == [("P2",)]


def test_c6_rename_keeps_the_seat() -> None:  # C6, G5
    game, _ = make([2, 9, 5], [100, 50])
    act(game, "rename", "P0", new="Zed")
    assert game.awaiting()[0].player == "Zed"
    events = act(game, "swap", "Zed", target="P1")
    assert [(e.to, e.card) for e in events if isinstance(e, CardTold)] == [("Zed", 9), ("P1", 2)]


def test_c6_card_retells_only_your_card() -> None:  # C6, G3
    game, _ = make([2, 9, 5])
    assert act(game, "card", "P2") == [CardTold("P2", 5, "Your card is **5**.")]


# ----- C7 -----


def test_c7_all_at_once_two_rounds_in_shuffled_order() -> None:  # C7
    game, _ = make([2, 9, 5], [100, 50, 3, 8], mods=["all-at-once"], shuffles=[["P2", "P0", "P1"], ["P0", "P1", "P2"]])
    waits = game.awaiting()
    assert [(w.player, w.secret) for w in waits] == [("P0", True), ("P1", True), ("P2", True)]
    act(game, "swap", "P0", target="P2")
    act(game, "stick", "P0")  # changeable until all are in
    act(game, "swap", "P0", target="P1")
    act(game, "stick", "P1")
    events = act(game, "stick", "P2")
    assert public_rolls(events) == [("P0", 125, 100), ("P1", 100, 50)]
    assert game.swap_round == 2
    told = [(e.to, e.card) for e in events if isinstance(e, CardTold)]
    assert told[-3:] == [("P0", 9), ("P1", 2), ("P2", 5)]  # everyone told after round 1
    swaps = game.round_record()[0]["swaps"]
    assert [(s["by"], s["target"], s["swap_round"]) for s in swaps] == [
        ("P2", None, 1),
        ("P0", "P1", 1),
        ("P1", None, 1),
    ]
    for name in ["P0", "P1", "P2"]:
        events = act(game, "stick", name)
    assert eliminated(events) == [("P1",)]


def test_c7_adhesive_void_when_target_stuck_earlier_in_the_order() -> None:  # C7
    game, _ = make([8, 2, 5], mods=["all-at-once", "adhesive"], shuffles=[["P0", "P1", "P2"]])
    act(game, "stick", "P0")
    act(game, "swap", "P1", target="P0")
    events = act(game, "stick", "P2")
    assert any(isinstance(e, Say) and "void (Adhesive)" in e.text for e in events)
    swap = game.round_record()[0]["swaps"][1]
    assert swap["void"] is True and swap["swapped"] is False and swap["rolls"] == []
    # In round 2 the players who stuck in round 1 cannot be chosen.
    refused(game, Input("swap", by="P1", target="P0"), r"\(Adhesive\)")


def test_c7_no_backsies_void_when_swapped_earlier_in_the_order() -> None:  # C7
    game, _ = make([2, 9, 5], [100, 50], mods=["all-at-once", "no-backsies"], shuffles=[["P0", "P1", "P2"]])
    act(game, "swap", "P0", target="P1")
    act(game, "swap", "P1", target="P0")
    events = act(game, "stick", "P2")
    assert any(isinstance(e, Say) and "void (No Backsies)" in e.text for e in events)
    assert game.cards == {0: 9, 1: 2, 2: 5}
    refused(game, Input("swap", by="P1", target="P0"), "No Backsies")


# ----- C8 -----


def test_c8_tie_at_cutoff_battle() -> None:  # C8
    game, _ = make([3, 3, 9, 10], [40, 70, 5, 6, 7])
    for name in ["P0", "P1", "P2"]:
        act(game, "stick", name)
    events = act(game, "stick", "P3")
    revealed = [e for e in events if isinstance(e, Revealed)]
    assert revealed[0].cards == (("P0", 3), ("P1", 3), ("P2", 9), ("P3", 10))
    assert public_rolls(events) == [("P0", 100, 40), ("P1", 100, 70)]
    assert eliminated(events) == [("P0",)]
    assert game.round_record()[0]["ties"]["policy"] == "battle"


def test_c8_tie_at_cutoff_all() -> None:  # C8
    game, _ = make([3, 3, 9, 10, 11], [1, 2, 3], ties="all")
    for name in ["P0", "P1", "P2", "P3"]:
        act(game, "stick", name)
    events = act(game, "stick", "P4")
    assert eliminated(events) == [("P0", "P1")]
    assert game.round == 2


def test_c8_all_falls_back_to_battle() -> None:  # C8
    game, _ = make([3, 3, 9], [40, 70, 5, 6], ties="all")
    for name in ["P0", "P1"]:
        act(game, "stick", name)
    events = act(game, "stick", "P2")
    assert eliminated(events) == [("P0",)]
    assert game.round_record()[0]["ties"]["policy"] == "battle"


def test_c8_below_cutoff_go_and_ties_share_the_rest() -> None:  # C8
    game, _ = make([1, 3, 3, 3, 10, 11], [10, 80, 50, 5, 6, 7, 8], elim=2)
    for name in ["P0", "P1", "P2", "P3", "P4"]:
        act(game, "stick", name)
    events = act(game, "stick", "P5")
    assert eliminated(events) == [("P0", "P1")]


# ----- C9 -----


def test_c9_finals_13_vs_13_with_rerolls() -> None:  # C9, G1, G7
    game, _ = make([1, 5, 9], [4, 4, 10, 2])
    for name in ["P0", "P1"]:
        act(game, "stick", name)
    events = act(game, "stick", "P2")
    assert public_rolls(events) == [("P1", 13, 4), ("P2", 13, 4), ("P1", 13, 10), ("P2", 13, 2)]
    over = next(e for e in events if isinstance(e, GameOver))
    assert (over.winner, over.second) == ("P1", "P2")
    assert over.placements == {"P1": 1, "P2": 2, "P0": 3}


# ----- G4 / G6 -----


def test_g4_idle_turn_is_modkilled_or_sticks() -> None:  # G4
    game, _ = make([2, 9, 5, 7])
    events = act(game, "timeout")
    assert eliminated(events) == [("P0",)]
    assert game.awaiting()[0].player == "P1"
    game, _ = make([2, 9, 5, 7], idle="default")
    act(game, "timeout")
    assert game.stuck == [0] and game.awaiting()[0].player == "P1"


def test_g4_modkill_mid_swap_phase_leaving_two_goes_to_finals() -> None:  # G4, C9
    game, _ = make([2, 9, 5], [3, 8])
    events = act(game, "modkill", target="P2")
    assert eliminated(events) == [("P2",)]
    assert game.finished and game.winner == "P1" and game.second == "P0"
    assert game.placements["P2"] == 3


def test_g4_modkills_leaving_one_battle_for_second() -> None:  # G4, C7
    # P0 is a King; P1 and P2 are idle under All At Once: both modkilled in one step.
    game, _ = make([13, 2, 3], [6, 11], mods=["all-at-once"])
    events = act(game, "timeout")
    assert eliminated(events) == [("P1", "P2")]
    assert public_rolls(events) == [("P1", 13, 6), ("P2", 13, 11)]
    assert (game.winner, game.second) == ("P0", "P2")
    assert game.placements == {"P0": 1, "P2": 2, "P1": 3}


def test_g4_modkill_of_the_player_whose_turn_it_is() -> None:  # G4, G6
    game, _ = make([2, 9, 5, 7])
    events = act(game, "modkill", target="P0")
    assert eliminated(events) == [("P0",)]
    assert game.awaiting()[0].player == "P1"
    assert isinstance(events[-1], Prompt) and events[-1].to == "P1"


def test_g6_substitute_is_told_the_card_and_the_owed_prompt() -> None:  # G6
    game, _ = make([2, 9, 5])
    events = act(game, "sub", target="P0", new="Newcomer")
    assert CardTold in [type(e) for e in events]
    told = [e for e in events if isinstance(e, CardTold)]
    assert [(e.to, e.card) for e in told] == [("Newcomer", 2)]
    assert any(isinstance(e, Prompt) and e.to == "Newcomer" for e in events)
    assert game.view("Newcomer").card == 2
    refused(game, Input("stick", by="P0"), "not in this game")
    act(game, "stick", "Newcomer")


def test_g6_all_at_once_substitute_of_a_seat_that_chose_gets_the_prompt_again() -> None:  # G6, C7
    # The seat's choice may change until everyone is in, so the newcomer gets the buttons, not only the words.
    game, _ = make([2, 9, 5], mods=["all-at-once"])
    act(game, "stick", "P0")
    events = act(game, "sub", target="P0", new="Newcomer")
    prompts = [e for e in events if isinstance(e, Prompt) and e.to == "Newcomer"]
    assert [p.targets for p in prompts] == [("P1", "P2")]
    assert any(isinstance(e, Say) and e.to == "Newcomer" and "still change it" in e.text for e in events)


def test_g6_all_at_once_substitute_of_a_seat_with_nobody_to_swap_with_is_told_so() -> None:  # G6, C7
    # Adhesive: P1 stuck in swap round 1, the others are Kings, so P0 has nobody to swap with in round 2.
    game, _ = make([2, 9, 13, 13], [100, 50], mods=["all-at-once", "adhesive"], shuffles=[["P0", "P1"]])
    act(game, "swap", "P0", target="P1")
    act(game, "stick", "P1")
    events = act(game, "sub", target="P0", new="Newcomer")
    told = [e.text for e in events if isinstance(e, Say) and e.to == "Newcomer"]
    assert any("nobody to swap with" in text for text in told)
    assert not any("still change it" in text for text in told)
    assert not any(isinstance(e, Prompt) and e.to == "Newcomer" for e in events)


def test_g6_host_end_and_g7_places() -> None:  # G6
    game, _ = make([2, 9, 5])
    events = act(game, "end")
    assert isinstance(events[-1], GameOver) and events[-1].winner is None
    refused(game, Input("stick", by="P0"), "over")


def test_view_holds_only_what_the_player_knows() -> None:  # G3
    game, _ = make([2, 9, 5, 13], [100, 50])
    act(game, "swap", "P0", target="P1")
    view = game.view("P0")
    assert view.card == 9 and view.kings == ("P3",)
    assert view.known == (("P1", 2),)
    assert game.view("P2").known == ()
    assert game.view("P2").swaps == (("P0", "P1", True),)


def test_c7_no_backsies_is_one_way_unless_the_host_sets_both_ways() -> None:  # C6, C7
    """The ruling bars the one swapped with; `backsies=both-ways` bars the swapper too."""
    game, _ = make([2, 9, 5], [100, 50], mods=["all-at-once", "no-backsies"], shuffles=[["P0", "P1", "P2"]])
    act(game, "swap", "P0", target="P1")
    act(game, "stick", "P1")
    act(game, "stick", "P2")
    assert game.cards[0] == 9
    legal = {(i.action, i.target) for i in game.legal_inputs("P0")}
    assert ("swap", "P1") in legal

    both, _ = make(
        [2, 9, 5], [100, 50], mods=["all-at-once", "no-backsies"], shuffles=[["P0", "P1", "P2"]], backsies="both-ways"
    )
    act(both, "swap", "P0", target="P1")
    act(both, "stick", "P1")
    act(both, "stick", "P2")
    refused(both, Input("swap", by="P0", target="P1"), "No Backsies")
