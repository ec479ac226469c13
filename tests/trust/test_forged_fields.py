"""Forgeries of a record's fields, found by mutating every field of played records: a field a round does
not have (even set to null), a field of its own left out, and a draw's fields of the wrong kind are each
named, never verified and never a traceback."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from survivor_host.trust.verify import verify

from .records import played_record


@pytest.fixture(scope="module")
def ftl() -> dict[str, Any]:
    return played_record("ftl")


def refused(record: dict[str, Any], where: str) -> str:
    verdict = verify(record)
    assert not verdict.ok and verdict.difference is not None, "the forgery verified"
    assert verdict.difference.where.startswith(where), verdict.difference
    return str(verdict.difference)


def test_a_round_field_left_out_is_a_difference_even_when_it_was_null(ftl: dict[str, Any]) -> None:
    forged = copy.deepcopy(ftl)
    rnd = next(r for r in forged["rounds"] if r["scapegoat"] is None)
    del rnd["scapegoat"]
    assert "recorded no such field, replayed None" in refused(forged, f"round {rnd['number']}, scapegoat")


def test_a_field_no_round_has_is_a_difference_even_when_null(ftl: dict[str, Any]) -> None:
    forged = copy.deepcopy(ftl)
    forged["rounds"][0]["verified_by"] = None
    assert "recorded None, replayed no such field" in refused(forged, "round 1, verified_by")
    forged = copy.deepcopy(ftl)
    forged["rounds"][0]["rolls"]["Nobody"] = None
    refused(forged, "round 1, rolls.Nobody")
