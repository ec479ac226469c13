"""Exclusions strategies do what their names say: the sleuth, asked to guess a nickname its own attacks
have named (a duel is announced by nickname), names its owner, else leaves out whoever it can rule out,
and so guesses right far more often than a random guesser at the same tables."""

from __future__ import annotations

import random

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.duel_facts import ATTACK
from survivor_host.engine.inputs import Input
from survivor_host.engine.odds import wilson
from survivor_host.themes import new_game
from survivor_host.themes.exclusions.ai import EXC_STRATEGIES
from survivor_host.themes.exclusions.facts import SUSPECT, ExcStage
from survivor_host.themes.exclusions.view import ExcView

NAMES = ("Ann", "Bob", "Cid", "Dee")


def test_the_sleuth_names_the_owner_its_attacks_revealed() -> None:
    view = ExcView("Me", 2, ExcStage.GUESSES, (), "Oak", (*NAMES, "Me"), None, "Ash", (("Ash", "Cid"),))
    options = [Input(SUSPECT, by="Me", target=name) for name in NAMES]
    sleuth = EXC_STRATEGIES["sleuth"]()
    assert {sleuth.choose(view, options, random.Random(draw)).target for draw in range(32)} == {"Cid"}
    unsure = ExcView("Me", 2, ExcStage.GUESSES, (), "Oak", (*NAMES, "Me"), None, "Elm", (), ("Ann", "Dee"))
    assert {sleuth.choose(unsure, options, random.Random(draw)).target for draw in range(32)} == {"Bob", "Cid"}


def test_the_sleuth_attacks_someone_whose_nickname_it_has_not_learned() -> None:
    view = ExcView("Me", 2, ExcStage.ATTACKS, (), "Oak", (*NAMES, "Me"), None, None, (("Ash", "Cid"), ("Elm", "Ann")))
    options = [Input(ATTACK, by="Me", target=name) for name in NAMES]
    sleuth, rand = EXC_STRATEGIES["sleuth"](), EXC_STRATEGIES["random"]()
    assert {sleuth.choose(view, options, random.Random(draw)).target for draw in range(64)} == {"Bob", "Dee"}
    assert {rand.choose(view, options, random.Random(draw)).target for draw in range(64)} == set(NAMES)


def test_a_guesser_rules_out_the_player_it_attacked_this_round() -> None:
    """An attacked player is not exposed: Bob, who attacked Ann, knows CidX is not hers."""
    game = new_game("exclusions", list(NAMES), dice=ScriptedDice([], picks=["Bob"]))
    game.start()
    for name in NAMES:
        game.apply(Input("nick", by=name, target=f"{name}X"))
    for by, target in (("Ann", "Bob"), ("Bob", "Ann"), ("Cid", "Ann"), ("Dee", "Ann")):
        game.apply(Input("attack", by=by, target=target))
    view = game.view("Bob")
    assert isinstance(view, ExcView)
    assert (view.guessing, view.ruled_out, view.known) == ("CidX", ("Ann", "Bob"), ())  # Bob guesses (BG9)


def guesses_by_kind(games: int) -> dict[str, list[int]]:
    """[right, all] guesses of sleuths and random players seated alternately, over `games` games of 6."""
    kinds = ("sleuth", "random") * 3
    found = {"sleuth": [0, 0], "random": [0, 0]}
    for seed in range(games):
        names = [f"P{n}" for n in range(len(kinds))]
        game = new_game("exclusions", names, seed=f"sleuth-{seed}")
        strategies = {name: EXC_STRATEGIES[kind]() for name, kind in zip(names, kinds, strict=True)}
        rng = random.Random(seed)
        game.begin()
        while not game.finished:
            name = game.awaiting()[0].player
            game.step(strategies[name].choose(game.view(name), game.legal_inputs(name), rng))
        for rec in game.record()["rounds"]:
            for guess in rec["guesses"]:
                tally = found[kinds[names.index(guess["guesser"])]]
                tally[0] += guess["outcome"] == "correct"
                tally[1] += 1
    return found


def test_the_sleuth_guesses_right_more_often_than_a_random_guesser() -> None:
    found = guesses_by_kind(150)
    sleuth_low, _ = wilson(*found["sleuth"])
    _, random_high = wilson(*found["random"])
    assert random_high < sleuth_low, found
