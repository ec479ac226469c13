"""Whole games hosted by the bot (its own process) on the real server, checked line by line.

Each game is played by simulated players clicking the buttons the bot PMs them (or typing, when the
bot has no `*` rank). The seed is fixed, and chosen by playing the same policy offline with the
engine, so that the situation under test (a scapegoat, a deposition, a Jester's duel...) happens.
After the game, the stored inputs are replayed with the engine: the room must have received exactly
the public lines and each player exactly their private lines and prompts. On top of that, each test
checks its situation and that no secret (follow/rebel choice, card) reached the room before its reveal.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from typing import Any

from harness import run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import HOST_NAME, E2EEnv
from harness.player import Player
from harness.table import Table
from hosting_kit import (
    Chooser,
    TextTable,
    bot_lines,
    bot_pms,
    connect,
    eventually,
    expected_output,
    find_seed,
    game_lines,
    game_record,
    is_subsequence,
    items,
    no_deadline_passed,
    open_signups,
    random_rule,
    rolls_in,
    simulate,
    start_and_play,
)

from survivor_host.engine.game import Game

ROOM = "survivor"
ROOM2 = "survivortwo"
CHOICE_WORDS = re.compile(r"(?i)\b(follow(s|ed|ing)?|rebel(s|led|ling)?|revolt)\b")


# ----------------------------------------------------------------- driving a game


async def play_by_buttons(
    host: Player,
    players: Sequence[Player],
    room: str,
    command: str,
    policy: Callable[[str, list[str]], str | None],
    timeout: float = 120,
) -> Table:
    await open_signups(host, room, command, players)
    table = Table(BOT_NAME, players, policy)
    await start_and_play(host, room, table, timeout)
    return table


def check_replay(bot: BotProcess, host: Player, players: Sequence[Player], room: str, html_ok: bool = True) -> Any:
    """The room and every player got exactly what the engine says for the stored inputs.

    With `*` the room gets each round as a table box and the lines the table shows are left out:
    its lines are then the plain-text ones (without `*`) with some items left out, none added or moved."""
    record = game_record(bot.database, room)
    expected = expected_output(record, html_ok, room)
    assert game_lines(host, room) == expected.room
    for player in players:
        assert bot_pms(player) == expected.pms.get(player.userid, []), player.name
    if html_ok:
        said = [line for line in expected.room if not line.startswith("/raw ")]
        assert is_subsequence(items(said), items(expected_output(record, False).room))
    return record, expected


def plain_items(record: dict[str, Any]) -> list[str]:
    """The game's room lines as they read without `*` (every roll and reveal in text), items split."""
    return items(expected_output(record, False).room)


def round_boxes(host: Player, room: str) -> list[str]:
    """The round tables the room got as HTML boxes during this test's game (the room may hold earlier games)."""
    return [text for text in game_lines(host, room) if "<th>Player</th>" in text]


async def pms_settled(bot: BotProcess, room: str, players: Sequence[Player], html_ok: bool = True) -> None:
    """Wait until every player has received as many bot PMs as the replay says (PMs may trail the room)."""
    expected = expected_output(game_record(bot.database, room), html_ok, room)
    for player in players:
        want = len(expected.pms.get(player.userid, []))
        await eventually(lambda p=player, n=want: len(bot_pms(p)) >= n, what=f"{player.name}'s PMs")  # type: ignore[misc]


def ftl_rounds(lines: Sequence[str]) -> list[list[str]]:
    """The room lines split at each `**Round N!**` (the first part, before round 1, dropped)."""
    rounds: list[list[str]] = []
    for line in lines:
        if line.startswith("**Round "):
            rounds.append([])
        if rounds:
            rounds[-1].append(line)
    return rounds


def check_ftl_choices_secret(lines: Sequence[str], game: Game) -> None:
    """No follow/rebel choice reaches the room before the rolls; the reveal names the real choices.
    `lines`: the room's plain-text lines (every roll in text), packed ones split into items."""
    records = [r for r in game.round_record() if not r.get("void")]
    rounds = ftl_rounds(lines)
    assert len(rounds) == len(records)
    for lines_of_round, rec in zip(rounds, records, strict=True):
        first_roll = next(i for i, line in enumerate(lines_of_round) if line.startswith("Roll (1 - 109)+20 for "))
        for line in lines_of_round[:first_roll]:
            if CHOICE_WORDS.search(line):
                assert line == "Everyone else: PM me **follow** or **rebel**.", line
        choices: dict[str, str] = rec["choices"]
        if "no-mercy" in game.mods:
            for name, choice in choices.items():
                said = lines_of_round.index(f"{name} chose to {choice}.")
                own_roll = next(i for i, line in enumerate(lines_of_round) if f" for {name}: " in line)
                assert own_roll < said
            continue
        followed = [n for n, c in choices.items() if c == "follow"]
        rebelled = [n for n, c in choices.items() if c == "rebel"]
        reveal = [line for line in lines_of_round if line.startswith(("Followed: ", "Rebelled: "))]
        assert len(reveal) == 1
        for label, names in (("Followed", followed), ("Rebelled", rebelled)):
            if names:
                assert f"{label}: {', '.join(names)}." in reveal[0]
        assert lines_of_round.index(reveal[0]) > first_roll


def check_player_confirmations(players: Sequence[Player], table: Table) -> None:
    """Each follow/rebel click was confirmed to its clicker only, and never told to anyone else."""
    for player in players:
        pms = [p for p in bot_pms(player) if isinstance(p, str)]
        clicks = [c for who, c in table.clicks if who == player.name and c in ("follow", "rebel")]
        confirmed = [m for m in pms if m.startswith(f"[{ROOM}] You chose to ")]  # a result PM says its room
        assert confirmed == [f"[{ROOM}] You chose to **{c}** this round." for c in clicks]
        for other in players:
            if other is not player:
                assert not any(other.name in m and CHOICE_WORDS.search(m) for m in pms), (player.name, pms)


CARD_WORDS = {"Ace": 1, "Jack": 11, "Queen": 12, "King": 13, "Jester": 14, "Joker": 14}
CARD_PM = re.compile(r"(?i)your card is (?:now )?\*\*(\w+)\*\*")


def card_value(word: str) -> int:
    return CARD_WORDS.get(word, 0) or int(word)


def check_cards_secret(host: Player, players: Sequence[Player], room: str, plain: Sequence[str]) -> None:
    """No card reaches the room before the reveal, and each player's reveal card is the last card the bot
    PM'd them (read in the order the player received room lines and PMs). `plain`: the room's plain-text
    items (the reveals in text)."""
    lines = items(game_lines(host, room))
    finals = next((i for i, line in enumerate(lines) if line.startswith("**Finals:**")), len(lines))
    for i, line in enumerate(lines):
        assert "card is" not in line.lower(), line
        for _, sides, _, _ in rolls_in(line):
            assert sides not in (13, 14) or i > finals, line
    reveals = [
        dict(part.split(": ") for part in line[len("**Cards:** ") :].split(", "))
        for line in plain
        if line.startswith("**Cards:** ")
    ]
    assert reveals
    for player in players:
        # the player's rounds, from their PMs: a deal ("Your card is X.") starts one; the last card told counts
        held: list[int] = []
        for text in bot_pms(player):
            match = CARD_PM.search(text) if isinstance(text, str) else None
            if match is None:
                continue
            if text.startswith(f"[{room}] Your card is **"):  # a result PM says its room
                held.append(0)
            held[-1] = card_value(match.group(1))
        shown = [card_value(cards[player.name]) for cards in reveals if player.name in cards]
        assert held[: len(shown)] == shown, (player.name, held, shown)
        assert len(held) - len(shown) in (0, 1)  # dealt again after the last reveal only if the game went on


# ----------------------------------------------------------------- 1. FTL with a scapegoat

FTL_NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def test_ftl_game_with_suspect_and_scapegoat(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    def policy() -> Chooser:
        return Chooser(random_rule("scapegoat", prefer=("suspect", "scapegoat")))

    def make(seed: str) -> tuple[Game, list[Any]]:
        return simulate("ftl", FTL_NAMES, policy(), options={"leader": "pick"}, seed=seed)

    def wanted(game: Game, _: list[Any]) -> bool:
        return any(r["scapegoat"] for r in game.round_record()) and game.round >= 2

    seed = find_seed(wanted, make, prefix="scapegoat")
    bot = bot_factory(defaults={"leader": "pick"}, fixed_seed=seed).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *FTL_NAMES], [ROOM])
            table = await play_by_buttons(host, players, ROOM, "$host ftl", policy())
            await pms_settled(bot, ROOM, players)
            record, expected = check_replay(bot, host, players, ROOM)
            lines = items(game_lines(host, ROOM))
            plain = plain_items(record)
            check_ftl_choices_secret(plain, expected.game)
            check_player_confirmations(players, table)
            # each round as one table box (with `*`), naming every player who rolled
            boxes = round_boxes(host, ROOM)
            rolled = [r for r in record["rounds"] if r["rolls"]]
            assert len(boxes) == len(rolled)
            for box, rec in zip(boxes, rolled, strict=True):
                assert all(f"<td>{name}" in box for name in rec["rolls"]), box
            # the scapegoat battle, as the room saw it: the suspect's 70 against the scapegoat's 100
            goat = next(r["scapegoat"] for r in record["rounds"] if r["scapegoat"])
            named = lines.index(f"**{goat['suspect']}** names **{goat['target']}** as scapegoat: 70 vs 100!")
            battle = [roll for item in lines[named + 1 : named + 3] for roll in rolls_in(item)]
            assert battle[0][:2] == (goat["suspect"], 70) and battle[1][:2] == (goat["target"], 100)
            # and who went out for it, with the battle's numbers
            assert any(item.startswith(f"**{goat['loser']}** lost the scapegoat battle to ") for item in lines[named:])
            suspect_line = next(line for line in lines if " suspects **" in line)
            assert "who rolls 120 this round" in suspect_line
            # the suspect's own roll is a 120
            suspect = re.search(r"suspects \*\*(.+?)\*\*", suspect_line).group(1)  # type: ignore[union-attr]
            assert any((suspect, 120) == r[:2] for line in plain for r in rolls_in(line))
            # the suspect got the scapegoat buttons, one per legal target
            boxes = [p for p in bot_pms(next(p for p in players if p.name == goat["suspect"])) if isinstance(p, tuple)]
            assert any(
                any(c == f"scapegoat {goat['target']}" for c in box[2]) and "noscapegoat" in box[2] for box in boxes
            )
            winner = record["winner"]
            # the last line: the win, then the places (packed items)
            assert any(item.startswith(f"**{winner} wins the game!**") for item in lines[-len(record["players"]) :])
            assert any(t.startswith("Dice seed: ") for t in bot_lines(host, ROOM))

    run_async(scenario(), timeout=180)


# ----------------------------------------------------------------- 2. FTL under Tug of War


def test_ftl_game_under_tug_of_war(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    def policy() -> Chooser:
        return Chooser(random_rule("tug"))

    def make(seed: str) -> tuple[Game, list[Any]]:
        return simulate("ftl", FTL_NAMES, policy(), mods=["tug-of-war"], options={"leader": "pick"}, seed=seed)

    def wanted(game: Game, _: list[Any]) -> bool:  # at least two rounds, with both choices in one
        recs = game.round_record()
        return len(recs) >= 2 and any(len(set(r["choices"].values())) == 2 for r in recs)

    seed = find_seed(wanted, make, prefix="tug")
    bot = bot_factory(defaults={"leader": "pick"}, fixed_seed=seed).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *FTL_NAMES], [ROOM])
            table = await play_by_buttons(host, players, ROOM, "$host ftl tug", policy())
            await pms_settled(bot, ROOM, players)
            record, expected = check_replay(bot, host, players, ROOM)
            lines = game_lines(host, ROOM)
            plain = plain_items(record)
            assert lines[0] == "**Follow the Leader** with Tug of War begins!"
            assert not any(" suspects" in line or "suspect a player" in line for line in plain)  # F12: no suspecting
            check_ftl_choices_secret(plain, expected.game)
            check_player_confirmations(players, table)
            for round_lines in ftl_rounds(plain):
                first = next(i for i, line in enumerate(round_lines) if line.startswith("Roll (1 - 109)+20 for "))
                reveal_at = next(
                    i for i, line in enumerate(round_lines) if line.startswith(("Followed: ", "Rebelled: ", "Nobody"))
                )
                roll_line = " · ".join(round_lines[first:reveal_at])
                rolls = rolls_in(roll_line)
                assert rolls[0][1:3] == (109, 20)
                reveal = next(line for line in round_lines if line.startswith(("Followed: ", "Rebelled: ", "Nobody")))
                choices: dict[str, str] = {}
                for label, choice in (("Followed", "follow"), ("Rebelled", "rebel")):
                    found = re.search(rf"{label}: (.+?)\.", reveal)
                    for name in found.group(1).split(", ") if found else []:
                        choices[name] = choice
                running = 150  # F12: the running die, minus 20 for a rebel, plus 20 for a follower, floor 20
                for name, sides, _, result in rolls[1:]:
                    if name in choices:
                        running = max(running + (20 if choices[name] == "follow" else -20), 20)
                        assert sides == running, (name, roll_line, reveal)
                    else:  # immune: 150, the running die unchanged
                        assert sides == 150, (name, roll_line)
                    assert 1 <= result <= sides
                assert len(rolls) - 1 == len(choices) + sum(1 for n, *_ in rolls[1:] if n not in choices)

    run_async(scenario(), timeout=180)


# ----------------------------------------------------------------- 3. FTL under No Mercy


def test_ftl_game_under_no_mercy_with_a_deposition(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    def policy() -> Chooser:
        return Chooser(random_rule("mercy"))

    def make(seed: str) -> tuple[Game, list[Any]]:
        return simulate("ftl", FTL_NAMES, policy(), mods=["no-mercy"], options={"leader": "pick"}, seed=seed)

    def wanted(game: Game, _: list[Any]) -> bool:
        return any(r.get("depositions") for r in game.round_record()) and game.round >= 2

    seed = find_seed(wanted, make, prefix="mercy")
    bot = bot_factory(defaults={"leader": "pick"}, fixed_seed=seed).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *FTL_NAMES], [ROOM])
            table = await play_by_buttons(host, players, ROOM, "$host ftl nm", policy())
            await pms_settled(bot, ROOM, players)
            record, expected = check_replay(bot, host, players, ROOM)
            lines = game_lines(host, ROOM)
            plain = plain_items(record)
            assert lines[0] == "**Follow the Leader** with No Mercy begins!"
            assert not any(" suspects" in line or "suspect a player" in line for line in plain)
            check_ftl_choices_secret(plain, expected.game)
            check_player_confirmations(players, table)
            rec = next(r for r in record["rounds"] if r.get("depositions"))
            dep = rec["depositions"][0]
            took = next(
                i
                for i, line in enumerate(plain)
                if line.startswith(f"**{dep['by']}** rebelled and rolled {dep['roll']}, above **{dep['deposed']}**'s ")
                and line.endswith(f": **{dep['by']}** takes the lead!")
            )
            # just before: the rebel's roll, above the standing leader's, and the rebel's choice revealed
            assert plain[took - 1] == f"{dep['by']} chose to rebel."
            assert rolls_in(plain[took - 2]) == [(dep["by"], 150, 0, dep["roll"])]
            assert dep["roll"] > (rec["leader_roll"] if dep["deposed"] == rec["leader"] else 0)
            after = plain[took + 1 : took + 3]
            deposed = f"**{dep['deposed']}** is deposed by **{dep['by']}** ({dep['roll']}, above "
            assert any(line.startswith(deposed) for line in after), after
            assert plain[took] in items(lines) and any(line.startswith(deposed) for line in items(lines))
            if rec["next_leader"]:
                assert any(
                    line.startswith(f"**{rec['next_leader']}** ") and "leads the next round" in line for line in plain
                )

    run_async(scenario(), timeout=180)


# ----------------------------------------------------------------- 4. CTA with Jester's Duel

CTA_NAMES = ["Gus", "Hal", "Ivy", "Jon", "Kim"]


def test_cta_game_with_a_jesters_duel(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    def policy() -> Chooser:
        return Chooser(random_rule("jester"))

    def make(seed: str) -> tuple[Game, list[Any]]:
        return simulate("cta", CTA_NAMES, policy(), mods=["jesters-duel"], seed=seed)

    def wanted(game: Game, _: list[Any]) -> bool:
        recs = game.round_record()
        return any(d["target"] for r in recs for d in r["duels"]) and any(
            s["swapped"] for r in recs for s in r["swaps"]
        )

    seed = find_seed(wanted, make, prefix="jester")
    bot = bot_factory(fixed_seed=seed).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *CTA_NAMES], [ROOM])
            await play_by_buttons(host, players, ROOM, "$host cta jesters", policy())
            await pms_settled(bot, ROOM, players)
            record, _ = check_replay(bot, host, players, ROOM)
            lines = items(game_lines(host, ROOM))
            assert lines[0] == "**Chase the Ace** begins with 5 players. Mods: Jester's Duel."
            check_cards_secret(host, players, ROOM, plain_items(record))
            assert len(round_boxes(host, ROOM)) == sum(1 for r in record["rounds"] if r["reveal"])
            duel = next(d for r in record["rounds"] for d in r["duels"] if d["target"])
            jester, target = duel["jester"], duel["target"]
            assert f"**Jester:** {jester}." in lines or any("**Jesters:** " in ln and jester in ln for ln in lines)
            asked = lines.index(next(line for line in lines if line.startswith(f"**{jester}**, you are the Jester")))
            called = lines.index(f"**{jester}** duels **{target}**: roll battle 100 vs 100.")
            assert asked < called
            fight = [roll for item in lines[called + 1 : called + 3] for roll in rolls_in(item)]
            assert [(n, s) for n, s, _, _ in fight[:2]] == [(jester, 100), (target, 100)]
            loser = target if duel["winner"] == jester else jester
            won = lines.index(f"**{duel['winner']}** wins the duel and advances to the next round.")
            assert lines[won + 1].startswith(f"**{loser}** lost the duel to {duel['winner']}, ")
            # the Jester was told the 14 by PM, by its name, and got one Duel button per legal opponent
            jester_player = next(p for p in players if p.name == jester)
            assert any(isinstance(m, str) and "Your card is **Jester**" in m for m in bot_pms(jester_player))
            boxes = [m for m in bot_pms(jester_player) if isinstance(m, tuple) and m[2][0].startswith("duel ")]
            assert boxes and f"duel {target}" in boxes[0][2] and f"duel {jester}" not in boxes[0][2]
            last = lines[-len(record["players"]) :]
            assert any(item.startswith(f"**{record['winner']} wins the game!**") for item in last)

    run_async(scenario(), timeout=180)


# ----------------------------------------------------------------- 5. CTA under All At Once with Adhesive


def test_cta_game_all_at_once_with_adhesive(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    def policy() -> Chooser:
        return Chooser(random_rule("glue"))

    def make(seed: str) -> tuple[Game, list[Any]]:
        return simulate("cta", CTA_NAMES, policy(), mods=["all-at-once", "adhesive"], seed=seed)

    def wanted(game: Game, _: list[Any]) -> bool:
        swaps = [s for r in game.round_record() for s in r["swaps"]]
        return any(s.get("why") == "Adhesive" for s in swaps) and any(s["swapped"] for s in swaps)

    seed = find_seed(wanted, make, prefix="glue")
    bot = bot_factory(fixed_seed=seed).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *CTA_NAMES], [ROOM])
            await play_by_buttons(host, players, ROOM, "$host cta aao adhesive", policy())
            await pms_settled(bot, ROOM, players)
            record, _ = check_replay(bot, host, players, ROOM)
            lines = items(game_lines(host, ROOM))
            assert lines[0] == "**Chase the Ace** begins with 5 players. Mods: Adhesive, All At Once."
            check_cards_secret(host, players, ROOM, plain_items(record))
            # no swap choice reaches the room before its swap round is carried out
            opened = [i for i, line in enumerate(lines) if re.match(r"\*\*Swap round \d of 2:\*\*", line)]
            assert opened
            for start in opened:
                end = next(i for i in range(start, len(lines)) if " is carried out in this order: " in lines[i])
                for line in lines[start + 1 : end]:
                    assert line.endswith("has nobody to swap with and will stick."), line
            # the Adhesive void: the target had stuck earlier in that round
            void = next(s for r in record["rounds"] for s in r["swaps"] if s.get("why") == "Adhesive")
            at = lines.index(f"**{void['by']}**'s swap with **{void['target']}** is void (Adhesive).")
            round_start = max(i for i, line in enumerate(lines[:at]) if line.startswith("**Round "))
            assert f"**{void['target']}** sticks." in lines[round_start:at]
            # every player was prompted by PM with Stick and one Swap button per legal target
            for player in players:
                boxes = [m for m in bot_pms(player) if isinstance(m, tuple)]
                assert boxes, player.name
                for _, text, commands in boxes:
                    assert re.match(r"\[survivor(, round \d+)?\] Swap round ", text) and commands[0] == "stick"
                    assert all(c.startswith("swap ") and c != f"swap {player.name}" for c in commands[1:])
                    listed = re.search(r"\(([^)]*)\)\.$", text)
                    assert listed and re.split(r", | and ", listed.group(1)) == [c[5:] for c in commands[1:]], text
            # after the first swap round every player in play was told their current card
            assert any(
                isinstance(m, str) and m.startswith(f"[{ROOM}] After swap round 1 your card is ")
                for p in players
                for m in bot_pms(p)
            )

    run_async(scenario(), timeout=180)


# ----------------------------------------------------------------- 13. two rooms at once

ROOM2_NAMES = ["Lou", "Mia", "Ned", "Oli", "Pam"]


def test_two_rooms_host_games_at_once(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    """FTL in `survivor` and Chase the Ace in `survivortwo`, played at the same time by different people;
    every PM choice lands in the sender's own game and both finish correctly."""
    bot = bot_factory(defaults={"leader": "pick"}, fixed_seed="two-rooms").start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host = await stack.enter_async_context(e2e.player(HOST_NAME))
            await host.join(ROOM)
            await host.join(ROOM2)
            first = await connect(stack, e2e, FTL_NAMES, [ROOM])
            second = await connect(stack, e2e, ROOM2_NAMES, [ROOM2])
            await open_signups(host, ROOM, "$host ftl", first)
            await open_signups(host, ROOM2, "$host cta", second)
            tables = [
                Table(BOT_NAME, first, Chooser(random_rule("one"))),
                Table(BOT_NAME, second, Chooser(random_rule("two"))),
            ]
            for table in tables:
                table.start()
            mark = host.mark()
            await host.say(ROOM, "$start")
            await host.say(ROOM2, "$start")
            try:
                for room in (ROOM, ROOM2):
                    await host.wait_for(r"\|Dice seed: ", room=room, since=mark, timeout=120)
            finally:
                for table in tables:
                    await table.stop()
            records = {}
            for room, players in ((ROOM, first), (ROOM2, second)):
                await pms_settled(bot, room, players)
                record, _ = check_replay(bot, host, players, room)
                records[room] = record
                assert record["winner"] in [p.name for p in players]
                assert game_lines(host, room)[-1].startswith(f"**{record['winner']} wins the game!**")
            assert game_lines(host, ROOM)[0].startswith("**Follow the Leader** begins")
            assert game_lines(host, ROOM2)[0].startswith("**Chase the Ace** begins")
            # each room's prompts went to its own players, and nobody was refused or told they are not playing
            for players, room in ((first, ROOM), (second, ROOM2)):
                for player in players:
                    boxes = [pm.text.split(",", 1)[0] for pm in player.pms() if pm.text.startswith("/uhtml ")]
                    assert boxes and set(boxes) == {f"/uhtml survivor-prompt-{room}"}, (player.name, boxes)
                    assert not any(
                        "not in a game" in m or "not your turn" in m.lower()
                        for m in bot_pms(player)
                        if isinstance(m, str)
                    )
            check_cards_secret(host, second, ROOM2, plain_items(records[ROOM2]))

    run_async(scenario(), timeout=240)


# ----------------------------------------------------------------- 14. twelve players, ordinary rank

TWELVE = [f"Twelve {c}" for c in "ABCDEFGHIJKL"]
NOISE = re.compile(r"(?i)typing too quickly|too many lines|\|popup\|")


def test_twelve_players_with_an_ordinary_rank_bot(
    e2e: E2EEnv, ps_server_factory: Callable[..., Any], bot_factory: Callable[..., BotProcess]
) -> None:
    """No `*`: no buttons, plain-text prompts, the bot paced at 600 ms a line; nothing is dropped."""

    def policy() -> Chooser:
        return Chooser(random_rule("twelve", prefer=("nosuspect", "noscapegoat")))

    def make(seed: str) -> tuple[Game, list[Any]]:
        return simulate("ftl", TWELVE, policy(), options={"leader": "pick"}, seed=seed)

    # a short game: two rounds, few events (the narration adds about a dozen events to such a game:
    # one per elimination, tie and table)
    seed = find_seed(lambda game, events: game.round == 2 and len(events) <= 92, make, prefix="twelve")
    server = ps_server_factory(bot_rank=None)
    env = e2e.for_server(server)
    mirror = {"points": {"mirror": True}}  # the room's Points line: our own table on (issue 19)
    bot = bot_factory(env=env, defaults={"leader": "pick"}, fixed_seed=seed, tables=mirror).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, env, [HOST_NAME, *TWELVE], [ROOM])
            assert host.rank_in(ROOM, BOT_NAME) == " "
            await open_signups(host, ROOM, "$host ftl", players)
            table = TextTable(BOT_NAME, ROOM, players, policy())
            mark = host.mark()
            await start_and_play(host, ROOM, table, timeout=200)
            await pms_settled(bot, ROOM, players, html_ok=False)
            record, expected = check_replay(bot, host, players, ROOM, html_ok=False)
            check_ftl_choices_secret(items(game_lines(host, ROOM)), expected.game)
            assert len(record["rounds"]) == 2 and record["winner"]
            no_deadline_passed(record)
            # without `*`: no round table box; the rolls and the reveal of choices are said instead
            assert round_boxes(host, ROOM) == []
            assert any(line.startswith(("Followed: ", "Rebelled: ")) for line in items(game_lines(host, ROOM)))
            await host.wait_for(
                re.escape(f"|Points: {record['winner']} +9, {record['second']} +4."), room=ROOM, since=mark
            )
            for person in [host, *players]:
                assert not [ln.text for ln in person.transcript if NOISE.search(ln.text)], person.name
                assert not any("<button" in pm.text for pm in person.pms()), person.name
            prompts = [m for m in bot_pms(players[0]) if isinstance(m, str) and "Reply here with follow or rebel" in m]
            assert prompts

    run_async(scenario(), timeout=300)
    log = bot.log()
    assert not NOISE.search(log) and "Server popup" not in log and "Traceback" not in log
