"""Safe, positioned YAML reading and safe file reading."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from ingest.source.storage import decode_utf8, read_text
from ingest.source.yaml_limits import MAX_NODES
from ingest.source.yamldoc import SafeLoader, format_path, parse_yaml


def test_positions_of_keys_and_values_are_one_based() -> None:
    doc, problems = parse_yaml("name: x\nplayers:\n  - {id: a, name: A}\n  - id: b\n    name: B\n", "e.yaml")
    assert problems == [] and doc is not None
    assert doc.pos(("players", 0, "name")).label() == "e.yaml:3:19"
    assert doc.pos(("players", 1, "id")).label() == "e.yaml:4:9"
    assert doc.pos(("players", 1, "id"), key=True).label() == "e.yaml:4:5"
    # A missing path falls back to the nearest existing ancestor.
    assert doc.pos(("players", 1, "deck")).label() == "e.yaml:4:5"


def test_dates_become_iso_strings_and_numbers_stay_numbers() -> None:
    doc, _ = parse_yaml("date: 2026-11-20\nseed: 42\nratio: 0.5\nflag: true\nnothing:\n", "e.yaml")
    assert doc is not None
    assert doc.data == {"date": "2026-11-20", "seed": 42, "ratio": 0.5, "flag": True, "nothing": None}


_SCALAR_TEXT = st.one_of(
    st.integers(-(10**20), 10**20).map(str),
    st.from_regex(r"\A[-+]?[0-9_]{1,8}\Z"),  # leading zeros (YAML 1.1 octal), underscores, signs
    st.sampled_from(["0x1F", "0o17", "017", "0_17", "0b101", "1:30", "1_000", "0", "00", "09", "1e3", ".5", "~", "No"]),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12),
)


@given(st.lists(_SCALAR_TEXT, min_size=1, max_size=6))
def test_scalars_are_read_as_pyyaml_reads_them(values: list[str]) -> None:
    """Strings and plain decimal numbers take a shortcut; every scalar equals PyYAML's value."""
    # Each value quoted as PyYAML writes it, and bare where the text allows (resolved by its form).
    text = "".join(
        f"k{i}: {yaml.safe_dump(v, default_flow_style=True).split(chr(10))[0]}\n" for i, v in enumerate(values)
    )
    text += "".join(
        f"r{i}: {v}\n" for i, v in enumerate(values) if v and v.strip() == v and v[0] not in "{[&*!|>'\"%@`#,?:-"
    )
    try:
        expected = yaml.load(text, Loader=SafeLoader)
    except yaml.YAMLError:
        return
    if any(v != v for v in expected.values()):
        return  # .nan: equal to nothing, itself included
    doc, problems = parse_yaml(text, "e.yaml")
    if any(p.code == "yaml-value" for p in problems) or doc is None:
        return  # e.g. a date YAML resolves but no calendar has: reported, not compared
    assert {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in expected.items()} == doc.data
    assert [type(v) for v in doc.data.values()] == [
        str if hasattr(v, "isoformat") else type(v) for v in expected.values()
    ]


def test_a_number_too_long_to_read_is_a_positioned_problem() -> None:
    _, problems = parse_yaml("seed: " + "1" * 5000 + "\n", "e.yaml")
    assert [(p.code, p.pos.label()) for p in problems] == [("yaml-value", "e.yaml:1:7")]


def test_duplicate_keys_are_reported_with_the_first_line() -> None:
    _, problems = parse_yaml("a: 1\nb:\n  c: 1\n  c: 2\n", "e.yaml")
    assert [(p.code, p.pos.line, p.pos.col) for p in problems] == [("duplicate-key", 4, 3)]
    assert "first at line 3" in problems[0].message


@pytest.mark.parametrize(
    "text",
    [
        "a: !!python/object/apply:os.system ['ls']\n",
        "a: !!python/name:os.system\n",
        "a: !custom x\n",
        "a: !!set {x, y}\n",
        "a: !!binary aGVsbG8=\n",
    ],
)
def test_tags_that_construct_objects_are_refused(text: str) -> None:
    doc, problems = parse_yaml(text, "e.yaml")
    assert doc is None
    assert [p.code for p in problems] == ["yaml-tag"]


def test_alias_bombs_are_capped() -> None:
    layers = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        layers.append(f"{cur}: &{cur} [{', '.join(['*' + prev] * 9)}]")
    doc, problems = parse_yaml("\n".join(layers) + "\n", "e.yaml")
    assert doc is None
    assert [p.code for p in problems] == ["yaml-too-large"]
    assert MAX_NODES < 9**9


def test_recursive_alias_is_refused() -> None:
    doc, problems = parse_yaml("a: &a [1, *a]\n", "e.yaml")
    assert doc is None and problems[0].code == "yaml-too-large"


def test_small_aliases_and_merge_keys_are_plain_data() -> None:
    doc, problems = parse_yaml("base: &b {best_of: 3}\nx:\n  <<: *b\n  pairing: swiss\n", "e.yaml")
    assert problems == [] and doc is not None
    assert doc.data["x"] == {"pairing": "swiss", "best_of": 3}


def test_syntax_error_is_positioned_in_plain_words() -> None:
    _, problems = parse_yaml("name: x\nlocation: Hall: B\n", "e.yaml")
    assert problems[0].pos.label() == "e.yaml:2:15"
    assert "colon" in problems[0].message and "quotes" in problems[0].hint


def test_non_utf8_bytes_are_positioned() -> None:
    text, problems = decode_utf8("ok: 1\nname: caf\xe9\n".encode("latin-1"), "e.yaml")
    assert text is None
    assert problems[0].pos.label() == "e.yaml:2:10" and problems[0].code == "encoding"


def test_byte_order_mark_is_accepted() -> None:
    text, problems = decode_utf8(b"\xef\xbb\xbfname: x\n", "e.yaml")
    assert (text, problems) == ("name: x\n", [])


def test_oversized_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("a: " + "x" * 2000 + "\n")
    text, problems = read_text(path, "big.yaml", limit=1000)
    assert text is None and problems[0].code == "file-too-large"
    assert problems[0].render().startswith("big.yaml:1:1: error[file-too-large]: ")


def test_unreadable_file_is_positioned_at_its_start(tmp_path: Path) -> None:
    text, problems = read_text(tmp_path, "folder.yaml")  # a folder cannot be read as text
    assert text is None and [(p.code, p.pos.label()) for p in problems] == [("io", "folder.yaml:1:1")]


def test_format_path() -> None:
    assert format_path(("rounds", 2, "matches", 4, "games")) == "rounds[2].matches[4].games"


def test_values_written_out_and_values_aliases_add_have_limits_of_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38: a 20,000-player event has no alias, yet stopped at the alias limit (one cap
    for both); each limit is now its own, and the refusal names it and the file's figure."""
    import ingest.source.yaml_limits as yaml_limits

    monkeypatch.setattr(yaml_limits, "MAX_NODES", 1_000)
    monkeypatch.setattr(yaml_limits, "MAX_ALIAS_VALUES", 50)
    plain = "rounds:\n" + "".join(f"  - [p{i}, q{i}]\n" for i in range(300))  # 1 + 300 * 3 values
    doc, problems = parse_yaml(plain, "e.yaml")
    assert problems == [] and doc is not None and len(doc.data["rounds"]) == 300
    # the same values with an alias that adds 40: within both limits
    doc, problems = parse_yaml("a: &a [" + ", ".join(["x"] * 39) + "]\nb: *a\n" + plain, "e.yaml")
    assert problems == [] and doc is not None and len(doc.data["b"]) == 39
    # an alias that adds 60: over the alias limit, though the file writes few values
    doc, problems = parse_yaml("a: &a [" + ", ".join(["x"] * 59) + "]\nb: *a\n", "e.yaml")
    assert doc is None and [p.code for p in problems] == ["yaml-too-large"]
    assert "50 values (the limit for what aliases may add; the file itself writes 61)" in problems[0].message
    # written out, without any alias: the value limit, with the file's own count
    doc, problems = parse_yaml("rounds:\n" + "".join(f"  - [p{i}, q{i}]\n" for i in range(400)), "e.yaml")
    assert doc is None and [p.code for p in problems] == ["yaml-too-large"]
    assert problems[0].message == (
        "the file has 1,202 values (lists, mappings and scalars); the limit for one file is 1,000"
    )
    assert "alias" not in problems[0].message


def test_the_limits_admit_a_20000_player_15_round_event() -> None:
    """The sizes the limits are set for (issue 38): ~10 MB and ~1,000,000 values."""
    from ingest.source.storage import MAX_FILE_BYTES
    from ingest.source.yaml_limits import MAX_ALIAS_VALUES

    players, matches = 20_000, 15 * 10_000
    values = 1 + 3 * players + 15 * 3 + 6 * matches  # roster, rounds, matches
    assert values * 2 < MAX_NODES
    line = "      - {table: 10000, players: [p19999, p20000], games: 2-1}\n"
    assert (len(line) * matches + 40 * players) * 2 < MAX_FILE_BYTES
    assert MAX_ALIAS_VALUES < 9**6


_DATA = st.recursive(
    st.one_of(st.none(), st.integers(), st.text(max_size=5)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=4), inner, max_size=4)),
    max_leaves=30,
)


@given(_DATA)
def test_a_document_without_aliases_counts_its_values_as_a_tree(data: object) -> None:
    """A file without an anchor is counted without remembering the nodes met (no node is met
    twice); the count is the one the walk that follows aliases gives."""
    from ingest.source.yaml_limits import _tree_values, _written_values

    text = yaml.safe_dump(data)
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    assert root is not None
    assert _tree_values(root) == _written_values(root)


def _tags(node: yaml.Node) -> list[str]:
    """Every node's tag, depth first (a mapping's keys and values in order)."""
    out = [node.tag]
    if isinstance(node, yaml.SequenceNode):
        for item in node.value:
            out += _tags(item)
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            out += _tags(key) + _tags(value)
    return out


@given(st.lists(_SCALAR_TEXT, min_size=1, max_size=6))
def test_remembered_tags_are_the_ones_pyyaml_resolves(values: list[str]) -> None:
    """The loader gives a quoted scalar the text tag at once and remembers a short plain
    scalar's tag by its text: every tag equals the one PyYAML's own (pure-Python,
    unremembered) resolver gives, read twice (the second time from what the first
    remembered)."""
    text = "".join(
        f"k{i}: {yaml.safe_dump(v, default_flow_style=True).split(chr(10))[0]}\n" for i, v in enumerate(values)
    )
    text += "".join(
        f"r{i}: {v}\n" for i, v in enumerate(values) if v and v.strip() == v and v[0] not in "{[&*!|>'\"%@`#,?:-"
    )
    try:
        expected = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return
    assert expected is not None
    for _ in range(2):
        ours = yaml.compose(text, Loader=SafeLoader)
        assert ours is not None and _tags(ours) == _tags(expected)


@given(_DATA, st.booleans())
def test_the_walk_without_anchors_is_the_walk_that_follows_them(data: object, config: bool) -> None:
    """A file without an anchor takes the walk's shortcut for text (no node is met twice); data,
    positions and problems are those of the walk that follows aliases, on the same nodes."""
    from ingest.source.yaml_walker import Walker

    text = yaml.safe_dump({"data": data}) + 'bad: "a\\u202eb"\nlines: "one\\ntwo"\n'
    root = yaml.compose(text, Loader=SafeLoader)
    assert root is not None
    short, full = Walker("e.yaml", config=config), Walker("e.yaml", config=config, aliases=True)
    assert short.convert(root, (), 0) == full.convert(root, (), 0)
    assert (short.values, short.keys, short.problems, short.nodes) == (
        full.values,
        full.keys,
        full.problems,
        full.nodes,
    )
    assert config or [p.code for p in short.problems][-2:] == ["unsafe-text", "unsafe-text"]
