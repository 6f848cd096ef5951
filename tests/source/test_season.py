"""Season files: reading, positioned errors, presets, and tables worked out by hand."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from ingest.cli.main import main
from ingest.source.project import Project
from ingest.source.season import Placement, Points, Qualification, Rules, Selection, Step
from ingest.source.season_files import load_presets, load_seasons
from ingest.summary.season_table import SeasonEvent, SeasonResult, compute_table, movement, table_progression
from tests.builders import DATA, ROOT
from tests.goldens import Golden

FIXTURES = sorted((DATA / "seasons").glob("*.yaml"))


def _project(tmp_path: Path, *seasons: Path) -> Project:
    """A project with the sample events and the given season files."""
    shutil.copytree(ROOT / "events", tmp_path / "events")
    (tmp_path / "mkdocs.yml").write_text("site_name: Test\n", encoding="utf-8")
    (tmp_path / "seasons").mkdir()
    for path in seasons:
        shutil.copy(path, tmp_path / "seasons" / path.name)
    return Project(tmp_path)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_bad_season_file_gives_positioned_diagnostics(path: Path, tmp_path: Path, golden: Golden) -> None:
    project = _project(tmp_path, path)
    result = CliRunner().invoke(main, ["--root", str(project.root), "validate", "--strict"], catch_exceptions=False)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert f"seasons/{path.name}:" in result.stdout
    golden.check(path.with_suffix(".expected.txt"), result.stdout)


def test_validate_one_season_file_checks_only_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _project(tmp_path, ROOT / "seasons" / "dragons-hoard-league-2026.yaml")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        main,
        ["--root", str(project.root), "validate", "seasons/dragons-hoard-league-2026.yaml"],
        catch_exceptions=False,
    )
    assert (result.exit_code, result.stdout) == (0, "")
    assert "checked 1 season file: no problems found" in result.stderr


def test_sample_season_reads_with_its_preset_and_overrides() -> None:
    seasons, problems = load_seasons(Project(ROOT))
    assert problems == []
    (season,) = [s for s in seasons if s.id == "dragons-hoard-league-2026"]
    assert season.preset == "store-league"
    # From the preset: match win 3, draw 1, participation 1, bonus after 4 and 8 nights.
    assert season.rules.points == Points(
        match_win=Fraction(3),
        match_draw=Fraction(1),
        participation=Fraction(1),
        attendance=(Step(4, Fraction(3)), Step(8, Fraction(3))),
    )
    # The season's own keys replace the preset's.
    assert season.rules.best == 3
    assert season.rules.qualify == Qualification(4, "league finals")
    assert season.selection.organizers == ("The Dragon's Hoard",)


def test_shipped_presets_are_pinned() -> None:
    presets, problems = load_presets(Project(ROOT))
    assert problems == []
    assert sorted(presets) == ["circuit", "store-league"]
    circuit = presets["circuit"].rules
    assert circuit.points.placement == (
        Placement(1, 1, Fraction(10)),
        Placement(2, 2, Fraction(8)),
        Placement(3, 4, Fraction(6)),
        Placement(5, 8, Fraction(4)),
        Placement(9, 16, Fraction(2)),
    )
    assert [circuit.points.size_factor(n) for n in (8, 16, 17, 32, 33, 200)] == [1, 1, Fraction(3, 2), 1.5, 2, 2]
    assert circuit.best == 5
    assert circuit.tiebreakers == ("best-finish", "head-to-head", "match-points", "events-played")


def test_a_project_preset_replaces_the_shipped_one(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (tmp_path / "presets").mkdir()
    (tmp_path / "presets" / "circuit.yaml").write_text("points: {placement: [{place: 1, points: 3}]}\n")
    presets, problems = load_presets(project)
    assert problems == []
    assert presets["circuit"].rules.points.placement == (Placement(1, 1, Fraction(3)),)
    assert "store-league" in presets


def test_schemas_of_seasons_and_presets_share_their_definitions() -> None:
    season = json.loads((ROOT / "schema" / "season.schema.json").read_text())
    preset = json.loads((ROOT / "schema" / "season-preset.schema.json").read_text())
    assert season["$defs"] == preset["$defs"]
    assert {k: season["properties"][k] for k in ("points", "best", "tiebreakers", "qualify")} == {
        k: preset["properties"][k] for k in ("points", "best", "tiebreakers", "qualify")
    }


def test_selection_by_every_condition() -> None:
    s = Selection(
        games=("mtg",), formats=("modern", "pioneer"), organizers=("The Dragon's Hoard",),
        start=dt.date(2026, 9, 1), end=dt.date(2026, 12, 31), include=("old-one",), exclude=("skip-me",),
    )  # fmt: skip
    base = ("e", dt.date(2026, 10, 1), "mtg", "modern", "the dragon's hoard")
    assert s.counts(*base)
    assert not s.counts("e", dt.date(2026, 10, 1), "mtg", "legacy", "The Dragon's Hoard")
    assert not s.counts("e", dt.date(2027, 1, 1), "mtg", "modern", "The Dragon's Hoard")
    assert not s.counts("e", dt.date(2026, 8, 31), "mtg", "modern", "The Dragon's Hoard")
    assert not s.counts("e", dt.date(2026, 10, 1), "wot", "modern", "The Dragon's Hoard")
    assert not s.counts("e", dt.date(2026, 10, 1), "mtg", "modern", "Card Kingdom")
    assert s.counts("old-one", dt.date(2020, 1, 1), "wot", "sealed", "")
    assert not s.counts("skip-me", dt.date(2026, 10, 1), "mtg", "modern", "The Dragon's Hoard")
    assert not Selection(include=("a",)).counts("b", dt.date(2026, 1, 1), "mtg", "modern", "")


# -- tables worked out by hand ------------------------------------------------------------


def _event(
    slug: str, day: int, field: int, rows: list[tuple[str, int, int, int, int]], beat: tuple[tuple[str, str], ...] = ()
) -> SeasonEvent:
    """rows: (player, rank, wins, losses, draws); match points 3 per win, 1 per draw."""
    results = tuple(SeasonResult(p, r, w, lo, d, 3 * w + d) for p, r, w, lo, d in rows)
    wins: dict[tuple[str, str], int] = {}
    for winner, loser in beat:
        wins[(winner, loser)] = wins.get((winner, loser), 0) + 1
    return SeasonEvent(slug, slug.title(), dt.date(2026, 1, day), field, results, wins)


CIRCUIT = Rules(
    Points(
        placement=(Placement(1, 1, Fraction(10)), Placement(2, 2, Fraction(8)), Placement(3, 4, Fraction(6))),
        participation=Fraction(1),
    ),
    best=2,
    tiebreakers=("match-points", "head-to-head", "events-played"),
    qualify=Qualification(2),
)


def test_best_n_keeps_the_two_best_results_and_lists_the_dropped_one() -> None:
    # Ann: 1st (10+1), 3rd (6+1), 2nd (8+1): best two are 11 and 9 = 20; the 7 is dropped.
    # Ben: 2nd (8+1), 1st (10+1), 4th (6+1): best two 9 + 11 = 20; the 7 is dropped.
    events = [
        _event("one", 1, 4, [("ann", 1, 3, 0, 0), ("ben", 2, 2, 1, 0), ("cat", 3, 1, 2, 0), ("dan", 4, 0, 3, 0)]),
        _event("two", 8, 4, [("ben", 1, 3, 0, 0), ("cat", 2, 2, 1, 0), ("ann", 3, 1, 2, 0), ("dan", 4, 0, 3, 0)]),
        _event("three", 15, 4, [("cat", 1, 3, 0, 0), ("ann", 2, 2, 1, 0), ("dan", 3, 1, 2, 0), ("ben", 4, 0, 3, 0)]),
    ]
    table = compute_table(CIRCUIT, events)
    got = {r.player: (r.total, [(s.slug, s.total, s.counted) for s in r.results]) for r in table.rows}
    assert got["ann"] == (
        Fraction(20),
        [("one", Fraction(11), True), ("two", Fraction(7), False), ("three", Fraction(9), True)],
    )
    assert got["ben"] == (
        Fraction(20),
        [("one", Fraction(9), True), ("two", Fraction(11), True), ("three", Fraction(7), False)],
    )
    # Cat: 3rd 7, 2nd 9, 1st 11 -> 9 + 11 = 20 as well. Dan: 4th 7, 4th 7, 3rd 7 -> 14.
    assert got["cat"][0] == 20 and got["dan"][0] == 14
    # Three players on 20: match points of the counted results decide.
    # Ann: one (9) + three (6) = 15; Ben: one (6) + two (9) = 15; Cat: two (6) + three (9) = 15.
    # Still level: head-to-head among the three (no meetings recorded) is 0 each; events
    # played 3 each: they share first place, listed by id.
    assert [(r.rank, r.player, r.shared) for r in table.rows] == [
        (1, "ann", True), (1, "ben", True), (1, "cat", True), (4, "dan", False),
    ]  # fmt: skip
    # Qualification: top 2, ties on the line all qualify.
    assert [r.qualified for r in table.rows] == [True, True, True, False]


def test_head_to_head_separates_players_level_on_points_and_match_points() -> None:
    # Two events; Ann and Ben each win one and finish 2nd in the other: 11 + 9 = 20 each,
    # match points 9 + 6 = 15 each. Ann beat Ben twice, Ben beat Ann once: Ann first.
    events = [
        _event("one", 1, 2, [("ann", 1, 3, 0, 0), ("ben", 2, 2, 1, 0)], beat=(("ann", "ben"),)),
        _event("two", 8, 2, [("ben", 1, 3, 0, 0), ("ann", 2, 2, 1, 0)], beat=(("ben", "ann"), ("ann", "ben"))),
    ]
    table = compute_table(CIRCUIT, events)
    assert [(r.rank, r.player, r.total, r.shared) for r in table.rows] == [
        (1, "ann", Fraction(20), False), (2, "ben", Fraction(20), False),
    ]  # fmt: skip


def test_events_played_breaks_a_tie_head_to_head_leaves() -> None:
    rules = Rules(
        Points(match_win=Fraction(3), match_draw=Fraction(1), participation=Fraction(1)),
        tiebreakers=("head-to-head", "events-played"),
    )
    events = [
        _event("one", 1, 3, [("ann", 1, 2, 1, 0), ("ben", 2, 2, 1, 0), ("cat", 3, 1, 2, 0)]),
        _event("two", 8, 3, [("ben", 3, 0, 3, 0), ("cat", 2, 1, 2, 0), ("dan", 1, 2, 0, 1)]),
    ]
    # Ann: 6 + 1 = 7 in one event. Ben: (6 + 1) + (0 + 1) = 8. Cat: (3 + 1) + (3 + 1) = 8.
    # Dan: 6 + 1 + 1 = 8 in one event. Ben, Cat and Dan never met: head-to-head 0 each;
    # events played: Ben and Cat 2, Dan 1.
    table = compute_table(rules, events)
    assert [(r.rank, r.player, r.total, r.events, r.shared) for r in table.rows] == [
        (1, "ben", Fraction(8), 2, True), (1, "cat", Fraction(8), 2, True),
        (3, "dan", Fraction(8), 1, False), (4, "ann", Fraction(7), 1, False),
    ]  # fmt: skip


def test_a_player_who_plays_one_event() -> None:
    rules = Rules(
        Points(match_win=Fraction(3), match_draw=Fraction(1), participation=Fraction(1),
               attendance=(Step(2, Fraction(5)),)),
    )  # fmt: skip
    events = [
        _event("one", 1, 3, [("ann", 1, 2, 0, 0), ("ben", 2, 1, 1, 0), ("cat", 3, 0, 2, 0)]),
        _event("two", 8, 2, [("ann", 1, 1, 0, 1), ("ben", 2, 0, 1, 1)]),
    ]
    table = compute_table(rules, events)
    rows = {r.player: r for r in table.rows}
    # Ann: (6 + 1) + (3 + 1 + 1) + bonus 5 = 17. Ben: (3 + 1) + (0 + 1 + 1) + 5 = 11.
    # Cat, one event: 0 + 1 = 1, no bonus.
    assert (rows["ann"].total, rows["ben"].total, rows["cat"].total) == (Fraction(17), Fraction(11), Fraction(1))
    assert (rows["cat"].bonus, rows["cat"].events, [s.slug for s in rows["cat"].results]) == (Fraction(0), 1, ["one"])
    assert [r.player for r in table.rows] == ["ann", "ben", "cat"]


def test_placement_scaled_by_event_size() -> None:
    rules = Rules(
        Points(placement=(Placement(1, 1, Fraction(10)), Placement(2, 8, Fraction(4))),
               size_factors=(Step(17, Fraction(3, 2)), Step(33, Fraction(2)))),
    )  # fmt: skip
    small = _event("small", 1, 12, [("ann", 1, 3, 0, 0), ("ben", 5, 2, 1, 0)])
    big = _event("big", 8, 40, [("ben", 1, 6, 0, 0), ("ann", 9, 3, 3, 0)])
    mid = _event("mid", 15, 20, [("ann", 2, 4, 1, 0)])
    rows = {r.player: r for r in compute_table(rules, [small, big, mid]).rows}
    # Ann: 10 (small) + 0 (9th is outside the table) + 4 x 1.5 = 16. Ben: 4 + 10 x 2 = 24.
    assert (rows["ann"].total, rows["ben"].total) == (Fraction(16), Fraction(24))


def test_table_after_each_event_and_movement() -> None:
    events = [
        _event("one", 1, 3, [("ann", 1, 2, 0, 0), ("ben", 2, 1, 1, 0), ("cat", 3, 0, 2, 0)]),
        _event("two", 8, 3, [("cat", 1, 2, 0, 0), ("ben", 2, 1, 1, 0), ("dan", 3, 0, 2, 0)]),
    ]
    rules = Rules(Points(match_win=Fraction(3), participation=Fraction(1)), tiebreakers=("match-points",))
    first, second = table_progression(rules, events)
    assert [r.player for r in first.rows] == ["ann", "ben", "cat"]
    # After one: Ann 7, Ben 4, Cat 1. After two: Ben 4 + 4 = 8 and Cat 1 + 7 = 8, level on
    # match points too (3 + 3 and 0 + 6): they share first; Ann 7, Dan 1.
    assert [(r.rank, r.player, r.total) for r in second.rows] == [
        (1, "ben", Fraction(8)), (1, "cat", Fraction(8)), (3, "ann", Fraction(7)), (4, "dan", Fraction(1)),
    ]  # fmt: skip
    assert movement(first, second) == {"ben": 1, "cat": 2, "ann": -2, "dan": None}
    assert movement(None, first) == {"ann": None, "ben": None, "cat": None}


# -- property ----------------------------------------------------------------------------

_result = st.tuples(
    st.integers(1, 16), st.integers(0, 5), st.integers(0, 5), st.integers(0, 2)
)  # rank, wins, losses, draws
_events = st.lists(
    st.dictionaries(st.sampled_from(["ann", "ben", "cat", "dan", "eve"]), _result, min_size=1), min_size=1, max_size=6
)
_rules = st.builds(
    lambda place, win, draw, part, bonus, factor: Rules(
        Points(
            placement=tuple(Placement(i + 1, i + 1, Fraction(p)) for i, p in enumerate(place)),
            match_win=Fraction(win),
            match_draw=Fraction(draw),
            participation=Fraction(part),
            attendance=(Step(2, Fraction(bonus)),),
            size_factors=(Step(4, Fraction(factor, 2)),),
        )
    ),
    st.lists(st.integers(0, 12), max_size=8),
    st.integers(0, 3),
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(0, 5),
    st.integers(1, 6),
)


def _season_events(raw: list[dict[str, tuple[int, int, int, int]]]) -> list[SeasonEvent]:
    return [
        SeasonEvent(
            f"e{i}",
            f"E{i}",
            dt.date(2026, 1, 1) + dt.timedelta(days=i),
            len(rows),
            tuple(SeasonResult(p, r, w, lo, d, 3 * w + d) for p, (r, w, lo, d) in sorted(rows.items())),
            {},
        )
        for i, rows in enumerate(raw)
    ]


@given(_events, _rules, st.integers(0, 6))
def test_adding_an_event_never_lowers_a_total_when_every_result_counts(
    raw: list[dict[str, tuple[int, int, int, int]]], rules: Rules, at: int
) -> None:
    events = _season_events(raw)
    before, extra = events[:-1], events[-1]
    insert = min(at, len(before))
    after = [*before[:insert], extra, *before[insert:]]
    old = {r.player: r.total for r in compute_table(rules, before).rows}
    new = {r.player: r.total for r in compute_table(rules, after).rows}
    for player, total in old.items():
        assert new[player] >= total
    assert set(new) == set(old) | {r.player for r in extra.results}


def test_the_readme_examples_are_valid(tmp_path: Path) -> None:
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Seasons and leagues", 1)[1].split("\n## ", 1)[0]
    season, preset = re.findall(r"```yaml\n(.*?)```", section, re.S)
    project = _project(tmp_path)
    (tmp_path / "seasons" / "example.yaml").write_text(season.replace("preset: circuit\n", ""), encoding="utf-8")
    (tmp_path / "presets").mkdir()
    (tmp_path / "presets" / "weekly-kitchen-table.yaml").write_text(preset, encoding="utf-8")
    (tmp_path / "seasons" / "weekly.yaml").write_text(
        "name: Weekly\npreset: weekly-kitchen-table\nevents: {game: mtg}\n", encoding="utf-8"
    )
    seasons, problems = load_seasons(project, ["2026-11-13-friday-night-modern"])
    # Only the example's made-up event addresses are reported.
    assert [(d.code, d.is_error) for d in problems] == [("season-event", False), ("season-event", False)]
    assert {s.id: s.rules.best for s in seasons} == {"example": 3, "weekly": 10}
