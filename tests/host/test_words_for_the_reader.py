"""Issue 23: every instruction says the exact words for where it is read, and a refusal says what is allowed."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from survivor_host.engine import voice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.inputs import parse_command
from survivor_host.engine.voice import MARK, TERMINAL, ask, command, privately
from survivor_host.terminal.table import DEFAULT_NAME, TerminalTable, seat_names
from survivor_host.themes import new_game
from survivor_host.words.refusals import refusal
from tests.host.test_room import PLAYERS, make_host, open_game, outbox

SHOWDOWN_WORDS = ("PM", "in chat", "by PM", "PMs")


def test_one_instruction_is_spelled_for_each_reader() -> None:
    line = f"Everyone else: {ask(['follow', 'rebel'], by_pm=True)}. Vote: {ask(['vote NAME'], by_pm=False)}."
    assert TERMINAL.spell(line) == "Everyone else: type **follow** or **rebel**. Vote: type **vote NAME**."
    assert voice.room("!").spell(line) == (
        "Everyone else: PM me **follow** or **rebel**. Vote: say **!vote NAME** in chat."
    )
    assert voice.pm("!").spell(line) == (
        "Everyone else: reply **follow** or **rebel**. Vote: say **!vote NAME** in the room."
    )
    turn = f"your turn: {command(['stick', 'swap NAME'])}; cards {privately()}"
    assert voice.room(".").spell(turn) == "your turn: **.stick** or **.swap NAME**; cards by PM"
    assert TERMINAL.spell(turn) == "your turn: **stick** or **swap NAME**; cards privately"


@pytest.mark.parametrize("name", ["**x**", "[bold]x[/]", "<b>x</b>", "/wall x", "x\x1farvote NAME\x1f"])
def test_only_command_words_become_instructions(name: str) -> None:
    with pytest.raises(ValueError):
        ask([name], by_pm=False)
    spelled = TERMINAL.spell(f"{name} {ask(['follow'], by_pm=True)}")
    assert MARK not in spelled and spelled.endswith("type **follow**")


def _terminal_output(theme: str, answers: list[str], seed: int = 3) -> str:
    game = new_game(theme, seat_names(6, DEFAULT_NAME), seed=seed)
    console = Console(file=io.StringIO(), width=200, highlight=False, emoji=False, markup=False)
    feed = iter(answers)

    def read(_: object) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    table = TerminalTable(game, ai_seed=seed, you=DEFAULT_NAME, console=console, read=read)
    table.run()  # to the end, or until the answers run out (then the person has left)
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_the_terminal_says_type_never_pm_or_chat(theme: str) -> None:
    """There is no chat and no PM in the terminal: `play` and `rules` say `type` and the bare word."""
    out = _terminal_output(theme, ["rules", *(["vote Venus", "follow", "follow", "follow"] * 3)], seed=5)
    for word in SHOWDOWN_WORDS:
        assert word not in out, word
    assert MARK not in out
    assert out.count("(PL: the player list, everyone still in the game; type pl to see it again.)") == 1
    if theme == "ftl":
        assert "Vote for the first leader: type vote NAME (not yourself)." in out
        assert "Everyone else: type follow or rebel." in out
    else:
        assert "Cards are sent privately." in out


def test_the_room_says_the_prefix_and_pm_by_pm(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="vote")
    open_game(host, "ftl", PLAYERS)
    p = host.state.settings.prefix
    lines = outbox(host).room_lines()
    assert f"Vote for the first leader: say **{p}vote NAME** in chat (not yourself)." in lines
    assert all(MARK not in line for line in lines)


def test_a_refusal_that_lists_the_targets_does_not_list_them_again() -> None:  # BG2
    game = new_game("hg", seat_names(4), seed=1)
    game.start()
    try:
        game.apply(parse_command("attack Nobody", "Venus"))
    except IllegalAction as refused:
        reason = str(refused)
    said = refusal(game, "Venus", "attack Nobody", reason, verb="send")
    assert said.startswith('"Nobody" is not in this game. You may attack: ') and "You can attack" not in said
    assert said.count("Saturn") == 1


@pytest.mark.parametrize("theme", ["hga", "exclusions"])
def test_a_refused_nickname_names_the_offered_ones_as_examples(theme: str) -> None:
    """Any nickname that fits is taken: those offered are examples, never "You can nick: …" as if the only ones."""
    game = new_game(theme, seat_names(4), seed=1)
    game.start()
    offered = [option.target for option in game.legal_inputs("Venus") if option.target]
    try:
        game.apply(parse_command("nick survgame", "Venus"))
    except IllegalAction as refused:
        reason = str(refused)
    said = refusal(game, "Venus", "nick survgame", reason, verb="send")
    assert "You can nick" not in said and f"For example: {', '.join(offered[:-1])} or {offered[-1]}." in said


def test_a_typo_gets_the_closest_action_the_targets_and_help() -> None:
    game = new_game("ftl", seat_names(4), seed=1)
    game.start()
    said = refusal(game, "Venus", "vot Mars", "Unknown action 'vot'.")
    assert said == "Unknown action 'vot'. Did you mean **vote**? Now you can type **vote NAME**; **help** says more."
    said = refusal(game, "Venus", "vote Jupitr", '"Jupitr" is not in this game.')
    assert "Did you mean **vote Jupiter**? You can vote: Mars, Jupiter and Saturn." in said
    said = refusal(game, "Venus", "follw", "Unknown action 'follw'.", verb="send")
    assert "Did you mean **follow**? It is not for now. Now you can send **vote NAME**" in said
    assert refusal(game, "Stranger", "vote Mars", "You are not in this game.") == "You are not in this game."
    said = refusal(game, "Mars", "vote Mars", "You can't vote for yourself.")  # a player, barred: no "did you mean"
    assert said == (
        "You can't vote for yourself. You can vote: Venus, Jupiter and Saturn. "
        "Now you can type **vote NAME**; **help** says more."
    )


@pytest.mark.parametrize("hostile", ["**x**", "[bold]x[/]", "<b>x</b>", "/wall x", "!code x", ">>x"])
def test_a_refusal_never_repeats_what_was_typed(hostile: str) -> None:
    game = new_game("ftl", seat_names(4), seed=1)
    game.start()
    said = refusal(game, "Venus", f"vote {hostile}", "That is not a player.")
    assert hostile not in said and said.startswith("That is not a player.")


def test_the_terminal_refusal_names_what_to_type() -> None:
    out = _terminal_output("ftl", ["follw", "vote Plut", "swap Pluto"])
    assert "! Unknown action 'follw'. Did you mean follow? It is not for now. Now you can type vote NAME;" in out
    assert "You can vote: Venus, Mars, Jupiter, Saturn and Mercury." in out


def test_the_vote_box_closes_before_the_lines_its_last_vote_caused(tmp_path: Path) -> None:
    """Issue 23: "The vote ... is over" came after Round 1 began; the box now shows its end first."""
    host = make_host(tmp_path, html=True, leader="vote")
    open_game(host, "ftl", PLAYERS[:4])
    game = host.game
    assert game is not None
    for number, name in enumerate(PLAYERS[:4]):
        host.handle_chat(" ", name, f".vote {PLAYERS[(number + 1) % 4]}")
    sent = outbox(host).sent
    over = next(i for i, (kind, _, html) in enumerate(sent) if kind == "uhtmlchange" and "is over" in html)
    votes = next(i for i, (kind, _, text) in enumerate(sent) if kind == "say" and text.startswith("Votes:"))
    round_1 = next(i for i, (kind, _, text) in enumerate(sent) if kind == "say" and "Round 1!" in text)
    assert over < votes < round_1


def test_the_bot_answers_a_typo_with_the_closest_action(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None
    chooser = next(wait.player for wait in game.awaiting() if "follow" in wait.actions)
    host.handle_pm(chooser, "follw")
    (said,) = outbox(host).pms_to(chooser)[-1:]
    assert said.endswith("Did you mean **follow**?") and said.startswith('I don\'t know "follw"')
    host.handle_pm("Stranger", "follw")
    assert "Did you mean" not in outbox(host).pms_to("Stranger")[-1]


def test_a_cut_short_name_is_offered_the_one_name_it_begins() -> None:  # BG2: the legal targets, and the right one
    game = new_game("hg", ["AI Venus", "AI Mars", "AI Mercury"], seed=1)
    game.start()
    said = refusal(game, "AI Venus", "attack ai mer", '"ai mer" is not in this game.', verb="send")
    assert "Did you mean **attack AI Mercury**?" in said  # difflib alone offered AI Mars
