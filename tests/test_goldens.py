"""The golden-file mechanism itself (:mod:`tests.goldens`), run on a golden file of its own; no orphan golden files."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.builders import DATA

pytest_plugins = ("pytester",)

OUTPUT = "# Standings\n\n| 1 | Alice |\n| 2 | Bob |\n"

TEST_FILE = f"""
from pathlib import Path

from tests.goldens import Golden


def test_page(golden: Golden) -> None:
    golden.check(Path(__file__).with_name("page.md"), {OUTPUT!r})
"""


def run(suite: pytest.Pytester, *args: str) -> pytest.RunResult:
    """pytest in this process on the folder (without pytest-playwright, whose hooks do not nest)."""
    return suite.runpytest("-p", "no:cacheprovider", "-p", "no:playwright", *args)


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    """A folder with one test whose golden file is ``page.md``, using the suite's ``golden`` fixture."""
    pytester.makeconftest("from tests.conftest import golden  # noqa: F401\n")
    pytester.makepyfile(test_page=TEST_FILE)
    return pytester


def test_an_output_equal_to_its_golden_file_passes(suite: pytest.Pytester) -> None:
    (suite.path / "page.md").write_text(OUTPUT)
    run(suite).assert_outcomes(passed=1)


def test_a_golden_file_that_differs_fails_with_a_diff(suite: pytest.Pytester) -> None:
    (suite.path / "page.md").write_text(OUTPUT.replace("Bob", "Carol"))
    result = run(suite)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*-| 2 | Carol |", "*+| 2 | Bob |", "*a deliberate change? pytest --regen-all*"])


def test_a_lost_final_newline_is_a_difference(suite: pytest.Pytester) -> None:
    """pytest-regressions alone compares lines and would let this pass."""
    (suite.path / "page.md").write_text(OUTPUT.rstrip("\n"))
    result = run(suite)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*differ only in line ends or the final newline*"])


def test_regen_all_rewrites_the_golden_file_and_passes(suite: pytest.Pytester) -> None:
    (suite.path / "page.md").write_text("stale\r\n")
    run(suite, "--regen-all").assert_outcomes(passed=1)
    assert (suite.path / "page.md").read_bytes() == OUTPUT.encode()
    run(suite).assert_outcomes(passed=1)


def test_a_missing_golden_file_is_written_and_fails_once(suite: pytest.Pytester) -> None:
    run(suite).assert_outcomes(failed=1)
    assert (suite.path / "page.md").read_bytes() == OUTPUT.encode()
    run(suite).assert_outcomes(passed=1)


@pytest.mark.parametrize("folder", [DATA / "invalid", DATA / "seasons"], ids=["invalid", "seasons"])
def test_every_expected_diagnostics_file_has_its_case(folder: Path) -> None:
    """No test would read an expected file whose case is gone (the decks have the same check)."""
    expected = sorted(folder.glob("*.expected.txt"))
    assert expected
    assert [p.name for p in expected if not p.with_name(p.name.replace(".expected.txt", ".yaml")).exists()] == []
