"""The `survivor-host` command: play, scenario, replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from survivor_host.cli import main


@pytest.mark.parametrize(
    ("theme", "mods"), [("ftl", ""), ("ftl", "tug-of-war,no-mercy"), ("cta", "jesters-duel,adhesive,no-backsies")]
)
def test_play_auto_runs_a_whole_game_and_writes_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], theme: str, mods: str
) -> None:
    record_path = tmp_path / "game.json"
    code = main(
        ["play", theme, "--auto", "--players", "9", "--seed", "11", "--mods", mods, "--record", str(record_path)]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "wins the game!" in out
    assert "PL (9)" in out and "**" not in out  # the engine's bold is rendered, never shown raw
    assert "Roll (1 - " in out
    record = json.loads(record_path.read_text())
    assert record["theme"] == theme and record["winner"] and sorted(record["placements"].values())[0] == 1


def test_play_with_a_person_reprompts_on_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["dance", "vote Earth", "vote Venus"] + ["follow"] * 200)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "ftl", "--players", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "! Unknown action 'dance'." in out
    assert "! You can't vote for yourself." in out
    assert "wins the game!" in out


def test_same_seed_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "cta", "--auto", "--seed", "abc"])
    first = capsys.readouterr().out
    main(["play", "cta", "--auto", "--seed", "abc"])
    assert capsys.readouterr().out == first


def test_scenario_prints_the_record_with_rejected_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = {
        "theme": "ftl",
        "options": {"leader": "pick"},
        "players": ["Venus", "Mars", "Io"],
        "dice": [100, 50, 60, 10, 20],
        "inputs": [
            {"by": "Mars", "action": "follow"},
            {"by": "Venus", "action": "follow"},
            {"by": "Io", "action": "follow"},
        ],
    }
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario))
    assert main(["scenario", str(path)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["rejected"] == [{"index": 1, "error": "The leader does not follow or rebel."}]
    assert record["rounds"][0]["outcome"] == "handover"


def refused_scenario(path: Path, content: bytes, capsys: pytest.CaptureFixture[str]) -> str:
    """What `scenario` says on stderr of a file holding `content`, which it refuses (exit status 2)."""
    path.write_bytes(content)
    assert main(["scenario", str(path)]) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not valid JSON"),
        ('{"theme": "ftl", "players": ["a", "b", "c"]}', "needs 'dice'"),
        ('{"theme": "chess", "players": ["a", "b", "c"], "dice": []}', "Unknown theme"),
        ('{"theme": "ftl", "players": ["a", "b", "c"], "dice": [], "inputs": [{"by": "a"}]}', "inputs[0]"),
        ('{"theme": "ftl", "players": ["a", "b", "c"], "dice": [], "colour": 1}', "unknown field"),
        (
            '{"theme": "ftl", "players": ["a", "b", "c"], "options": {"leader": "pick"}, "dice": [999],'
            ' "inputs": [{"by": "b", "action": "follow"}, {"by": "c", "action": "rebel"}]}',
            "dice: scripted die #1 is 999",
        ),
    ],
)
def test_malformed_scenario_exits_2_naming_the_fault(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    assert message in refused_scenario(tmp_path / "bad.json", content.encode(), capsys)


def test_replay_checks_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    main(["play", "ftl", "--auto", "--seed", "5", "--record", str(path)])
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert "The replay matches the record (its dice verify)." in capsys.readouterr().out
    record = json.loads(path.read_text())
    record["winner"] = "Somebody Else"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1


SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_shipped_scenarios_meet_their_expectations(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each file in scenarios/ pins a worked example (outcomes computed by hand) with `expect`."""
    assert main(["scenario", str(path)]) == 0, capsys.readouterr().err


def test_scenario_with_an_unmet_expectation_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(SCENARIOS[0].read_text())
    data["expect"] = {"rounds": [{"leader": "Nobody"}], "winner": "Nobody"}
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data))
    assert main(["scenario", str(path)]) == 1
    err = capsys.readouterr().err
    assert "record.rounds: expected" in err and "record.winner: expected 'Nobody'" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nests lists or maps too deeply to read"),
        (b"\xff\xfe{}", "is not UTF-8 text"),
        (b'{"theme": "ftl", "players": ["a", "b", "c"], "dice": [' + b"9" * 5000 + b"]}", "is too long"),
        (b'{"theme": "ftl", "theme": "cta", "players": ["a", "b", "c"], "dice": []}', "'theme' is given twice"),
        (b'{"theme": "ftl", "players": ["a", "b", "c"], "dice": [NaN]}', "NaN is not a JSON number"),
    ],
)
def test_an_unreadable_scenario_file_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    """A scenario file is read as strictly as a record: never a traceback, one line naming the file."""
    path = tmp_path / "bad.json"
    err = refused_scenario(path, content, capsys)
    assert message in err and err.startswith(f"scenario: {path}") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"seed": "abc"}, "not both"),
        ({"shuffles": [["b", "c"]]}, "go with scripted 'dice'"),
        ({"picks": ["a"]}, "go with scripted 'dice'"),
    ],
)
def test_a_scenario_says_which_dice_it_means(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: dict[str, object], message: str
) -> None:
    """Scripted dice or a seed: a file with both, or with a seed and scripted orders, is refused, not half read."""
    data: dict[str, object] = {"theme": "ftl", "players": ["a", "b", "c"], "seed": "s", **extra}
    if "seed" in extra:
        data["dice"] = [100]
    path = tmp_path / "both.json"
    path.write_text(json.dumps(data))
    assert main(["scenario", str(path)]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["verify"], ["verify", "--chat"], ["replay"], ["scenario"]])
def test_a_file_too_large_is_refused_in_one_line(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a huge file (or /dev/zero) was read whole: a MemoryError's traceback, or every byte of memory
    monkeypatch.setattr("survivor_host.cli_trust.MAX_FILE_BYTES", 2**20)
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"theme": "ftl", "players": ["a", "b", "c"], "inputs": [], "pad": "x" * 2**20}))
    assert main([*argv, str(path)]) == 2
    assert capsys.readouterr().err.strip().endswith("big.json is larger than 1 MB, too large to read")


def test_verify_refuses_bot_without_chat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # --bot filters a chat log's sessions; with a record it was silently ignored
    path = tmp_path / "game.json"
    main(["play", "ftl", "--auto", "--seed", "5", "--record", str(path)])
    capsys.readouterr()
    assert main(["verify", "--bot", "Survivor Host", str(path)]) == 2
    assert capsys.readouterr().err == (
        "verify: --bot NAME goes with --chat (a copy of the room's chat), not with a record\n"
    )
