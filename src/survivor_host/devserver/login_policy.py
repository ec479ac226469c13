"""What the fake login server records of each request, and which names it refuses, bans or signs badly."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


def to_id(text: str) -> str:
    """Showdown's toID: lowercase, keep only a-z0-9."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


@dataclass(frozen=True)
class LoginRequest:
    """One request the fake login server received."""

    time: float
    method: str
    path: str
    params: dict[str, str]
    status: int
    response: str

    @property
    def act(self) -> str:
        return self.params.get("act", "")


@dataclass
class LoginPolicy:
    """Which names fail and how (all compared by userid)."""

    refused: set[str] = field(default_factory=set)  # -> {"actionerror": "Wrong password."}
    banned: set[str] = field(default_factory=set)  # -> assertion ";;Your username is no longer available."
    bad_signature: set[str] = field(default_factory=set)  # -> assertion with a wrong signature
    usertypes: dict[str, str] = field(default_factory=dict)  # userid -> usertype (default "2")

    @classmethod
    def build(
        cls,
        refused: Iterable[str] = (),
        banned: Iterable[str] = (),
        bad_signature: Iterable[str] = (),
        usertypes: Mapping[str, str] | None = None,
    ) -> LoginPolicy:
        return cls(
            refused={to_id(n) for n in refused},
            banned={to_id(n) for n in banned},
            bad_signature={to_id(n) for n in bad_signature},
            usertypes={to_id(k): v for k, v in (usertypes or {}).items()},
        )
