"""The shared rulings G1-G7, checked on the engine base with a tiny game that belongs to no theme."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any, ClassVar

import pytest

from survivor_host.engine.battle import battle
from survivor_host.engine.dice import ScriptedDice, SeededDice
from survivor_host.engine.errors import DiceError, IllegalAction
from survivor_host.engine.events import Cause, Eliminated, Event, HostWords, Prompt, Say, Substituted
from survivor_host.engine.game import Game, Seat, Wait
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import render
from survivor_host.engine.theme import ThemeSpec
from tests.contract.registry import unworded


class LowOut(Game):
    """Each round every player sends `ready` by PM; then all roll 6 and the lowest goes out (G1)."""

    spec = ThemeSpec(
        id="lowout",
        title="Low Out",
        aliases=(),
        load_game=lambda: LowOut,
        mods=(),
        options={},
        load_strategies=dict,
        default_strategy="random",
        rules_summary="Everyone rolls 6; the lowest goes out.",
    )
    theme = "lowout"
    title = "Low Out"
    PLAYER_ACTIONS = ("ready",)
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {"ready": ()}
    SECRET_ACTIONS = ("ready",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ready: set[int] = set()

    def _start(self) -> list[Event]:
        return self._round()

    def _round(self) -> list[Event]:
        if len(self.alive()) == 1:
            return self.finish(self.alive()[0], None)
        self.round += 1
        self.phase = "ready"
        self.ready = set()
        self.arm()
        return [Prompt(seat.name, "ready?", ("ready",)) for seat in self.alive()]

    def act_ready(self, inp: Input) -> list[Event]:
        seat = self.actor(inp)
        self.ready.add(seat.index)
        return self._maybe_roll()

    def _maybe_roll(self) -> list[Event]:
        if len(self.alive()) == 1:
            return self.finish(self.alive()[0], None)
        if any(seat.index not in self.ready for seat in self.alive()):
            return []
        fight = battle(self.dice, [(seat.name, 6) for seat in self.alive()], keep=len(self.alive()) - 1)
        out = [self.seat(name) for name in fight.losers]
        return [*fight.events, self.eliminate(out, "lowest"), *self._round()]

    def _waits(self) -> list[Wait]:
        return [Wait(seat.name, ("ready",), True) for seat in self.alive() if seat.index not in self.ready]

    def _timeout(self) -> list[Event]:
        return self.remove([seat for seat in self.alive() if seat.index not in self.ready], "idle")

    def remove(self, seats: list[Seat], reason: str) -> list[Event]:
        events: list[Event] = [self.eliminate(seats, reason)]
        if not self.alive():
            return [*events, *self.finish(seats[0], None)]
        return [*events, *self._maybe_roll()]

    def brief(self, seat: Seat) -> list[Event]:
        return [Say("You took a seat.", to=seat.name)]

    def legal_inputs(self, name: str) -> list[Input]:
        seat = self.seat(name)
        if self.finished or not seat.alive or seat.index in self.ready:
            return []
        return [Input("ready", by=seat.name)]

    def round_record(self) -> list[dict[str, Any]]:
        return []

    def view(self, name: str) -> None:
        return None


def test_g1_battle_rerolls_only_the_tied_for_the_deciding_place() -> None:  # G1
    dice = ScriptedDice([5, 5, 2, 4, 4, 1, 6])
    result = battle(dice, [("A", 6), ("B", 6), ("C", 6)], keep=1)
    # 5, 5, 2: C is out; A and B re-roll 4, 4; then 1, 6: B wins.
    assert result.winners == ["B"] and result.losers == ["A", "C"]
    assert result.rolls == [{"A": 5, "B": 5, "C": 2}, {"A": 4, "B": 4}, {"A": 1, "B": 6}]
    assert dice.remaining == 0


def test_g1_nobody_rolls_when_nothing_is_to_be_decided() -> None:  # G1
    dice = ScriptedDice([])
    assert battle(dice, [("A", 6), ("B", 6)], keep=2).winners == ["A", "B"]
    assert battle(dice, [("A", 6), ("B", 6)], keep=0).losers == ["A", "B"]


def test_g2_roll_with_bonus_spans_its_range_and_seed_repeats() -> None:  # G2
    dice = SeededDice(3)
    seen = Counter(dice.roll(4, 20) for _ in range(2000))
    assert sorted(seen) == [21, 22, 23, 24]
    first, second = SeededDice("s"), SeededDice("s")
    assert [first.roll(150) for _ in range(50)] == [second.roll(150) for _ in range(50)]
    assert first.shuffle(list("abcdef")) == second.shuffle(list("abcdef"))


def test_g2_scripted_die_outside_its_range_is_an_error() -> None:  # G2
    with pytest.raises(DiceError, match=r"outside 21\.\.129"):
        ScriptedDice([130]).roll(109, 20, label="leader")


def test_g3_secret_actions_and_prompts_go_by_pm() -> None:  # G3
    game = LowOut(["Ann", "Bob", "Cid"], seed=1)
    prompts = [event for event in game.start() if isinstance(event, Prompt)]
    assert {prompt.to for prompt in prompts} == {"Ann", "Bob", "Cid"}
    assert all(prompt.secret for prompt in prompts) and game.is_secret("ready")
    assert game.deadline_seconds() == game.opt_int("secret_deadline")


def test_g4_deadline_extends_and_a_new_wait_starts_afresh() -> None:  # G4, G6
    game = LowOut(["Ann", "Bob", "Cid"], options={"secret_deadline": 100}, dice=ScriptedDice([1, 2, 3]))
    game.start()
    first = game.wait_id
    game.apply(Input("extend", seconds=30))
    assert game.deadline_seconds() == 130
    for name in ("Ann", "Bob", "Cid"):
        game.apply(Input("ready", by=name))
    assert game.wait_id > first and game.deadline_seconds() == 100


def test_g4_idle_players_are_modkilled_together() -> None:  # G4, G7
    game = LowOut(["Ann", "Bob", "Cid", "Dee"], dice=ScriptedDice([6, 1]))
    game.start()
    game.apply(Input("ready", by="Ann"))
    game.apply(Input("ready", by="Bob"))
    with pytest.raises(IllegalAction):
        game.apply(Input("timeout", by="Ann"))
    game.apply(Input("timeout"))  # Cid and Dee out; Ann and Bob roll 6 vs 1
    assert game.winner == "Ann" and game.placements == {"Ann": 1, "Bob": 2, "Cid": 3, "Dee": 3}


def test_g5_rename_keeps_the_seat() -> None:  # G5
    game = LowOut(["Ann", "Bob", "Cid"], dice=ScriptedDice([]))
    game.start()
    game.apply(Input("ready", by="Ann"))
    game.apply(Input("rename", by="Ann", new="Anna"))
    assert game.seats[0].name == "Anna" and not game.legal_inputs("Anna")
    with pytest.raises(IllegalAction, match="already in this game"):
        game.apply(Input("rename", by="Bob", new="anna"))


def test_g6_host_actions_are_logged_and_a_substitute_inherits_the_seat() -> None:  # G6
    game = LowOut(["Ann", "Bob", "Cid"], dice=ScriptedDice([]))
    game.start()
    game.apply(Input("ready", by="Ann"))
    events = game.apply(Input("sub", target="Ann", new="Zed"))
    assert isinstance(events[0], Say) and "Zed" in events[0].text
    assert game.seats[0].name == "Zed" and 0 in game.ready
    with pytest.raises(IllegalAction, match="Only the host"):
        game.apply(Input("modkill", by="Bob", target="Cid"))
    game.apply(Input("end"))
    assert [inp.action for inp in game.log] == ["ready", "sub", "end"]
    assert game.finished and game.winner is None


def test_g6_a_substitute_is_someone_new() -> None:  # G6
    game = LowOut(["Ann", "Bob", "Cid"], dice=ScriptedDice([]))
    game.start()
    with pytest.raises(IllegalAction, match=r"^Ann already holds this seat"):
        game.apply(Input("sub", target="Ann", new="ann"))
    with pytest.raises(IllegalAction, match=r"^Name who takes Ann's seat: Ann, NEW\.$"):
        game.apply(Input("sub", target="Ann"))
    with pytest.raises(IllegalAction, match="Bob is already in this game"):
        game.apply(Input("sub", target="Ann", new="Bob"))
    assert not game.log and game.seats[0].name == "Ann"


def test_g6_a_field_the_action_does_not_use_is_refused() -> None:  # G6, issue 13 item 6
    game = LowOut(["Ann", "Bob", "Cid"], dice=ScriptedDice([]))
    game.start()
    with pytest.raises(IllegalAction, match="ready is typed alone, with no name after it"):
        game.apply(Input("ready", by="Ann", target="Bob"))
    with pytest.raises(IllegalAction, match="end is typed alone, with no number after it"):
        game.apply(Input("end", count=2))
    assert not game.log


def test_g7_players_out_in_one_step_share_a_place() -> None:  # G7
    game = LowOut(["Ann", "Bob", "Cid", "Dee", "Eve"], dice=ScriptedDice([]))
    game.start()
    game.apply(Input("modkill", target="Dee"))
    game.apply(Input("ready", by="Ann"))
    game.apply(Input("timeout"))  # Bob, Cid and Eve idle: out together
    assert game.finished and game.winner == "Ann"
    assert game.placements == {"Ann": 1, "Bob": 2, "Cid": 2, "Eve": 2, "Dee": 5}


def test_g3_secret_facts_go_to_their_holder_only() -> None:  # G3
    from survivor_host.themes import new_game
    from survivor_host.themes.cta.facts.deal import CardDealt, CardShown
    from survivor_host.themes.cta.facts.kinds import CardWhy
    from survivor_host.themes.ftl.facts.choices import ChoiceMade
    from survivor_host.themes.ftl.facts.course import VoteCast
    from tests.contract.registry import secret_facts_astray

    cta = new_game("cta", ["Ann", "Bob", "Cid"], seed=1)
    good = [CardDealt("Ann", 13, 5, fourteen="14", to="Ann"), CardShown(5, CardWhy.ASKED, fourteen="14", to="Bob")]
    bad = [
        CardDealt("Ann", 13, 5, fourteen="14", to="Bob"),
        CardDealt("Ann", 13, 5, fourteen="14"),
        CardShown(5, CardWhy.DEALT, fourteen="14"),
    ]
    assert secret_facts_astray(cta, good) == []
    assert secret_facts_astray(cta, bad) == bad
    ftl = new_game("ftl", ["Ann", "Bob", "Cid"], seed=1)
    assert secret_facts_astray(ftl, [ChoiceMade("follow", False, to="Ann"), VoteCast("Ann", "Bob")]) == []
    assert secret_facts_astray(ftl, [ChoiceMade("rebel", True)]) != []


def test_g1_one_on_one_rerolls_until_decided() -> None:  # G1
    dice = ScriptedDice([5, 5, 3, 7])
    result = battle(dice, [("A", 125), ("B", 100)], purpose="swap")
    assert (result.winners, result.losers) == (["B"], ["A"])
    assert result.rolls == [{"A": 5, "B": 5}, {"A": 3, "B": 7}]
    assert [(roll.player, roll.sides, roll.result) for roll in result.events] == [
        ("A", 125, 5),
        ("B", 100, 5),
        ("A", 125, 3),
        ("B", 100, 7),
    ]


def test_an_elimination_for_a_theme_reason_without_its_causes_has_no_words() -> None:  # G6, G7
    game = LowOut(["Ann", "Bob", "Cid"], dice=ScriptedDice([1, 2, 3]))
    game.start()
    events = [event for name in ("Ann", "Bob", "Cid") for event in game.apply(Input("ready", by=name))]
    assert unworded(events) == [Eliminated(("Ann",), "lowest")]  # a theme's "lowest", with no cause fact
    worded = [
        Eliminated(("Bob",), Cause.IDLE),
        Eliminated(("Bob",), HostWords("Rude")),
        Eliminated(("Bob",), "lowest", causes=(Substituted("Ann", "Zed"),)),
    ]
    assert unworded(worded) == []
    assert render(worded[1]) == "**Bob** is eliminated: modkilled by the host (Rude)."


def test_a_host_modkill_reason_is_quoted_as_the_host_gave_it() -> None:  # G6
    game = LowOut(["Ann", "Bob", "Cid"], seed=1)
    game.start()
    for reason, line in (("Rude", "modkilled by the host (Rude)"), ("idle", "did not answer before the deadline")):
        trial = copy.deepcopy(game)
        out = trial.apply(Input("modkill", target="Bob", reason=reason))
        assert next(str(render(event)) for event in out if isinstance(event, Eliminated)).startswith(
            f"**Bob** is eliminated: {line}"
        )
