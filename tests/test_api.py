"""``ingest.api``: the names a community's code uses, each the engine's own, and what the README shows."""

from __future__ import annotations

import ast
import datetime as dt
import re

import ingest.api
from ingest.api import Project, compute_summary, load_event
from ingest.core.model import Event
from tests.builders import ROOT


def test_every_name_of_the_api_is_the_engines_own_and_the_module_defines_nothing_else() -> None:
    tree = ast.parse((ROOT / "ingest" / "api.py").read_text(encoding="utf-8"))
    defined = [
        n
        for n in tree.body
        if isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.Assign))
        and not (isinstance(n, ast.Assign) and [t.id for t in n.targets if isinstance(t, ast.Name)] == ["__all__"])
    ]
    assert defined == []
    imported = {a.asname or a.name: n.module for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names}
    assert set(ingest.api.__all__) == set(imported) - {"annotations"}
    for name in ingest.api.__all__:
        assert getattr(ingest.api, name).__module__.startswith("ingest."), name


def test_the_readmes_python_examples_import_only_the_api() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.S)
    imports = [line for block in blocks for line in block.splitlines() if re.match(r"(from|import) ingest", line)]
    assert imports and all(line.startswith("from ingest.api import ") for line in imports), imports
    assert "`ingest.api`" in readme


def test_an_event_read_through_the_api_has_its_report_and_its_champion() -> None:
    """The sample events, read and computed as a community's script would: a complete event's
    champion is the winner of its final (the playoff's last match), or the first of its final
    standings without a playoff; an event still running has none."""
    project = Project(ROOT)
    seen = set()
    for path in sorted(project.events_dir.rglob("*.yaml")):
        loaded = load_event(path, project)
        assert isinstance(loaded.event, Event), [d.render() for d in loaded.diagnostics]
        report = compute_summary(loaded.event, loaded.deck_files, today=dt.date(2026, 12, 31))
        if report.status != "complete":
            assert report.winner is None
            continue
        if report.event.playoff:
            final = report.event.playoff[-1].matches
            assert len(final) == 1 and report.winner == final[0].winner()
            seen.add("playoff")
        elif report.final is not None:
            first = [row for row in report.final.rows if row.rank == 1]
            assert report.winner == (first[0].player if len(first) == 1 else None)
            seen.add("standings")
    assert seen == {"playoff", "standings"}
