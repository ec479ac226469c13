"""A third theme (tests/lowball: everyone rolls 100, the lowest goes out, ties battle by G1), added by its
package and one registry line, plays through the contract suite and every command, with no line of its
own in ai/, analysis/, trust/, host/ or cli.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from survivor_host.analysis.simulate import SimSetup, fast_reason, simulate
from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.bot.room_bot_lines import addbot_line, finishing_order
from survivor_host.cli import main
from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.events import Event, GameOver
from survivor_host.engine.game import Game
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import render
from survivor_host.engine.theme import ThemeSpec
from survivor_host.store.db import Store
from survivor_host.themes import new_game, theme_spec
from survivor_host.trust.story import result_html
from tests.contract import test_contract as contract
from tests.contract.games import check_game
from tests.contract.registry import Case
from tests.host.fakes import FakeClock, FakeOutbox


def test_the_registry_finds_it_by_id_and_alias(lowball: ThemeSpec) -> None:
    assert theme_spec("lowball") is theme_spec("Lowest") is lowball


def test_the_contract_suite_holds(lowball: ThemeSpec) -> None:  # G1-G7
    for mods in lowball.legal_mod_sets():
        case = Case(lowball.id, mods)
        for seed in contract.seeds(case)[:12]:
            check_game(case, seed)
        contract.test_contract_prompts_name_awaited_players(case)


def test_the_lowest_goes_out_and_a_tie_for_it_battles(lowball: ThemeSpec) -> None:  # G1
    # round 1: 50 40 40 -> Bob and Cid battle: 7 vs 9, Bob out; round 2: 80 vs 30, Cid out
    game = new_game("lowball", ["Ann", "Bob", "Cid"], dice=ScriptedDice([50, 40, 40, 7, 9, 80, 30]))
    game.start()
    for name in ("Ann", "Bob"):
        assert game.apply(Input("roll", by=name)) == []
    lines = [getattr(event, "text", "") for event in game.apply(Input("roll", by="Cid"))]
    assert "**Bob** rolled lowest (7) and is out." in lines
    for name in ("Cid", "Ann"):
        events = game.apply(Input("roll", by=name))
    assert [event for event in events if isinstance(event, GameOver)] == [GameOver("Ann", "Cid", game.placements)]
    assert game.placements == {"Ann": 1, "Cid": 2, "Bob": 3}


def test_play_auto_then_export_and_verify(
    lowball: ThemeSpec, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", "lowball", "--auto", "--players", "6", "--seed", "7", "--pace", "0", "--record", str(record)]
    assert main(argv) == 0
    assert "wins the game!" in capsys.readouterr().out
    assert json.loads(record.read_text())["theme"] == "lowball"
    assert main(["verify", str(record)]) == 0
    assert "verified: the record is the game its seeds and inputs give." in capsys.readouterr().out
    page = tmp_path / "game.html"
    assert main(["export", str(record), "--html", str(page)]) == 0
    assert "Lowball" in page.read_text()


def test_odds_says_there_are_none(lowball: ThemeSpec, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "lowball", "--players", "5"]) == 2
    assert "no exact odds for this theme (Lowball)" in capsys.readouterr().err


def test_simulate_plays_on_the_engine(lowball: ThemeSpec, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "lowball", "--engine", "--games", "60", "--players", "4"]) == 0
    out = capsys.readouterr().out
    assert "Lowball, 4 players: 60 games" in out and "(engine path: asked for with --engine)" in out
    setup = SimSetup("lowball", 4, seed=3)
    assert fast_reason(setup) == "Lowball has no numpy kernel"
    result = simulate(setup, 40)
    assert result.path == "engine" and result.games == 40 and set(result.rounds) == {3}


SOLAR = ["Mercury", "Venus", "Saturn", "Mars", "Jupiter", "Pluto"]


def shared_second(lowball: ThemeSpec) -> tuple[object, list[Event]]:
    """Round 1: Venus and Saturn idle out together, Pluto rolls lowest; round 2: Mars and Jupiter idle out
    together, so Mercury wins and they share second (G7)."""
    game = new_game("lowball", SOLAR, dice=ScriptedDice([50, 60, 70, 10]))
    game.start()
    for name in ("Mercury", "Mars", "Jupiter", "Pluto"):
        game.apply(Input("roll", by=name))
    game.apply(Input("timeout"))
    game.apply(Input("roll", by="Mercury"))
    return game, game.apply(Input("timeout"))


def test_a_shared_second_place_is_named_in_the_end_line_and_the_record(lowball: ThemeSpec) -> None:  # G7
    game, events = shared_second(lowball)
    assert isinstance(game, Game)
    lines = [render(event) for event in events]
    assert "**Mercury wins the game!** Places: 2 Mars, Jupiter · 4 Pluto · 5 Venus, Saturn." in lines
    assert game.winner == "Mercury" and game.second is None and game.at_place(2) == ["Mars", "Jupiter"]
    record = game.record()
    assert record["second"] is None
    assert {name: place for name, place in record["placements"].items() if place == 2} == {"Mars": 2, "Jupiter": 2}
    assert addbot_line(finishing_order(game)) == ".addbot 6, Mercury, Mars, Jupiter, Pluto, Venus, Saturn"
    assert "Second (shared): Mars, Jupiter" in result_html(record)


def test_a_shared_second_place_earns_second_points_for_each(lowball: ThemeSpec, tmp_path: Path) -> None:
    out = FakeOutbox()
    clock = FakeClock()
    settings = HostSettings(defaults={"secret_deadline": 60}, points_scale=((3, 5, 2),))
    host = RoomHost("survivor", out, clock, Store(tmp_path / "bot.db"), settings, lambda: "seed")
    host.handle_chat("+", "Hostess", ".host lowball")
    for name in SOLAR:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", ".start")
    game = host.game
    assert game is not None
    game.dice = ScriptedDice([50, 60, 70, 10])
    for name in ("Mercury", "Mars", "Jupiter", "Pluto"):
        host.handle_pm(name, "roll")
    clock.advance(61)
    assert not game.seat("Venus").alive and not game.seat("Pluto").alive
    host.handle_pm("Mercury", "roll")
    clock.advance(61)
    assert host.game is None
    assert "Points: Mercury +5, Mars +2, Jupiter +2." in out.room_lines()
