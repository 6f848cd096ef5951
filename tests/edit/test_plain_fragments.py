"""A new round written directly (the plain shape every Swiss round takes) is the text ruamel.yaml
writes for it, character for character; anything else is still written by ruamel.yaml."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.edit.yaml_text import _plain_block, block_fragment, ruamel_block

_WORDS = st.sampled_from(
    ["p01266", "alice", "Bob", "yes", "No", "on", "y", "n", "null", "true", "x-1", "a_b", "e", "inf", "nan"]
) | st.text(alphabet="aZ09 :-_#,'\"{}[]!&*", min_size=1, max_size=6)
_SCALARS = _WORDS | st.integers(-5, 10**6) | st.booleans() | st.none()
_FLOW = st.dictionaries(
    st.sampled_from(["table", "players", "bye", "loss", "games", "1", "yes"]),
    _SCALARS | st.lists(_SCALARS, max_size=3),
    max_size=3,
)
_ROUND = st.dictionaries(
    st.sampled_from(["round", "matches", "started", "name", "drops"]),
    _SCALARS | st.lists(_FLOW, max_size=4),
    min_size=1,
    max_size=4,
)


@settings(max_examples=400, deadline=None)
@given(value=_ROUND, indent=st.sampled_from([2, 4]), offset=st.sampled_from([0, 2]))
def test_a_round_written_directly_is_what_ruamel_writes(value: dict[str, Any], indent: int, offset: int) -> None:
    plain = _plain_block(value, offset)
    if plain is not None:
        assert plain == ruamel_block(value, indent, offset)
    assert block_fragment(value, indent, offset) == ruamel_block(value, indent, offset)


def test_a_swiss_round_takes_the_direct_way() -> None:
    value = {"round": 10, "matches": [{"table": 1, "players": ["p00001", "p00002"]}, {"bye": "p00003"}]}
    expected = "round: 10\nmatches:\n  - {table: 1, players: [p00001, p00002]}\n  - {bye: p00003}\n"
    assert _plain_block(value, 2) == expected == ruamel_block(value, 2, 2)
    assert _plain_block({"round": 1, "matches": [{"table": 1, "players": ["yes", "b"]}]}, 2) is None


_IDS = st.sampled_from(["p00001", "alice", "Bob", "x-1", "a_b", "e", "Yes", "off", "NULL", "inf"]) | st.integers(
    0, 2000
)
_ROUNDS = st.fixed_dictionaries(
    {
        "round": st.integers(1, 30),
        "matches": st.lists(
            st.fixed_dictionaries({"table": st.integers(1, 1024), "players": st.lists(_IDS, min_size=2, max_size=2)})
            | st.fixed_dictionaries({"bye": _IDS})
            | st.fixed_dictionaries({"loss": _IDS}),
            min_size=1,
            max_size=6,
        ),
    },
    optional={"started": st.sampled_from(["19:30", "now", "t1930"])},
)


@settings(max_examples=300, deadline=None)
@given(value=_ROUNDS, offset=st.sampled_from([0, 2, 4]))
def test_swiss_rounds_written_directly_are_what_ruamel_writes(value: dict[str, Any], offset: int) -> None:
    plain = _plain_block(value, offset)
    if plain is not None:
        assert plain == ruamel_block(value, 2, offset)
