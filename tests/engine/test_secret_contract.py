"""A secret-choice ballot must declare what the engine cannot know: a phase that leaves a part out is refused."""

from __future__ import annotations

from typing import Any

import pytest

from survivor_host.engine.secret import SecretChoice


class Partial(SecretChoice[Any, int]):
    def electorate(self, game: Any) -> list[int]:
        return [0]


class Whole(Partial):
    def ballot(self, game: Any) -> dict[int, int]:
        return {}

    def read(self, game: Any, seat: Any, inp: Any) -> int:
        return 0

    def ask(self, game: Any, index: int) -> Any:
        return None

    def made(self, game: Any, seat: Any, choice: int, changed: bool) -> list[Any]:
        return []

    def reveal(self, game: Any) -> list[Any]:
        return []


def test_a_ballot_without_its_prompt_reveal_and_choices_cannot_be_made() -> None:
    with pytest.raises(TypeError, match="abstract"):
        Partial()  # type: ignore[abstract]


def test_a_ballot_that_defaults_the_idle_must_say_to_what() -> None:
    whole = Whole()
    assert whole.electorate(None) == [0]
    with pytest.raises(TypeError, match="Whole sets idle_default but declares no default choice"):
        whole.default(None, 0)
