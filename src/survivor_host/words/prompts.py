"""A prompt as plain PMs, for a player whose client shows no buttons: the legal targets named once, in
parts headed `Targets (1 of N)` when one PM cannot hold them."""

from __future__ import annotations

from collections.abc import Sequence

from survivor_host.engine.render import join_names
from survivor_host.showdown.text import PM_TEXT_LENGTH, clip, message_len

TARGETS_HEAD = "Targets ({part} of {parts}): "


def plain_prompt(where: str, text: str, actions: Sequence[str], targets: Sequence[str]) -> list[str]:
    """The PMs that ask for `actions` in words: `text` without its own list of `targets` (the reply line
    names them), one PM when it fits, else a first PM and the targets in parts, each one PM."""
    if targets:
        text = text.replace(f" ({join_names(list(targets))})", "")  # the reply line names them
    reply = " or ".join(actions)
    named = f" (targets: {', '.join(targets)})" if targets else ""
    whole = f"{where}{text} Reply here with {reply}{named}."
    if message_len(whole) <= PM_TEXT_LENGTH:
        return [whole]
    parts = target_parts(targets) if targets else []
    after = f"; the targets are in the next {len(parts)} PM{'s' if len(parts) > 1 else ''}" if parts else ""
    return [clip(f"{where}{text} Reply here with {reply}{after}."), *parts]


def target_parts(targets: Sequence[str], limit: int = PM_TEXT_LENGTH) -> list[str]:
    """`targets` packed into as few PMs of at most `limit` as hold them, each headed `Targets (k of N): `."""
    parts = 1
    while True:
        widest = message_len(TARGETS_HEAD.format(part=parts, parts=parts))
        chunks = _packed([clip(name, limit - widest) for name in targets], limit - widest)
        if len(chunks) <= parts:
            return [TARGETS_HEAD.format(part=k, parts=len(chunks)) + c for k, c in enumerate(chunks, start=1)]
        parts = len(chunks)


def _packed(names: Sequence[str], limit: int) -> list[str]:
    """`names` joined by `, ` into chunks of at most `limit` (`message_len`), in order."""
    chunks: list[str] = []
    chunk = ""
    for name in names:
        joined = f"{chunk}, {name}" if chunk else name
        if chunk and message_len(joined) > limit:
            chunks.append(chunk)
            joined = name
        chunk = joined
    return [*chunks, chunk] if chunk else chunks
