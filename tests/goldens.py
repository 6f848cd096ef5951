"""Golden files: plain files in the repository that a test's output must equal byte for byte.

pytest-regressions keeps them (its ``file_regression`` fixture, here through the ``golden``
fixture of ``tests/conftest.py``), each at its own path: ``tests/data/golden/`` (site pages,
API documents, the manifest of ``build/docs``, command output),
``tests/data/invalid/*.expected.txt`` and ``tests/data/seasons/*.expected.txt`` (diagnostics),
``tests/decks/data/*.expected.txt`` (deck verdicts) and ``tests/pairing/golden/`` (pairings).

- An output that differs fails its test with a unified diff (``-`` the golden file, ``+``
  the output; the output is kept in the test's temporary folder, with an HTML diff beside it).
- A missing golden file is written from the output, and its test fails once.
- ``pytest --regen-all`` rewrites every golden file from the current output and the tests
  pass (in parallel too: each test writes only its own files); review ``git diff`` like code.
  (pytest-regressions' other flag, ``--force-regen``, rewrites only the files that differ
  and fails their tests.)
- pytest-regressions reports no golden file that no test reads: in the folders of cases,
  ``tests/test_goldens.py`` and ``tests/decks/test_decks_golden.py`` check that every
  ``.expected.txt`` has its case.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pytest_regressions.common import check_text_files
from pytest_regressions.file_regression import FileRegressionFixture

REGENERATE = "pytest --regen-all"
"""The one command that rewrites every golden file."""

Comparison = Callable[[Path, Path], None]
"""pytest-regressions' ``check_fn``: ``(output file, golden file)``, raising AssertionError when they differ."""


def same_bytes(obtained: Path, expected: Path) -> None:
    """Fails unless the output is the golden file byte for byte, showing pytest-regressions' diff.

    pytest-regressions alone compares the lines of text files, so an output that lost its
    final newline or gained carriage returns would pass; a golden file pins the bytes.
    """
    __tracebackhide__ = True
    if obtained.read_bytes() == expected.read_bytes():
        return
    try:
        check_text_files(obtained, expected, encoding="utf-8")
    except AssertionError as diff:
        raise AssertionError(f"{diff}\n(a deliberate change? {REGENERATE}, then review the diff)") from None
    raise AssertionError(f"{expected} and the output {obtained} differ only in line ends or the final newline")


@dataclass(frozen=True, slots=True)
class Golden:
    """Checks a test's text output against its golden file (the ``golden`` fixture)."""

    file_regression: FileRegressionFixture
    """pytest-regressions' fixture for the running test."""

    def check(self, path: Path, text: str, compare: Comparison = same_bytes) -> None:
        """Compares ``text`` with the golden file at ``path`` (UTF-8, line ends as given)."""
        __tracebackhide__ = True
        self.file_regression.check(
            text, encoding="utf-8", newline="", extension=path.suffix or ".txt", fullpath=path, check_fn=compare
        )
