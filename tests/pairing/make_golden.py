"""Regenerate the golden Swiss pairings: ``python -m tests.pairing.make_golden``.

Review the diff of ``tests/pairing/golden/swiss_events.json`` like code: a change
means the engine now pairs some round differently.
"""

from __future__ import annotations

import json
from pathlib import Path

from .support import EVENTS, simulate

GOLDEN = Path(__file__).with_name("golden") / "swiss_events.json"


def render() -> str:
    """The golden file's expected text."""
    return json.dumps([simulate(spec) for spec in EVENTS], indent=1, sort_keys=True) + "\n"


def main() -> None:
    GOLDEN.write_text(render(), encoding="utf-8")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    main()
