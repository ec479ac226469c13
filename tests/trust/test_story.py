"""The replay page's story of each round: known fields worded, anything else shown as escaped data."""

from __future__ import annotations

from survivor_host.engine.theme import ThemeSpec
from survivor_host.trust.story import round_facts


def test_rolls_by_name_are_worded_with_their_dice() -> None:
    facts = dict(round_facts({"number": 1, "rolls": {"Ann": 12}, "dice": {"Ann": 150}, "order": ["Ann"]}, "ftl"))
    assert facts["Rolls"] == "Ann 12 (d150)"


def test_rolls_of_another_shape_are_shown_as_data_not_a_crash() -> None:
    facts = dict(round_facts({"number": 2, "rolls": [{"Ann": 3, "<b>Bob</b>": 9}], "eliminated": ["Ann"]}, "ftl"))
    assert "Rolls" not in facts
    assert facts["rolls"] == "[{&quot;Ann&quot;: 3, &quot;&lt;b&gt;Bob&lt;/b&gt;&quot;: 9}]"
    assert facts["Eliminated"] == "Ann"


def test_a_theme_without_a_story_and_an_unknown_theme_show_every_field_as_data(lowball: ThemeSpec) -> None:
    assert lowball.story() is None
    for theme in (lowball.id, "<i>nope</i>"):
        facts = round_facts({"number": 1, "out": ["<b>Ann</b>"]}, theme)
        assert facts == [("out", "[&quot;&lt;b&gt;Ann&lt;/b&gt;&quot;]")]
