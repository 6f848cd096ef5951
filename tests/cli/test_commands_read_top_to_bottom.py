"""A command reads top to bottom (issue 39 point 4): no function defined inside another in
``ingest/cli`` (an edit is a function of the edit layer given its arguments with
``functools.partial``; what a command shows is a value it gets back, never one a closure
stored in a dict or a list of the command's), and nothing rebinds a name of an enclosing
function (``nonlocal``)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.builders import ROOT

CLI = sorted((ROOT / "ingest" / "cli").glob("*.py"))


def nested_functions(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found += [
                f"{path.name}:{inner.lineno}: {inner.name} inside {node.name}"
                for inner in ast.walk(node)
                if inner is not node and isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef))
            ]
    return found


def test_the_command_line_has_its_modules() -> None:
    assert len(CLI) > 10 and any(p.name == "edits.py" for p in CLI)


def test_no_command_defines_a_function_inside_another() -> None:
    assert [hit for path in CLI for hit in nested_functions(path)] == []


def test_no_command_rebinds_a_name_of_an_enclosing_function() -> None:
    assert [
        f"{path.name}:{node.lineno}"
        for path in CLI
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Nonlocal)
    ] == []


def test_the_check_finds_a_closure_that_returns_through_a_dict(tmp_path: Path) -> None:
    # The shape `pair` had: the edit stored its plan in a dict of the command's.
    sample = tmp_path / "command.py"
    sample.write_text("def pair():\n    planned = {}\n\n    def edit(text):\n        planned['plan'] = text\n")
    assert nested_functions(sample) == ["command.py:4: edit inside pair"]
