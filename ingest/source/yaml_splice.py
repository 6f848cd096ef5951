"""Reading an edited text from the reading of the text it was made from, when the edit is local.

An edit command reads the file (:func:`ingest.source.yamldoc.parse_yaml`, with its node
tree), changes a few characters and checks the new text before it writes it. Composing and
walking the whole new text is most of that check on a big event (0.6 s of a 2,048-player,
nine-round file's 1 s), though all but one line of it was read a moment before.
:func:`reread` gives the new text's :class:`~ingest.source.yamldoc.SourceDocument` from the
old one's by reading only what changed, in the two shapes every result and every new round
takes, and says None for anything else (the caller then reads the whole text):

* **one flow collection changed on its line** (``report``, ``clear``: a match's
  ``{table: 3, players: [a, b]}`` gains or loses ``games: 2-1``). A flow collection is
  delimited by its own brackets, and inside them YAML reads the same whatever surrounds
  them; the text before it is the same, so it is read the same up to it; the text after
  it on its line is blank (or a comment) and the lines after it are the same, so they are
  read the same after it. The new collection is composed alone, and taken only if it is
  one flow collection ending where its text ends, on one line, without anchors, aliases,
  tags or comments.
* **items appended to the block list that ends the document** (``pair``: a new round at
  the end of ``rounds:``). The old text up to the end of its last item's line is the same,
  and only blank lines follow it; the new lines are composed alone, at the list's own
  column, and taken only if they are one block list at that column that ends where they
  end, each line an item's dash at that column or more indented, so no line of them can
  continue what came before.

Either way the new part is walked by the same walker, at its own path, with the same
checks (text, numbers, tags, keys, depth), and the positions are those of the whole new
text; every other value keeps the data and position it had. A text with anchors (``&``) is
always read whole: an alias could repeat what changed elsewhere. The number of values is
checked against the same limit. Whatever the new part has a problem with, the whole text is
read instead, so the diagnostics are exactly the full reading's. Everything built on the
document (the schema, the assembly, the recorded pairings' checks) is checked whole, as
for any other text: only the YAML is not read again.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ingest.core.diagnostics import YamlPath
from ingest.source import yaml_limits
from ingest.source.lazy_positions import Layered
from ingest.source.yaml_walker import Walker
from ingest.source.yamldoc import SafeLoader, SourceDocument, iter_paths

_NOT_IN_NEW = frozenset("&*!#\t\r\n")
"""Characters a changed flow collection may not hold (anchors, aliases, tags, comments, tabs,
line breaks): without them it is one line of plain data that reads the same anywhere."""

_STR = "tag:yaml.org,2002:str"


def reread(old: SourceDocument, old_text: str, new_text: str) -> SourceDocument | None:
    """``new_text`` read as :func:`~ingest.source.yamldoc.parse_yaml` would read it (without
    its tree), from ``old``, the reading of ``old_text`` with its tree and without problems;
    None when the change is not one of the local shapes, or the new part has any problem."""
    if old.root is None or not isinstance(old.root, MappingNode) or "&" in old_text or "&" in new_text:
        return None
    if new_text == old_text:
        return SourceDocument(old.path, old.data, old.values, old.keys, old.tags, None)
    return _appended(old, old_text, new_text) or _flow_replaced(old, old_text, new_text)


# -- one flow collection -------------------------------------------------------------------------


def _flow_replaced(old: SourceDocument, old_text: str, new_text: str) -> SourceDocument | None:
    start = _common_prefix(old_text, new_text)
    tail = _common_suffix(old_text, new_text, limit=min(len(old_text), len(new_text)) - start)
    old_end = len(old_text) - tail  # the changed characters: old_text[start:old_end]
    assert old.root is not None
    found = _enclosing_flow(old.root, start, old_end)
    if found is None:
        return None
    path, node = found
    begin, end = node.start_mark.index, node.end_mark.index
    shift = len(new_text) - len(old_text)
    piece = new_text[begin : end + shift]
    line_end = old_text.find("\n", end)
    after = old_text[end : len(old_text) if line_end == -1 else line_end].rstrip("\r")
    if "\n" in old_text[begin:end] or not (
        after.strip() == "" or (after.lstrip(" ").startswith("#") and after[0] == " ")
    ):
        return None
    if not piece or _NOT_IN_NEW.intersection(piece):
        return None
    try:
        made = yaml.compose(piece, Loader=SafeLoader)
    except yaml.YAMLError:
        return None
    if not isinstance(made, (MappingNode, SequenceNode)) or not made.flow_style or made.end_mark.index != len(piece):
        return None
    _move(made, index=begin, line=node.start_mark.line, column=node.start_mark.column)
    return _with(old, path, made, replace_existing=True)


def _enclosing_flow(root: Node, start: int, end: int) -> tuple[YamlPath, Node] | None:
    """The deepest flow collection (a list item or a mapping's value, never a key) whose
    brackets enclose ``[start, end)``, with its path."""
    path: YamlPath = ()
    node, best = root, None
    while True:
        if (
            isinstance(node, (SequenceNode, MappingNode))
            and node.flow_style
            and node.start_mark.index < start
            and end < node.end_mark.index
        ):
            best = (path, node)
        step: Any = None
        child: Node | None = None
        if isinstance(node, SequenceNode):
            i = bisect.bisect_right([item.start_mark.index for item in node.value], start) - 1
            if i >= 0:
                step, child = i, node.value[i]
        elif isinstance(node, MappingNode):
            for key, value in node.value:
                if value.start_mark.index <= start and end <= value.end_mark.index:
                    if isinstance(key, ScalarNode) and key.tag == _STR and "\t" not in key.value:  # read as written
                        step, child = key.value, value
                    break
        if child is None or not (child.start_mark.index <= start and end <= child.end_mark.index):
            return best
        path, node = (*path, step), child


# -- items appended to the last list -------------------------------------------------------------


def _last_list(old: SourceDocument) -> tuple[YamlPath, SequenceNode] | None:
    """The block list the document ends with (the last value of its top-level mapping)."""
    root = old.root
    if not isinstance(root, MappingNode) or not root.value:
        return None
    key, value = root.value[-1]
    if not isinstance(value, SequenceNode) or value.flow_style or not value.value:
        return None
    return (key.value,), value


def _line_start(text: str, index: int) -> int:
    """Where the line after the one ``index`` ends on starts (``index`` itself at a line start)."""
    if index > 0 and text[index - 1] == "\n":
        return index
    nl = text.find("\n", index)
    return len(text) if nl == -1 else nl + 1


def _appended(old: SourceDocument, old_text: str, new_text: str) -> SourceDocument | None:
    found = _last_list(old)
    if found is None:
        return None
    path, seq = found
    at = _line_start(old_text, seq.value[-1].end_mark.index)
    rest = old_text[at:]
    if at == 0 or old_text[at - 1] != "\n" or rest.strip() != "" or "\r" in rest:
        return None
    if len(new_text) < len(old_text) or new_text[:at] != old_text[:at] or not new_text.endswith(rest):
        return None
    added = new_text[at : len(new_text) - len(rest)]
    column = seq.start_mark.column
    if not _item_lines(added, column):
        return None
    try:
        made = yaml.compose(added, Loader=SafeLoader)
    except yaml.YAMLError:
        return None
    if not isinstance(made, SequenceNode) or made.flow_style or made.start_mark.column != column:
        return None
    if added[made.end_mark.index :].strip() != "":
        return None
    _move(made, index=at, line=old_text.count("\n", 0, at), column=0)
    return _with(old, path, made, replace_existing=False)


def _item_lines(added: str, column: int) -> bool:
    """Whether ``added`` is whole lines of list items at ``column``: the first an item's dash
    there, every other one blank, such a dash or indented further, none with a character
    that could read differently in place (anchors, aliases, tags, comments, tabs)."""
    if not added.endswith("\n") or _NOT_IN_NEW.difference("\n").intersection(added):
        return False
    dash = " " * column + "- "
    lines = added[:-1].split("\n")
    if not lines[0].startswith(dash):
        return False
    for line in lines:
        if line.strip() == "" or line.startswith(dash):
            continue
        if len(line) - len(line.lstrip(" ")) <= column:
            return False
    return True


# -- the new document ----------------------------------------------------------------------------


def _move(root: Node, *, index: int, line: int, column: int) -> None:
    """Moves the marks of a tree composed alone to where its text stands in the whole text
    (``column`` is added on its first line only; a tree of one line has no other)."""
    stack = [root]
    while stack:
        node = stack.pop()
        for name in ("start_mark", "end_mark"):
            mark = getattr(node, name)
            moved = yaml.Mark(
                mark.name,
                mark.index + index,
                mark.line + line,
                mark.column + (column if mark.line == 0 else 0),
                None,  # no text kept: positions only
                None,  # type: ignore[arg-type]
            )
            setattr(node, name, moved)
        if isinstance(node, SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, MappingNode):
            for key, value in node.value:
                stack.extend((key, value))


def _with(old: SourceDocument, path: YamlPath, made: Node, *, replace_existing: bool) -> SourceDocument | None:
    """``old`` with ``made`` read in at ``path`` (in place of what was there, or, for a list
    composed alone, its items appended to the list at ``path``); None if it has a problem.

    Appended items' positions are laid beside the old ones (:class:`Layered`), not copied into
    them: the old ones may be known only when asked for (a stored reading's,
    :class:`~ingest.source.lazy_positions.LazyPositions`)."""
    walker = Walker(old.path)
    values: Mapping[YamlPath, tuple[int, int]]
    keys: Mapping[YamlPath, tuple[int, int]]
    if replace_existing:
        old_values, old_keys = dict(old.values), dict(old.keys)
        for sub, _ in iter_paths(_at(old.data, path), path):
            old_values.pop(sub, None)
            if sub != path:
                old_keys.pop(sub, None)
        new_value = walker.convert(made, path, len(path))
        data = _set(old.data, path, lambda _: new_value)
        if walker.problems:
            return None
        values, keys = {**old_values, **walker.values}, {**old_keys, **walker.keys}
    else:
        assert isinstance(made, SequenceNode)
        first = len(_at(old.data, path))
        items = [walker.convert(item, (*path, first + i), len(path) + 1) for i, item in enumerate(made.value)]
        data = _set(old.data, path, lambda existing: [*existing, *items])
        if walker.problems:
            return None
        values, keys = Layered(walker.values, old.values), Layered(walker.keys, old.keys)
    if len(values) > yaml_limits.MAX_NODES:
        return None  # read whole, to be refused with the file's own figure
    return SourceDocument(old.path, data, values, keys, old.tags, None)


def _at(data: Any, path: Sequence[Any]) -> Any:
    for step in path:
        data = data[step]
    return data


def _set(data: Any, path: Sequence[Any], change: Any) -> Any:
    """A copy of ``data`` with the value at ``path`` changed (only the containers on the way copied)."""
    if not path:
        return change(data)
    step, rest = path[0], path[1:]
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    copy[step] = _set(data[step], rest, change)
    return copy


# -- common ends ---------------------------------------------------------------------------------


def _common_prefix(a: str, b: str) -> int:
    """Length of the longest common prefix (by halving: string comparisons run in C)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _common_suffix(a: str, b: str, *, limit: int) -> int:
    """Length of the longest common suffix, at most ``limit``."""
    lo, hi = 0, max(limit, 0)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[len(a) - mid : len(a) - lo] == b[len(b) - mid : len(b) - lo]:
            lo = mid
        else:
            hi = mid - 1
    return lo
