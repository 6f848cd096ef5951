"""New YAML fragments for an event file, written the way a TO writes them.

The splice editor (:mod:`ingest.edit.splice`) inserts these into a file's text: scalars and
one-line flow values (``{table: 1, players: [alice, bob]}``) with PyYAML's quoting rules,
and block fragments (a new round) with ruamel.yaml in the document's own indentation.
"""

from __future__ import annotations

import io
import re
from typing import Any

import yaml


def flow_scalar(value: Any) -> str:
    """Renders a scalar as YAML for a flow collection (``{id: x, name: ...}``), quoting only
    when our reader (PyYAML, YAML 1.1) would misread it there.

    The scalar is dumped as the item of a flow list, so the emitter quotes it for that
    context: a name with ``,`` ``[`` ``]`` ``{`` ``}`` or ``#`` is quoted there, where the same
    name may stand plain as a block value.

    >>> flow_scalar("2-1"), flow_scalar("yes"), flow_scalar(3), flow_scalar("a: b")
    ('2-1', "'yes'", '3', "'a: b'")
    >>> flow_scalar("Smith, John"), flow_scalar("Eve {{ x }}"), flow_scalar("it's")
    ("'Smith, John'", "'Eve {{ x }}'", "it's")
    """
    dumped = yaml.safe_dump([value], default_flow_style=True, allow_unicode=True, width=10**6)
    text = dumped.strip()
    if not (text.startswith("[") and text.endswith("]")):
        raise ValueError(f"cannot write {value!r} on one line")
    return text[1:-1]


def block_scalar(value: Any) -> str:
    """Renders a scalar as the value of a block mapping (``location: ...`` on a line of its
    own), quoting only when our reader would misread it there: ``,`` and brackets may stand
    plain in that place.

    >>> block_scalar("The Dragon's Hoard, Leiden"), block_scalar("yes"), block_scalar("# x")
    ("The Dragon's Hoard, Leiden", "'yes'", "'# x'")
    """
    dumped = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6)
    # Only the emitter's own line ends are cut: ``str.strip`` would also cut a value's
    # no-break space ("\xa0"), which PyYAML writes plain.
    return dumped.removesuffix("\n...\n").removesuffix("\n")


def render_flow(value: Any, *, in_flow: bool = True) -> str:
    """Renders data on one line in flow style.

    ``in_flow``: the value goes inside a flow collection (``{name: ...}``), where a scalar
    is quoted for that place (:func:`flow_scalar`); False for a scalar that is the value
    of a block mapping (:func:`block_scalar`). A mapping's or list's items are always inside one.

    >>> render_flow({"table": 1, "players": ["alice", "bob"]})
    '{table: 1, players: [alice, bob]}'
    >>> render_flow("Congress Hall, Den Haag"), render_flow("Congress Hall, Den Haag", in_flow=False)
    ("'Congress Hall, Den Haag'", 'Congress Hall, Den Haag')
    """
    if isinstance(value, dict):
        return "{" + ", ".join(f"{flow_scalar(k)}: {render_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(render_flow(v) for v in value) + "]"
    return flow_scalar(value) if in_flow else block_scalar(value)


def block_fragment(value: Any, indent: int, seq_offset: int) -> str:
    """Renders ``value`` as block YAML with ruamel.yaml; lists of mappings stay one per line.

    Args:
        value: plain data.
        indent: mapping indentation step.
        seq_offset: where a nested sequence's dash sits relative to its parent key.
    """
    plain = _plain_block(value, seq_offset)
    return plain if plain is not None else ruamel_block(value, indent, seq_offset)


def ruamel_block(value: Any, indent: int, seq_offset: int) -> str:
    """:func:`block_fragment` as ruamel.yaml writes it (whatever the shape; imported only then:
    a result or a Swiss round is written without it)."""
    from ruamel.yaml import YAML

    y = YAML()
    y.width = 4096
    y.indent(mapping=indent, sequence=seq_offset + 2, offset=seq_offset)
    buf = io.StringIO()
    y.dump(_commented(value), buf)
    return buf.getvalue()


def _commented(value: Any, depth: int = 0) -> Any:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

    if isinstance(value, dict):
        cm = CommentedMap()
        for k, v in value.items():
            cm[k] = _commented(v, depth + 1)
        if depth >= 2:
            cm.fa.set_flow_style()
        return cm
    if isinstance(value, list | tuple):
        cs = CommentedSeq(_commented(v, depth + 1) for v in value)
        if all(not isinstance(v, dict | list | tuple) for v in value):
            cs.fa.set_flow_style()
        return cs
    if isinstance(value, str) and flow_scalar(value) != value:
        # ruamel writes YAML 1.2 and quotes for itself: 21:10, yes and on are strings there,
        # and ``? x`` may stand plain in a flow list; our reader (PyYAML, YAML 1.1) would take
        # them for the number 1270, true, true and a complex key (a player with the id ``yes``
        # made every round unwritable). Quoted wherever PyYAML would quote, every reader agrees.
        quoted = flow_scalar(value)
        return DoubleQuotedScalarString(value) if quoted.startswith('"') else SingleQuotedScalarString(value)
    return value


_PLAIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")
_SPECIAL_WORDS = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false", "null"})


def _plain_scalar(value: Any) -> str | None:
    """A scalar every YAML reader takes as written, unquoted (a number, or an id-like word
    that is no YAML 1.1 or 1.2 keyword): written as it is; None for anything else."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, str) and _PLAIN_WORD.match(value) and value.lower() not in _SPECIAL_WORDS:
        return value
    return None


def _plain_flow(value: Any) -> str | None:
    """A mapping of plain scalars and non-empty lists of them, on one line; None otherwise."""
    if not isinstance(value, dict) or not value:
        return None
    parts = []
    for key, item in value.items():
        if _plain_scalar(key) is None or isinstance(key, int):
            return None
        if isinstance(item, list):
            words = [_plain_scalar(x) for x in item]
            if not words or None in words:
                return None
            parts.append(f"{key}: [{', '.join(words)}]")  # type: ignore[arg-type]
            continue
        text = _plain_scalar(item)
        if text is None:
            return None
        parts.append(f"{key}: {text}")
    return "{" + ", ".join(parts) + "}"


def _plain_block(value: Any, seq_offset: int) -> str | None:
    """What :func:`block_fragment` writes with ruamel.yaml, for the shape of a new round (a
    mapping of plain scalars and non-empty lists of flow mappings of plain scalars), written
    directly: ruamel.yaml took a third of ``pair``'s time on a 2,048-player round. None for
    anything else (ruamel.yaml writes it); a test holds the two to the same text."""
    if not isinstance(value, dict) or not value:
        return None
    lines = []
    for key, item in value.items():
        if _plain_scalar(key) is None or isinstance(key, int):
            return None
        if isinstance(item, list):
            rows = [_plain_flow(x) for x in item]
            if not rows or None in rows:
                return None
            lines.append(f"{key}:")
            lines.extend(f"{' ' * seq_offset}- {row}" for row in rows)
            continue
        text = _plain_scalar(item)
        if text is None:
            return None
        lines.append(f"{key}: {text}")
    return "\n".join(lines) + "\n"
