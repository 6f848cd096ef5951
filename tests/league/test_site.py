"""The published site of a league (``extra.scorekeeper.league``): each unfinished match of the
round being played links its two players to the report form on GitHub, prefilled and escaped,
with no code in the address; lists, while taken and public, link to the decklist form; and
nothing in ``build/`` holds a code or the key. Played through as a TO would: codes, issues as
GitHub sends them, ``apply-submission``, ``build``."""

from __future__ import annotations

import datetime as dt
import html
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from ingest.site.league_links import league_links
from ingest.source.league_config import LeagueSettings
from tests.builders import event_at, run_ok
from tests.league.support import EVENT, SLUG, apply, codes, issue_event, make_league

TODAY = "2026-11-02"
PAGE = f"build/site/events/{SLUG}/index.html"


def links(page: str, form: str = "report.yml") -> list[dict[str, list[str]]]:
    """The query of every link to ``form`` on the page, as a browser would read it."""
    found = re.findall(r'href="(https://github\.com/dragons-hoard/results/issues/new\?[^"]*)"', page)
    queries = [parse_qs(urlsplit(html.unescape(u)).query) for u in found]
    return [q for q in queries if q["template"] == [form]]


def every_file_text(folder: Path) -> str:
    return "\n".join(p.read_bytes().decode("utf-8", "replace") for p in sorted(folder.rglob("*")) if p.is_file())


def test_a_league_played_through_from_the_codes_to_the_published_result(tmp_path: Path) -> None:
    root, data = tmp_path / "club", tmp_path / "data"
    make_league(root, accept="reported")
    seat = codes(root, data)
    own = codes(root, data, "--players")
    key = subprocess.run(
        [sys.executable, "-m", "ingest", "venue-key"], capture_output=True, text=True, check=True,
        env={**os.environ, "XDG_DATA_HOME": str(data)},
    ).stdout.strip()  # fmt: skip
    run_ok(root, "build", "--today", TODAY)
    page = (root / PAGE).read_text(encoding="utf-8")
    reports = links(page)
    assert [(q["table"], q["player"]) for q in reports] == [
        (["1"], ["Alice Example"]), (["1"], ["Bob Builder"]), (["2"], ["Carol Chen"]), (["2"], ["Dan Dorn"])
    ]  # fmt: skip
    assert all(q["event"] == [SLUG] and q["round"] == ["1"] and "code" not in q for q in reports)
    # Alice reports table 1 from the link, with her code; the published page then has the result
    values = {k: v[0] for k, v in reports[0].items() if k not in ("template", "title")}
    status, _ = apply(
        root, issue_event(12, "alice-ex", {**values, "result": "2-1", "code": seat["Alice Example"]}), data
    )
    assert status == 0
    run_ok(root, "build", "--today", TODAY)
    page = (root / PAGE).read_text(encoding="utf-8")
    assert [q["table"] for q in links(page)] == [["2"], ["2"]]
    assert re.search(r"Alice Example.{0,400}2-1.{0,400}Bob Builder", page, re.DOTALL)
    published = every_file_text(root / "build")
    for secret in [key, *seat.values(), *own.values(), *(c.replace("-", "") for c in seat.values())]:
        assert secret not in published


def test_no_link_without_the_league_setting(tmp_path: Path) -> None:
    root = tmp_path / "club"
    make_league(root)
    config = (root / "mkdocs.yml").read_text(encoding="utf-8")
    (root / "mkdocs.yml").write_text(config[: config.index("extra:\n  scorekeeper:\n    league")], encoding="utf-8")
    run_ok(root, "build", "--today", TODAY, "--docs-only")
    assert "issues/new" not in every_file_text(root / "build" / "docs")


def test_links_are_percent_encoded_and_escaped(tmp_path: Path) -> None:
    root = tmp_path / "club"
    make_league(root, players=('Ann & "Bo" <b>', "Zed #1?x=y"))
    event = event_at(root / EVENT, root)
    names = {p.id: p.name for p in event.players}
    found = league_links(event, LeagueSettings("dragons-hoard/results"), names, dt.date(2026, 11, 2), complete=False)
    assert found is not None
    (match,) = found.reports
    for side in match.sides:
        query = parse_qs(urlsplit(side.url).query)
        assert query["player"] == [side.name] and "code" not in query
        assert not re.search(r"[\s<>\"#]", side.url.split("?", 1)[1])
    run_ok(root, "build", "--today", TODAY, "--docs-only")
    page = (root / "build" / "fragments" / "events" / SLUG / "index.md.html").read_text(encoding="utf-8")
    assert "<b>" not in page and "Ann &amp; &#34;Bo&#34; &lt;b&gt;" in page
    assert "player=Ann%20%26%20%22Bo%22%20%3Cb%3E" in page


def test_decklist_links_while_public_lists_are_taken(tmp_path: Path) -> None:
    root = tmp_path / "club"
    make_league(root, pair=False, decklists="public")
    event = event_at(root / EVENT, root)
    names = {p.id: p.name for p in event.players}
    settings = LeagueSettings("dragons-hoard/results")
    found = league_links(event, settings, names, dt.date(2026, 11, 1), complete=False)
    assert found is not None and [link.name for link in found.decklists] == sorted(names.values())
    assert all(parse_qs(urlsplit(link.url).query)["template"] == ["decklist.yml"] for link in found.decklists)
    run_ok(root, "pair", str(root / EVENT))  # lists lock with round 1
    paired = event_at(root / EVENT, root)
    found = league_links(paired, settings, names, dt.date(2026, 11, 1), complete=False)
    assert found is not None and found.decklists == () and len(found.reports) == 2
    hidden = tmp_path / "hidden"
    make_league(hidden, pair=False)  # decklists: after-event: an issue would make a list public
    assert league_links(event_at(hidden / EVENT, hidden), settings, names, dt.date(2026, 11, 1), complete=False) is None


def test_a_hidden_player_is_not_named_by_a_link_and_reports_under_either_name(tmp_path: Path) -> None:
    root, data = tmp_path / "club", tmp_path / "data"
    make_league(root, accept="reported")
    (root / "players.yaml").write_text(
        "players:\n  - {id: alice-example, name: Alice Example, display: hidden}\n", encoding="utf-8"
    )
    seat = codes(root, data)
    assert "Alice Example" in seat  # the TO's sheet names everyone
    run_ok(root, "build", "--today", TODAY)
    assert "Alice Example" not in every_file_text(root / "build")
    page = (root / PAGE).read_text(encoding="utf-8")
    shown = links(page)[0]["player"][0]
    assert shown.startswith("Player ")
    values = {"event": SLUG, "round": "1", "table": "1", "result": "2-1", "code": seat["Alice Example"]}
    status, answer = apply(root, issue_event(12, "alice-ex", {**values, "player": "Alice Example"}), data)
    assert status == 0, answer
    status, answer = apply(root, issue_event(12, "alice-ex", {**values, "player": shown}), data)
    assert status == 0, answer
