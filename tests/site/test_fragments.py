"""Our HTML fragments stay out of the engine's Markdown: each follows a heading, as the page's
front matter says, and goes in after the engine has made the page (``ingest.site.fragments``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.publish import page_finish as pf
from ingest.publish.page_finish import place_markers
from ingest.site import fragments
from ingest.site.fragments import Anchors, FragmentError, anchor_fragments


def test_the_markdown_the_engine_reads_holds_headings_and_prose_only(sample_docs: Path) -> None:
    """Every fragment of the sample site that follows a heading leaves no placeholder in the
    Markdown (the engine would parse it on every page); only one after prose keeps its own."""
    anchored = inline = 0
    for path in sorted(sample_docs.rglob("*.md")):
        src = path.relative_to(sample_docs).as_posix()
        text = path.read_text(encoding="utf-8")
        anchors = Anchors.from_markdown(text, src)
        stored = pf.read_fragments(sample_docs.parent / pf.FOLDER, src)
        if anchors is None:
            assert not stored and "<!--sk:" not in text, src
            continue
        assert len(anchors.after) == len(stored), src
        body = text.split("\n---\n", 1)[1]
        assert anchors.headings == sum(line.startswith("#") for line in body.split("\n")), src
        kept = [i for i, after in enumerate(anchors.after) if after is None]
        assert [int(n) for n in fragments.PLACEHOLDER.findall(body)] == kept, src
        anchored += len(anchors.after) - len(kept)
        inline += len(kept)
    assert anchored > 150 and inline < anchored / 20, (anchored, inline)


def test_each_fragment_is_placed_after_its_heading() -> None:
    markdown = (
        "---\ntitle: A\n---\n# A\n\n<!--sk:0-->\n\n<!--sk:1-->\n\n"
        "## B\n\nSome prose.\n\n<!--sk:2-->\n\n## C\n\n<!--sk:3-->\n"
    )
    text = anchor_fragments(markdown, "a.md")
    anchors = Anchors.from_markdown(text, "a.md")
    assert anchors == Anchors((0, 0, None, 2), 3)
    assert text.count("<!--sk:") == 1 and "Some prose.\n\n<!--sk:2-->" in text
    # What the engine makes of it: the headings, the prose, the one placeholder left.
    page = (
        '<html><h1 class="md-header">site</h1><article class="md-content__inner">'
        '<h1 id="a">A<a class="headerlink" href="#a">¶</a></h1>\n<h2 id="b">B</h2>\n<p>Some prose.</p>\n'
        '<!--sk:2-->\n<h2 id="c">C</h2>\n</article><footer><h2>elsewhere</h2></footer></html>'
    )
    done = pf.substitute(place_markers(page, anchors, "a.md"), ["<p>0</p>", "<p>1</p>", "<p>2</p>", "<p>3</p>"], "a")
    assert done == (
        '<html><h1 class="md-header">site</h1><article class="md-content__inner">'
        '<h1 id="a">A<a class="headerlink" href="#a">¶</a></h1>'
        "\n<!--sk:0--><p>0</p><!--/sk-->\n<!--sk:1--><p>1</p><!--/sk-->"
        '\n<h2 id="b">B</h2>\n<p>Some prose.</p>\n<!--sk:2--><p>2</p><!--/sk-->'
        '\n<h2 id="c">C</h2>\n<!--sk:3--><p>3</p><!--/sk-->'
        "\n</article><footer><h2>elsewhere</h2></footer></html>"
    )


def test_a_page_whose_headings_differ_from_its_markdown_is_refused() -> None:
    """A theme that added a heading, or a heading the count missed: placing by count would put
    the tables under the wrong headings, so the build stops instead."""
    with pytest.raises(FragmentError, match="2 heading"):
        place_markers("<article><h1>A</h1><h2>extra</h2></article>", Anchors((0,), 1), "a.md")
    with pytest.raises(FragmentError, match="out of order"):
        anchor_fragments("# A\n\n<!--sk:1-->\n", "a.md")


@pytest.mark.parametrize(
    "line",
    [
        "fragments: {after: [3], headings: 2}",  # a heading the page does not have
        "fragments: {after: [-1], headings: 2}",
        "fragments: {after: 0, headings: 2}",
        "fragments: [0, 1]",
    ],
)
def test_front_matter_that_is_not_a_fragments_list_is_refused(line: str) -> None:
    with pytest.raises(FragmentError, match="front matter"):
        Anchors.from_markdown(f"---\ntitle: A\n{line}\n---\n# A\n\n## B\n", "a.md")


def test_a_page_without_fragments_is_left_as_it_is() -> None:
    markdown = "---\ntitle: A\n---\n# A\n\nProse.\n"
    assert anchor_fragments(markdown, "a.md") == markdown
    assert Anchors.from_markdown(markdown, "a.md") is None


def test_a_fragment_more_under_a_heading_changes_the_markdown() -> None:
    """A page update (no Markdown changed) swaps fragments into the markers a page has: a
    page that gains a fragment under a heading it had (a top-cut drop) must be made again."""
    one = anchor_fragments("# A\n\n<!--sk:0-->\n", "a.md")
    two = anchor_fragments("# A\n\n<!--sk:0-->\n\n<!--sk:1-->\n", "a.md")
    assert one != two and "<!--" not in one + two
