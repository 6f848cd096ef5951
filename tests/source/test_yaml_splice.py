"""An edited text read from the old text's reading (ingest.source.yaml_splice) is read exactly
as the whole text would be, or not at all: then the whole text is read."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.core.model import Event
from ingest.edit.event_file import Edit, EditFunction, EditRefused, make_edit
from ingest.source.project import Project
from ingest.source.yaml_splice import reread
from ingest.source.yamldoc import SourceDocument, parse_yaml
from tests.builders import ROOT

TEXT = """\
name: Splice
date: 2026-12-04
game: mtg
format: modern
seed: 7
structure: {pairing: swiss, swiss_rounds: 3, best_of: 3}
players:
  - {id: ana, name: Ana}
  - {id: ben, name: Ben}  # late
  - {id: cem, name: Cem}
  - {id: dee, name: Dee}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [ana, ben], games: 2-1}
      - {table: 2, players: [cem, dee], games: 2-0}
  - round: 2
    matches:
      - {table: 1, players: [ana, cem]}
      - {table: 2, players: [ben, dee]}  # the last table
"""

MATCH = "{table: 1, players: [ana, cem]}"
LAST = "      - {table: 2, players: [ben, dee]}  # the last table\n"


def _old(text: str = TEXT) -> SourceDocument:
    doc, problems = parse_yaml(text, "e.yaml", keep_tree=True)
    assert doc is not None and not problems
    return doc


def _same_as_whole(old_text: str, new_text: str) -> SourceDocument | None:
    """What reread gives, after checking it is what reading the whole new text gives."""
    got = reread(_old(old_text), old_text, new_text)
    if got is not None:
        whole, problems = parse_yaml(new_text, "e.yaml")
        assert whole is not None and not problems, problems
        assert (got.data, dict(got.values), dict(got.keys)) == (whole.data, dict(whole.values), dict(whole.keys))
    return got


def test_a_result_written_into_a_match_is_read_from_the_old_reading() -> None:
    new = TEXT.replace(MATCH, "{table: 1, players: [ana, cem], games: 0-2}")
    got = _same_as_whole(TEXT, new)
    assert got is not None and got.data["rounds"][1]["matches"][0]["games"] == "0-2"
    assert got.pos(("rounds", 1, "matches", 0, "games")).label() == "e.yaml:19:48"


def test_a_round_appended_at_the_end_is_read_from_the_old_reading() -> None:
    added = "  - round: 3\n    matches:\n      - {table: 1, players: [ana, dee]}\n      - {bye: ben}\n"
    got = _same_as_whole(TEXT, TEXT + added)
    assert got is not None and got.data["rounds"][2] == {
        "round": 3,
        "matches": [{"table": 1, "players": ["ana", "dee"]}, {"bye": "ben"}],
    }
    assert got.pos(("rounds", 2, "matches", 1, "bye")).label() == "e.yaml:24:15"


@pytest.mark.parametrize(
    "new",
    [
        # anchors and aliases: what changed could be repeated elsewhere
        TEXT.replace(MATCH, "{table: 1, players: [ana, cem], games: &g 0-2}"),
        TEXT + "  - &r {round: 3, matches: []}\n",
        # a comment inside the new mapping would swallow its closing bracket
        TEXT.replace(MATCH, "{table: 1, players: [ana, cem], games: 0-2 #}"),
        # a line break: the mapping is no longer one line
        TEXT.replace(MATCH, "{table: 1,\n players: [ana, cem]}"),
        # more than the mapping: two places changed
        TEXT.replace(MATCH, "{table: 1, players: [ana, cem], games: 0-2}").replace("seed: 7", "seed: 8"),
        # a key of a block mapping added, and a list that does not end the document grown
        TEXT.replace("  - round: 2\n", "  - round: 2\n    started: '19:30'\n"),
        TEXT.replace("  - {id: dee, name: Dee}\n", "  - {id: dee, name: Dee}\n  - {id: eve, name: Eve}\n"),
        # appended lines that do not stand as items of the last list
        TEXT + "- round: 3\n",
        TEXT + "  - round: 3\n  matches: []\n",
        TEXT + "playoff: []\n",
        # the mapping no longer closed on its line
        TEXT.replace(MATCH, "{table: 1, players: [ana, cem]"),
    ],
)
def test_a_change_of_another_shape_is_read_whole(new: str) -> None:
    assert reread(_old(), TEXT, new) is None


def test_the_new_part_is_checked_as_the_whole_text_would_be() -> None:
    # a duplicate key, a tag, a value that is not a number: the whole text is read, to say so
    for mapping in (
        "{table: 1, table: 2, players: [ana, cem]}",
        "{table: !!python/name:os.system 1, players: [ana, cem]}",
        "{table: 1, players: [ana, cem], games: .inf}",
        "{table: 1, players: [ana, cem], games: '\u202e2-0'}",
    ):
        assert reread(_old(), TEXT, TEXT.replace(MATCH, mapping)) is None, mapping


_WORDS = st.sampled_from(
    [
        "ana",
        "cem",
        "2-1",
        "0-0-3",
        "1",
        "-3",
        "yes",
        "null",
        "~",
        "'a b'",
        '"x\\ty"',
        "a:b",
        "2026-01-01",
        "1e3",
        "[]",
        "{}",
    ]
)
_FLOW = st.recursive(
    _WORDS,
    lambda inner: (
        st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]")
        | st.lists(st.tuples(st.sampled_from(["games", "result", "table", "x"]), inner), max_size=3).map(
            lambda kvs: "{" + ", ".join(f"{k}: {v}" for k, v in kvs) + "}"
        )
    ),
    max_leaves=6,
)
_NOISE = st.text(alphabet=" ,:[]{}#&*!'\"\t\n-x", max_size=4)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(mapping=_FLOW, noise=_NOISE, at=st.integers(0, 60))
def test_a_changed_flow_mapping_reads_as_the_whole_text(mapping: str, noise: str, at: int) -> None:
    """Whatever replaces a match's mapping (with stray brackets, quotes, comments or breaks
    thrown in), the reading from the old one is the whole text's, or there is none."""
    piece = mapping[:at] + noise + mapping[at:]
    new = TEXT.replace(MATCH, piece)
    _same_as_whole(TEXT, new)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    items=st.lists(_FLOW, min_size=1, max_size=3),
    indent=st.sampled_from(["", " ", "  ", "   ", "    "]),
    noise=_NOISE,
    blank=st.sampled_from(["", "\n", "\n  \n"]),
)
def test_appended_items_read_as_the_whole_text(items: list[str], indent: str, noise: str, blank: str) -> None:
    """Lines appended after the last list, at its column or any other, read the same alone and in place."""
    old = TEXT + blank
    added = "".join(f"{indent}- {item}\n" for item in items[:-1]) + f"{indent}- {items[-1]}{noise}\n"
    _same_as_whole(old, TEXT + added + blank)


# -- the edit that uses it -----------------------------------------------------------------------


@pytest.fixture
def project(tmp_path: Path) -> Project:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    return Project(tmp_path)


def _edit(piece: str, *, also: tuple[str, str] = ("", "")) -> EditFunction:
    def edit(text: str, event: Event) -> Edit:
        new = str(text).replace(MATCH, piece)
        if also[0]:
            new = new.replace(*also)
        return Edit(new, "changed")

    return edit


def test_an_edit_read_from_the_old_reading_is_still_refused_for_an_error(project: Project) -> None:
    # an impossible score in the one changed match: the schema and assembly see it
    with pytest.raises(EditRefused, match="games"):
        make_edit(TEXT, "e.yaml", project, _edit("{table: 1, players: [ana, cem], games: 3-0}"))
    # a player who is not in the event, in the one changed match
    with pytest.raises(EditRefused, match="zed"):
        make_edit(TEXT, "e.yaml", project, _edit("{table: 1, players: [ana, zed]}"))
    # a player now twice in round 2: the error is about the other, untouched table
    with pytest.raises(EditRefused, match=r"twice|more than once"):
        make_edit(TEXT, "e.yaml", project, _edit("{table: 1, players: [ana, ben]}"))
    # a duplicate key: the whole text is read, and refused
    with pytest.raises(EditRefused, match="twice"):
        make_edit(TEXT, "e.yaml", project, _edit("{table: 1, table: 3, players: [ana, cem]}"))
    # a result recorded and, far from it, the roster broken: two places, read whole
    broken = ("  - {id: dee, name: Dee}\n", "  - {id: ana, name: Dee}\n")
    with pytest.raises(EditRefused, match="ana"):
        make_edit(TEXT, "e.yaml", project, _edit("{table: 1, players: [ana, cem], games: 2-0}", also=broken))


def test_an_edit_read_from_the_old_reading_is_taken_with_what_it_adds(project: Project) -> None:
    made = make_edit(TEXT, "e.yaml", project, _edit("{table: 1, players: [ana, cem], games: 2-0}"))
    assert "{table: 1, players: [ana, cem], games: 2-0}" in made.edit.text and not made.remaining
    done = TEXT.replace("[ana, cem]}", "[ana, cem], games: 2-0}").replace("[ben, dee]}", "[ben, dee], games: 2-0}")
    round_3 = "  - round: 3\n    matches:\n      - {table: 1, players: [%s]}\n      - {table: 2, players: [%s]}\n"
    rematches = done + round_3 % ("ana, ben", "cem, dee")
    assert reread(_old(done), done, rematches) is not None  # read from the old reading, and yet:
    with pytest.raises(EditRefused, match="meet again"):  # the rounds before it are checked with it
        make_edit(done, "e.yaml", project, lambda text, event: Edit(rematches, "paired"))
    fresh = done + round_3 % ("ana, dee", "ben, cem")
    made = make_edit(done, "e.yaml", project, lambda text, event: Edit(fresh, "paired"))
    assert made.edit.text == fresh and not made.remaining
