"""The walk from a composed YAML node tree to plain data, with positions and problems.

:func:`ingest.source.yamldoc.parse_yaml` composes the text with libyaml and hands the node
tree to :class:`Walker`, which turns it into JSON-like data (mappings, lists, strings,
numbers, booleans, None, dates as ISO strings), records the line and column of every key and
value, and lists every problem with its position: tags, duplicate keys, values that cannot be
read or are not finite, text holding characters it may not hold, and aliases or merge keys
that expand past the limits (:mod:`ingest.source.yaml_limits`). Nothing from the file ever
constructs a Python object. :mod:`ingest.source.yaml_splice` walks the part of a file an edit
changed with it too.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ingest.core.diagnostics import Diagnostic, SourcePos, YamlPath, error
from ingest.core.safetext import normalise_tabs, unsafe_character, unsafe_text_problem
from ingest.source import yaml_limits

MAX_DEPTH = 64
"""Deepest nesting accepted (defeats recursive aliases and pathological nesting)."""
MAX_INTEGER = 10**30
"""Integers from this size on are refused: no count, score, factor or seed is near it, and
arithmetic on such numbers ends in text Python refuses to write (more than 4,300 digits)."""

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


def _plain_int(text: str) -> bool:
    """Whether an integer's text is plain decimal digits that the constructor reads as
    ``int(text)`` (YAML 1.1 reads a leading 0 as octal, ``_`` and ``:`` otherwise), and short
    enough to need no check of its size: read without the constructor.

    >>> _plain_int("12"), _plain_int("012"), _plain_int("1_000"), _plain_int("٣")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit() and text[0] != "0" and len(text) < _PLAIN_INT_DIGITS


class Walker:
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
        if not self.aliases and depth <= MAX_DEPTH and not self.aborted:
            # Without anchors no node is reached twice: what :meth:`count` does comes to this.
            self.nodes += 1
            if type(node) is ScalarNode and node.tag == _STR_TAG:  # text, the most common value
                self.values.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
                value: str = node.value
                if self.config or (value.isascii() and value.isprintable()):
                    return value
                return self.text(node, path)
            return self.converted(node, path, depth)
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
            if key_node.tag == _STR_TAG and key_node.value.isascii() and key_node.value.isprintable():
                key = key_node.value  # a plain word, as :meth:`scalar` reads it
            else:
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
