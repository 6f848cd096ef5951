"""Golden decklists: exact verdict text for a legal and an illegal deck of every rule.

See ``support.py`` for the case format; ``pytest --regen-all`` rewrites the expected files.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.goldens import Golden

from .support import DATA, render_case

CASES = sorted(p for p in DATA.glob("*.txt") if not p.name.endswith(".expected.txt"))


def _expected_path(case: Path) -> Path:
    return case.with_name(case.name.removesuffix(".txt") + ".expected.txt")


@pytest.mark.parametrize("case", CASES, ids=[c.name.removesuffix(".txt") for c in CASES])
def test_golden_verdict(case: Path, golden: Golden) -> None:
    golden.check(_expected_path(case), render_case(case))


def test_every_expected_file_has_a_case() -> None:
    orphans = [
        p.name for p in DATA.glob("*.expected.txt") if not p.with_name(p.name.replace(".expected.txt", ".txt")).exists()
    ]
    assert orphans == []


def test_cases_cover_legal_and_illegal_verdicts() -> None:
    verdicts = {c.name: render_case(c).splitlines()[0] for c in CASES}
    assert "legal" in verdicts.values()
    assert "illegal" in verdicts.values()
