"""Forged hand-hosted session records, found by mutating every field of the test vectors' session: a
number or roll of another kind, a name that is not text, and `export --force` on draws and list entries
of any shape are each named or shown, never verified and never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from survivor_host.trust.session import verify_session

from .records import export_forced
from .test_session import vector_record


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda r: r["draws"][0].update(number=True), "#1 (roll 100 for Venus) number"),
        (lambda r: r["draws"][0].update(number=1.0), "#1 (roll 100 for Venus) number"),
        (lambda r: r["draws"][1].update(rolls=[1.0, 2, 6]), "#2 (roll 3d6+2 for damage) rolls"),
        (lambda r: r["draws"][1].update(rolls=[True, 2, 6]), "#2 (roll 3d6+2 for damage) rolls"),
        (lambda r: r["players"].__setitem__(0, None), "players"),
    ],
)
def test_a_session_field_of_another_kind_is_refused(change: Any, where: str) -> None:
    record = vector_record()
    assert verify_session(record).ok
    change(record)
    verdict = verify_session(record)
    assert verdict.difference is not None and verdict.difference.where == where, verdict.difference


PAGE_FORGERIES = [
    lambda r: r["draws"].__setitem__(0, "x"),
    lambda r: r["draws"][0].pop("sides"),
    lambda r: r["draws"][2].update(names=[None]),
    lambda r: r["draws"][4].update(value=None),
    lambda r: (r.update(list=[0, None]), r["draws"][0].update(value=99)),
]


@pytest.mark.parametrize("change", PAGE_FORGERIES)
def test_export_force_writes_a_session_page_for_a_record_of_any_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any
) -> None:
    record = vector_record()
    change(record)
    export_forced(record, tmp_path, capsys)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda r: r["draws"][0].update(note=None), "a roll draw has the fields"),
        (lambda r: r["draws"][4].pop("for"), "a card draw has the fields"),
        (lambda r: r["draws"][4].update(value=10, ranks=13, **{"for": 7}), "a card's player, are text"),
        (lambda r: r["draws"][0].update(label=None), "a draw's label"),
        (lambda r: r["draws"][0].update(kind="coin"), "a draw is a roll, dice, pick, shuffle or card"),
    ],
)
def test_a_session_draw_holds_exactly_the_fields_of_its_kind(change: Any, said: str) -> None:
    record = vector_record()
    change(record)
    verdict = verify_session(record)
    assert verdict.difference is not None and said in str(verdict.difference), verdict.difference
