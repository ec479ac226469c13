"""Hosting mechanics against the real server, the bot in its own process: buttons, deadlines and
reminders, leaving and coming back, renames, substitutes, permission refusals, secrets typed in the room.
Every assertion is on what the room and each person actually received.
"""

from __future__ import annotations

import contextlib
import html
import re
from collections.abc import Callable, Sequence

from harness import run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import HOST_NAME, E2EEnv
from harness.player import Line, Player
from harness.table import Table, first_button
from hosting_kit import ROUND_TABLE, bot_lines, bot_pms, check_no_refusals, connect, open_signups, table_choices

from survivor_host.engine.ids import to_id
from survivor_host.themes import new_game

ROOM = "survivor"
BOX = re.compile(r'<button class="button" name="send" value="([^"]+)">([^<]+)</button>')


WAIT = r"\[w\d+\.\d+\]"
"""The wait tag a button ends with."""


def is_box(line: Line) -> bool:
    return line.type == "pm" and "/uhtml " in line.text and "<button" in line.text


def buttons(line: Line) -> list[tuple[str, str]]:
    """(label, value) of each button in a PM'd box, unescaped."""
    return [(html.unescape(label), html.unescape(value)) for value, label in BOX.findall(line.text)]


async def start_game(host: Player, players: Sequence[Player], command: str) -> tuple[int, str | None]:
    """Open signups, sign everyone up, `.start`; returns the host's mark and the picked leader (FTL)."""
    await open_signups(host, ROOM, command, players)
    mark = host.mark()
    await host.say(ROOM, "$start")
    line = await host.wait_for(r"\|Dice client seed", room=ROOM, since=mark)
    leader = None
    if command.startswith("$host ftl"):
        picked = await host.wait_for(r"is picked as the first leader", room=ROOM, since=line.index)
        leader = re.search(r"\*\*(.+?)\*\* is picked", picked.text).group(1)  # type: ignore[union-attr]
    return mark, leader


async def pm_from_bot(player: Player, pattern: str, since: int | None = None, timeout: float = 15) -> Line:
    """The next PM from the bot to `player` whose text matches `pattern`."""
    return await player.wait_for(
        lambda ln: (
            ln.type == "pm" and to_id(ln.parts[1]) == to_id(BOT_NAME) and re.search(pattern, ln.rest(3)) is not None
        ),
        since=since,
        timeout=timeout,
    )


def first_leader(names: Sequence[str], seed: str) -> str:
    """The leader `leader=pick` will pick with this seed (the engine is deterministic)."""
    game = new_game("ftl", list(names), options={"leader": "pick"}, seed=seed)
    game.start()
    leader = game.awaiting()[0].player if game.phase != "choices" else None
    for seat in game.seats:
        if game.marks(seat) == " (leader)":
            leader = seat.name
    assert leader is not None
    return leader


async def end_if_running(host: Player, since: int) -> None:
    """`.end` the game unless it already finished; either way wait for the seed reveal."""
    if not host.lines(ROOM, since=since) or not any(
        "wins the game!" in ln.text for ln in host.lines(ROOM, since=since)
    ):
        await host.say(ROOM, "$end")
        # the game may end by itself while `.end` is on its way (its last lines were already in flight)
        await host.wait_for(r"\|\*\*The game was ended by the host\.\*\*|wins the game!\*\*", room=ROOM, since=since)
    await host.wait_for(r"\|Dice seed: ", room=ROOM, since=since)


def by_name(players: Sequence[Player], name: str | None) -> Player:
    return next(p for p in players if p.name == name)


# ----------------------------------------------------------------- 6. buttons


def test_prompts_carry_buttons_and_a_click_is_the_choice(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    bot_factory(defaults={"leader": "pick"}, fixed_seed="buttons").start()
    names = ["Btn Ann", "Btn Ben", "Btn Cat", "Btn Dan"]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *names], [ROOM])
            # Follow the Leader: Follow / Rebel buttons, each a quiet `/botmsg` to the bot (it is `*`)
            _, leader = await start_game(host, players, "$host ftl")
            for i, player in enumerate(p for p in players if p.name != leader):
                box = await player.wait_for(is_box)
                assert [label for label, _ in buttons(box)] == ["Follow", "Rebel"]
                values = dict(buttons(box))
                # the room first, the wait it answers last
                assert re.fullmatch(
                    rf"/msgroom survivor, /botmsg Survivor ?Bot, survivor follow {WAIT}", values["Follow"]
                )
                assert re.fullmatch(
                    rf"/msgroom survivor, /botmsg Survivor ?Bot, survivor rebel {WAIT}", values["Rebel"]
                )
                click = values["Follow" if i % 2 == 0 else "Rebel"]
                await player.send("", click)  # what the client sends for a name="send" button
                choice = "follow" if i % 2 == 0 else "rebel"
                await pm_from_bot(player, rf"^\[survivor\] You chose to \*\*{choice}\*\* this round\.$")
            assert not [p for p in bot_pms(by_name(players, leader)) if isinstance(p, tuple)]  # the leader has none
            await host.wait_for(r"\|All choices are in\.", room=ROOM)
            reveal = await host.wait_for(ROUND_TABLE, room=ROOM)  # with `*`, the round's table box
            followers = [p.name for i, p in enumerate(p for p in players if p.name != leader) if i % 2 == 0]
            chosen = table_choices(reveal.text)
            assert sorted(n for n, c in chosen.items() if c == "follow") == sorted(followers), chosen
            # The round may end the game by itself (its lines now come right after the choices, before
            # the confirmations): the seed is revealed after the reveal either way.
            await host.say(ROOM, "$end")
            await host.wait_for(r"\|Dice seed: ", room=ROOM, since=reveal.index)

            # Chase the Ace: Stick and one "Swap with X" button per legal target, on the player's turn
            _, _ = await start_game(host, players, "$host cta")
            your_turn = r"\*\*, your turn: \*\*\$stick\*\* or \*\*\$swap NAME\*\* \("  # the room's words: the prefix
            turn = await host.wait_for(your_turn, room=ROOM, timeout=20)
            whose = re.search(r"(?:\||· )\*\*([^*]+)\*\*, your turn", turn.text).group(1)  # type: ignore[union-attr]
            targets = re.split(r", | and ", re.search(r"\(([^)]*)\)\.$", turn.text).group(1))  # type: ignore[union-attr]
            player = by_name(players, whose)
            box = await player.wait_for(lambda ln: is_box(ln) and "your turn" in ln.text)
            labels = [label for label, _ in buttons(box)]
            assert labels == ["Stick", *(f"Swap with {t}" for t in targets)]
            values = dict(buttons(box))
            assert re.fullmatch(rf"/msgroom survivor, /botmsg Survivor ?Bot, survivor stick {WAIT}", values["Stick"])
            chosen = targets[-1]
            await player.send("", values[f"Swap with {chosen}"])
            await host.wait_for(
                rf"\|\*\*{whose}\*\* wants to swap with \*\*{chosen}\*\*: roll battle 125 vs 100\.", room=ROOM
            )
            # the other players got no buttons for this turn
            for other in players:
                if other is not player:
                    assert not any(
                        "your turn" in m[1] for m in bot_pms(other) if isinstance(m, tuple) and whose in m[1]
                    )
            mark = host.mark()
            await host.say(ROOM, "$end")
            await host.wait_for(r"\|\*\*The game was ended by the host\.\*\*", room=ROOM, since=mark)
            for person in players:
                check_no_refusals(person)

    run_async(scenario(), timeout=120)


# ----------------------------------------------------------------- 7. idle modkill at the deadline


def test_idle_player_is_reminded_then_modkilled(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    bot_factory(defaults={"leader": "pick", "secret_deadline": 6, "reminder": 3}, fixed_seed="idle").start()
    names = ["Idle Ann", "Idle Ben", "Idle Cat", "Idle Dan"]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *names], [ROOM])
            await open_signups(host, ROOM, "$host ftl", players)
            mark = host.mark()
            # everybody but the idle one clicks; the idle one is the first non-leader, known once the game starts
            leader = first_leader(names, "idle")
            idle = [next(n for n in names if n != leader)]
            table = Table(BOT_NAME, players, lambda who, cmds: None if who in idle else first_button(who, cmds))
            table.start()
            await host.say(ROOM, "$start")
            await host.wait_for(rf"\*\*{leader}\*\* is picked as the first leader", room=ROOM, since=mark)
            try:
                round_line = await host.wait_for(r"\|\*\*Round 1!\*\*", room=ROOM, since=mark)
                reminder = await host.wait_for(r"\|Waiting on: ", room=ROOM, since=mark, timeout=15)
                assert reminder.text.endswith(f"|Waiting on: {idle[0]} (follow or rebel, by PM). 3 seconds left.")
                out = await host.wait_for(r"\|\*\*.+\*\* (is|are) eliminated", room=ROOM, since=mark, timeout=15)
                assert out.text.endswith(f"|**{idle[0]}** is eliminated: did not answer before the deadline (idle).")
                # the reminder about 3 s after the prompt, the modkill about 6 s after it
                assert 2.0 <= reminder.time - round_line.time <= 5.5
                assert 5.0 <= out.time - round_line.time <= 9.0
                sleeper = by_name(players, idle[0])
                await pm_from_bot(sleeper, r"^3 seconds left: you still owe an action in survivor\.$")
                for other in players:
                    if other is not sleeper:
                        assert not any("seconds left" in m for m in bot_pms(other) if isinstance(m, str))
                # the game goes on without them and finishes
                await host.wait_for(r"wins the game!", room=ROOM, since=mark, timeout=60)
            finally:
                await table.stop()
            after = bot_lines(host, ROOM)[bot_lines(host, ROOM).index(out.rest(3)) + 1 :]
            assert not any(f"for {idle[0]}:" in line for line in after)  # no more rolls for the modkilled

    run_async(scenario(), timeout=120)


# ----------------------------------------------------------------- 8. leaving the room


def test_leaver_is_modkilled_and_returner_is_not(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    bot_factory(defaults={"leader": "pick", "leave_grace": 3}, fixed_seed="leaving").start()
    names = ["Gone Ann", "Gone Ben", "Gone Cat", "Gone Dan", "Gone Eve"]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *names], [ROOM])
            await open_signups(host, ROOM, "$host ftl", players)
            mark = host.mark()
            leader = first_leader(names, "leaving")
            leaver, returner = [p for p in players if p.name != leader][:2]
            rest = [p for p in players if p not in (leaver, returner)]
            table = Table(BOT_NAME, rest)
            table.start()
            await host.say(ROOM, "$start")
            await host.wait_for(rf"\*\*{leader}\*\* is picked as the first leader", room=ROOM, since=mark)
            try:
                box = await returner.wait_for(is_box)
                await leaver.leave(ROOM)
                await returner.leave(ROOM)
                left_at = (await host.wait_for(rf"^\|L\| {leaver.name}$", room=ROOM, since=mark)).time
                await host.wait_for(rf"^\|L\| {returner.name}$", room=ROOM, since=mark)
                await returner.join(ROOM)
                await host.wait_for(rf"^\|J\| {returner.name}$", room=ROOM, since=mark)
                await returner.send("", dict(buttons(box))["Follow"])
                await pm_from_bot(returner, r"^\[survivor\] You chose to \*\*follow\*\*")
                out = await host.wait_for(r"\|\*\*.+\*\* (is|are) eliminated", room=ROOM, since=mark, timeout=15)
                assert out.text.endswith(
                    f"|**{leaver.name}** is eliminated: left the room and did not come back in time."
                )
                assert 2.5 <= out.time - left_at <= 7.0
                # the returner is still in: the round's table lists them among its rolls, the leaver not
                reveal = await host.wait_for(ROUND_TABLE, room=ROOM, since=out.index)
                chosen = table_choices(reveal.text)
                assert chosen.get(returner.name) == "follow" and leaver.name not in chosen, chosen
                await end_if_running(host, mark)
            finally:
                await table.stop()
            assert not any(f"**{returner.name}** is eliminated: left" in line for line in bot_lines(host, ROOM))

    run_async(scenario(), timeout=120)


# ----------------------------------------------------------------- 9. rename keeps the seat


def test_rename_mid_game_keeps_the_seat(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    bot_factory(defaults={"leader": "pick"}, fixed_seed="renames").start()
    names = ["Rn Ann", "Rn Ben", "Rn Cat", "Rn Dan"]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *names], [ROOM])
            await open_signups(host, ROOM, "$host ftl", players)
            mark = host.mark()
            leader = first_leader(names, "renames")
            mover = next(p for p in players if p.name != leader)
            old = mover.name
            others = [p for p in players if p is not mover]
            table = Table(BOT_NAME, others)
            table.start()
            await host.say(ROOM, "$start")
            await host.wait_for(rf"\*\*{leader}\*\* is picked as the first leader", room=ROOM, since=mark)
            try:
                await mover.wait_for(is_box)
                await mover.rename("Rn Renamed")
                await host.wait_for(rf"^\|N\| Rn Renamed\|{to_id(old)}$", room=ROOM, since=mark)
                mover_table = Table(
                    BOT_NAME, [mover], lambda who, cmds: "rebel" if "rebel" in cmds else first_button(who, cmds)
                )
                mover_table.start()  # the open prompt is sent again to the new name, and answered there
                await pm_from_bot(mover, r"^\[survivor\] You chose to \*\*rebel\*\* this round\.$")
                reveal = await host.wait_for(ROUND_TABLE, room=ROOM, since=mark, timeout=20)
                assert table_choices(reveal.text).get("Rn Renamed") == "rebel" and old not in reveal.text
                await host.wait_for(r"wins the game!", room=ROOM, since=mark, timeout=60)
                await mover_table.stop()
            finally:
                await table.stop()
            after = [m.text for m in host.chat(ROOM, since=reveal.index) if to_id(m.user) == to_id(BOT_NAME)]
            assert not any(old in line for line in after)  # from the rename on, the room only sees the new name
            pl = [line for line in after if line.startswith("**PL (")]
            assert all(old not in line for line in pl)
            check_no_refusals(mover)

    run_async(scenario(), timeout=120)


# ----------------------------------------------------------------- 10. substitute


def test_substitute_takes_over_the_seat(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    bot_factory(defaults={"leader": "pick"}, fixed_seed="subs").start()
    names = ["Sub Ann", "Sub Ben", "Sub Cat", "Sub Dan"]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *names], [ROOM])
            newcomer = (await connect(stack, e2e, ["Sub Newcomer"], [ROOM]))[0]
            await open_signups(host, ROOM, "$host ftl", players)
            mark = host.mark()
            leader = first_leader(names, "subs")
            outgoing, holdout = [p for p in players if p.name != leader][:2]
            rest = [p for p in players if p not in (outgoing, holdout)]
            table = Table(BOT_NAME, rest)
            table.start()
            await host.say(ROOM, "$start")
            await host.wait_for(rf"\*\*{leader}\*\* is picked as the first leader", room=ROOM, since=mark)
            try:
                box = await outgoing.wait_for(is_box)
                await outgoing.send("", dict(buttons(box))["Rebel"])
                await pm_from_bot(outgoing, r"^\[survivor\] You chose to \*\*rebel\*\*")
                sub_mark = newcomer.mark()
                await host.say(ROOM, f"$sub {outgoing.name}, {newcomer.name}")
                await host.wait_for(rf"\|\*\*{newcomer.name}\*\* substitutes for \*\*{outgoing.name}\*\*\.", room=ROOM)
                # the newcomer is told the seat's state: it is theirs now, its choice, and the open prompt
                seat = r"^\[survivor\] You now play in this seat of Follow the Leader\.$"
                await pm_from_bot(newcomer, seat, since=sub_mark)
                await pm_from_bot(newcomer, r"^\[survivor\] Your choice this round: \*\*rebel\*\*\.$", since=sub_mark)
                box = await newcomer.wait_for(is_box, since=sub_mark)
                assert [label for label, _ in buttons(box)] == ["Follow", "Rebel"]
                # the old holder is out of the game: their PMs are not taken
                await outgoing.pm(BOT_NAME, "follow")
                await pm_from_bot(outgoing, r"^You are not in a game I am hosting\.")
                # the newcomer plays on: changes the seat's choice, then the table goes on with them
                await newcomer.send("", dict(buttons(box))["Follow"])
                await pm_from_bot(newcomer, r"^\[survivor\] You changed your choice to \*\*follow\*\* this round\.$")
                sub_table = Table(BOT_NAME, [newcomer, holdout])
                sub_table.start()
                box = await holdout.wait_for(is_box)
                await holdout.send("", dict(buttons(box))["Follow"])
                reveal = await host.wait_for(ROUND_TABLE, room=ROOM, since=mark, timeout=20)
                assert table_choices(reveal.text).get(newcomer.name) == "follow"
                assert outgoing.name not in reveal.text
                await host.wait_for(r"wins the game!", room=ROOM, since=mark, timeout=60)
                await sub_table.stop()
            finally:
                await table.stop()
            assert not any(f"for {outgoing.name}:" in line for line in bot_lines(host, ROOM))
            assert not any(f"<td>{outgoing.name}</td>" in line for line in bot_lines(host, ROOM))
            check_no_refusals(newcomer)

    run_async(scenario(), timeout=120)


# ----------------------------------------------------------------- 11. permissions, 12. secrets typed in the room


def test_refusals_are_private(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    bot_factory(defaults={"leader": "pick"}, fixed_seed="perms").start()
    names = ["Perm Ann", "Perm Ben", "Perm Cat", "Perm Dan"]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *names], [ROOM])
            outsider = (await connect(stack, e2e, ["Perm Outsider"], [ROOM]))[0]
            # a non-auth .host: refused by PM, no signups in the room
            mark = host.mark()
            await outsider.say(ROOM, "$host ftl")
            await pm_from_bot(outsider, r"^Only room auth \(\+ and up\) can use \$host\.$")
            await host.expect_none(r"signups are open", room=ROOM, since=mark, within=1.0)
            # the game, with Chase the Ace turns to act out of
            await start_game(host, players, "$host cta")
            turn = await host.wait_for(r"\*\*, your turn: ", room=ROOM, timeout=20)
            whose = re.search(r"(?:\||· )\*\*([^*]+)\*\*, your turn", turn.text).group(1)  # type: ignore[union-attr]
            mover = by_name(players, whose)
            other = next(p for p in players if p is not mover)
            room_mark = host.mark()
            # a non-auth .modkill: refused by PM, nobody eliminated
            await outsider.say(ROOM, f"$modkill {whose}")
            await pm_from_bot(outsider, r"^Only room auth \(\+ and up\) can use \$modkill\.$")
            # a non-player choosing by PM: refused
            await outsider.pm(BOT_NAME, f"swap {other.name}")
            await pm_from_bot(outsider, r"^You are not in a game I am hosting\.")
            # a player acting in another's turn (naming the player whose turn it is): refused
            await other.say(ROOM, f"$swap {whose}")
            refusal = await pm_from_bot(
                other, r"^(It is not your turn\.|You are safe this round and take no turn\.) \*\*help\*\* says what"
            )  # the refusal says what is allowed (issue 23)
            # the turn's holder naming someone who can't be targeted (themself): refused
            await mover.say(ROOM, f"$swap {whose}")
            yourself = r"^You can't swap with yourself\. You can swap: .+\. Now you can send \*\*stick\*\* or "
            await pm_from_bot(mover, yourself)
            await mover.say(ROOM, "$stick")
            await host.wait_for(rf"\|\*\*{whose}\*\* sticks\.", room=ROOM, since=room_mark)
            # none of it showed in the room: no elimination, no swap, no refusal text
            said = [
                ln.rest(3)
                for ln in host.lines(ROOM, since=room_mark, type="c:")
                if to_id(ln.parts[2]) == to_id(BOT_NAME)
            ]
            assert not any("eliminated" in t or "wants to swap" in t or "Only room auth" in t for t in said), said
            assert refusal.rest(3) not in said
            mark = host.mark()
            await host.say(ROOM, "$end")
            await host.wait_for(r"\|\*\*The game was ended by the host\.\*\*", room=ROOM, since=mark)
            # the host's own commands were never refused
            check_no_refusals(host)

    run_async(scenario(), timeout=120)


def test_secret_choice_typed_in_the_room_is_not_taken(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    bot_factory(defaults={"leader": "pick"}, fixed_seed="secret").start()
    names = ["Sec Ann", "Sec Ben", "Sec Cat", "Sec Dan"]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *names], [ROOM])
            leader = first_leader(names, "secret")
            blurter = next(p for p in players if p.name != leader)
            # the others click as soon as they are asked; the round then waits for the blurter
            table = Table(BOT_NAME, [p for p in players if p is not blurter])
            table.start()
            mark, picked = await start_game(host, players, "$host ftl")
            assert picked == leader
            await blurter.wait_for(is_box)
            pm_mark = blurter.mark()
            await blurter.say(ROOM, "$follow")
            await pm_from_bot(
                blurter, r"^Send that to me by PM so nobody sees it: /msg Survivor ?Bot, follow$", since=pm_mark
            )
            # not taken: no confirmation; and the bot said nothing about it in the room
            await blurter.expect_none(
                lambda ln: ln.type == "pm" and "You chose to" in ln.text, since=pm_mark, within=1.0
            )
            said = [line.replace("Follow the Leader", "") for line in bot_lines(host, ROOM)]
            assert not any("follow" in line.lower() and blurter.name in line for line in said), said
            # the blurter then chooses properly, by PM
            try:
                await blurter.pm(BOT_NAME, "rebel")
                await pm_from_bot(blurter, r"^\[survivor\] You chose to \*\*rebel\*\* this round\.$", since=pm_mark)
                reveal = await host.wait_for(ROUND_TABLE, room=ROOM, since=mark, timeout=20)
                assert table_choices(reveal.text).get(blurter.name) == "rebel"
            finally:
                await table.stop()
            await end_if_running(host, mark)

    run_async(scenario(), timeout=120)
