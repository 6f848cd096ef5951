"""Safe, positioned YAML reading.

Event files are read with PyYAML's libyaml composer (``yaml.compose``), which builds a
node tree carrying line and column marks at C speed; a small Python walk
(:mod:`ingest.source.yaml_walker`) turns the nodes into plain JSON-like data and records
where every key and value sits. Nothing
from the file ever constructs a Python object: only the YAML core schema (mappings,
sequences, strings, numbers, booleans, null, dates) is accepted.

Refused, each with a positioned diagnostic in plain words:

* YAML syntax errors (the parser's problem rewritten for a tournament organizer);
* tags (``!!python/object``, ``!custom``) -- files hold data, not objects;
* alias bombs: aliases are expanded, but what they add is capped (:mod:`ingest.source.yaml_limits`,
  counted apart from the values written out, which are capped too), and so is the
  depth (merge keys ``<<:`` count like an alias, and a mapping that merges itself is a
  positioned error rather than endless recursion);
* duplicate mapping keys, which YAML would silently resolve by keeping the last one;
* numbers that are not finite (``.inf``, ``.nan``, ``1.0e+400``) or absurdly large (31 digits
  or more): no count, score, factor or seed is;
* more than one document in a file;
* text holding control characters, bidirectional overrides or line separators
  (:mod:`ingest.core.safetext`); a tab inside text becomes a space.

This is the one reading path for every YAML file the project reads: event files,
``players.yaml``, ``formats/``, archetypes and the values read from ``mkdocs.yml``
(:func:`parse_yaml` with ``config=True``, which reads the site engine's own tags as
empty values and lists them in :attr:`SourceDocument.tags`, for
:mod:`ingest.source.site_checks` to allow or refuse).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import Node, ScalarNode

from ingest.core.diagnostics import Diagnostic, SourcePos, error
from ingest.core.diagnostics import YamlPath as YamlPath  # where it has always been imported from
from ingest.source.yaml_limits import size_problem
from ingest.source.yaml_syntax import line_col, syntax_diagnostic
from ingest.source.yaml_walker import Tagged, Walker

try:  # libyaml makes composing ~10x faster; the pure-Python loader gives the same result.
    from yaml import CSafeLoader as _BaseLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]


class SafeLoader(_BaseLoader):
    """The fastest safe PyYAML loader available: libyaml's when PyYAML was built with it.

    Every module that reads YAML with PyYAML uses this one (never ``yaml.CSafeLoader``
    directly), so a PyYAML without libyaml still works, only slower.

    The composer asks the resolver for every node's tag, in Python even under libyaml (a
    fifth of composing an event file). No path resolver is registered on it, so a scalar's
    tag is a function of its text and of how it was written alone: a quoted scalar is text
    (PyYAML's resolver gives it the default tag at once), and :meth:`resolve` remembers the
    tags of short plain scalars (ids, scores, dates, numbers repeat across a file and across
    files); the path-resolver hooks do nothing.
    """

    def resolve(self, kind: type[Node], value: Any, implicit: Any) -> Any:
        """The tag PyYAML's resolver gives the node (remembered for a short plain scalar)."""
        if kind is not ScalarNode or self.yaml_path_resolvers:
            return super().resolve(kind, value, implicit)  # type: ignore[no-untyped-call]
        if not implicit[0]:  # quoted (or a block scalar): what BaseResolver.resolve gives it
            return self.DEFAULT_SCALAR_TAG
        tag = _RESOLVED.get(value)
        if tag is None:
            tag = super().resolve(kind, value, implicit)  # type: ignore[no-untyped-call]
            if len(value) <= _RESOLVED_LENGTH:
                if len(_RESOLVED) >= _RESOLVED_KEPT:
                    _RESOLVED.clear()
                _RESOLVED[value] = tag
        return tag

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        if self.yaml_path_resolvers:  # (none is registered: nothing to follow)
            super().descend_resolver(current_node, current_index)

    def ascend_resolver(self) -> None:
        if self.yaml_path_resolvers:
            super().ascend_resolver()


_RESOLVED: dict[str, str] = {}
"""Tags of short plain scalars resolved by :class:`SafeLoader`, by their text."""
_RESOLVED_KEPT = 8192
"""Scalars whose tags are remembered at most (all are let go when that many are)."""
_RESOLVED_LENGTH = 64
"""Longer scalars (free text) are resolved each time, not remembered."""


def load_plain(text: str) -> Any:
    """Loads YAML text into plain data with :data:`SafeLoader` (no positions, no checks).

    For files already validated, or configuration read on a best-effort basis.

    >>> load_plain("a: [1, two]")
    {'a': [1, 'two']}
    """
    return yaml.load(text, Loader=SafeLoader)


RECOVERABLE = frozenset({"duplicate-key", "unsafe-text"})
"""Problems after which the document is still whole: of two equal keys, the first one is
kept; text with a character it may not hold is kept as written (the error stops its use)."""


@dataclass(frozen=True, slots=True)
class SourceDocument:
    """Plain data read from one YAML file, with the position of every key and value."""

    path: str
    """The file the data came from."""
    data: Any
    """Dicts, lists, strings, ints, floats, bools and None (dates become ISO strings)."""
    values: Mapping[YamlPath, tuple[int, int]] = field(default_factory=dict)
    """1-based (line, column) where each value starts."""
    keys: Mapping[YamlPath, tuple[int, int]] = field(default_factory=dict)
    """1-based (line, column) of the key of each mapping entry."""
    tags: Mapping[YamlPath, Tagged] = field(default_factory=dict)
    """The values written with a tag, by path (only in a configuration read with
    ``parse_yaml(config=True)``: any other file with a tag is refused)."""
    root: Node | None = field(default=None, compare=False, repr=False)
    """The composed node tree the data was read from, when asked for (``parse_yaml(keep_tree=True)``):
    the exact offsets of every node, for a command that edits the text
    (:class:`ingest.edit.splice.Editor`) without parsing it again."""

    def pos(self, path: YamlPath, *, key: bool = False) -> SourcePos:
        """Position of ``path``, or of its nearest ancestor that exists.

        Args:
            path: keys and indexes from the document root.
            key: point at the entry's key instead of its value (for "unknown key" errors).
        """
        p = tuple(path)
        if key and p in self.keys:
            line, col = self.keys[p]
            return SourcePos(self.path, line, col)
        while p:
            if p in self.values:
                line, col = self.values[p]
                return SourcePos(self.path, line, col)
            p = p[:-1]
        line, col = self.values.get((), (1, 1))
        return SourcePos(self.path, line, col)

    def line_of(self, path: YamlPath) -> int:
        """The 1-based line where ``path`` (or its nearest ancestor) starts."""
        return self.pos(path).line


def format_path(path: YamlPath) -> str:
    """Formats a path the way a TO reads it.

    >>> format_path(("rounds", 2, "matches", 4, "games"))
    'rounds[2].matches[4].games'
    >>> format_path(())
    '(top level)'
    """
    out = ""
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        else:
            out += ("." if out else "") + str(step)
    return out or "(top level)"


def parse_yaml(
    text: str, path: str, *, config: bool = False, keep_tree: bool = False
) -> tuple[SourceDocument | None, list[Diagnostic]]:
    """Parses YAML text into a :class:`SourceDocument`.

    Returns the document (or None) and every problem found. A document is returned when
    there are no errors, or only :data:`RECOVERABLE` ones (a duplicate key: the first
    value is kept), so later checks can still report the rest of the file.

    ``config``: the file is the site engine's configuration (``mkdocs.yml``), which may
    use the engine's own tags (``!ENV``, ``!!python/name:``): their values are read as
    empty (None) and listed in :attr:`SourceDocument.tags` rather than refused here (the
    caller decides which it allows: :mod:`ingest.source.site_checks`), and text is not
    checked (the caller checks the few values it uses). Every limit still applies.

    ``keep_tree``: keep the composed node tree in the document (:attr:`SourceDocument.root`),
    for a command that edits the text; otherwise it is let go as soon as it is read (kept,
    the garbage collector walks it for as long as the document lives).

    >>> doc, problems = parse_yaml("a: [1, two]\\n", "x.yaml")
    >>> doc.data, doc.pos(("a", 1)).label(), problems
    ({'a': [1, 'two']}, 'x.yaml:1:8', [])
    >>> parse_yaml("a: 1\\na: 2\\n", "x.yaml")[1][0].message
    'key "a" appears twice in this mapping (first at line 1); YAML would silently keep only the last one'
    """
    try:
        node = yaml.compose(text, Loader=SafeLoader)
    except yaml.MarkedYAMLError as exc:
        return None, [syntax_diagnostic(exc, text, path)]
    except yaml.reader.ReaderError as exc:
        line, col = line_col(text, exc.position)
        what = f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character)
        return None, [
            error(
                "yaml-syntax",
                f"the file contains the control character {what}, which YAML does not allow",
                SourcePos(path, line, col),
                "delete the character or retype the line; it may come from copy-paste",
            )
        ]
    except yaml.YAMLError as exc:  # pragma: no cover - defensive: every YAMLError is one of the above
        return None, [error("yaml-syntax", str(exc), SourcePos(path, 1, 1))]
    except RecursionError:  # pragma: no cover - the pure-Python composer has no nesting limit of its own
        return None, [
            error(
                "yaml-syntax",
                "the lists or mappings are nested too deeply",
                SourcePos.file_start(path),
                "write the data out with less nesting",
            )
        ]
    if node is None:
        return None, [
            error(
                "empty-file",
                "the file is empty",
                SourcePos.file_start(path),
                "start from `scorekeeper new`, which writes a complete skeleton",
            )
        ]
    too_large = size_problem(node, text, path)
    if too_large is not None:
        return None, [too_large]
    walker = Walker(path, config=config, aliases="&" in text)
    try:
        data = walker.convert(node, (), 0)
    except RecursionError:  # pragma: no cover - defensive: MAX_DEPTH keeps the walk far from the limit
        return None, [
            error(
                "yaml-too-large",
                "the document is nested too deeply",
                SourcePos.file_start(path),
                "write the data out without deep nesting",
            )
        ]
    if any(p.code not in RECOVERABLE for p in walker.problems):
        return None, walker.problems
    return (
        SourceDocument(path, data, walker.values, walker.keys, walker.tags, node if keep_tree else None),
        walker.problems,
    )


def iter_paths(data: Any, path: YamlPath = ()) -> Iterator[tuple[YamlPath, Any]]:
    """Yields every (path, value) pair of a plain-data tree, depth first."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from iter_paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from iter_paths(value, (*path, i))
