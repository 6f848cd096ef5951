"""The kept encoders write the text ``json.dumps`` writes with the same options."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ingest.core.json_text import compact_json

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=20,
)


@given(VALUES, st.booleans())
def test_the_text_is_json_dumps_text(value: Any, sort_keys: bool) -> None:
    expected = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=sort_keys)
    assert compact_json(value, sort_keys=sort_keys) == expected
