"""The Jinja2 environment that turns computed results into Markdown and HTML.

Every string that comes from a file (names, deck names, notes, card names) is untrusted:

* in HTML (tables, brackets, decklists are HTML fragments, which the site engine
  never parses: see :mod:`ingest.site.fragments`) autoescaping turns ``<`` into ``&lt;``;
* in Markdown text (headings, paragraphs) the ``md`` filter also backslash-escapes every
  Markdown punctuation character, so ``*bold*`` or ``[x](javascript:...)`` shows
  literally;
* data is passed to templates as values, never as template source, so ``{{ 7*7 }}`` in a
  name is just text.

The templates themselves may be the project's (``site_templates/`` in a community's
repository, changed by pull requests), so they are rendered in Jinja's sandbox, unless they
are Scorekeeper's own, byte for byte (:attr:`~ingest.site.templates.Templates.sandboxed`,
decided as they are read: :func:`ingest.publish.template_files.shipped_as_is`)
(:class:`~jinja2.sandbox.ImmutableSandboxedEnvironment`): a template reads the values it is
given and calls the functions it is given, but reaches nothing else of Python
(``cycler.__init__.__globals__``) and changes no value (``dict.update``). A template that
tries, or that cannot be read, is a positioned error (:func:`template_problem`).

Rendering is pure: the environment has no access to the clock or the file system; the
templates are a value it is given (:class:`~ingest.site.templates.Templates`), read by the
publishing stage.
"""

from __future__ import annotations

import functools
import json
import re
import traceback
from collections.abc import Callable, Mapping
from typing import Any

import jinja2
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment
from markupsafe import Markup, escape

from ingest.core.diagnostics import Diagnostic, SourcePos, error
from ingest.core.errors import IngestError
from ingest.core.figures import decimal, pct
from ingest.core.safetext import one_line
from ingest.decks.format_notes import Note
from ingest.site import i18n
from ingest.site.addresses import slug_id
from ingest.site.fragments import anchor_fragments, placeholder
from ingest.site.i18n import N_
from ingest.site.table_rows import (
    decklist,
    pairing_rows,
    player_rows,
    rounds_data,
    standings_rows,
)
from ingest.site.templates import Templates

# Python-Markdown's escapable characters, plus "|" (tables) and "<"/">" (already entities).
_LINE_BREAK = re.compile("\r\n|[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
"""Line breaks other than ``\\n`` (:func:`entity_lines` writes each as one)."""
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")


def md(text: object) -> Markup:
    """Escapes text for Markdown inline content (HTML-escaped, then Markdown-escaped).

    >>> str(md("*bold* <b>x</b> [l](javascript:alert(1))"))
    '\\\\*bold\\\\* &lt;b&gt;x&lt;/b&gt; \\\\[l\\\\]\\\\(javascript:alert\\\\(1\\\\)\\\\)'

    Every line break a Markdown reader could see (``\\r``, U+0085, U+2028 ...) becomes a
    space: the text stays on its line and never starts a heading or a list.

    >>> str(md("Swiss\\r# Injected\\u2028- item"))
    'Swiss \\\\# Injected \\\\- item'
    """
    html = str(escape(str(text)))
    # Entities such as &lt; must survive: escape Markdown punctuation outside them.
    parts = re.split(r"(&[a-z]+;|&#\d+;)", html)
    out = "".join(p if i % 2 else _MD_SPECIAL.sub(r"\\\1", p) for i, p in enumerate(parts))
    return Markup(one_line(out))


@jinja2.pass_context
def fragment(context: Any, text: str) -> Markup:
    """Sets an HTML fragment aside and leaves its placeholder in the Markdown.

    The fragment goes into the list the page is rendered with (:func:`render_page`), which
    then takes the placeholder out: the fragment goes in after the heading before it, and
    the site engine never parses it (see :mod:`ingest.site.fragments`). Blank lines are dropped.
    """
    block = "\n".join(line for line in str(text).splitlines() if line.strip())
    store = context.get("_fragments")
    if store is None:
        raise RuntimeError("HTML fragments are only kept by render_page")
    store.append(block)
    return Markup(f"\n{placeholder(len(store) - 1)}\n")


def meta_title(text: object) -> Markup:
    """A page title for YAML front matter: HTML-escaped, as a quoted YAML string.

    The site engine copies a page's title into ``<title>`` and the header without
    escaping it, so the title must already be safe HTML.

    >>> print(meta_title("<b>Bo's</b> night"))
    "&lt;b&gt;Bo&#39;s&lt;/b&gt; night"

    Markup (a translated title, its values already escaped) is not escaped again.

    >>> print(meta_title(Markup("%s: teams") % "<b>"))
    "&lt;b&gt;: teams"
    """
    html = one_line(str(text)) if isinstance(text, Markup) else str(escape(one_line(str(text))))
    return Markup(json.dumps(html, ensure_ascii=False))


def note_text(note: Note) -> str:
    """A format's note in the site's language: as its file writes it in that language, else its
    English through the catalog (the shipped formats' notes are translated there)."""
    return note.written_in(i18n.active().code) or i18n.gettext(note.text)


def local_pct(value: Any, digits: int = 2) -> str:
    """A percentage in the site's language (:func:`ingest.core.figures.pct`, then :func:`i18n.number`).

    >>> local_pct(0.5, 1)
    '50.0%'
    """
    return i18n.number(pct(value, digits))


SCRIPT_WORDS = {
    "opponent": N_("Opponent"),
    "mw": N_("MW%"),
    "gw": N_("GW%"),
    "noRounds": N_("no rounds"),
    "noGames": N_("no games"),
    # Translators: after a percentage raised to its floor: "33% (floor; was 25%)".
    "floor": N_("floor; %(note)s"),
    "was": N_("was %(value)s"),
    "tiebreakers": N_("Tiebreakers"),
    "opponents": N_("Opponents"),
    "tied": N_("tied"),
    "dropped": N_("(dropped)"),
    "playing": N_("playing"),
    "bye": N_("bye"),
    "loss": N_("loss"),
    "doubleLoss": N_("double loss"),
    "notDrawn": N_("This table could not be drawn: reload the page to see it."),
    # Translators: the round clock once time is up.
    "time": N_("time"),
    "left": N_("%(time)s left"),
    # Translators: the round clock while the TO has stopped it (a deck check).
    "paused": N_("%(time)s left, paused"),
}
"""The words ``assets/scorekeeper.js`` writes into a page (its ``ENGLISH`` table), by key."""


def script_words() -> Markup:
    """The script's words in the site's language, as a ``data-sk-words`` attribute.

    An English page has none (the script's own words are English), so it is unchanged.

    >>> str(script_words())
    ''
    >>> with i18n.use("ja"):
    ...     str(script_words())[:51]
    ' data-sk-words="{&#34;opponent&#34;: &#34;対戦相手&#34;'
    """
    translations = i18n.active().translations
    kept = _WORDS.get(id(translations))
    if kept is not None and kept[0] is translations:
        return kept[1]  # (every table drawn by the script asks: an event's pages, eleven times)
    shown = {key: i18n.gettext(message) for key, message in SCRIPT_WORDS.items()}
    words = Markup("")
    if shown != SCRIPT_WORDS:
        words = Markup(' data-sk-words="%s"') % json.dumps(shown, ensure_ascii=False, separators=(", ", ": "))
    if len(_WORDS) >= 8:
        _WORDS.clear()
    _WORDS[id(translations)] = (translations, words)
    return words


_WORDS: dict[int, tuple[object, Markup]] = {}
""":func:`script_words` of each catalog, by the catalog's identity (the catalog kept with it,
so that the number is never another's)."""


@functools.cache
def environment(templates: Templates) -> jinja2.Environment:
    """The Jinja2 environment over the templates (cached per value): a template is the file
    the first template folder that has it gave (the project's ``site_templates/``, then the
    shipped one), so a project's one template of its own is used and every other is
    Scorekeeper's. The sandbox's environment when the project has any template of its own,
    a plain one for Scorekeeper's (:attr:`~ingest.site.templates.Templates.sandboxed`).

    Labels in the templates are ``_("...")`` and ``ngettext(...)`` calls (Jinja's i18n
    extension, new style: ``%(name)s`` placeholders, values escaped), looked up in the
    catalog of the language active for the build (:mod:`ingest.site.i18n`).
    """
    kind = ImmutableSandboxedEnvironment if templates.sandboxed else jinja2.Environment
    env = kind(
        extensions=["jinja2.ext.i18n"],
        loader=jinja2.FunctionLoader(functools.partial(_source, templates)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext, i18n.ngettext, newstyle=True, pgettext=i18n.pgettext
    )
    env.globals.update(_=_gettext, gettext=_gettext)
    env.globals["script_words"] = script_words
    env.globals.update(
        standings_rows=standings_rows,
        rounds_data=rounds_data,
        pairing_rows=pairing_rows,
        decklist=decklist,
        player_rows=player_rows,
    )
    env.filters.update(
        md=md,
        pct=local_pct,
        number=i18n.number,
        translated=i18n.gettext,
        note=note_text,
        separated=i18n.separated,
        day=i18n.day,
        decimal=decimal,
        fragment=fragment,
        slug_id=slug_id,
        meta_title=meta_title,
    )
    return env


def _source(templates: Templates, name: str) -> tuple[str, str, Callable[[], bool]] | None:
    """A template's text for Jinja's loader, with how messages name its file; its name read as
    Jinja's folder loader reads it (``a/./b`` is ``a/b``; ``..`` is no template)."""
    pieces = [piece for piece in name.split("/") if piece and piece != "."]
    if ".." in pieces:
        return None
    found = templates.source("/".join(pieces))
    if found is None:
        return None
    text, shown = found
    return text, shown, _unchanged


def _unchanged() -> bool:
    """A template of a value never changes."""
    return True


def localized_names(name: str, code: str) -> list[str]:
    """The templates to try for ``name`` in a language, the language's own first.

    Long prose (the rules pages) is written once per language rather than cut into
    catalog messages: ``rules_mtr.ja.md.j2`` is used when the site is in Japanese,
    ``rules_mtr.md.j2`` otherwise (and for any language without its own). A regional
    language (``pt-BR``) also looks for its base language's template (``pt``).

    >>> localized_names("rules_mtr.md.j2", "ja")
    ['rules_mtr.ja.md.j2', 'rules_mtr.md.j2']
    >>> localized_names("rules_mtr.md.j2", "pt-BR")
    ['rules_mtr.pt-BR.md.j2', 'rules_mtr.pt.md.j2', 'rules_mtr.md.j2']
    >>> localized_names("rules_mtr.md.j2", "en")
    ['rules_mtr.md.j2']
    """
    if code == i18n.DEFAULT or "." not in name:
        return [name]
    stem, _, ext = name.partition(".")
    codes = dict.fromkeys((code, code.split("-")[0].split("_")[0]))
    return [f"{stem}.{c}.{ext}" for c in codes] + [name]


def _template(templates: Templates, name: str) -> jinja2.Template:
    """The template ``name`` in the active language (see :func:`localized_names`)."""
    env = environment(templates)
    names = localized_names(name, i18n.active().code)
    return env.get_template(name) if len(names) == 1 else env.select_template(names)


def render(templates: Templates, name: str, context: Mapping[str, Any]) -> str:
    """Renders one template with a context (raises IngestError, positioned, when it cannot be)."""
    try:
        return _template(templates, name).render(**context)
    except jinja2.TemplateError as exc:
        raise IngestError([template_problem(exc)]) from None


def render_page(templates: Templates, name: str, context: Mapping[str, Any]) -> tuple[str, list[str]]:
    """Renders a page template: its Markdown (each fragment's heading in its front matter,
    see :func:`~ingest.site.fragments.anchor_fragments`), and its HTML fragments."""
    fragments: list[str] = []
    try:
        text = _template(templates, name).render(**context, _fragments=fragments)
    except jinja2.TemplateError as exc:
        raise IngestError([template_problem(exc)]) from None
    return (anchor_fragments(text, name) if fragments else text), fragments


def template_problem(exc: jinja2.TemplateError, shown: Callable[[str], str] = str) -> Diagnostic:
    """A template's error at the template's line: its syntax, or what the sandbox refused.

    A syntax error carries its file and line; for an error while rendering, the line is that
    of the innermost template frame of the traceback (Jinja gives templates' frames their
    file and line). ``shown``: how a file name Jinja gives is shown (ours are already as the
    templates' value shows them, :attr:`~ingest.site.templates.Templates.shown`).
    """
    where = SourcePos("site_templates")
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
        where = SourcePos(shown(exc.filename), exc.lineno, 1)
    else:
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.endswith((".html", ".j2", ".xml"))]
        if frames:
            where = SourcePos(shown(frames[-1].filename), frames[-1].lineno or 0, 1)
    refused = isinstance(exc, SecurityError)
    return error(
        "template",
        f"the template {'asks for what the sandbox refuses' if refused else 'cannot be rendered'}: {exc}",
        where,
        "a template shows the values it is given; it cannot reach Python or change them" if refused else "",
    )


@jinja2.pass_context
def _gettext(context: jinja2.runtime.Context, message: str, /, **values: Any) -> str:
    """Jinja's new-style ``_()`` (the catalog's text, escaped values), without a second full
    stop after a value that already ends a sentence (:func:`ingest.site.i18n.unstopped`)."""
    text = i18n.unstopped(str(context.call(i18n.gettext, message)), values)
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return text % values
