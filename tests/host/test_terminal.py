"""Terminal play as its user sees it: rich output, in-play questions, names, pace, pipes, make play."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from survivor_host.cli import main
from survivor_host.engine.events import Eliminated, GameOver, HostWords, Say
from survivor_host.engine.game import Game
from survivor_host.engine.inputs import Input
from survivor_host.engine.odds import battle_win
from survivor_host.engine.render import card_name
from survivor_host.terminal.chances import chances_now
from survivor_host.terminal.console import TTY_PACE, default_pace
from survivor_host.terminal.questions import LeftGame, asks, help_lines, typed_forms
from survivor_host.terminal.styles import STYLES, styled
from survivor_host.terminal.table import DEFAULT_NAME, TerminalTable, seat_names, strategy_names
from survivor_host.themes import new_game
from survivor_host.themes.cta.odds import reveal_elimination, tied_elimination
from survivor_host.themes.ftl.odds import scapegoat_survival

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def plain_console(width: int = 160) -> Console:
    return Console(file=io.StringIO(), width=width, highlight=False, emoji=False, markup=False)


def colour_console() -> Console:
    return Console(
        file=io.StringIO(), width=160, force_terminal=True, color_system="standard", highlight=False, markup=False
    )


def output(console: Console) -> str:
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def scripted(answers: list[str], seen: list[str] | None = None) -> Callable[[Text], str]:
    """A `read` that types `answers` in order (then `follow`/`stick`-like defaults run out: EOF)."""
    queue: Iterator[str] = iter(answers)

    def read(prompt: Text) -> str:
        if seen is not None:
            seen.append(prompt.plain)
        try:
            return next(queue)
        except StopIteration:
            raise EOFError from None

    return read


def person_table(theme: str, seed: int, answers: list[str], players: int = 5, **kw: object) -> TerminalTable:
    game = new_game(theme, seat_names(players, DEFAULT_NAME), seed=seed)
    return TerminalTable(game, ai_seed=seed, you=DEFAULT_NAME, console=plain_console(), read=scripted(answers), **kw)  # type: ignore[arg-type]


# ----- bold, escaping, colours, tables -----


def test_engine_bold_is_rendered_never_shown_raw() -> None:
    text = styled("**Round 2!** Leader: **Mars**.", ["Mars"])
    assert text.plain == "Round 2! Leader: Mars."
    bold = [text.plain[span.start : span.end] for span in text.spans if "bold" in str(span.style)]
    assert bold == ["Round 2!", "Mars"]


@pytest.mark.parametrize("name", ["[bold red]x[/]", "**Star**", "a**b", "*x", "[link=http://e.x]y"])
def test_hostile_names_show_literally(name: str) -> None:
    """A name is never markup: rich tags and `**` inside it are shown as typed."""
    text = styled(f"**{name}** is eliminated (lowest card). Leader: **Mars**.", [name, "Mars"])
    assert text.plain == f"{name} is eliminated (lowest card). Leader: Mars."
    console = colour_console()
    console.print(text)
    assert name in ANSI.sub("", output(console))


def test_hostile_name_through_a_whole_game(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("[bold red]x[/]", "**Star**"):
        answers = iter(["[b]dance", "vote Venus"] + ["follow"] * 50)
        monkeypatch.setattr("builtins.input", lambda prompt="", typed=answers: next(typed))
        assert main(["play", "ftl", "--players", "4", "--seed", "3", "--name", name]) == 0
        out = capsys.readouterr().out
        assert f"PL (4): {name}, " in out  # the round's player list
        assert f"[{name}] vote NAME" in out  # the prompt
        assert re.search(rf"1\s+{re.escape(name)}\s+in\s+you", out)  # the player table
        assert "! Unknown action '[b]dance'." in out
        assert "**Round" not in out and "**PL" not in out


@pytest.mark.parametrize(
    ("theme", "typed"), [("ftl", "vote \x1b[2JVenus"), ("hp", "pass \x1b]0;x\x07"), ("cta", "\x1b[31mdance")]
)
def test_a_refusal_quotes_what_was_typed_with_its_control_characters_escaped(theme: str, typed: str) -> None:
    """A typed escape sequence quoted back in a refusal is shown as text: it never clears or retitles the terminal."""
    table = person_table(theme, 2, [typed, "quit"])
    with pytest.raises(LeftGame):
        table.play()
    out = output(table.console)
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b" in out  # quoted as the text `\x1b`


def test_verdicts_are_coloured() -> None:
    game = new_game("ftl", seat_names(4), seed=1)
    table = TerminalTable(game, ai_seed=1, console=colour_console())
    table.show([Eliminated(("Mars",), HostWords("rude")), Say("Immune this round: Venus."), GameOver("Io", "Venus")])
    lines = output(table.console).splitlines()
    red, cyan, yellow = "\x1b[1;31m", "\x1b[1;36m", "\x1b[1;33m"
    assert STYLES["eliminated"] == "bold red" and red in lines[0] and "Mars" in lines[0]
    assert STYLES["immune"] == "bold cyan" and cyan + "Immune" in lines[1]
    assert STYLES["winner"] == "bold yellow" and yellow in lines[2] and "Io" in lines[2]


def test_the_rule_across_the_screen_names_the_theme_s_round() -> None:
    """Spotlight counts turns: the terminal's heading says "Turn N" as its room lines do."""
    for theme, word in (("hgs", "Turn"), ("ftl", "Round")):
        table = TerminalTable(new_game(theme, seat_names(8), seed=3), ai_seed=3, console=plain_console())
        table.play()
        headings = [line.strip("─ ") for line in output(table.console).splitlines() if line.startswith("─")]
        numbered = [h for h in headings if re.fullmatch(r"(Round|Turn) \d+", h)]
        assert numbered and all(h.startswith(word + " ") for h in numbered), headings


def test_first_player_list_and_final_placements_are_tables() -> None:
    game = new_game("ftl", seat_names(5), seed=8)
    table = TerminalTable(game, ai_seed=8, strategy="always-follow,random", console=plain_console())
    record = table.play()
    out = output(table.console)
    lines = [line.rstrip() for line in out.splitlines()]
    head = lines.index("PL (5)")
    assert lines[head + 1].split() == ["#", "player", "status", "AI"]
    assert lines[head + 3].split() == ["1", "Venus", "in", "always-follow"]
    assert lines[head + 4].split() == ["2", "Mars", "in", "random"]
    final = lines.index("Final placements")
    rows = [line.split() for line in lines[final + 3 : final + 8]]
    assert [(int(place), name) for place, name, _ in rows] == sorted(
        ((place, name) for name, place in record["placements"].items()), key=lambda row: row[0]
    )
    assert "**" not in out


def test_the_first_player_list_is_the_seats_never_its_line_read_back() -> None:
    """Names that look like marks are shown whole: the table lists the seats, not the line taken apart."""
    game = new_game("ftl", ["leader", "Venus", "a (b) (x)", "Io"], seed=1)
    table = TerminalTable(game, ai_seed=1, console=plain_console())
    table.show([Say("**PL (1):** Nobody")])
    rows = [line.split("  ") for line in output(table.console).splitlines()[3:]]
    assert [[cell.strip() for cell in row if cell.strip()][:3] for row in rows] == [
        ["1", "leader", "in"],
        ["2", "Venus", "in"],
        ["3", "a (b) (x)", "in"],
        ["4", "Io", "in"],
    ]


# ----- what the person can type -----


def test_read_only_questions_do_not_enter_the_game() -> None:
    game = new_game("cta", seat_names(5, DEFAULT_NAME), seed=2)
    answers = iter(["help", "pl", "rules", "card", ".odds", "stick"])
    cards: list[int | None] = []
    logged: list[int] = []

    def read(prompt: Text) -> str:
        cards.append(game.view(DEFAULT_NAME).card)
        logged.append(len(game.log))
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    table = TerminalTable(game, ai_seed=2, you=DEFAULT_NAME, console=plain_console(), read=read)
    with contextlib.suppress(LeftGame):
        table.play()
    out = output(table.console)
    assert len(logged) >= 6 and logged[:6] == [logged[0]] * 6  # five questions: nothing entered the log
    assert [inp.action for inp in game.log if inp.by == DEFAULT_NAME][:1] == ["stick"]
    assert "You can type now:" in out and "  stick" in out and "swap NAME" in out
    assert "Players (5 in)" in out
    assert "Chase the Ace — mods: none." in out
    assert cards[0] is not None and f"Your card is {card_name(cards[0])}." in out
    assert "Your chance to stay in" in out and re.search(r"stick\s+\d+\.\d\d%", out)


def test_read_only_questions_are_typed_at_the_prompt_and_refused_input_reprompts() -> None:
    answers = ["help", "pl", "rules", "card", "odds", "dance", "vote Earth", "vote Venus", "help", "odds", "quit"]
    table = person_table("ftl", 3, answers, players=6)
    with pytest.raises(LeftGame):
        table.play()
    out = output(table.console)
    assert [inp.action for inp in table.game.log if inp.by == DEFAULT_NAME] == ["vote"]
    assert "vote NAME  NAME is Venus, Mars, Jupiter, Saturn or Mercury" in out
    assert "You hold no card now." not in out and "! Unknown action 'card'." in out  # a question of CTA's only
    assert "! Unknown action 'dance'." in out and "! You can't vote for yourself." in out
    assert "Nothing you can type now puts you at risk." in out  # odds while voting
    assert re.search(r"follow\s+50\.00%\s+1/2", out) and re.search(r"rebel\s+50\.67%\s+38/75", out)


@pytest.mark.parametrize(
    ("theme", "mods"),
    [
        ("ftl", ""),
        ("ftl", "tug-of-war,no-mercy"),
        ("cta", ""),
        ("cta", "all-at-once"),
        ("cta", "jesters-duel,no-backsies"),
        ("cta", "the-joker,adhesive"),
    ],
)
@pytest.mark.parametrize("seed", range(4))
def test_a_person_asking_at_every_prompt_finishes_the_game(theme: str, mods: str, seed: int) -> None:
    """At each prompt: help names exactly the legal inputs, odds gives a chance for choices only."""
    game = new_game(theme, seat_names(7, DEFAULT_NAME), mods=[m for m in mods.split(",") if m], seed=seed)
    table = TerminalTable(game, ai_seed=seed, you=DEFAULT_NAME, console=plain_console())
    prompts = 0

    def read(prompt: Text) -> str:
        nonlocal prompts
        prompts += 1
        options = game.legal_inputs(DEFAULT_NAME)
        forms = typed_forms(options)
        assert prompt.plain.startswith(f"[{DEFAULT_NAME}] {' / '.join(forms)}")
        listed = "\n".join(help_lines(options, asks(game)))
        for option in options:
            assert (option.target or option.action) in listed
        rows, _ = chances_now(game, DEFAULT_NAME)
        for row in rows:
            assert 0 <= row.stay_in <= 1
            assert row.command.split()[0] in {option.action for option in options}
        log = len(game.log)
        for question in ("help", "odds", "pl", "rules", *asks(game)):
            table.answer(question, options)
        assert len(game.log) == log
        choice = options[(prompts + seed) % len(options)]
        return f"{choice.action} {choice.target or ''}"

    table.read = read
    record = table.play()
    assert record["winner"]  # (a seat dealt the Joker or out early may never be asked)
    assert all(inp.action != "card" for inp in game.log)


def test_help_lists_the_legal_targets() -> None:
    game = new_game("ftl", seat_names(4), seed=1)
    game.start()
    assert help_lines(game.legal_inputs("Venus"), asks(game)) == [
        "You can type now:",
        "  vote NAME  NAME is Mars, Jupiter or Saturn",
        "Any time: help (this), pl (players), rules, odds (your chances), quit.",
    ]
    offered = [Input("scapegoat", by="Venus", target=name) for name in ("Mars", "Io")] + [
        Input("noscapegoat", by="Venus")
    ]
    assert help_lines(offered, {})[1:3] == ["  scapegoat NAME  NAME is Mars or Io", "  noscapegoat"]
    game = new_game("ftl", seat_names(4), seed=1, options={"leader": "pick"})
    game.start()
    leader, other = _leader_and_other(game)
    assert help_lines(game.legal_inputs(other), {})[:3] == ["You can type now:", "  follow", "  rebel"]
    assert help_lines(game.legal_inputs(leader), {})[0] == "Nothing for you to type now: the game waits for others."


def _leader_and_other(game: Game) -> tuple[str, str]:
    leader = game.view(game.seats[0].name).leader
    assert leader is not None
    return leader, next(seat.name for seat in game.seats if seat.name != leader)


def test_ftl_odds_are_the_exact_figures() -> None:
    game = new_game("ftl", seat_names(4), seed=1, options={"leader": "pick"})
    game.start()
    leader, other = _leader_and_other(game)
    rows, note = chances_now(game, other)
    assert {row.command: row.stay_in for row in rows} == {"follow": Fraction(1, 2), "rebel": Fraction(38, 75)}
    assert chances_now(game, leader)[0] == []  # the leader chooses nothing
    assert "suspected" not in note  # F4: no suspect with fewer than 5 players
    game = new_game("ftl", seat_names(5), seed=1, options={"leader": "pick"})
    game.start()
    assert "suspected (die 120)" in chances_now(game, _leader_and_other(game)[1])[1]


def test_ftl_odds_under_no_mercy_say_what_they_leave_out() -> None:
    # F13: the figures are against the leader's own roll, which a deposing rebel replaces
    game = new_game("ftl", seat_names(5), mods=["no-mercy"], seed=1, options={"leader": "pick"})
    game.start()
    note = chances_now(game, _leader_and_other(game)[1])[1]
    assert note == (
        "Ties with the leader survive."
        " No Mercy: a rebel rolling before you may depose the leader and set a higher roll."
    )


def test_f7_scapegoat_odds_when_the_suspect_would_go_out() -> None:
    for seed in range(300):
        game = new_game("ftl", seat_names(8), seed=seed)
        table = TerminalTable(game, ai_seed=seed, console=plain_console())
        game.start()
        while not game.finished and not any("scapegoat" in wait.actions for wait in game.awaiting()):
            table._ai_turn(game.awaiting()[0].player)
        if not game.finished:
            break
    suspect = game.awaiting()[0].player
    rows, _ = chances_now(game, suspect)
    assert [(row.command, row.stay_in) for row in rows] == [
        ("scapegoat NAME", scapegoat_survival()),
        ("noscapegoat", Fraction(0)),
    ]


def shared_out(card: int, others: list[int], k: int) -> Fraction:
    """Brute force of C8: is `card` among the `k` lowest, a tie at the cut-off settled by a fair battle?"""
    lower, same = sum(1 for o in others if o < card), sum(1 for o in others if o == card)
    return Fraction(0) if lower >= k else min(Fraction(k - lower, same + 1), Fraction(1))


def test_cta_odds_match_brute_force() -> None:
    """Cards in play are 1..12 (Kings and 14s are out of the swaps); a won swap gives the target your card."""
    game = new_game("cta", seat_names(4), seed=5)
    game.start()
    waits = game.awaiting()
    me = waits[0].player
    view = game.view(me)
    mine, others = view.card, len(view.in_play) - 1
    assert view.k == 1 and mine is not None and others == 3 and not view.known
    every = list(product(range(1, 13), repeat=others))
    stick = 1 - sum(shared_out(mine, list(hands), 1) for hands in every) / len(every)
    win = battle_win(125, 100)
    swap = 1 - sum(
        win * shared_out(theirs, [mine, *rest], 1) + (1 - win) * shared_out(mine, [theirs, *rest], 1)
        for theirs, *rest in every
    ) / len(every)
    rows, _ = chances_now(game, me)
    assert [row.command for row in rows] == ["stick", *(f"swap {name}" for name in waits[0].targets)]
    assert rows[0].stay_in == stick
    assert {row.stay_in for row in rows[1:]} == {swap}


def test_tied_elimination_agrees_with_reveal_elimination_and_brute_force() -> None:
    for card in range(1, 13):
        for unknown in range(4):
            for out in range(3):
                assert tied_elimination(card, 0, 0, unknown, out) == reveal_elimination(card, unknown, out, 12)
    # known cards: one equal to mine and one below, two unknown, the 2 lowest go out
    every = list(product(range(1, 13), repeat=2))
    brute = sum(shared_out(5, [5, 3, *hands], 2) for hands in every) / len(every)
    assert tied_elimination(5, 1, 1, 2, 2) == brute


def test_default_name_reads_well(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["vote Venus"] + ["follow"] * 50)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "ftl", "--players", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert DEFAULT_NAME == "Earth" and "PL (4): Earth, " in out and "[Earth] vote NAME" in out
    assert "(to you) You vote for Venus." in out and "You votes" not in out


@pytest.mark.parametrize("name", ["Venus", "venus", "VENUS", "Ve-nus"])
def test_your_name_takes_the_place_of_the_ai_seat_that_is_the_same_user(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert seat_names(4, name) == [name, "Mars", "Jupiter", "Saturn"]
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    assert main(["play", "ftl", "--players", "4", "--seed", "1", "--name", name]) == 0
    assert f"[{name}] vote NAME" in capsys.readouterr().out


def test_your_name_with_spaces_around_is_refused_as_any_name_is(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "ftl", "--players", "4", "--seed", "1", "--name", "Mars "]) == 2
    assert "leave out the spaces" in capsys.readouterr().err


# ----- pace, strategies, endings -----


def test_pace_sleeps_before_every_line() -> None:
    slept: list[float] = []
    game = new_game("ftl", seat_names(5), seed=4)
    table = TerminalTable(game, ai_seed=4, console=plain_console(), pace=0.25, sleep=slept.append)
    table.play()
    shown = [line for line in output(table.console).splitlines() if line.strip()]
    assert slept and set(slept) == {0.25}
    assert len(shown) >= len(slept) >= len([line for line in shown if line.startswith("Roll (")])


def test_default_pace() -> None:
    assert default_pace(None, plain_console()) == 0
    assert default_pace(None, colour_console()) == TTY_PACE
    assert default_pace(1.5, plain_console()) == 1.5 and default_pace(0, colour_console()) == 0


@pytest.mark.parametrize("pace", ["-1", "nan", "inf", "61", "slow"])
def test_pace_out_of_range_is_refused(pace: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["play", "ftl", "--auto", "--pace", pace])
    except SystemExit as refused:  # argparse: not a number
        code = int(str(refused.code))
    assert code == 2 and "--pace" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["play", "replay"])
def test_a_pace_out_of_range_is_refused_before_anything_is_shown(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A wrong `--pace` is the flag's fault: no commitment line, no verdict blaming the record, exit status 2."""
    record = tmp_path / "game.json"
    assert main(["play", "ftl", "--auto", "--seed", "1", "--record", str(record)]) == 0
    capsys.readouterr()
    argv = ["play", "ftl", "--auto", "--pace", "-1"] if command == "play" else ["replay", "--pace", "-1", str(record)]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "survivor-host: --pace takes 0 to 60 seconds, not -1.0.\n"


def test_an_unknown_strategy_is_refused_before_the_commitment_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "ftl", "--auto", "--strategy", "bogus"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("survivor-host: Unknown strategy 'bogus' for ftl;")


def test_play_help_says_the_defaults_the_terminal_uses() -> None:
    from survivor_host.cli import build_parser

    play = build_parser()._subparsers._group_actions[0].choices["play"]  # type: ignore[union-attr]
    options = {action.dest: action for action in play._actions}
    assert options["name"].default == DEFAULT_NAME and DEFAULT_NAME in (options["name"].help or "")
    assert f"default {TTY_PACE} on a terminal" in (options["pace"].help or "")


@pytest.mark.parametrize("name", ["a" * 19, "a\nb", "***", " ", "tab\there", " Earth"])
def test_unusable_names_are_refused(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "ftl", "--name", name]) == 2
    assert "name" in capsys.readouterr().err  # the engine's words, or the terminal's for what the engine allows


def test_the_person_is_told_when_they_are_out() -> None:
    seen = set()
    for seed in range(40):
        table = person_table("ftl", seed, ["vote Venus"] + ["follow"] * 20, players=4)
        table.play()
        out = output(table.console)
        # the narration says why (e.g. "Earth followed and rolled 140, above the leader's 129: eliminated.")
        went_out = any(
            (line.startswith(f"{DEFAULT_NAME} ") and "eliminated" in line)
            or f"and {DEFAULT_NAME} are eliminated" in line
            for line in out.splitlines()
        )
        assert out.count("You are out.") == (1 if went_out else 0)
        seen.add(went_out)
    assert seen == {True, False}


def test_strategy_list_is_assigned_to_ai_seats_in_turn() -> None:
    assert strategy_names(None) == [None] and strategy_names("random, smart") == ["random", "smart"]
    game = new_game("ftl", seat_names(6, DEFAULT_NAME), seed=1)
    table = TerminalTable(game, ai_seed=1, you=DEFAULT_NAME, strategy="random,always-follow", console=plain_console())
    assert table.labels == {
        "Venus": "random",
        "Mars": "always-follow",
        "Jupiter": "random",
        "Saturn": "always-follow",
        "Mercury": "random",
    }
    assert main(["play", "ftl", "--auto", "--strategy", "random,sulk"]) == 2


@pytest.mark.parametrize(
    ("typed", "code", "said"), [(EOFError, 0, "You left the game"), (KeyboardInterrupt, 130, "Interrupted")]
)
def test_leaving_at_the_prompt_is_clean_and_keeps_the_record(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    typed: type[BaseException],
    code: int,
    said: str,
) -> None:
    def leave(prompt: str = "") -> str:
        raise typed

    monkeypatch.setattr("builtins.input", leave)
    path = tmp_path / "game.json"
    assert main(["play", "ftl", "--players", "4", "--seed", "3", "--record", str(path)]) == code
    captured = capsys.readouterr()
    assert said in captured.out and "Traceback" not in captured.err
    record = json.loads(path.read_text())
    assert record["winner"] is None and record["awaiting"][0]["player"] == DEFAULT_NAME


@pytest.mark.parametrize("word", ["quit", "exit", "EXIT"])
def test_quit_leaves_the_game(word: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    typed = iter([word])

    def read(prompt: str = "") -> str:
        with contextlib.suppress(StopIteration):
            return next(typed)
        raise EOFError  # then Ctrl-D, had the word not left the game

    monkeypatch.setattr("builtins.input", read)
    assert main(["play", "cta", "--players", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "You left the game; it is unfinished." in out and "Unknown action" not in out


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "survivor_host.cli", *args]


def test_closed_pipe_ends_without_a_traceback() -> None:
    """`survivor-host play ftl --auto | head` as a shell runs it."""
    command = shlex.join(_cli("play", "ftl", "--auto", "--players", "30", "--pace", "0.002"))
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command} | head -n 3"], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.count("\n") == 3
    assert done.stderr == ""
    assert done.returncode == 141  # as any tool whose reader went away


def test_closed_pipe_while_watching_writes_the_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with subprocess.Popen(
        _cli("play", "cta", "--auto", "--pace", "0.01", "--record", str(path)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.readline()
        process.stdout.close()
        assert process.wait(timeout=60) == 141
        assert process.stderr.read() == b""
    assert json.loads(path.read_text())["theme"] == "cta"


# ----- make play, and what a watcher reads -----


def make_play_args() -> list[str]:
    """The arguments `make play` passes, read from the Makefile."""
    makefile = (ROOT / "Makefile").read_text()
    seed = re.search(r"^SEED \?= (\S+)$", makefile, re.M)
    recipe = re.search(r"^play:.*\n\t\$\(BIN\)/survivor-host (.*)$", makefile, re.M)
    assert seed and recipe
    return shlex.split(recipe.group(1).replace("$(SEED)", seed.group(1)))


def test_make_play_shows_follows_rebels_handovers_and_rebellions(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = make_play_args()
    assert "--strategy" in args and "," in args[args.index("--strategy") + 1]
    with open(os.devnull, "w") as devnull:
        sys_stdout, sys.stdout = sys.stdout, devnull
        try:
            assert main([*args, "--record", str(path)]) == 0
        finally:
            sys.stdout = sys_stdout
    rounds = json.loads(path.read_text())["rounds"]
    choices = {choice for r in rounds for choice in r["choices"].values()}
    outcomes = {r["outcome"] for r in rounds}
    assert {"follow", "rebel"} <= choices and {"handover", "rebellion"} <= outcomes


def test_what_a_watcher_reads() -> None:
    """`make play`'s game through a pipe, as a watcher reads it: plain lines, tables, no markup."""
    done = subprocess.run(_cli(*make_play_args()), capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0 and done.stderr == ""
    lines = [line.rstrip() for line in done.stdout.splitlines()]
    start = lines.index("Follow the Leader begins!")
    assert lines[start + 1] == "PL (10)" and lines[start + 2].split() == ["#", "player", "status", "AI"]
    assert lines[start + 4].split() == ["1", "Venus", "in", "always-follow"]
    text = done.stdout
    for seen in ("Peaceful Handover! Everyone followed:", "Rebellion! Every rebel (", "Final placements"):
        assert seen in text
    assert "**" not in text and "\x1b[" not in text and "[bold" not in text
    rules = [line.strip("─ ") for line in lines if line.startswith("───") and line.strip("─ ")]
    assert rules == [f"Round {n}" for n in range(1, len(rules))] + ["Finals"]  # a rule where each round begins
    assert re.search(r"^Roll \(1 - 150\) for \w+: \d+$", text, re.M)
    assert re.search(r"^\S.* wins the game! Second place: \S+\.( Places: .*\.)?$", text, re.M)
    assert all(len(line) < 160 for line in lines if not line.startswith("(dice"))  # the dice lines are long


def test_what_a_watcher_reads_on_a_terminal() -> None:
    """The same game on a (pseudo) terminal: colours by verdict, bold, tables, and still no raw markup."""
    import pty

    leader, follower = pty.openpty()
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(TERM="xterm-256color", COLUMNS="120", LINES="40")
    with subprocess.Popen(
        _cli("play", "ftl", "--auto", "--players", "5", "--seed", "19", "--pace", "0"),
        stdout=follower,
        stderr=subprocess.PIPE,
        env=env,
    ) as process:
        os.close(follower)
        chunks: list[bytes] = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closes when the game ends
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert process.wait(timeout=60) == 0
    os.close(leader)
    screen = b"".join(chunks).decode()
    assert "\x1b[1;31m" in screen  # an elimination in bold red
    assert "\x1b[1;33m" in screen  # the winner in bold yellow
    text = ANSI.sub("", screen)
    assert "PL (5)" in text and "Final placements" in text and "wins the game!" in text
    assert "**" not in text
