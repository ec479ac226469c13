"""Russian Roulette, rule by rule (russian-roulette.txt and the bot-games README's rulings), each test named
after the rule it checks, on scripted dice. Draws with no scripted pick take the first player who has not
acted, in join order."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.events import Event, GameOver
from survivor_host.engine.inputs import Input
from survivor_host.themes import new_game
from survivor_host.themes.rr.state import RrState

FOUR = ["Ann", "Bob", "Cid", "Dee"]


def begin(players: Sequence[str], values: Sequence[int] = (), picks: Sequence[str] = ()) -> RrState:
    game = new_game("rr", list(players), dice=ScriptedDice(values, picks=picks))
    assert isinstance(game, RrState)
    game.start()
    return game


def act(game: RrState, by: str, action: str, target: str | None = None) -> list[str]:
    return [getattr(event, "text", "") for event in game.apply(Input(action, by=by, target=target))]


def refused(game: RrState, by: str, action: str, target: str | None = None) -> str:
    with pytest.raises(IllegalAction) as error:
        game.apply(Input(action, by=by, target=target))
    return str(error.value)


def on_turn(game: RrState) -> str | None:
    return None if game.turn is None else game.seats[game.turn].name


def options(game: RrState, name: str) -> list[tuple[str, str | None]]:
    return [(inp.action, inp.target) for inp in game.legal_inputs(name)]


def said(events: Sequence[Event]) -> str:
    return "\n".join(getattr(event, "text", "") for event in events)


def passer_at_chamber_one() -> RrState:
    """Ann passes in round 1, everyone else pulls to chamber 1; Cid and Dee are forced to pass; round 3
    starts with Ann on turn at chamber 1, her pass used, Bob the one still holding his."""
    game = begin(FOUR, [1, 1, 1, 1, 1])
    act(game, "Ann", "pass")
    for name in ("Bob", "Cid", "Dee", "Ann", "Bob"):
        act(game, name, "pull")
    assert (game.round, game.chamber, on_turn(game)) == (3, 1, "Ann")
    return game


def test_2_two_players_go_straight_to_the_final() -> None:
    game = begin(["Ann", "Bob"], picks=["Bob"])
    assert game.final and game.chamber == 6 and on_turn(game) == "Bob"
    assert options(game, "Bob") == [("pull", None), ("pass", None)]
    assert game.round_record()[0]["final"] is True


def test_3_2_each_turn_is_drawn_among_those_who_have_not_acted_the_last_is_up_directly() -> None:
    game = begin(["Ann", "Bob", "Cid"], [1, 1], picks=["Cid", "Ann"])
    assert on_turn(game) == "Cid"
    act(game, "Cid", "pull")
    assert on_turn(game) == "Ann"
    lines = act(game, "Ann", "pull")
    assert on_turn(game) == "Bob" and "**Bob** is up (the last to act this round): chamber **4**" in "\n".join(lines)
    picks = [draw for draw in game.dice.draws if draw["kind"] == "pick"]  # type: ignore[attr-defined]
    assert [pick["names"] for pick in picks] == [["Ann", "Bob", "Cid"], ["Ann", "Bob"]]


def test_3_2c_a_new_round_begins_once_everyone_still_in_has_acted() -> None:
    game = begin(["Ann", "Bob", "Cid"], [1, 1, 1])
    for name in ("Ann", "Bob"):
        act(game, name, "pull")
    assert game.round == 1
    lines = act(game, "Cid", "pull")
    assert game.round == 2 and "**Round 2:** Ann, Bob, Cid." in lines and on_turn(game) == "Ann"


def test_3_3_a_pull_is_shot_on_the_chamber_number_which_then_resets_to_six() -> None:
    game = begin(FOUR, [5, 5])
    lines = act(game, "Ann", "pull")
    assert game.chamber == 5 and "*Click.* **Ann** is safe; the chamber goes down to 5." in lines
    lines = act(game, "Bob", "pull")
    assert game.chamber == 6 and not game.seat("Bob").alive
    assert "**Bob** is shot and out. The chamber is reset to 6." in lines


def test_3_3_one_pass_a_game_safe_this_round_the_chamber_unchanged() -> None:
    game = begin(["Ann", "Bob", "Cid"], [1, 1])
    lines = act(game, "Ann", "pass")
    assert game.chamber == 6 and "**Ann** uses their one pass and is safe; the chamber stays at 6." in lines
    act(game, "Bob", "pull")
    act(game, "Cid", "pull")
    assert on_turn(game) == "Ann" and ("pass", None) not in options(game, "Ann")
    assert refused(game, "Ann", "pass").startswith(
        "Your pass is used (one a game). You may: pull or steal NAME (Bob and Cid)."
    )


def test_3_3_a_steal_only_once_ones_pass_is_used_and_only_from_a_pass_holder() -> None:  # BG2
    game = begin(["Ann", "Bob", "Cid"], [1, 1])
    only_once = "You may steal only once your own pass is used. You may: pull or pass."
    assert refused(game, "Ann", "steal", "Bob") == only_once
    act(game, "Ann", "pass")
    act(game, "Bob", "pass")
    act(game, "Cid", "pull")
    assert options(game, "Ann") == [("pull", None), ("steal", "Cid")]
    assert refused(game, "Ann", "steal", "Bob") == "Bob has no pass left to steal. You may: pull or steal NAME (Cid)."
    assert refused(game, "Ann", "steal", "Ann") == "You can't steal from yourself. You may: pull or steal NAME (Cid)."
    assert refused(game, "Ann", "steal", "constructor").startswith('"constructor" is not in this game. You may:')
    assert refused(game, "Ann", "steal", "z" * 400).startswith(f'"{"z" * 18}…" is not in this game. You may:')
    assert refused(game, "Ann", "steal") == "Name the player you steal from. You may: pull or steal NAME (Cid)."


def test_bg2_a_steal_with_no_pass_left_to_steal_says_so_not_to_name_someone() -> None:  # 3.3
    game = begin(["Ann", "Bob", "Cid"], [1])
    for name in ("Ann", "Bob", "Cid"):
        act(game, name, "pass")
    act(game, "Ann", "pull")
    nobody = "Nobody still in holds a pass to steal. You may: pull."
    assert refused(game, "Bob", "steal") == nobody and refused(game, "Bob", "steal", "Cid") == nobody


def test_4_2_a_steal_is_100_vs_100_the_loser_out_ties_roll_again_the_chamber_unchanged() -> None:
    game = begin(FOUR, [1, 1, 1, 30, 30, 20, 70])
    act(game, "Ann", "pass")
    for name in ("Bob", "Cid", "Dee"):
        act(game, name, "pull")
    lines = act(game, "Ann", "steal", "Cid")
    assert "**Ann** tries to steal **Cid**'s pass!" in lines and "30 - 30: a tie, both roll again." in lines
    assert "**Cid** keeps their pass: **Ann** is out." in lines and not game.seat("Ann").alive
    assert game.chamber == 3
    assert game.round_record()[-1]["duels"][0]["rolls"] == [{"Ann": 30, "Cid": 30}, {"Ann": 20, "Cid": 70}]


def test_4_2_a_won_steal_puts_the_target_out() -> None:
    game = begin(FOUR, [1, 1, 1, 60, 40])
    act(game, "Ann", "pass")
    for name in ("Bob", "Cid", "Dee"):
        act(game, name, "pull")
    lines = act(game, "Ann", "steal", "Bob")
    assert "**Ann** wins the roll-off: **Bob** is out." in lines and not game.seat("Bob").alive and game.chamber == 3


def test_bg11_one_steal_per_player_per_game() -> None:
    game = begin(["Ann", "Bob", "Cid", "Dee", "Eve"], [1, 1, 1, 3, 60, 40, 1, 1])
    act(game, "Ann", "pass")
    for name in ("Bob", "Cid", "Dee", "Eve"):
        act(game, name, "pull")  # Eve is shot at chamber 3: the chamber is back at 6
    act(game, "Ann", "steal", "Bob")
    act(game, "Cid", "pull")
    act(game, "Dee", "pull")
    assert (game.round, game.chamber, on_turn(game)) == (3, 4, "Ann")
    assert options(game, "Ann") == [("pull", None)]
    assert refused(game, "Ann", "steal", "Cid") == "You have stolen once already (one steal a game). You may: pull."


def test_bg11_one_action_per_turn() -> None:
    game = begin(["Ann", "Bob", "Cid"], [1])
    act(game, "Ann", "pull")
    assert refused(game, "Ann", "pull") == "You have already acted this round: one action a turn."
    assert refused(game, "Ann", "pass") == "You have already acted this round: one action a turn."
    final = begin(["Ann", "Bob"], [1], picks=["Ann"])
    act(final, "Ann", "pull")
    assert refused(final, "Ann", "pull") == "It is not your turn: it is Bob's."


def test_bg1_only_the_player_on_turn_acts_and_the_eliminated_never() -> None:
    game = begin(["Ann", "Bob", "Cid"], [6])
    assert refused(game, "Bob", "pull") == "It is not your turn: it is Ann's."
    act(game, "Ann", "pull")
    assert refused(game, "Ann", "pull") == "You have been eliminated."


def test_3_4_at_chamber_1_a_player_holding_their_pass_must_pass() -> None:
    game = begin(FOUR, [1, 1, 1, 1, 1, 1])
    for name in ("Ann", "Bob", "Cid", "Dee"):
        act(game, name, "pull")
    text = "\n".join(act(game, "Ann", "pull"))  # chamber 1 now: each still holding a pass passes
    for name in ("Bob", "Cid", "Dee"):
        assert f"At chamber 1 nobody pulls: **{name}** uses their one pass and is safe; the chamber stays at 1." in text
    assert "**Round 3:**" in text and game.seat("Dee").index in game.passed and on_turn(game) == "Cid"


def test_3_4_at_chamber_1_a_player_without_pass_must_steal() -> None:
    game = passer_at_chamber_one()
    assert options(game, "Ann") == [("steal", "Bob")]
    assert refused(game, "Ann", "pull") == "The chamber is at 1: nobody pulls now. You may: steal NAME (Bob)."
    assert game.awaiting()[0].actions == ("steal",)


def test_3_4_at_chamber_1_the_one_who_must_steal_and_does_not_is_out_the_chamber_stays() -> None:  # 4.3, BG5
    game = passer_at_chamber_one()
    game.dice.values += [1, 6]  # type: ignore[attr-defined]
    text = said(game.apply(Input("timeout")))
    assert not game.seat("Ann").alive and "**Bob** is up (drawn at random from Bob, Cid and Dee): chamber **1**" in text
    assert game.round_record()[2]["idle"] == ["Ann"] and game.round_record()[2]["turns"][0]["action"] == "idle"


def test_7c_after_a_steal_at_chamber_1_the_chamber_stays_at_1_and_nobody_to_rob_is_shot() -> None:
    game = passer_at_chamber_one()
    game.dice.values += [60, 40, 1, 6]  # type: ignore[attr-defined]
    lines = act(game, "Ann", "steal", "Bob")
    text = "\n".join(lines)
    assert "**Ann** wins the roll-off: **Bob** is out." in text
    assert "At chamber 1 **Cid** must steal, but nobody has a pass left: the trigger is pulled." in text
    cid = game.round_record()[2]["turns"][1]
    assert cid == {"player": "Cid", "chamber": 1, "drawn_from": ["Cid", "Dee"], "nobody_to_rob": True} | {
        "action": "pull", "roll": 1, "shot": True, "forced": True,
    }  # fmt: skip
    assert "**Cid** is shot and out. The chamber is reset to 6." in text
    assert "**Final:** Ann and Dee." in text and game.winner == "Dee"


def test_3_4_at_chamber_1_a_player_whose_pass_and_steal_are_used_is_out_and_the_chamber_resets() -> None:
    game = begin(FOUR, [1, 1, 1, 60, 40, 1, 1])
    act(game, "Ann", "pass")
    for name in ("Bob", "Cid", "Dee"):
        act(game, name, "pull")
    act(game, "Ann", "steal", "Cid")
    act(game, "Bob", "pull")
    lines = act(game, "Dee", "pull")
    text = "\n".join(lines)
    assert "At chamber 1 nobody pulls, and **Ann**'s pass and steal are used: out. The chamber is reset to 6." in text
    assert (
        game.final
        and game.chamber == 6
        and "**Final:** Bob and Dee. No more steals; the chamber is reset to 6." in text
    )


def test_3_6_the_final_alternates_pulls_for_a_finalist_without_pass_and_ends_at_chamber_1() -> None:
    game = begin(["Ann", "Bob"], [1, 2, 1, 1, 1], picks=["Ann"])
    act(game, "Ann", "pass")
    assert on_turn(game) == "Bob" and refused(game, "Bob", "steal", "Ann").startswith("No steals in the final.")
    act(game, "Bob", "pull")
    assert on_turn(game) == "Bob" and game.chamber == 4  # Ann, without her pass, was pulled for at once (5 -> 4)
    lines = act(game, "Bob", "pass")
    text = "\n".join(lines)
    assert "**Ann** has no pass left: the trigger is pulled for them." in text
    assert "At chamber 1 nobody pulls, and **Bob**'s pass is used: out." in text
    assert game.winner == "Ann" and game.placements == {"Ann": 1, "Bob": 2}


def test_3_6_at_chamber_1_in_the_final_a_finalist_holding_their_pass_must_pass() -> None:
    game = begin(["Ann", "Bob"], [1, 1, 1, 1, 1], picks=["Ann"])
    for _ in range(5):
        act(game, str(on_turn(game)), "pull")
    assert game.winner == "Ann"  # Bob passed at chamber 1 (forced); Ann, her pass kept, passed too; Bob out
    record = game.round_record()[0]["turns"]
    assert [(turn["player"], turn["action"], turn.get("forced")) for turn in record[5:]] == [
        ("Bob", "pass", True), ("Ann", "pass", True), ("Bob", "spent", None),
    ]  # fmt: skip


def test_7e_passes_used_before_the_final_are_not_given_back() -> None:
    game = begin(["Ann", "Bob", "Cid"], [6, 1])
    act(game, "Ann", "pass")
    act(game, "Bob", "pull")  # shot: the final
    assert game.final and on_turn(game) == "Cid"
    assert game.chamber == 5 and game.round_record()[-1]["turns"][0]["forced"] is True  # Ann: no pass, pulled for


def test_7j_a_player_on_turn_who_is_modkilled_cannot_act_and_the_next_turn_is_drawn() -> None:  # BG1
    game = begin(FOUR)
    game.apply(Input("modkill", target="Ann"))
    assert on_turn(game) == "Bob" and refused(game, "Ann", "pull") == "You have been eliminated."


def test_removing_the_last_pass_holder_leaves_the_one_who_must_steal_shot() -> None:
    game = passer_at_chamber_one()
    game.dice.values += [1, 6]  # type: ignore[attr-defined]
    events = game.apply(Input("modkill", target="Bob"))
    assert "nobody has a pass left: the trigger is pulled." in said(events) and not game.seat("Ann").alive


def test_bg5_an_idle_player_on_turn_is_out_and_the_chamber_is_unchanged() -> None:
    game = begin(FOUR, [1])
    act(game, "Ann", "pull")
    game.apply(Input("timeout"))
    assert not game.seat("Bob").alive and game.chamber == 5 and on_turn(game) == "Cid"


def test_7a_the_prompt_offers_only_the_actions_that_work() -> None:
    game = new_game("rr", ["Ann", "Bob", "Cid"], dice=ScriptedDice([1, 1]))
    prompts = [event for event in game.start() if getattr(event, "actions", None)]
    assert [(p.to, p.actions, p.secret) for p in prompts] == [("Ann", ("pull", "pass"), False)]  # type: ignore[attr-defined]
    act(game, "Ann", "pass")
    act(game, "Bob", "pull")
    events = game.apply(Input("pull", by="Cid"))
    prompt = next(event for event in events if getattr(event, "actions", None))
    assert (prompt.actions, prompt.targets) == (("pull", "steal"), ("Bob", "Cid"))  # type: ignore[attr-defined]


def test_6_bg13_no_modes() -> None:
    with pytest.raises(SetupError, match=r"^Russian Roulette does not allow Second Wind; it has no mods\.$"):
        new_game("rr", FOUR, mods=["sw"], seed=1)


def test_5_bg6_places_follow_the_order_out() -> None:
    game = begin(["Ann", "Bob", "Cid"], [6, 6], picks=["Ann", "Bob"])
    act(game, "Ann", "pull")
    assert game.final and on_turn(game) == "Bob"
    events = game.apply(Input("pull", by="Bob"))
    assert [event for event in events if isinstance(event, GameOver)] == [
        GameOver("Cid", "Bob", {"Cid": 1, "Bob": 2, "Ann": 3})
    ]
    assert "**Bob** is shot and out." in said(events) and "reset" not in said(events)


def test_a_shot_that_leaves_one_resets_nothing() -> None:  # 3.3, the mid-round final
    game = begin(["Ann", "Bob", "Cid"], [6])
    game.apply(Input("modkill", target="Bob"))  # two left while Ann's turn is open: it is played out
    lines = act(game, "Ann", "pull")
    assert "**Ann** is shot and out." in lines and not any("reset" in line for line in lines)
    assert game.finished and game.winner == "Cid"
