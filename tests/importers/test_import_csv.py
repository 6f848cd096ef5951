"""A spreadsheet of results (CSV) imports into an event file of any game.

The columns are documented in ``docs/importing.md`` and :mod:`ingest.importers.csv_results`.
Each game's sample event is written out as a spreadsheet and imported back: the event file
gives the same standings. Hypothesis does the same for any event. Bad rows are answered
with the file, the row's line and the column.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.core.errors import IngestError
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.core.rounds import GameScore, Match, MatchKind
from ingest.importers import Archive, prepare_import, read_source
from ingest.planner.wot import wot_report
from ingest.rules.final_standings import final_standings
from ingest.rules.standings_values import Standings
from ingest.source.project import Project
from ingest.wot.wot_entry import wot_entries
from tests.builders import make_event
from tests.site_helpers import WOT, sample_event


def _csv(rows: list[list[str]], header: list[str]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def _score_from(m: Match) -> str:
    if m.kind is MatchKind.BYE:
        return "bye"
    if m.kind is MatchKind.LOSS:
        return "loss"
    if m.kind is MatchKind.DOUBLE_LOSS:
        return "double loss"
    return m.score.notation() if m.score is not None else ""


_WOT_RESULT = {"hero": "win", "villain": "loss", "tie": "tie", "both-lose": "both-lose"}


def spreadsheet(event: Event) -> tuple[str, str]:
    """An event as a TO's spreadsheet: the matches file and the players file."""
    names = {p.id: p.name for p in event.players}
    rows: list[list[str]] = []
    wot = event.structure.pairing == "wot-cycles"
    for series, playoff in ((event.rounds, False), (event.playoff, True)):
        for rnd in series:
            label = (rnd.name or f"Playoff round {rnd.number}") if playoff else str(rnd.number)
            for g in wot_entries(rnd):
                if g.hero is None or g.villain is None:
                    rows.append([label, "", names[g.hero or g.villain or ""], "", "bye", "", "", "", ""])
                    continue
                result = _WOT_RESULT.get(g.winner or "", "")
                finals = ["" if v is None else str(v) for v in (g.hero_final, g.villain_final)]
                row = [label, str(g.table or ""), names[g.hero], names[g.villain], result, g.ended or "", g.by or ""]
                rows.append(row + finals)
            for m in rnd.matches:
                b = names[m.players[1]] if len(m.players) > 1 else ""
                table = str(m.table) if m.table is not None else ""
                rows.append([label, table, names[m.players[0]], b, _score_from(m), "", "", "", ""])
    header = ["round", "table", "player", "opponent", "result", "ended", "by", "player_final", "opponent_final"]
    if not wot:
        header, rows = header[:5], [r[:5] for r in rows]
    drops = {p: rnd.number for rnd in event.rounds for p in rnd.drops}
    players = [[p.name, p.id, str(drops.get(p.id, ""))] for p in event.players]
    return _csv(rows, header), _csv(players, ["player", "id", "dropped_after"])


def _import(root: Path, event: Event, **options: object) -> Event:
    matches, players = spreadsheet(event)
    (root / "events").mkdir(exist_ok=True)
    (root / "results.csv").write_text(matches, encoding="utf-8")
    (root / "players.csv").write_text(players, encoding="utf-8")
    opts = {
        "players": root / "players.csv",
        "name": event.name,
        "date": event.date,
        "game": event.game,
        "format": event.format,
        "rules": event.rules,
        "best_of": event.structure.best_of,
        **options,
    }
    t = read_source(root / "results.csv", "results.csv", opts)
    return prepare_import(t, Archive.scan(Project(root))).event


def _rows(table: Standings) -> list[tuple[object, ...]]:
    rows = [
        (r.rank, r.player, r.record.points, r.record.wld, tuple((t, Fraction(n, d)) for t, n, d in r.values))
        for r in table.rows
    ]
    return sorted(rows, key=lambda row: (row[0], str(row[1])))


SAMPLES = [
    "2026-11-13-friday-night-modern",  # MTG, byes, drops, top 8
    "2026-11-06-draft-night",  # MTG draft
    "2026-10-24-transformers-constructed",  # Aequitas
    "2026-09-19-weiss-schwarz-neo-standard",  # Bushiroad, finalists by title
]


@pytest.mark.parametrize("slug", SAMPLES)
def test_each_games_sample_imports_from_a_spreadsheet_with_the_same_standings(slug: str, tmp_path: Path) -> None:
    event = sample_event(slug)
    back = _import(tmp_path, event)
    assert back.game == event.game and back.rules == event.rules
    assert [p.id for p in back.players] == [p.id for p in event.players]
    assert _rows(final_standings(back)) == _rows(final_standings(event))


def test_a_wheel_of_time_spreadsheet_gives_the_same_standings(tmp_path: Path) -> None:
    event = sample_event(WOT)
    back = _import(tmp_path, event)
    assert back.structure.pairing == "wot-cycles"
    original = [(r.player, r.game_points, r.tiebreak_points) for r in wot_report(event).final]
    assert [(r.player, r.game_points, r.tiebreak_points) for r in wot_report(back).final] == original


def test_win_loss_draw_results_record_match_results_only(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    path = tmp_path / "r.csv"
    path.write_text("Round,Player,Opponent,Result\n1,Ana,Bo,win\n1,Cy,Di,draw\n2,Ana,Cy,loss\n2,Bo,Di,W\n")
    t = read_source(path, "r.csv", {"game": "vanguard", "date": dt.date(2026, 3, 1)})
    event = prepare_import(t, Archive.scan(Project(tmp_path))).event
    assert event.structure.results == "matches" and event.rules == "bushiroad"
    assert [m.score for m in event.rounds[0].matches] == [GameScore(1, 0), GameScore(0, 0, 1)]
    assert {r.player: r.record.wld for r in final_standings(event).rows} == {
        "ana": "1-1-0",
        "bo": "1-1-0",
        "cy": "1-0-1",
        "di": "0-1-1",
    }


BAD = [
    ("round,player,opponent,result\n1,Ana,Bo,2:1\n", {}, "r.csv:2:4", 'row 2, column 4 (result): "2:1" is not'),
    ("round,player,opponent,result\nfirst,Ana,Bo,2-1\n", {}, "r.csv:2:1", 'row 2, column 1 (round): "first" is not'),
    ("round,player,opponnent,result\n1,Ana,Bo,2-1\n", {}, "r.csv:1:3", 'column 3 is named "opponnent"'),
    ("round,player,result\n", {}, None, None),
    ("player,opponent,result\n1,Ana,2-1\n", {}, "r.csv:1:1", 'the header has no "round" column'),
    ("round,player,opponent,result\n1,Ana,Ana,2-1\n", {}, "r.csv:2:3", '"Ana" is paired against themselves'),
    ("round,player,opponent,result\n1,Ana,Bo,2-1\n1,Ana,Cy,2-0\n", {}, "r.csv:3:4", '"Ana" has two rows in this round'),
    ("round,player,opponent,result\n1,Ana,,2-1\n", {}, "r.csv:2:4", '"2-1" with no opponent'),
    ("round,player,opponent,result\n1,Ana,Bo,2-1\n1,Cy,Di,win\n", {}, "r.csv:3:4", "some rows give games"),
    ("round,player,opponent,result\n1,Ana,Bo,2-1\n3,Cy,Di,2-0\n", {}, "r.csv:3:1", "there is a round 3 but no round 2"),
    ('round,player,opponent,result\n1,"Ana,Bo,2-1\n', {}, "r.csv:2:1", "this row is not CSV"),
    (
        "round,player,opponent,result\n1,Ana,Bo,win\n",
        {"game": "wot"},
        "r.csv:2:4",
        'row 2, column 4 (ended): "" is not one of before-last-battle, last-battle',
    ),
]


@pytest.mark.parametrize(("text", "options", "where", "message"), BAD)
def test_bad_rows_are_answered_with_file_row_and_column(
    tmp_path: Path, text: str, options: dict[str, object], where: str | None, message: str | None
) -> None:
    path = tmp_path / "r.csv"
    path.write_text(text, encoding="utf-8")
    opts = {"game": "mtg", "date": dt.date(2026, 1, 1), **options}
    if where is None:  # a header and no rows: an event without rounds is nothing to import
        (tmp_path / "events").mkdir()
        t = read_source(path, "r.csv", opts)
        assert t.rounds == []
        return
    assert message is not None
    with pytest.raises(IngestError) as caught:
        read_source(path, "r.csv", opts)
    assert f"{where}: error[import]: " in caught.value.text, caught.value.text
    assert message in caught.value.text, caught.value.text


def test_a_spreadsheet_needs_its_game_and_date(tmp_path: Path) -> None:
    path = tmp_path / "r.csv"
    path.write_text("round,player,opponent,result\n1,Ana,Bo,2-1\n", encoding="utf-8")
    with pytest.raises(IngestError) as caught:
        read_source(path, "r.csv", {})
    assert "a spreadsheet does not say game or date: give --game and --date" in caught.value.text


def test_a_players_file_gives_ids_decks_and_drops(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "ana.txt").write_text("4 Lightning Bolt\n56 Mountain\n\nSideboard\n3 Pyroblast\n")
    (tmp_path / "r.csv").write_text(
        "round;player;opponent;result\n1;Ana;Bo;2-1\n1;Cy;Di;0-2\n2;Ana;Di;1-1-1\n2;Bo;;bye\n"
    )
    (tmp_path / "p.csv").write_text(
        "\ufeffplayer;id;deck;archetype;dropped_after\nAna;ana-x;decks/ana.txt;Burn;\nCy;;;;1\n"
    )
    opts = {"players": tmp_path / "p.csv", "game": "mtg", "format": "modern", "date": dt.date(2026, 1, 1)}
    prepared = prepare_import(read_source(tmp_path / "r.csv", "r.csv", opts), Archive.scan(Project(tmp_path)))
    event = prepared.event
    assert [(p.id, p.archetype) for p in event.players] == [("ana-x", "Burn"), ("cy", ""), ("bo", ""), ("di", "")]
    assert event.rounds[0].drops == ("cy",)
    assert prepared.decks[0][1] == "4 Lightning Bolt\n56 Mountain\n\nSideboard\n3 Pyroblast\n"
    assert prepared.decks[0][0].name == "ana-x.txt"


# -- any event ------------------------------------------------------------------------------------

_SCORES = ["2-0", "2-1", "1-2", "0-2", "1-1-1", "0-0-3", "1-0"]


@st.composite
def events(draw: st.DrawFn) -> Event:
    """A Swiss event with byes, losses without opponent, double losses, unreported matches and drops."""
    names = [f"p{chr(97 + i)}" for i in range(draw(st.integers(2, 9)))]
    active = list(names)
    rounds, drops = [], {}
    for number in range(1, draw(st.integers(1, 3)) + 1):
        order = draw(st.permutations(active))
        matches = []
        for i in range(0, len(order) - 1, 2):
            pair = (PlayerId(order[i]), PlayerId(order[i + 1]))
            what = draw(st.sampled_from(["score"] * 5 + ["double", "unreported"]))
            if what == "double":
                matches.append(Match(MatchKind.DOUBLE_LOSS, pair))
            else:
                score = None if what == "unreported" else GameScore.parse(draw(st.sampled_from(_SCORES)))
                matches.append(Match(MatchKind.PLAYED, pair, score, table=i // 2 + 1))
        if len(order) % 2:
            matches.append(Match(draw(st.sampled_from([MatchKind.BYE, MatchKind.LOSS])), (PlayerId(order[-1]),)))
        rounds.append(matches)
        gone = draw(st.lists(st.sampled_from(active), max_size=1)) if len(active) > 3 else []
        drops[number] = gone
        active = [p for p in active if p not in gone]
    event = make_event(rounds, players=names, drops=drops)
    return event


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(events())
def test_any_event_round_trips_through_a_spreadsheet(tmp_path: Path, event: Event) -> None:
    root = tmp_path / f"e{abs(hash(event)) % 10**8}"
    root.mkdir(exist_ok=True)
    back = _import(root, event)
    played = [[(m.kind, m.players, m.score) for m in r.matches] for r in event.rounds]
    assert [[(m.kind, m.players, m.score) for m in r.matches] for r in back.rounds] == played
    assert [set(r.drops) for r in back.rounds] == [set(r.drops) for r in event.rounds]
    assert [p.name for p in back.players] == [p.name for p in event.players]
