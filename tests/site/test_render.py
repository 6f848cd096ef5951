"""The template environment: outputs are escaped exactly as markupsafe escapes them."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup, escape

from ingest.site.render import environment

values = st.one_of(
    st.text(),
    st.text(alphabet="&<>'\"ab "),
    st.integers(),
    st.booleans(),
    st.none(),
    st.fractions(),
    st.text().map(Markup),
)


@given(values)
def test_an_output_is_escaped_as_markupsafe_escapes_it(value: object) -> None:
    folder = Path(__file__).resolve().parents[2] / "site_templates"
    template = environment(folder).from_string("[{{ v }}]{% macro m(x) %}<{{ x }}>{% endmacro %}{{ m(v) }}")
    assert template.render(v=value) == f"[{escape(value)}]<{escape(value)}>"


def test_markup_passes_through_and_other_objects_are_escaped_as_text() -> None:
    folder = Path(__file__).resolve().parents[2] / "site_templates"
    template = environment(folder).from_string("{{ a }} {{ b }} {{ c }}")
    assert template.render(a=Markup("<b>x</b>"), b=Fraction(1, 3), c="<i>") == "<b>x</b> 1/3 &lt;i&gt;"


def test_compiled_templates_escape_their_outputs_with_output_escape() -> None:
    """The fast path is in place (the property above holds with or without it)."""
    from ingest.site.render import output_escape

    folder = Path(__file__).resolve().parents[2] / "site_templates"
    template = environment(folder).get_template("player.md.j2")
    assert template.root_render_func.__globals__["escape"] is output_escape
