"""Properties of what an issue is read from and answered with (Hypothesis): any text set as a
literal is one code span on one line that no backtick inside can close early (CommonMark
6.1: a span ends at the first backtick string of its opening's length), and a form's
answers read back from the body GitHub makes of them."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from ingest.league.issue_form import DECKLIST, NO_RESPONSE, REPORT, body_of, read_body
from ingest.league.replies import MAX_ECHO, literal

_TICKS = re.compile(r"`+")


@given(st.text())
def test_a_literal_is_one_code_span_nothing_inside_can_close(text: str) -> None:
    span = literal(text)
    assert "\n" not in span and "\r" not in span
    fence = re.match(r"`+", span)
    assert fence is not None
    n = len(fence.group())
    assert span.endswith("`" * n) and not span.endswith("`" * (n + 1))
    inner = span[n:-n]
    assert all(len(run) < n for run in _TICKS.findall(inner))
    shown = inner[1:-1] if inner.startswith(" ") and inner.endswith(" ") and inner.strip() else inner
    # control, format (bidirectional overrides), separator characters: a space each
    flat = " ".join("".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in text).split())
    if not flat:
        assert span == "` `"
    elif len(flat) <= MAX_ECHO:
        assert shown == flat
    else:
        assert shown == flat[: MAX_ECHO - 1] + "…"


_LINE = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=60).map(
    lambda s: " ".join(s.split())
)
_VALUE = _LINE.filter(lambda s: bool(s) and s != NO_RESPONSE and not s.startswith(("```", "### ")))


@given(st.fixed_dictionaries({f.id: _VALUE for f in REPORT.fields}))
def test_the_report_form_reads_back_what_github_wrote(values: dict[str, str]) -> None:
    assert dict(read_body(body_of(REPORT, values), REPORT).values) == values


@given(_VALUE, st.lists(_VALUE.filter(lambda s: "`" not in s), min_size=1, max_size=20))
def test_a_decklist_reads_back_line_for_line(player: str, lines: list[str]) -> None:
    values = {"event": "e", "player": player, "code": "ABCD-2345", "decklist": "\n".join(lines)}
    assert dict(read_body(body_of(DECKLIST, values), DECKLIST).values) == values
