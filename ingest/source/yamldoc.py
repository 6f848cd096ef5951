"""Safe, positioned YAML reading.

Event files are read with PyYAML's libyaml composer (``yaml.compose``), which builds a
node tree carrying line and column marks at C speed; a small Python walk turns the
nodes into plain JSON-like data and records where every key and value sits. Nothing
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

import datetime as dt
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ingest.core.diagnostics import Diagnostic, SourcePos, error
from ingest.core.diagnostics import YamlPath as YamlPath  # where it has always been imported from
from ingest.core.safetext import normalise_tabs, unsafe_character, unsafe_text_problem
from ingest.source import yaml_limits
from ingest.source.yaml_limits import size_problem
from ingest.source.yaml_syntax import line_col, syntax_diagnostic

try:  # libyaml makes composing ~10x faster; the pure-Python loader gives the same result.
    from yaml import CSafeLoader as _BaseLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]


class SafeLoader(_BaseLoader):
    """The fastest safe PyYAML loader available: libyaml's when PyYAML was built with it.

    Every module that reads YAML with PyYAML uses this one (never ``yaml.CSafeLoader``
    directly), so a PyYAML without libyaml still works, only slower.
    """


def load_plain(text: str) -> Any:
    """Loads YAML text into plain data with :data:`SafeLoader` (no positions, no checks).

    For files already validated, or configuration read on a best-effort basis.

    >>> load_plain("a: [1, two]")
    {'a': [1, 'two']}
    """
    return yaml.load(text, Loader=SafeLoader)


MAX_DEPTH = 64
"""Deepest nesting accepted (defeats recursive aliases and pathological nesting)."""
MAX_INTEGER = 10**30
"""Integers from this size on are refused: no count, score, factor or seed is near it, and
arithmetic on such numbers ends in text Python refuses to write (more than 4,300 digits)."""

RECOVERABLE = frozenset({"duplicate-key", "unsafe-text"})
"""Problems after which the document is still whole: of two equal keys, the first one is
kept; text with a character it may not hold is kept as written (the error stops its use)."""

MULTILINE_KEYS = frozenset({"description", "notes", "note"})
"""Keys whose text may run over several lines (free text); every other text is one line.
A final line break, as a YAML block scalar (``name: >``) leaves, does not count."""

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = frozenset(_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp"))
_STR_TAG = _TAG + "str"
_INT_TAG = _TAG + "int"
_PLAIN_INT_DIGITS = 19
"""A plain decimal integer of fewer digits is read without the constructor (:func:`_plain_int`)."""


@dataclass(frozen=True, slots=True)
class Tagged:
    """A value of the site configuration written with a tag (``!ENV [KEY, none]``,
    ``!!python/name:material.extensions.emoji.twemoji``), which the site engine reads its own way."""

    tag: str
    """The tag as written (``!ENV``, ``!!python/name:material.extensions.emoji.twemoji``)."""
    value: Any
    """What follows the tag: its text, or the plain data of the list or mapping it tags
    (a tag inside it is listed on its own, and empty here)."""


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


def _plain_int(text: str) -> bool:
    """Whether an integer's text is plain decimal digits that the constructor reads as
    ``int(text)`` (YAML 1.1 reads a leading 0 as octal, ``_`` and ``:`` otherwise), and short
    enough to need no check of its size: read without the constructor.

    >>> _plain_int("12"), _plain_int("012"), _plain_int("1_000"), _plain_int("٣")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit() and text[0] != "0" and len(text) < _PLAIN_INT_DIGITS


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
    walker = _Walker(path, config=config, aliases="&" in text)
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


class _Walker:
    """Turns a composed node tree into plain data, recording positions and problems."""

    def __init__(self, path: str, *, config: bool = False, aliases: bool = False) -> None:
        self.path = path
        self.config = config
        self.aliases = aliases
        """Whether the text has anchors (only then can a node be reached twice)."""
        self.seen: set[int] = set()
        """The nodes converted once (with ``aliases``): reached again, they are an alias's."""
        self.expanded = 0
        """Values added by aliases and merge keys (each node reached a second time or more)."""
        self.inside_alias = 0
        """How many of the blocks being converted are reached a second time (an alias's)."""
        self.values: dict[YamlPath, tuple[int, int]] = {}
        self.keys: dict[YamlPath, tuple[int, int]] = {}
        self.problems: list[Diagnostic] = []
        self.tags: dict[YamlPath, Tagged] = {}
        self.nodes = 0
        self.constructor = SafeConstructor()
        self.aborted = False
        self.open_mappings: set[int] = set()
        """The mapping nodes being converted (a merge of one of them would never end)."""

    def count(self, node: Node, depth: int) -> bool:
        """Counts a node against the limits; False (and one problem) once they are passed.

        A node met a second time (or inside one met a second time: :attr:`inside_alias`) is
        an alias's expansion and counts against :data:`MAX_ALIAS_VALUES`; the values written
        out were counted against :data:`MAX_NODES` before the walk (:func:`_written_values`)."""
        if self.aborted:
            return False
        if self.aliases:
            if self.inside_alias or id(node) in self.seen:
                self.expanded += 1
            else:
                self.seen.add(id(node))
        self.nodes += 1
        if self.expanded > yaml_limits.MAX_ALIAS_VALUES:
            self.aborted = True
            self.fail(
                "yaml-too-large",
                f"aliases (*name) and merge keys (<<:) add more than {yaml_limits.MAX_ALIAS_VALUES:,} values to the "
                "document once expanded (the limit for what aliases may add)",
                node,
                "aliases that repeat other aliases grow exponentially; write the data out",
            )
            return False
        if depth > MAX_DEPTH:
            self.aborted = True
            self.fail(
                "yaml-too-large",
                f"the document is nested more than {MAX_DEPTH} levels deep once its aliases (*name) are "
                "expanded (the limit for nesting)",
                node,
                "aliases that repeat other aliases grow exponentially; write the data out",
            )
            return False
        return True

    def pos(self, node: Node) -> SourcePos:
        return SourcePos(self.path, node.start_mark.line + 1, node.start_mark.column + 1)

    def fail(self, code: str, message: str, node: Node, hint: str = "") -> None:
        self.problems.append(error(code, message, self.pos(node), hint))

    def convert(self, node: Node, path: YamlPath, depth: int) -> Any:
        repeated = self.aliases and not self.inside_alias and id(node) in self.seen
        if not self.count(node, depth):
            return None
        if repeated and not isinstance(node, ScalarNode):
            self.inside_alias += 1
            try:
                return self.converted(node, path, depth)
            finally:
                self.inside_alias -= 1
        return self.converted(node, path, depth)

    def converted(self, node: Node, path: YamlPath, depth: int) -> Any:
        self.values.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        if isinstance(node, SequenceNode):
            items = [self.convert(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
            if node.tag != _TAG + "seq":
                self.refuse_tag(node, path, items)
                return None
            return items
        if isinstance(node, MappingNode):
            entries = self.mapping(node, path, depth)
            if node.tag != _TAG + "map":
                self.refuse_tag(node, path, entries)
                return None
            return entries
        self.refuse_tag(node)  # pragma: no cover - compose only yields the three node kinds
        return None

    def mapping(self, node: MappingNode, path: YamlPath, depth: int) -> dict[str, Any]:
        self.open_mappings.add(id(node))
        try:
            return self.entries(node, path, depth)
        finally:
            self.open_mappings.discard(id(node))

    def entries(self, node: MappingNode, path: YamlPath, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        first_line: dict[str, int] = {}
        merged: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _TAG + "merge":
                merged.update(self.merge_sources(value_node, path, depth, key_node))
                continue
            if not isinstance(key_node, ScalarNode):
                self.fail(
                    "yaml-key",
                    "a mapping key must be a plain word or text",
                    key_node,
                    "keys such as `name:` or `players:` are simple text",
                )
                continue
            key = self.scalar(key_node)
            if key is None and key_node.tag not in _SCALAR_TAGS and key_node.tag != _STR_TAG:
                continue  # a tag on a key: refused by refuse_tag
            if key is None or isinstance(key, bool | list | dict):
                if not self.aborted:
                    self.fail("yaml-key", f"{key_node.value!r} cannot be used as a key", key_node)
                continue
            key = str(key)
            line = key_node.start_mark.line + 1
            if key in first_line:
                self.fail(
                    "duplicate-key",
                    f'key "{key}" appears twice in this mapping (first at line {first_line[key]});'
                    " YAML would silently keep only the last one",
                    key_node,
                    "delete one of the two or merge them",
                )
                continue
            first_line[key] = line
            child = (*path, key)
            self.keys[child] = (line, key_node.start_mark.column + 1)
            result[key] = self.convert(value_node, child, depth + 1)
        for key, value in merged.items():
            result.setdefault(key, value)
        return result

    def merge_sources(self, node: Node, path: YamlPath, depth: int, key_node: Node) -> dict[str, Any]:
        sources = node.value if isinstance(node, SequenceNode) else [node]
        merged: dict[str, Any] = {}
        for source in sources:
            # Each merged block counts: blocks that merge blocks that merge blocks grow as
            # fast as nested aliases do.
            if not self.count(source, depth + 1):
                break
            if not isinstance(source, MappingNode):
                self.fail("yaml-merge", "`<<:` must refer to a mapping (an anchored block)", source)
                continue
            if id(source) in self.open_mappings:
                self.fail(
                    "yaml-merge",
                    "`<<:` merges a block into itself (its anchor is the mapping it is in), "
                    "which would repeat it forever",
                    key_node,
                    "merge another anchored block, or write the keys out",
                )
                continue
            for key, value in self.mapping(source, path, depth + 1).items():
                merged.setdefault(key, value)
        return merged

    def scalar(self, node: ScalarNode, path: YamlPath | None = None) -> Any:
        if node.tag == _STR_TAG:  # text: checked for characters it may not hold
            return node.value if self.config else self.text(node, path)
        if node.tag == _INT_TAG and _plain_int(node.value):  # a count, a table, a round
            return int(node.value)
        if node.tag not in _SCALAR_TAGS:
            self.refuse_tag(node, path, node.value)
            return None
        try:
            value = self.constructor.construct_object(node, deep=True)
        except (yaml.constructor.ConstructorError, ValueError, OverflowError) as exc:
            if node.tag == _TAG + "timestamp":
                self.fail(
                    "yaml-value",
                    f"{node.value} is not a real date ({exc})",
                    node,
                    "write the date as YYYY-MM-DD, e.g. 2026-11-20",
                )
            else:
                self.fail("yaml-value", f"{node.value!r} cannot be read: {exc}", node)
            return None
        if isinstance(value, dt.datetime | dt.date):
            return value.isoformat()
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= MAX_INTEGER and not self.config:
            self.fail(
                "yaml-value",
                f"a number of {len(str(abs(value)))} digits is larger than any count, score or seed these files hold",
                node,
                "write an ordinary number",
            )
            return None
        if isinstance(value, float) and not math.isfinite(value) and not self.config:
            self.fail(
                "yaml-value",
                f"{node.value} is not a number that can be counted with (it is infinite or not a number)",
                node,
                "write an ordinary number, e.g. 1.5",
            )
            return None
        return value

    def text(self, node: ScalarNode, path: YamlPath | None) -> str:
        """A string scalar, with tabs as spaces; a character text may not hold is an error,
        and so is a line break in a value that is not free text (:data:`MULTILINE_KEYS`)."""
        value: str = node.value
        if value.isascii() and value.isprintable():
            return value  # the common case: nothing to look at
        char = unsafe_character(value)
        if char is not None:
            message, hint = unsafe_text_problem(char)
            self.fail("unsafe-text", message, node, hint)
        elif ("\n" in value.rstrip("\n") or ("\n" in value and path is None)) and (
            path is None or not any(step in MULTILINE_KEYS for step in path)
        ):
            self.fail(
                "unsafe-text",
                "the text is on more than one line, but it is shown on one line",
                node,
                "write it on one line (only descriptions and notes may have several)",
            )
        return normalise_tabs(value)

    def refuse_tag(self, node: Node, path: YamlPath | None = None, value: Any = None) -> None:
        tag = node.tag.replace(_TAG, "!!")
        if self.config and path is not None:  # the site engine's own tags: read as empty, listed
            self.tags[path] = Tagged(tag, value)
            return
        if self.config:
            self.fail(
                "yaml-tag",
                f"the tag {tag} is not allowed on a key",
                node,
                "remove the tag; a key is a plain word such as site_name",
            )
            return
        self.fail(
            "yaml-tag",
            f"the tag {tag} is not allowed: event files hold plain data, not objects",
            node,
            "remove the tag; write the value as plain text, a number, a list or a mapping",
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
