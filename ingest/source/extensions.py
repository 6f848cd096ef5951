"""A community's own games and rulesets, registered in every command: installed packages' entry
points and the project's own modules.

Two ways in, both loaded once per process before the command line resolves a game:

- an installed package names, in its metadata, an entry point of the group
  ``scorekeeper.rulesets`` or ``scorekeeper.games``: a module whose import registers, or a
  callable that registers when called (rulesets first: a game names its ruleset);
- the project's ``mkdocs.yml`` lists Python files of its repository, which the project's other
  settings sit beside::

      extra:
        scorekeeper:
          modules: [games/lorcana.py]

Either runs code: a listed file is a file of the project that is code (README, "Reviewing a
pull request"). A listed path must be a ``.py`` file inside the project folder, not one a
symbolic link takes elsewhere (:func:`ingest.source.site_checks.contained_problem`).

Every failure is one line naming the file (and the line, when the module has one to blame) in
an :class:`ExtensionError`: a missing file, a syntax error, an exception while registering, a
module that registers nothing, an id already taken (a shipped game's included).
"""

from __future__ import annotations

import importlib.util
import re
import sys
import traceback
import types
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

from ingest.core.diagnostics import SourcePos
from ingest.core.games import REGISTERED
from ingest.core.rulesets import RULESETS
from ingest.source.project import Project
from ingest.source.storage import display_path, read_text

if TYPE_CHECKING:
    from ingest.source.yamldoc import SourceDocument

MODULES_KEY = ("extra", "scorekeeper", "modules")
"""Where ``mkdocs.yml`` lists the project's own modules."""

_NAMED = "extra.scorekeeper.modules"
"""The setting as messages name it."""

GROUPS = ("scorekeeper.rulesets", "scorekeeper.games")
"""The entry-point groups, in the order they are loaded."""

_LETTER_ESCAPE = re.compile(r"\\[xuU\r\n]")
r"""What could spell a key without writing its letters: a double-quoted scalar's ``\x6d``,
``\u006d`` and ``\U0000006d``, or an escaped line break joining two lines (``"mod\``, then
``ules"``). Anything else YAML writes (folding, other escapes) leaves letters as written."""

_LOADED: set[str] = set()
"""What this process has loaded already: the entry points (by group and name) and the
project modules (by real path)."""


class ExtensionError(Exception):
    """A module or entry point that could not register: its message is one line."""


def _registry() -> tuple[frozenset[str], frozenset[str]]:
    return frozenset(REGISTERED), frozenset(RULESETS)


def _blame(exc: BaseException, filename: str, shown: str) -> str:
    """``shown:line:col`` at the last line of ``filename`` the exception went through (the
    community's own line), or ``shown`` alone."""
    if isinstance(exc, SyntaxError) and exc.filename == filename and exc.lineno:
        return SourcePos(shown, exc.lineno, exc.offset or 1).label()
    lines = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename and f.lineno]
    return SourcePos(shown, lines[-1], 1).label() if lines else shown


def _why(exc: BaseException) -> str:
    """The exception as one line of text."""
    if isinstance(exc, SyntaxError):
        return f"syntax error: {exc.msg}"
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if isinstance(exc, ValueError) else f"{type(exc).__name__}: {text}"


def _run(register: Callable[[], object], filename: str, shown: str, entry: str = "", *, fresh: bool = True) -> None:
    """Runs ``register`` (a module's code, an entry point's load and call); whatever it raises
    becomes an :class:`ExtensionError` naming ``shown`` (and ``entry``, the entry point, if
    any); it must register something, unless it is not ``fresh`` (a module imported already,
    which registered then: one module may be both groups' entry point)."""
    about = f" ({entry})" if entry else ""
    before = _registry()
    try:
        register()
    except (Exception, SystemExit) as exc:  # the community's code: any failure is theirs
        raise ExtensionError(f"{_blame(exc, filename, shown)}: {_why(exc)}{about}") from None
    if fresh and _registry() == before:
        raise ExtensionError(
            f"{shown}: registers no game and no ruleset{about}; "
            "call register_game or register_ruleset when the module is loaded"
        )


def _entry_point_file(entry: metadata.EntryPoint) -> tuple[str, str]:
    """The file a failure of ``entry`` is blamed on (its module's, when it has one) and how it is shown."""
    try:
        spec = importlib.util.find_spec(entry.module)
    except Exception:  # a parent package that fails to import: loading the entry point says why
        spec = None
    origin = spec.origin if spec is not None and spec.origin else ""
    return origin, origin or entry.module


def load_entry_points() -> None:
    """Loads every installed ``scorekeeper.rulesets`` then ``scorekeeper.games`` entry point (once).

    Raises:
        ExtensionError: one could not be loaded, failed, or registered nothing.
    """
    for group in GROUPS:
        for entry in sorted(metadata.entry_points(group=group), key=lambda e: e.name):
            key = f"{group}:{entry.name}:{entry.value}"
            if key in _LOADED:
                continue
            _LOADED.add(key)
            dist = f" of {entry.dist.name}" if entry.dist is not None else ""
            filename, shown = _entry_point_file(entry)

            def register(entry: metadata.EntryPoint = entry) -> None:
                loaded = entry.load()
                if callable(loaded) and not isinstance(loaded, types.ModuleType):
                    loaded()

            fresh = ":" in entry.value or entry.module not in sys.modules
            _run(register, filename, shown, f'entry point "{entry.name}" in {group}{dist}', fresh=fresh)


def _listed(doc: SourceDocument, root: Path) -> list[str]:
    """The paths ``extra.scorekeeper.modules`` lists, each checked (:func:`_module_problem`)."""
    data = doc.data
    for key in MODULES_KEY[:-1]:
        data = data.get(key) if isinstance(data, dict) else None
    if not isinstance(data, dict) or MODULES_KEY[-1] not in data:
        return []
    modules = data[MODULES_KEY[-1]]
    if not isinstance(modules, list):
        raise ExtensionError(
            f"{doc.pos(MODULES_KEY).label()}: {_NAMED} must be a list, e.g. modules: [games/lorcana.py]"
        )
    for i, ref in enumerate(modules):
        problem = _module_problem(ref, root)
        if problem is not None:
            raise ExtensionError(f"{doc.pos((*MODULES_KEY, i)).label()}: {_NAMED}: {problem}")
    return [str(ref) for ref in modules]


def _module_problem(ref: object, root: Path) -> str | None:
    from ingest.source.site_checks import contained_problem

    if not isinstance(ref, str) or not ref.endswith(".py"):
        return "name a Python file of the project, e.g. games/lorcana.py"
    problem = contained_problem(root, ref)
    return f'"{ref}" cannot be loaded: {problem}' if problem is not None else None


def _load_module(path: Path, root: Path) -> None:
    shown = display_path(path, root)
    real = str(path.resolve())
    if real in _LOADED:
        return
    _LOADED.add(real)
    if not path.is_file():
        raise ExtensionError(f"{shown}: the module does not exist (create it, or fix {_NAMED} in mkdocs.yml)")
    text, problems = read_text(path, shown, within=root)
    if text is None:
        first = problems[0]
        raise ExtensionError(f"{first.pos.label()}: {first.message}")
    name = "scorekeeper_project_" + "".join(c if c.isalnum() else "_" for c in shown.removesuffix(".py"))
    module = types.ModuleType(name)
    module.__file__ = real

    def register() -> None:
        code = compile(text, real, "exec", dont_inherit=True)
        sys.modules[name] = module  # a dataclass of the module looks its module up
        exec(code, module.__dict__)  # the project's own code, listed in its configuration

    _run(register, real, shown)


def load_project_modules(project: Project) -> None:
    """Loads the Python files ``mkdocs.yml`` lists in ``extra.scorekeeper.modules`` (each once).

    A project without its own ``mkdocs.yml``, or whose ``mkdocs.yml`` cannot be read
    (``validate`` and ``build`` report why), has none.

    Raises:
        ExtensionError: a listed path is not a file of the project, or its module failed or
            registered nothing.
    """
    root = project.root.resolve()
    config = project.root / "mkdocs.yml"
    if not config.is_file():
        return
    shown = display_path(config, root)
    text, _ = read_text(config, shown, within=root)
    if text is None or (MODULES_KEY[-1] not in text and _LETTER_ESCAPE.search(text) is None):
        # No key is spelled "modules": nothing is listed, and the file is not parsed here
        # (validate and build read it).
        return
    from ingest.source.reading import read_document

    doc, _ = read_document(config, shown, config=True, within=root)
    if doc is None:
        return
    for ref in _listed(doc, root):
        _load_module(root / ref, root)


def load_extensions(project: Project) -> None:
    """The installed packages' entry points, then the project's own modules (each once per process).

    Raises:
        ExtensionError: one could not be loaded (its message names the file).
    """
    load_entry_points()
    load_project_modules(project)
