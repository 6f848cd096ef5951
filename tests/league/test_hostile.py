"""Hostile issues: script, Markdown and mentions in every field, a body that is not the form,
an ordinary issue, a huge body and a huge event, a hostile name in the event file. Each is
answered (a reply, a status), never applied and never a traceback, and no reply echoes
anything as markup: whatever it repeats stands in a code span."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ingest.league.issue_form import REPORT, body_of
from tests.builders import run_ok
from tests.league.support import DATA, EVENT, SLUG, apply, codes, issue_event, make_league

HOSTILE = (
    "<script>alert(1)</script>",
    "@everyone @dragons-hoard/admins",
    "[click me](javascript:alert(1)) ![x](https://evil.example/p.png)",
    "`` ` ``<img src=x onerror=alert(1)>",
    "closes #1 \u202egnp.exe\u202c",
    "**bold** _it_ ~~s~~ <!-- c --> | a | b |",
)
_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.*?)(?<!`)\1(?!`)", re.DOTALL)


def outside_code(markdown: str) -> str:
    """What a reply says outside its code spans (GitHub renders a code span's content as text)."""
    return _SPAN.sub("", markdown)


def assert_inert(reply: str) -> None:
    text = outside_code(reply)
    for mark in ("<", ">", "@", "[", "](", "#1 ", "\u202e", "~~", "|"):
        assert mark not in text, (mark, reply)
    assert not re.search(r"^#", text, re.MULTILINE), reply
    assert text.count("`") == 0, reply


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("hostile")
    root, data = base / "club", base / "data"
    make_league(root, accept="reported")
    run_ok(root, "add-player", str(root / EVENT), "--id", "mallory", "--name", "<img src=x onerror=alert(1)> @admins")
    return root, data, codes(root, data)


def valid(code: dict[str, str]) -> dict[str, str]:
    return {
        "event": SLUG,
        "round": "1",
        "table": "1",
        "player": "Alice Example",
        "result": "2-1",
        "code": code["Alice Example"],
    }


@pytest.mark.parametrize("field", [f.id for f in REPORT.fields])
@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_text_in_every_field_is_answered_as_text_and_never_applied(
    league: tuple[Path, Path, dict[str, str]], field: str, hostile: str
) -> None:
    root, data, code = league
    before = (root / EVENT).read_bytes()
    status, answer = apply(root, issue_event(40, "mallory", {**valid(code), field: hostile}), data)
    assert (status, answer["status"], answer["files"]) == (1, "refused", [])
    assert_inert(answer["reply"])
    assert (root / EVENT).read_bytes() == before


def test_a_name_in_the_event_file_is_echoed_as_text(tmp_path: Path) -> None:
    root, data = tmp_path / "club", tmp_path / "data"
    make_league(root, accept="reported", players=("Alice Example", "<b>@admins</b> [x](javascript:y)"))
    code = codes(root, data)
    event = issue_event(41, "alice-ex", {**valid(code), "player": "Alice Example"})
    status, answer = apply(root, event, data)
    assert status == 0 and "@admins" in answer["reply"]
    assert_inert(answer["reply"])


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ("The site's standings page is broken on my phone.", 4, "not opened with a scorekeeper form"),
        ("### Code\n\nABCD-2345", 1, "does not answer 'event'"),
        (body_of(REPORT, {}) + "\n\n### Code\n\nABCD-2345", 1, "twice"),
        ("Hello\n\n" + body_of(REPORT, {"event": "x"}), 1, "text the form does not have"),
        (
            body_of(REPORT, {"event": "x", "round": "1", "table": "1", "player": "a", "result": "2-0"}),
            1,
            "'code' is empty",
        ),
        (body_of(REPORT, {"event": "x" * 201, "round": "1"}), 1, "longer than 200"),
        ("### Event\n\n" + "A" * 70000, 1, "longer than 65536"),
    ],
)
def test_a_body_that_is_not_the_form_is_answered(
    league: tuple[Path, Path, dict[str, str]], body: str, status: int, says: str
) -> None:
    root, data, _code = league
    labels = () if status == 4 else ("result",)
    got, answer = apply(root, issue_event(42, "mallory", body=body, labels=labels), data)
    assert (got, answer["files"]) == (status, []) and says.lower() in answer["reply"].lower()
    assert_inert(answer["reply"])


def test_an_ordinary_issue_and_a_huge_or_broken_event_are_ignored(league: tuple[Path, Path, dict[str, str]]) -> None:
    root, data, _code = league
    ordinary = json.loads((DATA / "issue-ordinary.json").read_text(encoding="utf-8"))
    assert apply(root, ordinary, data)[0] == 4
    huge = issue_event(43, "mallory", body="x")
    huge["padding"] = "x" * (1024 * 1024)
    status, answer = apply(root, huge, data)
    assert status == 4 and "larger than" in answer["reply"]
    broken: list[object] = [[], {"issue": {"number": "12"}}, {"issue": {"number": 12, "user": None}}]
    for doc in broken:
        status, answer = apply(root, doc, data)  # type: ignore[arg-type]
        assert status == 4 and answer["files"] == []
    closed = issue_event(44, "mallory", valid(_code), action="closed")
    assert apply(root, closed, data)[0] == 4


@pytest.mark.parametrize("sample", sorted(p.name for p in DATA.glob("*.json")))
def test_every_sample_event_is_answered_and_changes_nothing_it_should_not(
    league: tuple[Path, Path, dict[str, str]], sample: str
) -> None:
    """The sample events as GitHub sends them (their codes are not this key's): each is
    answered with a status, never a traceback, and no reply echoes markup."""
    root, data, _code = league
    before = (root / EVENT).read_bytes()
    status, answer = apply(root, json.loads((DATA / sample).read_text(encoding="utf-8")), data)
    expected = {"issue-ordinary.json": 4}.get(sample, 1)
    assert (status, answer["files"]) == (expected, [])
    assert_inert(answer["reply"])
    assert (root / EVENT).read_bytes() == before
