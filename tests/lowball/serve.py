"""`survivor-host` with Lowball registered, as its own process: `python tests/lowball/serve.py serve --config F`."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout, for `tests.lowball`

from survivor_host.themes import THEMES
from tests.lowball import SPEC

THEMES[SPEC.id] = SPEC

from survivor_host.cli import main  # noqa: E402

sys.exit(main())
