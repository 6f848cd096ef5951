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
