"""`odds --json`: the exact odds as data, one object per row with named fields, fractions as strings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from survivor_host.engine.odds import Section


def row_fields(label: str, values: dict[str, Any], percent: bool) -> dict[str, str]:
    """`{"label": "Ace", "chance": "7825/8788"}`; a row of several figures names each by its key. Labels and
    keys carry single spaces (the text table pads them into columns)."""
    unnamed = "chance" if percent else "expected"
    fields = {"label": " ".join(label.split())}
    for key, value in values.items():
        name = " ".join(key.split()) or unnamed
        fields[name if name != "label" else "label value"] = str(value)
    return fields


def odds_data(title: str, sections: Sequence[Section]) -> dict[str, Any]:
    """The whole table: each section's title, note, kind (chances or expected counts) and rows."""
    return {
        "title": title,
        "sections": [
            {
                "title": section.title,
                "note": section.note,
                "kind": "chance" if section.percent else "expected",
                "rows": [row_fields(label, values, section.percent) for label, values in section.rows],
            }
            for section in sections
        ],
    }
