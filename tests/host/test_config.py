"""The bot's TOML config: the example file loads, the password comes from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.cli import main
from survivor_host.host.config import ConfigError, load_config

EXAMPLE = Path(__file__).resolve().parents[2] / "bot.example.toml"


def test_example_config_loads_with_password_from_environment() -> None:
    config = load_config(EXAMPLE, environ={"SURVIVOR_HOST_PASSWORD": "hunter2"})
    assert config.username == "SurvivorHost"
    assert config.password == "hunter2"
    assert config.rooms == ("survivor",)
    assert config.prefix == "."
    assert config.defaults["secret_deadline"] == 120
    assert config.fixed_seed is None


def test_password_is_optional_in_the_environment() -> None:
    assert load_config(EXAMPLE, environ={}).password is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[bot]\nrooms = ['survivor']\n", "username is required"),
        ("[bot]\nusername = 'Bot'\n", "rooms must be"),
        ("[bot\nusername = 'Bot'", "not valid TOML"),
        ("bot = 3\n", "[bot] must be a table"),
    ],
)
def test_config_faults_are_named(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bot.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message.replace("[", r"\[")):
        load_config(path, environ={})


def test_serve_with_a_bad_config_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--config", str(tmp_path / "missing.toml")]) == 2
    assert "cannot read" in capsys.readouterr().err
