"""Golden decklists: exact verdict text for a legal and an illegal deck of every rule.

See ``conftest.py`` for the case format and how to regenerate the expected files.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .support import DATA, render_case

CASES = sorted(p for p in DATA.glob("*.txt") if not p.name.endswith(".expected.txt"))
UPDATE = os.environ.get("SCOREKEEPER_UPDATE_GOLDEN") == "1"


def _expected_path(case: Path) -> Path:
    return case.with_name(case.name.removesuffix(".txt") + ".expected.txt")


@pytest.mark.parametrize("case", CASES, ids=[c.name.removesuffix(".txt") for c in CASES])
def test_golden_verdict(case: Path) -> None:
    actual = render_case(case)
    expected_path = _expected_path(case)
    if UPDATE:
        expected_path.write_text(actual, encoding="utf-8")
    assert expected_path.exists(), f"no golden file; run with SCOREKEEPER_UPDATE_GOLDEN=1 ({case.name})"
    assert actual == expected_path.read_text(encoding="utf-8")


def test_every_expected_file_has_a_case() -> None:
    orphans = [
        p.name for p in DATA.glob("*.expected.txt") if not p.with_name(p.name.replace(".expected.txt", ".txt")).exists()
    ]
    assert orphans == []


def test_cases_cover_legal_and_illegal_verdicts() -> None:
    verdicts = {c.name: render_case(c).splitlines()[0] for c in CASES}
    assert "legal" in verdicts.values()
    assert "illegal" in verdicts.values()
