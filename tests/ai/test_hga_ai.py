"""Hunger Games Anon strategies do what their names say; against random players none wins more or less
than a fair share, measurably (docs/FINDINGS.md).

Nobody knows who is behind a nickname, players send in no known order, and every duel is even, so a
target differs from another only in lives (Second Wind). Attacking the fewest lives makes a dropped
attack likelier (the target is out before it comes up) and attacking the most spreads the lives left
thin; the two pulls nearly cancel.
"""

from __future__ import annotations

import random
from dataclasses import replace

from survivor_host.analysis.simulate import SimSetup, simulate
from survivor_host.engine.duel_facts import ATTACK
from survivor_host.engine.game import Game
from survivor_host.engine.inputs import Input
from survivor_host.engine.odds import wilson
from survivor_host.themes import new_game
from survivor_host.themes.hga.ai import HGA_STRATEGIES
from survivor_host.themes.hga.facts import HgaStage
from survivor_host.themes.hga.view import HgaView

LIVES = (("Ash", 1), ("Birch", 2), ("Cedar", 1), ("Elm", 2))


def picks(kind: str) -> set[str | None]:
    """Whom `kind` attacks, over many draws, with nicknames on 1 and 2 lives and its own on 2."""
    view = HgaView(
        "Me",
        2,
        HgaStage.ATTACKS,
        ("second-wind",),
        "Oak",
        tuple(sorted([*dict(LIVES), "Oak"])),
        (*LIVES, ("Oak", 2)),
        None,
    )
    options = [Input(ATTACK, by="Me", target=nick) for nick, _ in LIVES]
    strategy = HGA_STRATEGIES[kind]()
    return {strategy.choose(view, options, random.Random(draw)).target for draw in range(64)}


def test_leveller_attacks_the_most_lives_and_finisher_the_fewest() -> None:
    assert picks("leveller") == {"Birch", "Elm"}
    assert picks("finisher") == {"Ash", "Cedar"}
    assert picks("random") == {"Ash", "Birch", "Cedar", "Elm"}


def test_avenger_attacks_whoever_attacked_it_last_and_is_still_in() -> None:
    base = HgaView("Me", 3, HgaStage.ATTACKS, (), "Oak", ("Ash", "Birch", "Cedar", "Elm", "Oak"), (), None)
    options = [Input(ATTACK, by="Me", target=nick) for nick, _ in LIVES]
    avenger = HGA_STRATEGIES["avenger"]()
    grudge = replace(base, attacked_by=("Cedar", "Ash"))
    assert {avenger.choose(grudge, options, random.Random(draw)).target for draw in range(16)} == {"Ash"}
    assert {avenger.choose(base, options, random.Random(draw)).target for draw in range(64)} == set(dict(LIVES))


def seen(game: Game, name: str) -> HgaView:
    view = game.view(name)
    assert isinstance(view, HgaView)
    return view


def test_the_view_names_who_attacked_a_player_in_duels_fought() -> None:
    """Only what the room was shown: a duel's attacker, by nickname, once fought; never a pending attack."""
    names = ["Ann", "Bob", "Cid", "Dee"]
    game = new_game("hga", names, seed="avenger")
    game.begin()
    for name in names:
        game.step(game.legal_inputs(name)[0])
    nick = {name: seen(game, name).nick for name in names}
    ann = nick["Ann"]
    game.step(next(o for o in game.legal_inputs("Bob") if o.target == ann))
    assert seen(game, "Ann").attacked_by == ()  # sent, not yet fought
    for name in ("Ann", "Cid", "Dee"):
        game.step(next(o for o in game.legal_inputs(name) if o.target != ann))
    fought = [d for rec in game.record()["rounds"] for d in rec["duels"] if d["target"] == ann]
    expected = tuple(str(d["attacker"]) for d in fought if d["attacker"] in seen(game, "Ann").nicks)
    assert any(d["attacker"] == nick["Bob"] for d in fought)  # at this seed Bob's attack was fought
    assert seen(game, "Ann").attacked_by == expected


def test_under_second_wind_no_target_rule_moves_the_win_rate() -> None:
    """One seat plays the rule among random players: its 95% interval holds the fair share."""
    players, games = 5, 1000
    for kind in ("leveller", "finisher", "avenger"):
        setup = SimSetup("hga", players, ("second-wind",), (), (kind,) + ("random",) * (players - 1), seed=41)
        low, high = wilson(simulate(setup, games).wins_by_seat[0], games)
        assert low <= 1 / players <= high, f"{kind}: {low:.3f}-{high:.3f}"
