"""Comment-preserving edits of event files.

``pair``, ``report`` and ``drop`` change a TO's file in place. A round-trip dump
(ruamel.yaml) keeps comments and quoting but re-indents whatever it emits, so a
hand-formatted file would come back with changes far from the edit. Instead, edits
here are *splices*: the node to change is located by its YAML path (the one assembly
gave the entry, e.g. ``("rounds", 2, "matches", 5)``) in the composed YAML, which gives
its exact character offsets, and only the text of the edit is inserted or replaced. The
composed tree is the one the file was read with (:class:`ParsedText`): an edit does not
parse the file again. New fragments (a round, a match) are rendered in the document's own
indentation style (:mod:`ingest.edit.yaml_text`). Every byte outside the edit is unchanged,
and the caller re-validates the result before it is written atomically.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ingest.edit.yaml_text import block_fragment, flow_scalar
from ingest.edit.yaml_text import render_flow as render_flow  # where callers have always found it
from ingest.source.yamldoc import SafeLoader, YamlPath, format_path


class EditError(ValueError):
    """The requested edit does not fit the document (a missing key or index)."""


class ParsedText(str):
    """A document's text, carrying the node tree that reading it composed.

    :func:`ingest.edit.event_file.edit_event_file` hands an edit the text it read as one of
    these, so an :class:`Editor` made from it finds offsets in that tree rather than parsing
    the text again. Everywhere else it is the text itself; a text made from it
    (``text + "..."``, a slice, ``str(text)``) is a plain ``str``, so a tree never outlives
    its text. (libyaml reads only a plain ``str``: an edit's result is made one before it is
    checked.)
    """

    root: Node
    """The composed document (:func:`yaml.compose` with :class:`~ingest.source.yamldoc.SafeLoader`)."""

    def __new__(cls, text: str, root: Node) -> ParsedText:
        made = super().__new__(cls, text)
        made.root = root
        return made


@dataclass(frozen=True, slots=True)
class Splice:
    """Replace ``text[start:end]`` with ``new``."""

    start: int
    """Offset of the first replaced character."""
    end: int
    """Offset after the last replaced character (== start for an insertion)."""
    new: str
    """The replacement text."""


def apply_splices(text: str, splices: Sequence[Splice]) -> str:
    """Applies non-overlapping splices (given in any order) to ``text``.

    >>> apply_splices("abc", [Splice(1, 2, "X"), Splice(3, 3, "!")])
    'aXc!'
    >>> apply_splices("ab", [Splice(1, 1, "1"), Splice(1, 1, "2")])
    'a12b'
    """
    out = text
    last = len(text) + 1
    # Back to front, so earlier offsets stay valid; at one offset, the splice added last
    # goes first, so insertions at the same place keep the order they were added in.
    ordered = sorted(enumerate(splices), key=lambda item: (item[1].start, item[1].end, item[0]), reverse=True)
    for _, s in ordered:
        if s.end > last:
            raise EditError("overlapping edits")
        out = out[: s.start] + s.new + out[s.end :]
        last = s.start
    return out


def line_ending(text: str) -> str:
    """The line ending a text uses, judged by its first line break (``\\n`` if it has none).

    >>> line_ending("a: 1\\r\\nb: 2\\r\\n"), line_ending("a: 1\\n"), line_ending("a: 1")
    ('\\r\\n', '\\n', '\\n')
    """
    nl = text.find("\n")
    return "\r\n" if nl > 0 and text[nl - 1] == "\r" else "\n"


class Editor:
    """Collects splices against one version of a document's text.

    Positions come from the text's composed tree: the one a :class:`ParsedText` carries (or
    ``root``), else the text is composed here. Inserted text follows the document's line
    ending, so a file saved with Windows line endings (CRLF) never ends up with mixed ones.
    """

    def __init__(self, text: str, root: Node | None = None) -> None:
        self.text = text
        self.newline = line_ending(text)
        if root is None:
            root = text.root if isinstance(text, ParsedText) else yaml.compose(text, Loader=SafeLoader)
        if not isinstance(root, MappingNode):
            raise EditError("the document is not a mapping")
        self.root: MappingNode = root
        self.splices: list[Splice] = []

    # -- navigation ------------------------------------------------------------------
    def node(self, path: YamlPath) -> Node:
        """The node at ``path``."""
        node: Node = self.root
        for step in path:
            if isinstance(node, MappingNode) and isinstance(step, str):
                found = next((v for k, v in node.value if isinstance(k, ScalarNode) and k.value == step), None)
                if found is None:
                    raise EditError(f"{format_path(path)}: no key {step!r}")
                node = found
            elif isinstance(node, SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
                node = node.value[step]
            else:
                raise EditError(f"{format_path(path)}: cannot follow {step!r}")
        return node

    def has(self, path: YamlPath) -> bool:
        """Whether ``path`` exists."""
        try:
            self.node(path)
        except EditError:
            return False
        return True

    # -- primitives ------------------------------------------------------------------
    def set_value(self, map_path: YamlPath, key: str, value: Any) -> None:
        """Sets ``key`` in the mapping at ``map_path`` to a scalar or flow value."""
        mapping = self.node(map_path)
        if not isinstance(mapping, MappingNode):
            raise EditError(f"{format_path(map_path)} is not a mapping")
        rendered = render_flow(value, in_flow=mapping.flow_style)
        for k, v in mapping.value:
            if isinstance(k, ScalarNode) and k.value == key:
                start, end = v.start_mark.index, v.end_mark.index
                if not isinstance(v, ScalarNode) and not v.flow_style:
                    # A block collection starts on the next line and ends at the start of the
                    # line after it: the new value goes right after the key, and the line
                    # break that ended the collection stays.
                    start = k.end_mark.index + self.text[k.end_mark.index :].index(":") + 1
                    end = len(self.text[:end].rstrip())
                    rendered = " " + rendered
                self.splices.append(Splice(start, end, rendered))
                return
        self._insert_entry(mapping, f"{flow_scalar(key)}: {rendered}")

    def remove_key(self, map_path: YamlPath, key: str) -> None:
        """Removes ``key`` and its value from the mapping at ``map_path``.

        In a flow mapping the entry goes with its comma; in a block mapping the text from
        the key up to the next key goes (the next key takes its place, after a ``- `` too),
        or, for the last key, its whole line. A mapping's only key cannot be removed.
        """
        mapping = self.node(map_path)
        if not isinstance(mapping, MappingNode):
            raise EditError(f"{format_path(map_path)} is not a mapping")
        entries = mapping.value
        index = next((i for i, (k, _) in enumerate(entries) if isinstance(k, ScalarNode) and k.value == key), None)
        if index is None:
            raise EditError(f"{format_path(map_path)}: no key {key!r}")
        if len(entries) == 1:
            raise EditError(f"{format_path(map_path)}: cannot remove the only key {key!r}")
        k, v = entries[index]
        if index + 1 < len(entries) and not (mapping.flow_style and index > 0):
            self.splices.append(Splice(k.start_mark.index, entries[index + 1][0].start_mark.index, ""))
        elif mapping.flow_style:
            self.splices.append(Splice(entries[index - 1][1].end_mark.index, v.end_mark.index, ""))
        else:
            line_start = self.text.rfind("\n", 0, k.start_mark.index) + 1
            self.splices.append(Splice(line_start, self._next_line_start(v), ""))

    def remove_item(self, seq_path: YamlPath, index: int) -> None:
        """Removes item ``index`` of the sequence at ``seq_path``.

        In a flow list the item goes with its comma; in a block list its lines go (up to the
        next item). A list's only item leaves an empty list, ``key: []``.
        """
        seq = self.node(seq_path)
        if not isinstance(seq, SequenceNode) or not 0 <= index < len(seq.value):
            raise EditError(f"{format_path(seq_path)} has no item {index}")
        items = seq.value
        if seq.flow_style:
            if len(items) == 1:
                self.splices.append(Splice(items[0].start_mark.index, items[0].end_mark.index, ""))
            elif index > 0:
                self.splices.append(Splice(items[index - 1].end_mark.index, items[index].end_mark.index, ""))
            else:
                self.splices.append(Splice(items[0].start_mark.index, items[1].start_mark.index, ""))
            return
        if len(items) == 1:
            if not seq_path:
                raise EditError("the document is not a mapping")
            parent = self.node(seq_path[:-1])
            key = next(k for k, v in parent.value if v is seq) if isinstance(parent, MappingNode) else None
            if key is None:
                raise EditError(f"{format_path(seq_path)}: cannot empty a list inside a list")
            colon = self.text.index(":", key.end_mark.index) + 1
            self.splices.append(Splice(colon, self._next_line_start(items[0]), " []\n"))
            return
        start = self.text.rfind("\n", 0, items[index].start_mark.index) + 1
        if index + 1 < len(items):
            end = self.text.rfind("\n", 0, items[index + 1].start_mark.index) + 1
        else:
            end = self._next_line_start(items[index])
        self.splices.append(Splice(start, end, ""))

    def remove_items(self, seq_path: YamlPath, indexes: Sequence[int]) -> None:
        """Removes the items ``indexes`` of the sequence at ``seq_path``, each as :meth:`remove_item`
        does; of a flow list, the items kept are written back as they were, one comma apart
        (a list that loses every item goes with its key: :meth:`remove_key`)."""
        seq = self.node(seq_path)
        gone = sorted(set(indexes))
        if len(gone) == 1 or not isinstance(seq, SequenceNode) or not seq.flow_style:
            for index in reversed(gone):
                self.remove_item(seq_path, index)
            return
        items = seq.value
        if not 0 <= gone[0] <= gone[-1] < len(items):
            raise EditError(f"{format_path(seq_path)} has no item {gone[-1]}")
        if len(gone) == len(items):
            raise EditError(f"{format_path(seq_path)}: to remove every item, remove the list's key")
        kept = [self.text[n.start_mark.index : n.end_mark.index] for i, n in enumerate(items) if i not in gone]
        self.splices.append(Splice(items[0].start_mark.index, items[-1].end_mark.index, ", ".join(kept)))

    def _insert_entry(self, mapping: MappingNode, entry: str) -> None:
        if mapping.flow_style:
            close = self.text.rfind("}", mapping.start_mark.index, mapping.end_mark.index)
            inner = self.text[mapping.start_mark.index + 1 : close]
            sep = ", " if inner.strip() else ""
            self.splices.append(Splice(close, close, f"{sep}{entry}"))
            return
        if not mapping.value:
            raise EditError("cannot add to an empty block mapping")
        first_key = mapping.value[0][0]
        col = first_key.start_mark.column
        at = self._line_after(mapping.value[-1][1])
        self.splices.append(Splice(at, at, " " * col + entry + "\n"))

    def _next_line_start(self, node: Node) -> int:
        """Offset of the start of the line after ``node`` ends (after a trailing comment);
        the end of the text when that line is the last one."""
        end = node.end_mark.index
        if end > 0 and self.text[end - 1] == "\n":
            return end
        nl = self.text.find("\n", end)
        return len(self.text) if nl == -1 else nl + 1

    def _line_after(self, node: Node) -> int:
        """Where a line inserted after ``node`` starts (a final line break is added if missing)."""
        at = self._next_line_start(node)
        if at == len(self.text) and not self.text.endswith("\n"):
            self.splices.append(Splice(at, at, "\n"))
        return at

    def append_item(self, seq_path: YamlPath, item: Any, *, block: bool = False) -> None:
        """Appends ``item`` to the sequence at ``seq_path``.

        Args:
            seq_path: the sequence.
            item: plain data.
            block: render a mapping item in block style (a round) instead of one flow line.
        """
        self.append_items(seq_path, [item], block=block)

    def append_items(self, seq_path: YamlPath, items: Sequence[Any], *, block: bool = False) -> None:
        """Appends ``items``, in order, to the sequence at ``seq_path`` in one edit (several
        items added to one list by separate edits would overlap).

        Args:
            seq_path: the sequence.
            items: plain data.
            block: render mapping items in block style (a round) instead of one flow line each.
        """
        seq = self.node(seq_path)
        if not isinstance(seq, SequenceNode):
            raise EditError(f"{format_path(seq_path)} is not a list")
        if not items:
            return
        if seq.flow_style:
            close = self.text.rfind("]", seq.start_mark.index, seq.end_mark.index)
            inner = self.text[seq.start_mark.index + 1 : close]
            if inner.strip() == "":
                self._replace_empty_flow_seq(seq_path, seq, list(items), block=block)
                return
            self.splices.append(Splice(close, close, "".join(f", {render_flow(item)}" for item in items)))
            return
        dash_col = seq.start_mark.column
        last = seq.value[-1]
        at = self._line_after(last)
        self.splices.append(Splice(at, at, "".join(self._render_item(i, dash_col, block, seq) for i in items)))

    def _style(self, seq: SequenceNode | None) -> tuple[int, int]:
        """The document's mapping indent and nested-list dash offset, from an existing item."""
        indent, offset = 2, 2
        if seq is not None and seq.value and isinstance(seq.value[-1], MappingNode):
            item = seq.value[-1]
            key_col = item.value[0][0].start_mark.column
            for _, v in item.value:
                if isinstance(v, SequenceNode) and not v.flow_style:
                    offset = max(v.start_mark.column - key_col, 0)
                    break
        return indent, offset

    def _render_item(self, item: Any, dash_col: int, block: bool, seq: SequenceNode | None) -> str:
        pad = " " * dash_col
        if not block or not isinstance(item, dict):
            return f"{pad}- {render_flow(item)}\n"
        indent, offset = self._style(seq)
        body = block_fragment(item, indent, offset)
        lines = body.rstrip("\n").split("\n")
        out = [f"{pad}- {lines[0]}"] + [f"{pad}  {line}" if line else "" for line in lines[1:]]
        return "\n".join(out) + "\n"

    def _replace_empty_flow_seq(self, seq_path: YamlPath, seq: SequenceNode, items: list[Any], *, block: bool) -> None:
        if not block and not all(isinstance(i, dict) for i in items):
            self.splices.append(
                Splice(seq.start_mark.index, seq.end_mark.index, "[" + ", ".join(render_flow(i) for i in items) + "]")
            )
            return
        # A list of mappings (a round, the roster) becomes a block list: rounds in block
        # style, other mappings one flow mapping per line.
        key_col = self._key_column(seq_path) + (0 if block else 2)
        rendered = "".join(self._render_item(i, key_col, block, None) for i in items)
        start = seq.start_mark.index
        # Remove the "[]" and anything up to the end of its line except a comment.
        line_end = self.text.find("\n", seq.end_mark.index)
        line_end = len(self.text) if line_end == -1 else line_end
        trailing = self.text[seq.end_mark.index : line_end]
        comment = trailing if trailing.strip().startswith("#") else ""
        # strip the space before "[]" as well
        while start > 0 and self.text[start - 1] == " ":
            start -= 1
        self.splices.append(
            Splice(
                start,
                line_end + (1 if line_end < len(self.text) else 0),
                (f" {comment.strip()}" if comment else "") + "\n" + rendered,
            )
        )

    def _key_column(self, path: YamlPath) -> int:
        parent = self.node(path[:-1]) if path else self.root
        if isinstance(parent, MappingNode):
            for k, _ in parent.value:
                if isinstance(k, ScalarNode) and k.value == path[-1]:
                    return int(k.start_mark.column)
        return 0

    def add_top_level(self, key: str, items: list[Any], *, block: bool = True) -> None:
        """Adds a new top-level list ``key:`` at the end of the document."""
        at = len(self.text)
        prefix = "" if self.text.endswith("\n") or not self.text else "\n"
        rendered = "".join(self._render_item(i, 0, block, None) for i in items)
        self.splices.append(Splice(at, at, f"{prefix}{key}:\n{rendered}"))

    def result(self) -> str:
        """The edited text, every inserted line break in the document's own line ending."""
        splices = self.splices
        if self.newline != "\n":
            splices = [replace(s, new=s.new.replace("\r\n", "\n").replace("\n", self.newline)) for s in splices]
        return apply_splices(self.text, splices)
