"""The terminal's colours and tables: verdict words coloured by kind, the player list and a round's table.

Each theme adds its own coloured words, marks, verdict cells and number columns (`ThemeSpec.styles`).
Names are only ever added as literal text, never parsed as markup.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from survivor_host.engine.events import RoundTable
from survivor_host.engine.ids import MAX_QUOTED_VALUE, MAX_QUOTED_WORD, printable
from survivor_host.engine.seats import MAX_NAME_LENGTH
from survivor_host.themes import THEMES

STYLES = {
    "eliminated": "bold red",
    "safe": "green",
    "immune": "bold cyan",
    "winner": "bold yellow",
    "accent": "bold magenta",
    "pm": "italic blue",
    "error": "red",
    "note": "dim",
}
COMMON_WORDS = {
    "eliminated": ("eliminated", "is out", "are out"),
    "safe": ("safe", "survives", "survive"),
    "immune": ("immune", "Immune", "immunity", "Immunity"),
    "winner": ("wins the game",),
}
"""Coloured words every theme shares, by kind (a key of STYLES); each theme adds its own (`ThemeSpec.styles`)."""
KINDS = ("eliminated", "safe", "immune", "winner", "accent")
QUOTE_CUTS = (MAX_NAME_LENGTH, MAX_QUOTED_WORD, MAX_QUOTED_VALUE, None)
"""Where a refusal cuts a quote of what was typed (a name, a word, any other text), and uncut."""


def _word(text: str) -> str:
    """A regex for `text` as a whole word (a bracketed mark such as `(x)` is matched as it is)."""
    return (r"\b" if text[0].isalnum() else "") + re.escape(text) + (r"\b" if text[-1].isalnum() else "")


def _words(kind: str) -> tuple[str, ...]:
    own = (word for spec in THEMES.values() for word in spec.styles.words.get(kind, ()))
    return (*COMMON_WORDS.get(kind, ()), *own)


VERDICT_WORDS = tuple((re.compile("|".join(map(_word, _words(kind)))), kind) for kind in KINDS if _words(kind))
STATUS_STYLE = {
    "immune": STYLES["immune"],
    "out": STYLES["eliminated"],
    **{mark: STYLES[kind] for spec in THEMES.values() for mark, kind in spec.styles.marks.items()},
}
VERDICT_CELLS = (
    ("out", "eliminated"),
    ("immune", "immune"),
    *(cell for spec in THEMES.values() for cell in spec.styles.cells.items()),
)
"""How a round table's verdict cell begins, and its kind (any other verdict is `safe`)."""
NUMBER_COLUMNS = tuple(column for spec in THEMES.values() for column in spec.styles.number_columns)


def styled(text: str, names: Iterable[str] = (), style: str = "") -> Text:
    """Engine text as rich Text: `**x**` is bold, `names` are literal, verdict words are coloured.

    Names are matched first, so `**` inside a name is shown, not read as bold.
    """
    out = Text(style=style)
    known = sorted({name for name in names if name}, key=len, reverse=True)
    literal = "|".join(re.escape(name) for name in known)
    pattern = re.compile(f"(?P<name>{literal})|(?P<bold>\\*\\*)" if literal else "(?P<bold>\\*\\*)")
    bold, at = False, 0
    for match in pattern.finditer(text):
        _add_words(out, text[at : match.start()], bold)
        if match.lastgroup == "bold":
            bold = not bold
        else:
            out.append(match.group(), style="bold" if bold else "")
        at = match.end()
    _add_words(out, text[at:], bold)
    return out


def typed_words(typed: str) -> list[str]:
    """The pieces of a typed line a refusal may quote (each word, the line after its first word, each also
    cut as refusals cut a quote), as `printable` shows them: given to `styled` as names, a typed `**`
    shows as typed, never as bold."""
    words = [word for word in re.split(r"[\s,]+", typed) if "*" in word]
    rest = typed.strip().split(None, 1)[1:]
    pieces = {printable(piece[:limit]) for piece in [typed, *rest, *words] for limit in QUOTE_CUTS}
    # a piece of asterisks alone is matched with its quotes, or it would hide the engine's own `**`
    return [form for piece in pieces if "*" in piece for form in _forms(piece)]


def _forms(piece: str) -> tuple[str, ...]:
    """How a refusal shows `piece`: as it is, or only in its quotes when it is all asterisks."""
    return (f"'{piece}'", f'"{piece}"') if not piece.strip("*") else (piece,)


def _add_words(out: Text, words: str, bold: bool) -> None:
    """Plain text (never names): bold if inside `**`, verdict words coloured."""
    if not words:
        return
    piece = Text(words, style="bold" if bold else "")
    for regex, verdict in VERDICT_WORDS:
        piece.highlight_regex(regex, STYLES[verdict])
    out.append_text(piece)


def new_table(title: str) -> Table:
    """A plain table with a bold title above it (the cells are always Text, never markup)."""
    return Table(title=Text(title, style="bold"), box=box.SIMPLE_HEAD, title_justify="left", show_edge=False)


def player_table(rows: Sequence[tuple[str, str]], strategies: dict[str, str], title: str) -> Table:
    """One row per player: name, status (coloured by verdict) and, for AI seats, the strategy."""
    table = new_table(title)
    table.add_column("#", justify="right", style="dim")
    table.add_column("player")
    table.add_column("status")
    if strategies:
        table.add_column("AI", style="dim")
    for number, (name, status) in enumerate(rows, start=1):
        style = STATUS_STYLE.get(status, "")
        cells = [Text(str(number)), Text(name, style=style), Text(status, style=style)]
        if strategies:
            cells.append(Text(strategies.get(name, "you")))
        table.add_row(*cells)
    return table


def verdict_style(cell: str) -> str:
    """The colour of a round table's verdict cell."""
    kind = next((kind for start, kind in VERDICT_CELLS if cell.startswith(start)), "safe")
    return STYLES[kind] if cell else ""


def round_table(table: RoundTable) -> Table:
    """A round's results (the same table the room gets as a box): the last column coloured by verdict."""
    shown = new_table(table.title)
    for column in table.columns:
        shown.add_column(column, justify="right" if column in NUMBER_COLUMNS else "left")
    for row in table.rows:
        cells = [Text(cell) for cell in row[:-1]]
        cells.append(Text(row[-1], style=verdict_style(row[-1])))
        shown.add_row(*cells)
    if table.notes:
        shown.caption = Text(" ".join(table.notes), style=STYLES["note"])
        shown.caption_justify = "left"
    return shown
