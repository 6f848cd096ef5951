"""Positions in an imported JSON file (ingest.importers.jsonpos): right, and found in one pass however
many values of a large file are located."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ingest.importers.jsonpos import PositionIndex

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=20,
)


def _paths(node: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*prefix, i))
    return out


def _naive(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


@given(JSON, st.sampled_from([None, 1, 2]))
def test_each_value_is_located_where_it_starts(doc: Any, indent: int | None) -> None:
    text = json.dumps(doc, indent=indent)
    index = PositionIndex(text)
    for path in _paths(doc):
        line, col = index.locate(path)
        lines = text.split("\n")
        offset = sum(len(x) + 1 for x in lines[: line - 1]) + col - 1
        assert (line, col) == _naive(text, offset)
        # The value found there is the value at the path.
        node = doc
        for step in path:
            node = node[step]
        assert json.JSONDecoder().raw_decode(text, offset)[0] == node


class CountingText(str):
    """A text that counts the scans of it a line number could come from."""

    scans = 0

    def count(self, *args: Any) -> int:
        CountingText.scans += 1
        return super().count(*args)

    def rfind(self, *args: Any) -> int:
        CountingText.scans += 1
        return super().rfind(*args)

    def split(self, *args: Any, **kwargs: Any) -> list[str]:
        CountingText.scans += 1
        return super().split(*args, **kwargs)


def test_locating_every_row_of_large_standings_scans_the_text_once() -> None:
    """Each standings row gets a position; the line of each was counted from the start of the
    file, so 2,000 rows of a 16 MB file took 18 s instead of 2 (rows times the file's size)."""
    rows = [{"Rank": i + 1, "Player": f"Player {i}", "Points": 9} for i in range(2000)]
    text = CountingText(json.dumps({"Standings": rows}, indent=2))
    index = PositionIndex(text)
    CountingText.scans = 0
    found = [index.locate(("Standings", i)) for i in range(len(rows))]
    assert CountingText.scans <= 1
    assert found[0] == (3, 5) and found[-1] == (3 + 5 * 1999, 5)
