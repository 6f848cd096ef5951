"""Golden diagnostics: every invalid fixture gives exactly the expected text, exit 1, no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ingest.cli.main import main
from tests.builders import DATA, ROOT
from tests.goldens import Golden

INVALID = sorted((DATA / "invalid").glob("*.yaml"))


def _validate(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(
        main, ["--root", str(ROOT), "validate", str(path.relative_to(ROOT))], catch_exceptions=False
    )
    return result.exit_code, result.stdout


def test_there_are_at_least_thirty_invalid_fixtures() -> None:
    assert len(INVALID) >= 30


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_invalid_file_gives_expected_diagnostics(path: Path, golden: Golden, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out = _validate(path)
    assert code == 1
    assert "Traceback" not in out
    assert "error[" in out
    golden.check(path.with_suffix(".expected.txt"), out)


def test_valid_fixture_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out = _validate(DATA / "valid" / "basic.yaml")
    assert (code, out) == (0, "")


def test_cli_subprocess_prints_no_traceback_for_any_invalid_file() -> None:
    """End to end, as a TO runs it: one process over the whole folder."""
    proc = subprocess.run(
        [sys.executable, "-m", "ingest", "validate", "tests/data/invalid"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    assert f"checked {len(INVALID)} event files" in proc.stderr
    for path in INVALID:
        assert f"tests/data/invalid/{path.name}:" in proc.stdout


_WITHOUT_LIBYAML = (
    "import sys; sys.modules['yaml._yaml'] = None; import yaml; "
    "assert not yaml.__with_libyaml__, 'libyaml still loaded'; "
    "from ingest.cli.main import main; main()"
)


def test_pure_python_yaml_fallback_reads_samples_and_words_errors_the_same() -> None:
    """PyYAML built without libyaml: every reader falls back to the pure-Python loader."""

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", _WITHOUT_LIBYAML, *args], cwd=ROOT, capture_output=True, text=True, check=False
        )

    samples = run("validate", "events")
    assert (samples.returncode, samples.stdout) == (0, ""), samples.stderr
    decks = run("check-decks", "events")
    assert "Traceback" not in decks.stderr and "check-decks" not in decks.stderr, decks.stderr
    invalid = run("validate", "tests/data/invalid")
    assert "Traceback" not in invalid.stderr
    assert invalid.stdout == "".join(p.with_suffix(".expected.txt").read_text(encoding="utf-8") for p in INVALID)


def test_oversized_event_file_is_reported_at_line_one(tmp_path: Path) -> None:
    from ingest.source.storage import MAX_FILE_BYTES

    big = tmp_path / "big.yaml"
    big.write_text("name: " + "x" * MAX_FILE_BYTES + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(tmp_path), "validate", str(big)])
    assert result.exit_code == 1
    assert result.stdout.startswith("big.yaml:1:1: error[file-too-large]: the file is 24.0 MB; the limit is 24 MB\n")


def test_github_annotation_format(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["validate", "--output-format", "github", "tests/data/invalid/bad-score.yaml"])
    assert result.exit_code == 1
    assert result.stdout.startswith(
        "::error file=tests/data/invalid/bad-score.yaml,line=29,col=50,title=schema::rounds[1].matches[1].games"
    )


def test_warnings_fail_only_with_strict(tmp_path: Path) -> None:
    event = (DATA / "valid" / "basic.yaml").read_text().replace("      - {bye: bob}\n", "")
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "alice.txt").write_text((DATA / "valid" / "decks" / "alice.txt").read_text())
    (tmp_path / "e.yaml").write_text(event)
    runner = CliRunner()
    loose = runner.invoke(main, ["--root", str(tmp_path), "validate", str(tmp_path / "e.yaml")])
    strict = runner.invoke(main, ["--root", str(tmp_path), "validate", "--strict", str(tmp_path / "e.yaml")])
    assert "warning[did-not-play]" in loose.stdout
    assert (loose.exit_code, strict.exit_code) == (0, 1)


def test_a_symbolic_link_may_not_lead_a_decklist_out_of_the_event_folder(tmp_path: Path) -> None:
    from ingest.checks.event_files import load_event
    from ingest.source.project import Project

    for name in ("schema", "formats"):
        (tmp_path / name).symlink_to(ROOT / name)
    events = tmp_path / "events"
    (events / "decks").mkdir(parents=True)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    deck = (DATA / "valid" / "decks" / "alice.txt").read_text()
    (outside / "alice.txt").write_text(deck)
    (events / "decks" / "real.txt").write_text(deck)
    (events / "decks" / "inner.txt").symlink_to("real.txt")  # a link that stays inside: fine
    (events / "linked").symlink_to(outside)  # a folder link that leads out
    text = (DATA / "valid" / "basic.yaml").read_text()
    for ref, codes in (("decks/inner.txt", []), ("linked/alice.txt", ["deck-path"]), ("decks/real.txt", [])):
        path = events / "e.yaml"
        path.write_text(text.replace("deck: decks/alice.txt", f"deck: {ref}"))
        loaded = load_event(path, Project(tmp_path))
        assert [d.code for d in loaded.diagnostics if d.is_error] == codes, ref
        if not codes:
            assert loaded.event is not None and [f.ref for f in loaded.deck_files] == [ref]


def test_decklists_are_found_through_one_listing_per_folder_or_else_the_careful_way(tmp_path: Path) -> None:
    """Plain files named exactly take the listing; every other spelling and links still work."""
    from ingest.checks.event_files import _Listing, load_event
    from ingest.source.project import Project

    for name in ("schema", "formats"):
        (tmp_path / name).symlink_to(ROOT / name)
    events = tmp_path / "events"
    (events / "decks" / "nested").mkdir(parents=True)
    deck = (DATA / "valid" / "decks" / "alice.txt").read_text()
    (events / "decks" / "real.txt").write_text(deck)
    (events / "decks" / "nested" / "deep.txt").write_text(deck)
    (events / "decks" / "link.txt").symlink_to("real.txt")
    (events / "shortcut").symlink_to(events / "decks")
    listing = _Listing()
    assert [
        listing.plain_file(events, ref)
        for ref in ("decks/real.txt", "decks/nested/deep.txt", "decks/link.txt", "shortcut/real.txt")
    ] == [True, True, False, False]
    assert [listing.plain_file(events, ref) for ref in ("decks", "decks/gone.txt", "./decks/real.txt")] == [
        False,
        False,
        False,
    ]
    assert len(listing.folders) == 3  # events/, events/decks/ and events/decks/nested/, each listed once
    text = (DATA / "valid" / "basic.yaml").read_text()
    refs = ("decks/real.txt", "./decks/real.txt", "decks//real.txt", "decks/nested/deep.txt", "decks/link.txt")
    for ref in (*refs, "shortcut/real.txt"):
        path = events / "e.yaml"
        path.write_text(text.replace("deck: decks/alice.txt", f"deck: {ref}"))
        loaded = load_event(path, Project(tmp_path))
        assert [d.code for d in loaded.diagnostics if d.is_error] == [], ref
        assert loaded.event is not None and [f.text for f in loaded.deck_files] == [deck], ref
    path.write_text(text.replace("deck: decks/alice.txt", "deck: decks/gone.txt"))
    assert [d.code for d in load_event(path, Project(tmp_path)).diagnostics if d.is_error] == ["deck-missing"]


def test_a_missing_decklist_is_named_from_the_folder_of_a_linked_event_file(tmp_path: Path) -> None:
    """An event file that is a symbolic link reads decklists next to the link, and says so."""
    from ingest.checks.event_files import load_event
    from ingest.source.project import Project

    for name in ("schema", "formats"):
        (tmp_path / name).symlink_to(ROOT / name)
    archive = tmp_path / "archive"
    archive.mkdir()
    (archive / "e.yaml").write_text((DATA / "valid" / "basic.yaml").read_text())
    events = tmp_path / "events" / "2026"
    events.mkdir(parents=True)
    (events / "e.yaml").symlink_to(archive / "e.yaml")
    loaded = load_event(events / "e.yaml", Project(tmp_path))
    missing = [d for d in loaded.diagnostics if d.code == "deck-missing"]
    assert missing and missing[0].hint == "create events/2026/decks/alice.txt or fix the file name"
