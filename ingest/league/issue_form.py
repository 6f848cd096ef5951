"""The issue forms players fill in (``.github/ISSUE_TEMPLATE/report.yml`` and ``decklist.yml``)
and the issue body GitHub makes of them.

A form's answers become the issue's body as Markdown, one section per field: ``### Label``,
a blank line, the value (``_No response_`` when an optional field is left empty; a textarea
rendered as text is fenced in triple backticks). :func:`read_body` reads it back strictly:
every field of the form exactly once, in any order, nothing else, each within its length.
The author of an issue can write any body, so nothing read here is trusted: it only names
what the author claims (an event, a table, a player, a result, a code), all checked later.

Field ids are what the site's links prefill (a field's ``id`` is "the canonical identifier
for the field in URL query parameter prefills" in GitHub's form schema); the labels are what
the body holds. ``tests/league/test_forms.py`` keeps the YAML forms and these in step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

MAX_BODY = 65536
"""The longest issue body read (GitHub's own limit for an issue's body)."""
NO_RESPONSE = "_No response_"
"""What GitHub writes for an optional field left empty."""


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a form."""

    id: str
    """The field's id (the query parameter that prefills it)."""
    label: str
    """Its label: the heading of its section in the issue body."""
    limit: int = 200
    """The longest value accepted, in characters."""
    required: bool = True


@dataclass(frozen=True, slots=True)
class IssueForm:
    """One of the forms shipped in ``.github/ISSUE_TEMPLATE/``."""

    template: str
    """Its file name (``report.yml``): the ``template`` query parameter."""
    label: str
    """The label GitHub gives the issues it opens."""
    fields: tuple[Field, ...]

    def field(self, field_id: str) -> Field:
        return next(f for f in self.fields if f.id == field_id)


REPORT = IssueForm(
    "report.yml",
    "result",
    (
        Field("event", "Event"),
        Field("round", "Round"),
        Field("table", "Table"),
        Field("player", "Who you are"),
        Field("result", "Result"),
        Field("code", "Code"),
    ),
)
"""The result report: the match (event, round, table), who reports it, the result from their side, the table's code."""
DECKLIST = IssueForm(
    "decklist.yml",
    "decklist",
    (
        Field("event", "Event"),
        Field("player", "Who you are"),
        Field("code", "Code"),
        Field("decklist", "Decklist", limit=20000),
    ),
)
"""The decklist: the event, the player, the player's own code and the list as exported."""
FORMS = (REPORT, DECKLIST)


class NotTheForm(ValueError):
    """The body is not one of the forms as GitHub fills it in (the message says what is wrong)."""


@dataclass(frozen=True, slots=True)
class Answers:
    """A form's answers read from an issue body."""

    form: IssueForm
    values: Mapping[str, str]
    """Each field's value by id (empty when left empty)."""

    def __getitem__(self, field_id: str) -> str:
        return self.values.get(field_id, "")


def headings(body: str) -> list[tuple[str, list[str]]]:
    """The body's sections: each ``### `` heading (outside a fenced block) with its lines."""
    sections: list[tuple[str, list[str]]] = []
    fenced = False
    for line in body.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("### "):
            sections.append((line[4:].strip(), []))
        elif sections:
            sections[-1][1].append(line)
        elif line.strip():
            sections.append(("", [line]))
    return sections


def _value(lines: list[str]) -> str:
    text = "\n".join(lines).strip()
    if text == NO_RESPONSE:
        return ""
    if text.startswith("```") and text.endswith("```") and "\n" in text:
        inner = text.split("\n")[1:-1]
        return "\n".join(inner).strip()
    return text


def which_form(body: str, labels: tuple[str, ...] = ()) -> IssueForm | None:
    """The form the issue was opened with: by its label, else by its headings (None: not one
    of ours, e.g. an ordinary issue)."""
    for form in FORMS:
        if form.label in labels:
            return form
    found = {title for title, _ in headings(body)}
    best = [form for form in FORMS if {f.label for f in form.fields} <= found]
    if best:
        return max(best, key=lambda form: len(form.fields))
    ours = any(f.label in found for form in FORMS for f in form.fields if f.id == "code")
    return FORMS[0] if ours else None


def read_body(body: str, form: IssueForm) -> Answers:
    """The answers in ``body``, read as ``form`` lays them out.

    Raises:
        NotTheForm: a field is missing, repeated, unknown, empty when required, or too long;
            text stands outside the sections; the body is longer than :data:`MAX_BODY`.
    """
    if len(body) > MAX_BODY:
        raise NotTheForm(f"the issue is longer than {MAX_BODY} characters")
    by_label = {f.label: f for f in form.fields}
    values: dict[str, str] = {}
    for title, lines in headings(body):
        field = by_label.get(title)
        if field is None:
            raise NotTheForm(
                "the issue has text the form does not have"
                if not title
                else "the issue has a section the form does not have"
            )
        if field.id in values:
            raise NotTheForm(f"the issue answers {field.label!r} twice")
        value = _value(lines)
        if len(value) > field.limit:
            raise NotTheForm(f"{field.label!r} is longer than {field.limit} characters")
        values[field.id] = value
    for field in form.fields:
        if field.id not in values:
            raise NotTheForm(f"the issue does not answer {field.label!r}")
        if field.required and not values[field.id]:
            raise NotTheForm(f"{field.label!r} is empty")
    return Answers(form, values)


def body_of(form: IssueForm, values: Mapping[str, str]) -> str:
    """The body GitHub makes of ``values`` (for tests and examples).

    >>> print(body_of(REPORT, {"event": "fnm", "round": "1", "table": "2", "player": "Ana", "result": "2-1"}))
    ### Event
    <BLANKLINE>
    fnm
    <BLANKLINE>
    ### Round
    <BLANKLINE>
    1
    <BLANKLINE>
    ### Table
    <BLANKLINE>
    2
    <BLANKLINE>
    ### Who you are
    <BLANKLINE>
    Ana
    <BLANKLINE>
    ### Result
    <BLANKLINE>
    2-1
    <BLANKLINE>
    ### Code
    <BLANKLINE>
    _No response_
    """
    parts = []
    for field in form.fields:
        value = values.get(field.id, "") or NO_RESPONSE
        if field.id == "decklist" and value != NO_RESPONSE:
            value = f"```text\n{value}\n```"
        parts.append(f"### {field.label}\n\n{value}")
    return "\n\n".join(parts)
