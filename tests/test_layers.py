"""The packages of ``ingest`` import one way: each only from those listed after it.

The order is the README's layout: the command line on top, the engines and the core at the
bottom. A new import that runs back up (say, the rules reading a file or the core knowing
about the site) fails here with its file and line.
"""

from __future__ import annotations

import ast

from tests.builders import ROOT

LAYERS = [
    "cli",
    "league",
    "venue",
    "publish",
    "importers",
    "site",
    "analytics",
    "edit",
    "report",
    "source",
    "planner",
    "decks",
    "rules",
    "core",
    "pairing",
    "wot",
]
LEAVES = {"pairing", "wot"}  # the engines import nothing of the rest


def imports_back_up() -> list[str]:
    level = {name: i for i, name in enumerate(LAYERS)}
    found = []
    for path in sorted((ROOT / "ingest").rglob("*.py")):
        parts = path.relative_to(ROOT / "ingest").parts
        if len(parts) < 2:
            continue
        here = parts[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                top = name.split(".")
                if top[0] != "ingest" or len(top) < 2 or top[1] == here:
                    continue
                there = top[1]
                if there not in level:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports {name}, a package not in LAYERS")
                elif level[there] < level[here] or (here in LEAVES and there not in LEAVES):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {here} imports {name}")
    return found


def test_every_package_is_a_layer() -> None:
    packages = {p.name for p in (ROOT / "ingest").iterdir() if (p / "__init__.py").is_file()}
    assert packages == set(LAYERS)


def test_no_import_runs_back_up() -> None:
    assert imports_back_up() == []
