"""An option that changes only one mod's rule (No Backsies' `backsies`, Tug of War's `tug_floor`) is refused,
wherever a host sets it, in a game that does not play that mod: the game would never read it."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.cli import main
from survivor_host.engine.errors import SetupError
from survivor_host.scenario import ScenarioError, load_scenario
from survivor_host.themes import theme_spec
from tests.host.test_room import make_host, outbox

UNREAD = [
    ("cta", "backsies", "both-ways", "no-backsies", "No Backsies"),
    ("ftl", "tug_floor", "50", "tug-of-war", "Tug of War"),
]


@pytest.mark.parametrize(("theme", "name", "value", "mod", "title"), UNREAD)
def test_the_spec_refuses_an_option_of_an_unplayed_mod(theme: str, name: str, value: str, mod: str, title: str) -> None:
    spec = theme_spec(theme)
    with pytest.raises(SetupError) as refused:
        spec.check_options_read([], {name: value})
    assert str(refused.value) == (
        f"Option {name} changes only {title}, which this game does not play: add the mod {mod}, "
        "or leave the option out."
    )
    spec.check_options_read([mod], {name: value})  # with its mod the game reads it
    spec.check_options_read([], {name: spec.option_specs()[name].default})  # a record lists every option


@pytest.mark.parametrize(("theme", "name", "value", "mod", "title"), UNREAD)
@pytest.mark.parametrize("command", ["play", "simulate", "odds"])
def test_the_command_line_refuses_it(
    command: str, theme: str, name: str, value: str, mod: str, title: str, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = ["--auto", "--seed", "1"] if command == "play" else ["--games", "10"] if command == "simulate" else []
    assert main([command, theme, "--players", "5", "--option", f"{name}={value}", *extra]) == 2
    out, err = capsys.readouterr()
    assert f"changes only {title}" in err and "begins" not in out
    assert main([command, theme, "--players", "5", "--mods", mod, "--option", f"{name}={value}", *extra]) == 0


def test_a_scenario_refuses_it() -> None:
    scenario = {"theme": "cta", "players": ["Mars", "Venus", "Pluto"], "options": {"backsies": "both-ways"}, "seed": 1}
    with pytest.raises(ScenarioError, match="changes only No Backsies"):
        load_scenario(scenario)
    load_scenario({**scenario, "mods": ["no-backsies"]})


def test_set_in_the_room_refuses_it(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host cta")
    host.handle_chat("+", "Hostess", ".set backsies both-ways")
    assert host.signups is not None and "backsies" not in host.signups.options
    assert "changes only No Backsies" in outbox(host).pms_to("Hostess")[-1]
    host.handle_chat("+", "Hostess", ".set backsies one-way")  # the default: nothing the game would miss
    assert host.signups.options["backsies"] == "one-way"


def test_set_in_the_room_takes_it_with_its_mod(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host cta nb")
    host.handle_chat("+", "Hostess", ".set backsies both-ways")
    assert host.signups is not None and host.signups.options["backsies"] == "both-ways"


@pytest.mark.parametrize("theme", ["hg", "hgs", "hga", "exclusions", "hp", "rr", "rps"])
def test_idle_default_is_refused_where_idle_players_are_out_whatever_the_option(theme: str, tmp_path: Path) -> None:
    """BG5: the bot games put an idle player out; `idle=default` would never be read there."""
    spec = theme_spec(theme)
    with pytest.raises(SetupError, match=f"In {spec.title} an idle player is out, as its rules say"):
        spec.check_options_read([], {"idle": "default"})
    spec.check_options_read([], {"idle": "modkill"})
    theme_spec("ftl").check_options_read([], {"idle": "default"})  # follow is its harmless choice
    host = make_host(tmp_path)
    host.handle_chat("@", "Hostess", f".host {theme}")
    host.handle_chat("@", "Hostess", ".set idle default")
    assert not any("Option **idle** is now" in line for line in outbox(host).room_lines())
    assert any("an idle player is out" in text for text in outbox(host).pms_to("Hostess"))
