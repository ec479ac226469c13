"""The bot's TOML config: checked key by key before `serve` connects (issue 8 finding 6).

Every fault exits 2 with a message naming the key and what it allows; all faults are listed at once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.bot.config import ConfigError, check_database, load_config
from survivor_host.cli import main

EXAMPLE = Path(__file__).resolve().parents[2] / "bot.example.toml"
GOOD = """\
[server]
url = "ws://127.0.0.1:9/showdown/websocket"
login_url = "http://127.0.0.1:9/api/login"
[bot]
username = "Survivor Bot"
rooms = ["survivor"]
database = "{database}"
[defaults]
secret_deadline = 90
"""


def test_example_config_loads_with_password_from_environment() -> None:
    config = load_config(EXAMPLE, environ={"SURVIVOR_HOST_PASSWORD": "hunter2"})
    assert config.username == "SurvivorHost"
    assert config.password == "hunter2"
    assert config.rooms == ("survivor",)
    assert config.prefix == "$"  # our own: the room bot has "." (issue 19)
    assert (config.room_bot, config.room_bot_rooms, config.room_bot_whitelisted) == ("Sir Vivor", ("survivor",), False)
    assert config.signups_minutes == 5 and config.points_scale == ((7, 7, 2), (10, 9, 4))
    assert config.points_mirror is None and config.defaults["public_deadline"] == 150
    assert config.defaults["secret_deadline"] == 120
    assert config.fixed_seed is None
    assert (config.heartbeat, config.backoff_initial, config.backoff_max) == (30.0, 1.0, 30.0)


def test_the_connection_timings_reach_the_client(tmp_path: Path) -> None:
    """`[server] heartbeat`, `backoff_initial` and `backoff_max` (short ones let tests wait less)."""
    from survivor_host.bot.serve import RunningBot

    timings = "heartbeat = 10\nbackoff_initial = 0.5\nbackoff_max = 2\n"
    path = tmp_path / "bot.toml"
    path.write_text(GOOD.replace("[bot]", timings + "[bot]").replace("{database}", str(tmp_path / "bot.db")))
    config = load_config(path, environ={"SURVIVOR_HOST_PASSWORD": "x"})
    running = RunningBot.build(config)
    try:
        client = running.client.config
        assert (client.heartbeat, client.backoff_initial, client.backoff_max) == (10.0, 0.5, 2.0)
    finally:
        running.store.close()
    path.write_text(GOOD.replace("[bot]", "heartbeat = 0\n[bot]").replace("{database}", str(tmp_path / "bot.db")))
    with pytest.raises(ConfigError, match=r"\[server\] heartbeat = 0: must be a number of seconds above 0"):
        load_config(path, environ={"SURVIVOR_HOST_PASSWORD": "x"})


def _serve(
    tmp_path: Path,
    text: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    password: bool = True,
) -> tuple[int, str]:
    path = tmp_path / "bot.toml"
    path.write_text(text.replace("{database}", str(tmp_path / "bot.db")))
    if password:
        monkeypatch.setenv("SURVIVOR_HOST_PASSWORD", "secret")
    else:
        monkeypatch.delenv("SURVIVOR_HOST_PASSWORD", raising=False)
    code = main(["serve", "--config", str(path)])
    return code, capsys.readouterr().err


def test_a_good_config_passes_the_checks(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text(GOOD.replace("{database}", str(tmp_path / "bot.db")))
    config = load_config(path, environ={"SURVIVOR_HOST_PASSWORD": "x"})
    check_database(config.database)
    assert config.defaults == {"secret_deadline": 90, "public_deadline": 150}  # the room default (issue 19)


def test_missing_password_variable_exits_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, err = _serve(tmp_path, GOOD, capsys, monkeypatch, password=False)
    assert code == 2
    assert "[bot] password_env: the environment variable SURVIVOR_HOST_PASSWORD is not set" in err


def test_an_empty_password_variable_counts_as_missing(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text(EXAMPLE.read_text().replace('password_env = "SURVIVOR_HOST_PASSWORD"', 'password_env = "MY_PASS"'))
    with pytest.raises(ConfigError, match=r"\[bot\] password_env: the environment variable MY_PASS is not set"):
        load_config(path, environ={"MY_PASS": ""})


def _bot(line: str) -> str:
    return GOOD.replace("[bot]\n", f"[bot]\n{line}\n")


def _defaults(line: str) -> str:
    return GOOD + line + "\n"


LONG_NAME = "A very long bot name here"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # unknown keys, with the close match
        (
            _defaults("secret_deadlin = 100"),
            "[defaults] secret_deadlin is not a known key; did you mean secret_deadline?",
        ),
        (GOOD.replace("username =", "usernme ="), "[bot] usernme is not a known key; did you mean username?"),
        (GOOD + "[default]\nidle = 'modkill'\n", "[default] is not a known key; did you mean defaults?"),
        (_bot("idle = 'modkill'"), "[bot] idle: this key belongs in [defaults]"),
        (GOOD + "[rules]\nftll = 'https://example.org'\n", "[rules] ftll is not a known key; did you mean ftl?"),
        # wrong kind or out of range
        (_defaults("idle = 'kick'"), '[defaults] idle = "kick": must be modkill | default'),
        (_defaults("reminder = -1"), "[defaults] reminder = -1: must be a whole number, at least 0"),
        # issue 23: TOML's own kinds, said in TOML's spelling
        (_defaults('reminder = "30"'), '[defaults] reminder = "30": must be a whole number, at least 0'),
        (_defaults("max_players = true"), "[defaults] max_players = true: must be a whole number, at least 3"),
        (_defaults("idle = 1"), "[defaults] idle = 1: must be modkill | default"),
        (_bot("fixed_seed = false"), "[bot] fixed_seed = false: must be a string or a whole number"),
        (_defaults("public_deadline = 2"), "public_deadline = 2: must be a whole number, at least 5"),
        (_defaults("public_deadline = 'soon'"), 'public_deadline = "soon": must be a whole number'),
        (_defaults("leader = 'first'"), '[defaults] leader = "first": must be vote | pick'),
        (GOOD.replace('rooms = ["survivor"]', 'rooms = "survivor"'), '[bot] rooms = "survivor": must be a non-empty'),
        (GOOD.replace('rooms = ["survivor"]', "rooms = []"), "[bot] rooms = []: must be a non-empty list of room ids"),
        (_bot("log_level = 'LOUD'"), '[bot] log_level = "LOUD": must be DEBUG | INFO | WARNING | ERROR'),
        (
            GOOD.replace("ws://127", "http://127"),
            '/showdown/websocket": must be a websocket URL (ws://... or wss://...)',
        ),
        (_bot("prefix = '/'"), '[bot] prefix = "/": must be one or two characters'),
        (GOOD + "[room_bot]\nwhitelisted = 'yes'\n", '[room_bot] whitelisted = "yes": must be true or false'),
        (GOOD + "[room_bot]\nrooms = 'survivor'\n", '[room_bot] rooms = "survivor": must be a list of room ids'),
        (GOOD + "[signups]\nminutes = 90\n", "[signups] minutes = 90: must be a number of minutes from 0"),
        (GOOD + "[points]\nscale = [[10, 9, 4], [7, 7, 2]]\n", "[points] scale = [[10, 9, 4], [7, 7, 2]]: must be"),
        (GOOD + "[points]\nscale = [[7, 2, 7]]\n", "[points] scale = [[7, 2, 7]]: must be a list of [players"),
        (GOOD + "[points]\nmirror = 1\n", "[points] mirror = 1: must be true or false"),
        (_bot("whitelisted = true"), "[bot] whitelisted: this key belongs in [room_bot]"),
        (_bot("prefix = 3"), "[bot] prefix = 3: must be one or two characters"),
        (_bot("owners = 'Alice'"), '[bot] owners = "Alice": must be a list of user names'),
        (GOOD.replace("Survivor Bot", LONG_NAME), f'[bot] username = "{LONG_NAME}": must be a Showdown name of 1-18'),
        (GOOD.replace('username = "Survivor Bot"\n', ""), "[bot] username is required"),
        ("server = 3\n[bot]\nusername = 'x'\nrooms = ['x']\n", "[server] must be a table"),
        ("[bot\nusername = 'Bot'", "is not valid TOML"),
    ],
)
def test_each_fault_exits_2_naming_the_key_and_what_is_allowed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str, expected: str
) -> None:
    code, err = _serve(tmp_path, text, capsys, monkeypatch)
    assert code == 2
    assert expected in err


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "public_deadline = 20",
            "[defaults] public_deadline = 20 with reminder = 30 (the default): the reminder comes 30 seconds before a "
            "deadline, so none would be sent; make public_deadline longer than reminder, or set reminder = 0",
        ),
        ("reminder = 90", "[defaults] secret_deadline = 90 with reminder = 90: the reminder comes 90 seconds"),
    ],
)
def test_bg5_a_deadline_no_longer_than_the_reminder_is_refused(tmp_path: Path, line: str, expected: str) -> None:
    """Its reminder would never be sent, and nothing would say so."""
    path = tmp_path / "bot.toml"
    path.write_text(_defaults(line).replace("{database}", str(tmp_path / "bot.db")))
    with pytest.raises(ConfigError) as error:
        load_config(path, environ={"SURVIVOR_HOST_PASSWORD": "x"})
    assert expected in str(error.value)


def test_a_deadline_shorter_than_the_reminder_passes_with_no_reminder(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text(_defaults("public_deadline = 20\nreminder = 0").replace("{database}", str(tmp_path / "bot.db")))
    config = load_config(path, environ={"SURVIVOR_HOST_PASSWORD": "x"})
    assert config.defaults["public_deadline"] == 20 and config.defaults["reminder"] == 0


def test_an_unknown_key_without_a_close_match_lists_the_allowed_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, err = _serve(tmp_path, GOOD.replace("[bot]\n", "[bot]\ncolour = 'red'\n"), capsys, monkeypatch)
    assert code == 2
    assert "[bot] colour is not a known key; allowed: username, password_env, rooms, prefix, owners," in err


def test_every_fault_is_listed_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, err = _serve(tmp_path, GOOD + "idle = 'kick'\nsecret_deadlin = 3\n", capsys, monkeypatch, password=False)
    assert code == 2
    assert 'idle = "kick"' in err and "secret_deadlin" in err and "SURVIVOR_HOST_PASSWORD is not set" in err


def test_database_in_a_missing_folder_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = GOOD.replace("{database}", str(tmp_path / "nowhere" / "bot.db"))
    code, err = _serve(tmp_path, text, capsys, monkeypatch)
    assert code == 2
    assert (
        f"[bot] database = '{tmp_path / 'nowhere' / 'bot.db'}': the folder {tmp_path / 'nowhere'} does not exist" in err
    )
    assert not (tmp_path / "nowhere").exists()


def test_database_that_is_a_folder_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "db").mkdir()
    code, err = _serve(tmp_path, GOOD.replace("{database}", str(tmp_path / "db")), capsys, monkeypatch)
    assert code == 2
    assert "[bot] database" in err and "is not a file" in err


def test_database_that_is_not_sqlite_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "notes.txt").write_text("not a database, but long enough to have a header of sorts" * 10)
    code, err = _serve(tmp_path, GOOD.replace("{database}", str(tmp_path / "notes.txt")), capsys, monkeypatch)
    assert code == 2
    assert "[bot] database" in err and "cannot be opened as a SQLite database" in err


def test_database_in_a_folder_this_user_cannot_write_exits_2(tmp_path: Path) -> None:
    """/proc cannot hold files, even for root (the tests may run as root, where chmod does not bite)."""
    with pytest.raises(ConfigError, match=r"\[bot\] database = '/proc/survivor\.db': cannot be"):
        check_database("/proc/survivor.db")


def test_the_room_bot_signups_and_points_tables(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    extra = (
        '[room_bot]\nname = "Other Bot"\nrooms = ["Survivor", "other"]\nwhitelisted = true\n'
        "[signups]\nminutes = 2.5\n[points]\nscale = [[5, 3, 1]]\nmirror = true\n"
    )
    path.write_text(GOOD.replace("{database}", str(tmp_path / "bot.db")) + extra)
    config = load_config(path, environ={"SURVIVOR_HOST_PASSWORD": "x"})
    room_bot = (config.room_bot, config.room_bot_rooms, config.room_bot_whitelisted)
    assert room_bot == ("Other Bot", ("survivor", "other"), True)
    assert config.signups_minutes == 2.5 and config.points_scale == ((5, 3, 1),) and config.points_mirror is True
