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
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import SingleQuotedScalarString


def flow_scalar(value: Any, *, in_flow: bool = True) -> str:
    """Renders a scalar as plain YAML, quoting only when YAML would misread it. Inside a flow
    collection (``in_flow``: ``{id: x, name: 'Smith, John'}``) a comma or a bracket ends a
    plain value, so there it is written as PyYAML writes an item of a one-line list; in a
    block (``location: Games Corner, Utrecht``) it stays plain.

    >>> flow_scalar("2-1"), flow_scalar("yes"), flow_scalar(3), flow_scalar("a: b"), flow_scalar("Smith, John")
    ('2-1', "'yes'", '3', "'a: b'", "'Smith, John'")
    >>> flow_scalar("Smith, John", in_flow=False)
    'Smith, John'
    """
    if in_flow:
        dumped = yaml.safe_dump([value], default_flow_style=True, allow_unicode=True, width=10**6)
        return dumped.strip().removeprefix("[").removesuffix("]")
    dumped = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6)
    return dumped.removesuffix("\n...\n").removesuffix("\n").strip()


def render_flow(value: Any, *, in_flow: bool = False) -> str:
    """Renders data on one line in flow style (``in_flow``: the value itself stands inside a
    flow collection).

    >>> render_flow({"table": 1, "players": ["alice", "bob"]})
    '{table: 1, players: [alice, bob]}'
    >>> render_flow({"id": "x", "name": "Smith, John"})
    "{id: x, name: 'Smith, John'}"
    """
    if isinstance(value, dict):
        return "{" + ", ".join(f"{flow_scalar(k)}: {render_flow(v, in_flow=True)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(render_flow(v, in_flow=True) for v in value) + "]"
    return flow_scalar(value, in_flow=in_flow)


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
    if isinstance(value, str) and _SEXAGESIMAL.match(value):
        # ruamel writes YAML 1.2, where 21:10 is a string; our reader (YAML 1.1) would take
        # it for the number 1270. Quoted, every reader agrees.
        return SingleQuotedScalarString(value)
    return value


_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$")
