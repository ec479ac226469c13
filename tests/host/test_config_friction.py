"""The config's refusals: a password in the file points to the environment variable only, and every
problem is said at once, the database folder's too."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.bot.config import ConfigError, load_config

ENV = {"SURVIVOR_HOST_PASSWORD": "x"}


def test_a_password_in_the_file_points_to_the_environment_variable_only(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text('[bot]\nusername = "B"\nrooms = ["survivor"]\npassword = "hunter2"\n')
    with pytest.raises(ConfigError) as caught:
        load_config(path, ENV)
    said = str(caught.value)
    assert "[bot] password: a password never goes in the config file" in said
    assert "SURVIVOR_HOST_PASSWORD" in said and "did you mean" not in said
    assert "hunter2" not in said


def test_every_problem_at_once_with_the_database_folder(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    missing = tmp_path / "nowhere" / "bot.db"
    path.write_text(f'[bot]\nusername = "B"\nrooms = ["survivor"]\nprefx = "$"\ndatabase = "{missing}"\n'
                    '[signups]\nminutes = 99\n')  # fmt: skip
    with pytest.raises(ConfigError) as caught:
        load_config(path, {})
    said = str(caught.value)
    for problem in ("[bot] prefx is not a known key; did you mean prefix?", "[signups] minutes = 99: must be",
                    "[bot] password_env: the environment variable SURVIVOR_HOST_PASSWORD is not set",
                    f"the folder {missing.parent} does not exist"):  # fmt: skip
        assert problem in said, said
    assert not missing.parent.exists()


def test_a_missing_config_points_to_the_example(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    with pytest.raises(ConfigError, match=f"cannot read {path}: it does not exist; start from the example: cp bot"):
        load_config(path, ENV)


def test_each_minutes_key_says_what_zero_means(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text(
        '[bot]\nusername = "B"\nrooms = ["survivor"]\n[signups]\nminutes = -1\n[hand]\nhost_away_minutes = 90\n'
    )
    with pytest.raises(ConfigError) as caught:
        load_config(path, ENV)
    said = str(caught.value)
    assert "[signups] minutes = -1: must be a number of minutes from 0 (no timer: only $start starts) to 60" in said
    assert (
        "[hand] host_away_minutes = 90: must be a number of minutes from 0 (a host's absence never ends a session)"
        in said
    )
