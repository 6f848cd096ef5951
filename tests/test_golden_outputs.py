"""The safety net under any reorganisation: the whole of ``build/docs`` and the main commands' output.

``build/docs`` of the sample project (every page as the site shows it, with its fragments in
place, every JSON API file and asset) is kept as a manifest of digests, one line per file,
so that a change anywhere in a page shows as that page's name; the command outputs are kept
whole. ``pytest --regen-all`` rewrites both (see :mod:`tests.goldens`); review the diff before committing.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ingest.publish.run import build_site
from tests.builders import DATA
from tests.goldens import Golden, same_bytes
from tests.site_helpers import TODAY, make_project, page_text

GOLDEN = DATA / "golden"


def docs_manifest(docs: Path) -> str:
    """One line per file of ``build/docs``: the digest of what it shows, and its path."""
    lines = []
    for path in sorted(p for p in docs.rglob("*") if p.is_file()):
        rel = path.relative_to(docs).as_posix()
        content = page_text(path).encode() if rel.endswith(".md") else path.read_bytes()
        lines.append(f"{hashlib.sha256(content).hexdigest()[:16]}  {rel}")
    return "\n".join(lines) + "\n"


def same_pages(obtained: Path, expected: Path) -> None:
    """Names the pages whose digest changed (or that came or went), then compares the bytes."""
    __tracebackhide__ = True

    def digests(manifest: Path) -> dict[str, str]:
        return dict(line.split("  ", 1)[::-1] for line in manifest.read_text(encoding="utf-8").splitlines())

    before, after = digests(expected), digests(obtained)
    changed = sorted(rel for rel in before.keys() | after.keys() if before.get(rel) != after.get(rel))
    assert not changed, f"pages changed (run pytest --regen-all and review): {changed[:20]}"
    same_bytes(obtained, expected)


def test_the_whole_of_build_docs_is_unchanged(tmp_path: Path, golden: Golden) -> None:
    project = make_project(tmp_path / "project")
    build_site(project, today=TODAY, docs_only=True)
    actual = docs_manifest(project.root / "build" / "docs")
    golden.check(GOLDEN / "docs-manifest.txt", actual, compare=same_pages)
    assert actual.count("\n") > 200  # the whole site, not a corner of it


def _run(project: Path, *args: str) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "ingest", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "SOURCE_DATE_EPOCH": "1795305600", "NO_COLOR": "1", "COLUMNS": "100"},
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    # paths printed relative to the project; nothing of the machine that ran the test
    return done.returncode, (done.stdout + done.stderr).replace(str(project), "<project>")


COMMANDS = {
    "validate": ("validate",),
    "validate-github": ("validate", "--output-format", "github"),
    "standings-json": ("standings", "events/2026/2026-11-20-pioneer-weekly.yaml", "--json"),
    "standings-text": ("standings", "events/2026/2026-11-13-friday-night-modern.yaml"),
    "standings-wot": ("standings", "events/2026/2026-08-15-wheel-of-time-sealed.yaml"),
}
PIONEER = "events/2026/2026-11-20-pioneer-weekly.yaml"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_output_is_unchanged(name: str, tmp_path: Path, golden: Golden) -> None:
    project = make_project(tmp_path / "project").root
    code, output = _run(project, *COMMANDS[name])
    assert code == 0, output
    if name.endswith("json"):
        json.loads(output)  # machine-readable output is only JSON
    golden.check(GOLDEN / "cli" / f"{name}.txt", output)


def test_recording_the_round_and_pairing_the_next_give_the_same_output(tmp_path: Path, golden: Golden) -> None:
    project = make_project(tmp_path / "project").root
    outputs = []
    for table, games in ((4, "2-0"), (5, "1-2"), (6, "2-1")):
        code, output = _run(project, "report", PIONEER, "--table", str(table), games)
        assert code == 0, output
        outputs.append(output)
    code, output = _run(project, "pair", PIONEER, "--dry-run")
    assert code == 0, output
    golden.check(GOLDEN / "cli" / "report-then-pair-dry-run.txt", "".join(outputs) + output)


def test_a_broken_file_gives_the_same_diagnostics(tmp_path: Path, golden: Golden) -> None:
    project = make_project(tmp_path / "project").root
    event = project / "events" / "2026" / "2026-11-20-pioneer-weekly.yaml"
    text = event.read_text()
    # an unknown player in a pairing and a score that cannot be
    text = re.sub(r"(players: \[)([a-z0-9-]+)", r"\1nobody-here", text, count=1)
    event.write_text(text.replace("games: 2-1}", "games: 3-0}", 1))
    code, output = _run(project, "validate")
    assert code == 1 and "error" in output
    golden.check(GOLDEN / "cli" / "validate-broken.txt", output)


NAMING = {
    "ulla-petrov": "display: hidden",
    "alice-kowalski": "display: hidden",
    "oona-ueda": "handle: TheOracle",
    "maren-ueda": "display: initials",
    "kenji-hartmann": "display: hidden",
}
"""Players' naming choices (players.yaml) over the sample events: hidden (a Magic event's
winner, a team member, a Wheel of Time player), a handle, initials."""
RENAMED = {
    "ines-costa": "{id: ines-c, name: Ines Costa, aliases: [ines-costa], display: initials}",
    "wim-okafor": "{id: wim, name: Wim Okafor, aliases: [wim-okafor]}",
    "beatrix-okafor": "{id: beatrix-okafor, name: Beatrix O. Okafor}",
}
"""Entries whose canonical id is not the events' (an alias, shown by initials or in full) or
whose name is not the events'."""


def _name_as_chosen(players_file: Path) -> None:
    text = players_file.read_text(encoding="utf-8")
    for pid, extra in NAMING.items():
        text, n = re.subn(r"(\{id: " + re.escape(pid) + r", name: [^}]*)\}", r"\1, " + extra + "}", text)
        assert n == 1, pid
    for pid, entry in RENAMED.items():
        text, n = re.subn(r"\{id: " + re.escape(pid) + r", name: [^}]*\}", entry, text)
        assert n == 1, pid
    players_file.write_text(text, encoding="utf-8")


def test_the_whole_of_build_docs_with_players_naming_choices_is_unchanged(tmp_path: Path, golden: Golden) -> None:
    project = make_project(tmp_path / "project")
    _name_as_chosen(project.players_file)
    build_site(project, today=TODAY, docs_only=True)
    actual = docs_manifest(project.root / "build" / "docs")
    golden.check(GOLDEN / "docs-manifest-naming.txt", actual, compare=same_pages)
    assert "players/wim.md" in actual and "players/ines-c.md" in actual
    assert "players/ulla-petrov.md" not in actual and "players/ines-costa.md" not in actual


@pytest.mark.parametrize("event", ["2026-11-06-draft-night", "2026-10-10-team-unified-standard"])
def test_terminal_standings_with_players_naming_choices_are_unchanged(
    event: str, tmp_path: Path, golden: Golden
) -> None:
    project = make_project(tmp_path / "project").root
    _name_as_chosen(project / "players.yaml")
    code, output = _run(project, "standings", f"events/2026/{event}.yaml")
    assert code == 0, output
    golden.check(GOLDEN / "cli" / f"standings-naming-{event}.txt", output)
