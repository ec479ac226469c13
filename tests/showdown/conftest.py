"""The showdown tests are not a package: make the repository importable for `tests.host` helpers."""

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.append(ROOT)
