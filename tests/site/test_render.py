"""The template environment: outputs are escaped exactly as markupsafe escapes them."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup, escape

from ingest.publish.template_files import read_templates
from ingest.site.render import environment
from ingest.source.layers import SearchPath

TEMPLATES = read_templates(SearchPath((Path(__file__).resolve().parents[2] / "site_templates",)))

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
    template = environment(TEMPLATES).from_string("[{{ v }}]{% macro m(x) %}<{{ x }}>{% endmacro %}{{ m(v) }}")
    assert template.render(v=value) == f"[{escape(value)}]<{escape(value)}>"


def test_markup_passes_through_and_other_objects_are_escaped_as_text() -> None:
    template = environment(TEMPLATES).from_string("{{ a }} {{ b }} {{ c }}")
    assert template.render(a=Markup("<b>x</b>"), b=Fraction(1, 3), c="<i>") == "<b>x</b> 1/3 &lt;i&gt;"


def test_only_scorekeepers_own_templates_render_outside_the_sandbox(tmp_path: Path) -> None:
    """A project's templates are code from its pull requests: the sandbox's. A byte-for-byte copy
    of Scorekeeper's own is the package's code, rendered without the sandbox's checks; so is a
    project folder with no template of its own (every template comes from the package)."""
    import shutil

    from jinja2.sandbox import SandboxedEnvironment

    from ingest.publish.template_files import shipped_as_is
    from ingest.source.project import shipped

    own = shipped("site_templates")

    def over(folder: Path) -> SearchPath:
        return SearchPath((folder, own))

    alone = SearchPath((own,))
    assert shipped_as_is(alone) and not isinstance(environment(read_templates(alone)), SandboxedEnvironment)
    assert shipped_as_is(over(tmp_path / "none")) and shipped_as_is(over(tmp_path))
    copy = tmp_path / "copy"
    shutil.copytree(own, copy)
    assert shipped_as_is(over(copy))
    (tmp_path / "one").mkdir()
    shutil.copy(own / "home.md.j2", tmp_path / "one" / "home.md.j2")
    assert shipped_as_is(over(tmp_path / "one"))
    changed = tmp_path / "changed"
    changed.mkdir()
    (changed / "home.md.j2").write_text((own / "home.md.j2").read_text() + "\n")
    assert not shipped_as_is(over(changed))
    assert isinstance(environment(read_templates(over(changed))), SandboxedEnvironment)
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "mine.md.j2").write_text("{{ cycler.__init__.__globals__ }}")
    assert not shipped_as_is(over(extra))
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / "home.md.j2").symlink_to(own / "home.md.j2")
    assert not shipped_as_is(over(linked))
