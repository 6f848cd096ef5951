"""The size limits of a YAML file, checked on its composed node tree before anything is
built from it: the values the file writes out (:data:`MAX_NODES`), and apart from them what
its aliases and merge keys add once expanded (:data:`MAX_ALIAS_VALUES`: "billion laughs"
alias bombs). Each refusal names the limit and the file's own figure (:func:`size_problem`,
for :func:`ingest.source.yamldoc.parse_yaml`)."""

from __future__ import annotations

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ingest.core.diagnostics import Diagnostic, SourcePos, error
from ingest.source.storage import MAX_NODES as MAX_NODES  # beside the byte limit, read without PyYAML

MAX_ALIAS_VALUES = 100_000
"""Most values that aliases (``*name``) and merge keys (``<<:``) may add to the document
once expanded, counted apart from the values written out (defeats "billion laughs" alias
bombs). A real file repeats a few small blocks (a structure, a deck); none comes near."""

_MERGE = "tag:yaml.org,2002:merge"


def size_problem(root: Node, text: str, path: str) -> Diagnostic | None:
    """A positioned error when the document composed from ``text`` (``root``) passes a size
    limit, else None."""
    # Without an anchor there is no alias: the document is a tree, each node met once.
    written = _written_values(root) if "&" in text else _tree_values(root)
    if written > MAX_NODES:
        return error(
            "yaml-too-large",
            f"the file has {written:,} values (lists, mappings and scalars); the limit for one file is {MAX_NODES:,}",
            SourcePos.file_start(path),
            "split the event into several files",
        )
    if "&" in text:  # anchors, so aliases: measure what they expand to before expanding anything
        return _expansion_problem(root, path, written)
    return None


def _written_values(root: Node) -> int:
    """How many value nodes the file writes out (keys not counted; an alias counts once, as
    the node it names, and is not entered again)."""
    count, seen, stack = 0, set(), [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        count += 1
        if isinstance(node, SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, MappingNode):
            stack.extend(value for _, value in node.value)
    return count


def _tree_values(root: Node) -> int:
    """:func:`_written_values` of a document without aliases (a tree: no node is met twice, so
    none is remembered; a third of the time on a 2,048-player event's 61,000 values)."""
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1
        kind = node.__class__
        if kind is ScalarNode:
            continue
        if kind is SequenceNode or (kind is not MappingNode and isinstance(node, SequenceNode)):
            stack.extend(node.value)
        elif isinstance(node, MappingNode):
            stack.extend([value for _, value in node.value])
    return count


def _children(node: Node) -> list[Node]:
    """The nodes a node expands into: items, mapping values and merged blocks."""
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        out: list[Node] = []
        for key, value in node.value:
            if key.tag == _MERGE and isinstance(value, SequenceNode):
                out.extend(value.value)
            else:
                out.append(value)
        return out
    return []


def _expansion_problem(root: Node, path: str, written: int) -> Diagnostic | None:
    """A positioned error when aliases add more than :data:`MAX_ALIAS_VALUES` values to the
    document (``written``: the values the file writes out, each node once), else None.

    Sizes are added up once per distinct node (an alias is the node it names), so this
    takes time in proportion to the file, not to its expansion: a "billion laughs" file is
    refused at once instead of after half a million nodes. Cycles (a block that contains
    an alias to itself) are left to the walk, which stops them at the depth limit.
    """
    cap = MAX_ALIAS_VALUES + written + 1
    sizes: dict[int, int] = {}
    entered: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            entered.discard(key)
            sizes[key] = min(cap, 1 + sum(sizes.get(id(c), 0) for c in _children(node)))
            continue
        if key in sizes:
            continue
        entered.add(key)
        stack.append((node, True))
        for child in _children(node):
            if id(child) in entered:
                return None  # a cycle: the walk reports it where it closes
            if id(child) not in sizes:
                stack.append((child, False))
    if sizes.get(id(root), 0) - written <= MAX_ALIAS_VALUES:
        return None
    # Point at the smallest block that is too large: its parts are each within the limit.
    node = root
    while True:
        bigger = next((c for c in _children(node) if sizes.get(id(c), 0) > MAX_ALIAS_VALUES), None)
        if bigger is None:
            break
        node = bigger
    return error(
        "yaml-too-large",
        (
            "aliases (*name) expand the block that starts here to more than"
            if sizes.get(id(node), 0) > MAX_ALIAS_VALUES
            else "aliases (*name) add to the document more than"
        )
        + f" {MAX_ALIAS_VALUES:,} values (the limit for what aliases may add; the file itself writes {written:,})",
        SourcePos(path, node.start_mark.line + 1, node.start_mark.column + 1),
        "aliases that repeat other aliases grow exponentially; write the data out",
    )
