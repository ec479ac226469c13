"""A salt in any script is taken as a label's letters are, composed (NFC) so it verifies however its
accents were typed; a salt in look-alike letters (fullwidth, a ligature) is refused naming the plain
spelling; a record's salt must be written as the bot writes it."""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path

import pytest

from survivor_host.bot.room import RoomHost
from survivor_host.cli import main
from survivor_host.fair.stream import client_seed
from survivor_host.trust.chatlog import verify_chat
from survivor_host.trust.session import verify_session
from survivor_host.trust.verify import verify
from tests.host.test_hand_hosting import chat_copy, room
from tests.host.test_room import PLAYERS, ROOM, make_host, outbox, play_out

SEED = "a" * 64
CAFE = "café"
CAFE_TYPED = unicodedata.normalize("NFD", CAFE)
"""`café` with its accent typed as a separate mark: the same word, spelled otherwise."""


def unicode_session(tmp_path: Path) -> RoomHost:
    host = make_host(tmp_path, html=True, seed=SEED)
    host.handle_chat("+", "Stagehand", ".handhost Mars")
    for name in ("Venus", "Io", "Zoë"):
        host.handle_chat(" ", name, "/me in")
    host.handle_chat(" ", "Venus", f".salt {CAFE_TYPED}")
    host.handle_pm("Io", "salt 李小龙7")
    host.handle_chat(" ", "Zoë", ".salt Ünal")
    host.handle_chat(" ", "Mars", ".close")
    for command in (".roll 100 // Venus", ".pick", ".card Io", ".shuffle"):
        host.handle_chat(" ", "Mars", command)
    host.handle_chat(" ", "Mars", ".done")
    return host


def test_a_unicode_salt_is_committed_drawn_with_and_verified_from_the_record_and_the_chat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    host = unicode_session(tmp_path)
    said = outbox(host).pms_to("Venus")
    assert f"Your salt {CAFE} goes into the client seed when Mars closes signups." in said
    seed_line = next(line for line in room(host) if " client seed " in line)
    assert seed_line.endswith(f"Mars|Venus,Io,Zoë;{CAFE};李小龙7;Ünal") and CAFE_TYPED not in seed_line
    record = host.store.closed_session(ROOM, 1)
    assert record is not None and record["salts"] == [CAFE, "李小龙7", "Ünal"]
    assert verify_session(record).ok, verify_session(record).difference
    (verdict,) = verify_chat(chat_copy(host))
    assert verdict.problem is None, verdict.problem
    log = tmp_path / "chat.log"
    log.write_text("\n".join(chat_copy(host)), encoding="utf-8")
    assert main(["verify", "--chat", str(log)]) == 0
    assert "verified: session h1" in capsys.readouterr().out
    path = tmp_path / "session.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    assert main(["verify", str(path)]) == 0


def test_a_copy_that_decomposed_the_accents_verifies_alike(tmp_path: Path) -> None:
    host = unicode_session(tmp_path)
    decomposed = [unicodedata.normalize("NFD", line) for line in chat_copy(host)]
    (verdict,) = verify_chat(decomposed)
    assert verdict.problem is None, verdict.problem


@pytest.mark.parametrize(
    ("typed", "reply"),
    [
        (
            "ｐｅｐｐｅｒ",
            "The salt ｐｅｐｐｅｒ is written in look-alike letters that read as pepper: send .salt pepper",
        ),
        ("ﬁne5", "The salt ﬁne5 is written in look-alike letters that read as fine5: send .salt fine5"),
        ("x²", "The salt x² is written in look-alike letters that read as x2: send .salt x2"),
        ("a_b", "A salt is one word of 1 to 24 letters or digits: .salt WORD"),
        ("é" * 25, "A salt is one word of 1 to 24 letters or digits: .salt WORD"),
    ],
)
def test_a_salt_in_look_alike_letters_is_refused_naming_the_plain_spelling(
    tmp_path: Path, typed: str, reply: str
) -> None:
    host = make_host(tmp_path, html=True, seed=SEED)
    host.handle_chat("+", "Stagehand", ".handhost Mars")
    host.handle_chat(" ", "Venus", "/me in")
    host.handle_chat(" ", "Venus", f".salt {typed}")
    assert outbox(host).pms_to("Venus")[-1] == reply


def test_a_game_takes_a_unicode_salt_and_its_record_verifies(tmp_path: Path) -> None:
    host = make_host(tmp_path, seed=SEED)
    host.handle_chat("+", "Hostess", ".host ftl")
    for name in PLAYERS[:4]:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat(" ", PLAYERS[0], f".salt {CAFE_TYPED}")
    host.handle_chat("+", "Hostess", ".start")
    expected = client_seed(PLAYERS[:4], [CAFE])
    assert f"Dice client seed (the players in join order, then salts): {expected}" in outbox(host).room_lines()
    play_out(host, random.Random(3))
    stored = json.loads(host.store.db.execute("SELECT record FROM games").fetchone()[0])
    assert stored["salts"] == [CAFE]
    assert verify(stored).ok, verify(stored).difference


@pytest.mark.parametrize("salt", [CAFE_TYPED, "ｐｅｐｐｅｒ"])
def test_a_record_whose_salt_the_bot_would_not_write_is_refused(tmp_path: Path, salt: str) -> None:
    host = unicode_session(tmp_path)
    stored = host.store.closed_session(ROOM, 1)
    assert stored is not None
    record = dict(stored)
    record["salts"] = [salt, *record["salts"][1:]]
    verdict = verify_session(record)
    assert not verdict.ok and verdict.difference is not None and verdict.difference.where == "salts"
    assert "NFKC" in str(verdict.difference)


def test_a_label_typed_with_its_accent_apart_is_drawn_composed_as_a_salt_is(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, seed=SEED)
    host.handle_chat("+", "Stagehand", ".handhost Mars")
    host.handle_chat(" ", "Mars", ".close")
    host.handle_chat(" ", "Mars", f".roll 100 // {CAFE_TYPED}")
    host.handle_chat(" ", "Mars", f".pick {CAFE_TYPED}, thé")
    assert room(host)[-2].startswith(f"#1 roll 100 for {CAFE}: ")
    assert room(host)[-1].startswith(f"#2 pick [{CAFE}, thé]: ")


@pytest.mark.parametrize("salt", ["ｃafé", "ﬁne", "x²"])
def test_a_chat_whose_client_seed_holds_a_salt_the_bot_would_not_take_names_it(tmp_path: Path, salt: str) -> None:
    """As the record's check does: a look-alike salt is named, not blamed on the first draw the log shows."""
    host = unicode_session(tmp_path)
    forged = [line.replace(f";{CAFE};", f";{salt};") if " client seed " in line else line for line in chat_copy(host)]
    (verdict,) = verify_chat(forged)
    assert verdict.problem is not None and f"holds the salt {salt!r}" in verdict.problem, verdict.problem
    assert "NFKC" in verdict.problem
