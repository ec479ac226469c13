"""Two left mid-round (docs/HOSTS.md): the texts start the final when a round starts with two
(hunger-games.txt 3.1, 4.6; rock-paper-scissors.txt 3.2, 3.6; exclusions.txt 3.2, 4.7). A modkill that
leaves two while a round still takes choices asks nobody more; the attacks already sent are fought in
order as 4.1-4.2 say, then the two play the final. Scripted dice for every game of the family."""

from __future__ import annotations

from collections.abc import Sequence

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.events import Event
from survivor_host.engine.game import Game
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import render
from survivor_host.themes import new_game

TRIO = ["Ann", "Bob", "Cid"]


def started(theme: str, dice: ScriptedDice, mods: Sequence[str] = (), nicks: bool = False) -> Game:
    """A game of `TRIO`, past its nicknames (`<name>X`) where it has them."""
    game = new_game(theme, TRIO, mods=list(mods), dice=dice)
    game.start()
    for name in TRIO if nicks else ():
        game.apply(Input("nick", by=name, target=f"{name}X"))
    return game


def lines(events: list[Event]) -> list[str]:
    return [line for event in events if event.to is None and (line := render(event))]


def test_hg_an_attack_sent_is_fought_and_nobody_more_is_asked() -> None:  # hunger-games.txt 4.1, 4.2, 4.5
    game = started("hg", ScriptedDice([30, 70]))
    game.apply(Input("attack", by="Ann", target="Bob"))
    said = lines(game.apply(Input("modkill", target="Cid")))
    assert game.awaiting() == []  # Bob is not asked to attack the one player he could
    assert "**Ann** attacks **Bob**!" in said and game.finished and game.winner == "Bob"


def test_hg_an_attack_on_the_removed_is_dropped_then_the_final() -> None:  # hunger-games.txt 4.2, 4.6
    game = started("hg", ScriptedDice([60, 40]))
    game.apply(Input("attack", by="Ann", target="Cid"))
    said = lines(game.apply(Input("modkill", target="Cid")))
    assert "The attack of **Ann** on **Cid** is dropped: Cid is already out." in said
    assert "**Final:** Ann vs Bob, straight to the duel (Ann rolls first)." in said
    assert game.finished and game.winner == "Ann"


def test_hg_nothing_sent_goes_straight_to_the_final() -> None:  # hunger-games.txt 3.1, 4.6
    game = started("hg", ScriptedDice([40, 60]))
    said = lines(game.apply(Input("modkill", target="Cid")))
    assert said[1:3] == [
        "No attacks were sent this round.",
        "**Final:** Ann vs Bob, straight to the duel (Ann rolls first).",
    ]
    assert game.finished and game.winner == "Bob"


def test_hg_second_wind_the_attack_sent_costs_a_life_then_the_final() -> None:  # 4.5, 4.6, modes.txt
    game = started("hg", ScriptedDice([30, 70, 80, 20, 10, 90, 20, 90]), mods=["second-wind"])
    game.apply(Input("attack", by="Ann", target="Bob"))
    said = lines(game.apply(Input("modkill", target="Cid")))
    final = next(i for i, line in enumerate(said) if line.startswith("**Final:**"))
    assert any(line.startswith("**Ann** loses a life") for line in said[:final])
    assert game.finished and game.winner == "Bob" and game.round == 2


def test_hga_an_attack_sent_is_fought_and_nobody_more_is_asked() -> None:  # hunger-games-anon.txt 4.1-4.5
    game = started("hga", ScriptedDice([70, 30]), nicks=True)
    game.apply(Input("attack", by="Ann", target="BobX"))
    said = lines(game.apply(Input("modkill", target="Cid")))
    assert game.awaiting() == [] and "**AnnX** attacks **BobX**!" in said
    assert game.finished and game.winner == "Ann"


def test_hgs_a_spotlight_that_has_not_attacked_leaves_the_turn_to_the_final() -> None:  # hgs.txt 3.1, 4.6
    game = started("hgs", ScriptedDice([40, 60], picks=["Ann"]))
    assert [wait.player for wait in game.awaiting()] == ["Ann"]
    said = lines(game.apply(Input("modkill", target="Cid")))
    assert game.awaiting() == [] and not any(" attacks " in line for line in said)
    assert "**Final:** Ann vs Bob, straight to the duel (Ann rolls first)." in said and game.winner == "Bob"


def test_rps_an_attack_on_a_player_with_no_weapon_is_dropped_then_the_final() -> None:  # rps.txt 3.3, 4.2, 3.6
    game = started("rps", ScriptedDice([]))
    game.apply(Input("attack", by="Ann", target="Bob, rock"))
    said = lines(game.apply(Input("modkill", target="Cid")))
    assert "The attack of **Ann** on **Bob** is dropped: Bob sent no weapon." in said
    assert game.phase == "finale" and sorted(wait.player for wait in game.awaiting()) == ["Ann", "Bob"]
    assert all(wait.actions == ("throw",) for wait in game.awaiting())


def test_rps_an_attack_both_sent_weapons_for_is_fought() -> None:  # rock-paper-scissors.txt 4.2, 4.4, 4.5
    game = started("rps", ScriptedDice([30, 90]))
    game.apply(Input("attack", by="Ann", target="Bob, rock"))
    game.apply(Input("attack", by="Bob", target="Cid, paper"))
    said = lines(game.apply(Input("modkill", target="Cid")))
    assert any(line.startswith("**Ann** (rock) attacks **Bob** (paper)") for line in said), said
    assert "The attack of **Bob** on **Cid** is dropped: Cid is already out." in said
    assert game.finished and game.winner == "Bob"


def test_exclusions_an_attack_sent_is_fought_and_nothing_is_exposed() -> None:  # exclusions.txt 3.4, 4.4
    game = started("exclusions", ScriptedDice([90, 10]), nicks=True)
    game.apply(Input("attack", by="Ann", target="Bob"))
    said = lines(game.apply(Input("modkill", target="Cid")))
    assert game.awaiting() == [] and not any("nobody attacked" in line for line in said)
    assert game.finished and game.winner == "Ann"


def test_exclusions_a_removal_during_a_guess_ends_the_guesses() -> None:  # exclusions.txt 3.4e, 4.2, 4.7
    game = started("exclusions", ScriptedDice([10, 90, 90, 10], picks=["Ann"]), nicks=True)
    for by, target in (("Ann", "Bob"), ("Bob", "Ann"), ("Cid", "Ann")):
        game.apply(Input("attack", by=by, target=target))
    assert [wait.player for wait in game.awaiting()] == ["Ann"]  # Ann guesses CidX, nobody's target
    said = lines(game.apply(Input("modkill", target="Bob")))
    assert game.awaiting() == []  # Ann is not left to name the one other player
    assert any("defends against" in line for line in said)  # CidX's attack on AnnX is still fought
    assert any(line.startswith("Two are left") for line in said) and game.winner == "Ann"
