"""docs/FAIRNESS.md: its test vectors hold, for the code and for an implementation written from the page."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from survivor_host.engine.dice import FairDice
from survivor_host.fair.stream import HmacStream, block, client_seed, commitment

DOC = Path(__file__).parents[2] / "docs" / "FAIRNESS.md"


def vectors() -> dict[str, Any]:
    match = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert match, "FAIRNESS.md has no test vectors"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


class FromThePage:
    """The algorithm as FAIRNESS.md spells it, with nothing from survivor_host."""

    def __init__(self, server_seed: str, client: str) -> None:
        self.key, self.client, self.words, self.used = server_seed.encode(), client, [], 0
        self.counter = 0

    def word(self) -> int:
        if not self.words:
            digest = hmac.new(self.key, f"{self.client}:{self.counter}".encode(), hashlib.sha256).digest()
            self.words = [int.from_bytes(digest[i : i + 4], "big") for i in range(0, 32, 4)]
            self.counter += 1
        self.used += 1
        return int(self.words.pop(0))

    def below(self, n: int) -> int:
        limit = 2**32 - (2**32 % n)
        while (w := self.word()) >= limit:
            pass
        return w % n

    def draw(self, spec: dict[str, Any]) -> object:
        if spec["draw"] == "roll":
            return 1 + spec["plus"] + self.below(spec["sides"])
        if spec["draw"] == "pick":
            return spec["names"][self.below(len(spec["names"]))]
        order = list(spec["names"])
        for i in range(len(order) - 1, 0, -1):
            j = self.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return order


def code_draw(dice: FairDice, spec: dict[str, Any]) -> object:
    if spec["draw"] == "roll":
        return dice.roll(spec["sides"], spec["plus"])
    if spec["draw"] == "pick":
        return dice.pick(spec["names"])
    return dice.shuffle(spec["names"])


def test_the_vectors_hold_for_the_code() -> None:
    v = vectors()
    seed, client = v["server_seed"], v["client_seed"]
    assert client == client_seed(["Venus", "Mars", "Io"], ["pepper5"])
    assert commitment(seed) == v["commitment"]
    assert block(seed, client, 0).hex() == v["block_0"] and block(seed, client, 1).hex() == v["block_1"]
    stream = HmacStream(seed, client)
    assert [stream.word() for _ in v["words"]] == v["words"]
    stream = HmacStream(seed, client)
    assert stream.below(v["rejection"]["n"]) == v["rejection"]["value"]
    assert stream.words_used == v["rejection"]["words_used"]
    dice = FairDice(seed, client)
    assert [code_draw(dice, spec) for spec in v["draws"]] == [spec["value"] for spec in v["draws"]]
    assert dice._stream.words_used == v["words_used"]


def test_the_vectors_hold_for_the_page_alone() -> None:
    v = vectors()
    assert hashlib.sha256(v["server_seed"].encode()).hexdigest() == v["commitment"]
    page = FromThePage(v["server_seed"], v["client_seed"])
    assert [page.word() for _ in v["words"]] == v["words"]
    page = FromThePage(v["server_seed"], v["client_seed"])
    assert page.below(v["rejection"]["n"]) == v["rejection"]["value"] and page.used == v["rejection"]["words_used"]
    page = FromThePage(v["server_seed"], v["client_seed"])
    assert [page.draw(spec) for spec in v["draws"]] == [spec["value"] for spec in v["draws"]]
    assert page.used == v["words_used"]


@given(seed=st.text(min_size=1, max_size=70), client=st.text(max_size=40), n=st.integers(1, 2**32))
def test_the_code_is_the_page_for_any_seeds(seed: str, client: str, n: int) -> None:
    ours, theirs = HmacStream(seed, client), FromThePage(seed, client)
    assert [ours.below(n) for _ in range(3)] == [theirs.below(n) for _ in range(3)]
    assert ours.shuffled(list(range(9))) == theirs.draw({"draw": "shuffle", "names": list(range(9))})


@given(n=st.integers(1, 200), seed=st.text(min_size=1, max_size=10))
def test_below_stays_in_range(n: int, seed: str) -> None:
    stream = HmacStream(seed, "c")
    assert all(0 <= stream.below(n) < n for _ in range(20))
