"""The practice room's parts that need no server: its walk-throughs spell the config's prefix, a box's
buttons are numbered with their labels, and a wrong `--as` is refused before anything starts."""

from __future__ import annotations

import pytest

from survivor_host.catalogue import DEFAULT_PREFIX
from survivor_host.devserver.practice import PracticeSetup, walkthrough
from survivor_host.devserver.practice_world import box_markup, buttons_of
from survivor_host.engine.errors import SetupError


def test_the_walkthroughs_spell_the_prefix() -> None:
    hosted = "\n".join(walkthrough(PracticeSetup(theme="cta")))
    hand = "\n".join(walkthrough(PracticeSetup(hand=True)))
    assert (
        f"{DEFAULT_PREFIX}host cta" in hosted and f"{DEFAULT_PREFIX}start" in hosted and ".host Survivor Host" in hosted
    )
    assert f"{DEFAULT_PREFIX}close" in hand and ".host Room Auth" in hand and ".win NAME" in hand


def test_buttons_are_read_with_their_labels() -> None:
    box = ('/uhtml survivor-x,<p>Pick</p><button class="button" name="send" value="/msg Bot, $follow">'
           '<b>Follow</b></button><button name="send" value="$vote A &amp; B">Vote A &amp; B</button>')  # fmt: skip
    markup = box_markup(box)
    assert markup is not None
    assert buttons_of(markup) == [("Follow", "/msg Bot, $follow"), ("Vote A & B", "$vote A & B")]
    assert box_markup("plain text") is None


def test_a_wrong_as_is_refused_first() -> None:
    with pytest.raises(SetupError, match="--as"):
        PracticeSetup(typist="!!!").check()
