"""New YAML fragments for an event file, written the way a TO writes them.

The splice editor (:mod:`ingest.edit.splice`) inserts these into a file's text: scalars and
one-line flow values (``{table: 1, players: [alice, bob]}``) with PyYAML's quoting rules,
and block fragments (a new round) with ruamel.yaml in the document's own indentation.
"""

from __future__ import annotations

import io
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString


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
    y = YAML()
    y.width = 4096
    y.indent(mapping=indent, sequence=seq_offset + 2, offset=seq_offset)
    buf = io.StringIO()
    y.dump(_commented(value), buf)
    return buf.getvalue()


def _commented(value: Any, depth: int = 0) -> Any:
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
