"""The site renders from values it is given and does no file I/O (issue 39 point 1).

Reading the project (templates, catalogs, formats), reading ``build/fragments`` and writing
``build/docs`` or ``build/site`` is the publishing stage's work (``ingest/publish/``): a site
module takes values (a report, the templates' text, a language) and returns values (text,
bytes, typed views). This test reads every module of ``ingest/site/`` as a syntax tree and
refuses what touches files:

* importing a module whose business is the file system (``os``, ``pathlib``, ``shutil``,
  ``glob``, ``tempfile``) or Scorekeeper's own readers and writers (``ingest.source.storage``,
  ``ingest.source.layers``, ``ingest.source.project``, ``ingest.source.catalog_files``);
* calling ``open()``, or a method that reads, writes, lists or asks about a path
  (``read_text``, ``write_bytes``, ``glob``, ``mkdir``, ``is_file``, ``stat``...);
* Jinja's loaders that read folders (``FileSystemLoader``, ``PackageLoader``), Babel's
  ``extract_from_file``.

In-memory buffers (``io.BytesIO``, ``io.StringIO``) are values and stay allowed. One
exception is named, with why, in :data:`ALLOWED`: reading Scorekeeper's own shipped catalogs.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.builders import ROOT

SITE = ROOT / "ingest" / "site"

FORBIDDEN_MODULES = (
    "os",
    "pathlib",
    "shutil",
    "glob",
    "tempfile",
    "ingest.source.storage",
    "ingest.source.layers",
    "ingest.source.project",
    "ingest.source.catalog_files",
)
"""Modules a site module may not import (nor anything of theirs)."""

FORBIDDEN_CALLS = frozenset(
    {
        "open",
        "read_text",
        "read_bytes",
        "write_text",
        "write_bytes",
        "glob",
        "rglob",
        "iterdir",
        "walk",
        "scandir",
        "listdir",
        "mkdir",
        "makedirs",
        "unlink",
        "rmdir",
        "rmtree",
        "touch",
        "exists",
        "lexists",
        "is_file",
        "is_dir",
        "is_symlink",
        "stat",
        "lstat",
        "resolve",
        "FileSystemLoader",
        "PackageLoader",
        "extract_from_file",
    }
)
"""Calls (a name, or a method's name) that read, write, list or ask about files."""

ALLOWED: dict[tuple[str, str], str] = {
    ("i18n.py", "_shipped_catalog"): (
        "Scorekeeper's own catalogs are package data installed with this code, read so that a language "
        "named by its code alone (i18n.use('ja') in doctests, tests and the site's default) has its "
        "labels; a project's catalogs (its locales/) are read by ingest.publish.site_language"
    ),
}
"""Functions (module, function) whose file access is allowed, each with why."""


def _problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    name = path.name
    allowed = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and (name, node.name) in ALLOWED
        for inner in ast.walk(node)
    }
    found: list[str] = []
    for node in ast.walk(tree):
        if id(node) in allowed:
            continue
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        for module in modules:
            if any(module == bad or module.startswith(bad + ".") for bad in FORBIDDEN_MODULES):
                found.append(f"{name}:{getattr(node, 'lineno', 0)}: imports {module}")
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called in FORBIDDEN_CALLS:
                found.append(f"{name}:{node.lineno}: calls {called}()")
    return found


def test_no_site_module_touches_files() -> None:
    modules = sorted(SITE.glob("*.py"))
    assert len(modules) > 30  # the scan reads the package, not an empty folder
    for module, function in ALLOWED:  # an exception names a function that is there
        tree = ast.parse((SITE / module).read_text(encoding="utf-8"))
        assert any(isinstance(n, ast.FunctionDef) and n.name == function for n in ast.walk(tree)), function
    problems = [p for path in modules for p in _problems(path)]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(
    "source",
    [
        "import os",
        "from pathlib import Path",
        "from ingest.source.storage import write_atomically",
        "def f(p):\n    return p.read_text()",
        "def f(p):\n    return open(p).read()",
        "import jinja2\nenv = jinja2.FileSystemLoader('x')",
        "def f(p):\n    return [q for q in p.glob('*.j2')]",
    ],
)
def test_the_scan_sees_file_io(tmp_path: Path, source: str) -> None:
    module = tmp_path / "page.py"
    module.write_text(source + "\n", encoding="utf-8")
    assert _problems(module)


def test_the_scan_leaves_values_alone(tmp_path: Path) -> None:
    module = tmp_path / "page.py"
    module.write_text(
        "import io\nbuf = io.BytesIO()\ntext = 'a-b'.replace('-', '+')\nparts = 'x/y'.split('/')\n", encoding="utf-8"
    )
    assert _problems(module) == []
