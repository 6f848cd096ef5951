"""The reference pages: each format's deck rules and lists, and the rules pages with the
engine's worked examples."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from ingest.core.games import GAMES
from ingest.core.rulesets import RULESETS, get_ruleset, registered_rulesets
from ingest.rules.examples import all_examples, wot_example_game
from ingest.rules.pairing_example import pairing_example
from ingest.rules.tiebreakers import get_tiebreaker
from ingest.site.page import Files, SiteInputs, base_for, page_files
from ingest.site.templates import Templates


def format_pages(inputs: SiteInputs, templates: Templates, analytics: Collection[tuple[str, str]] = ()) -> Files:
    """Each format's page (linking to its analytics page where ``analytics`` has it) and the index."""
    files: Files = {}
    games = []
    reg = inputs.formats
    for game in reg.games():
        items = []
        for fid in reg.ids(game):
            rules = reg.formats[(game, fid)]
            items.append({"id": fid, "name": rules.name, "url": f"{game}/{fid}/"})
            files.update(
                page_files(
                    f"formats/{game}/{fid}.md",
                    templates,
                    "format.md.j2",
                    {
                        "rules": rules,
                        "game": game,
                        "game_name": GAMES.get(game, game),
                        "today": inputs.today,
                        "base": base_for(f"formats/{game}/{fid}.md"),
                        "fid": fid,
                        "notes": reg.game_notes.get(game, ()),
                        "analytics_url": f"analytics/{game}/{fid}/" if (game, fid) in analytics else "",
                    },
                )
            )
        games.append({"id": game, "name": GAMES.get(game, game), "formats": items})
    files.update(
        page_files(
            "formats/index.md", templates, "formats_index.md.j2", {"games": games, "base": base_for("formats/index.md")}
        )
    )
    return files


_GAME_EXAMPLES: dict[str, Callable[[], Sequence[object]]] = {"wot": wot_example_game}
"""A ruleset's example of one whole game scored, for its rules page (Wheel of Time's)."""


SHIPPED_PAGES = (
    ("mtr", "Magic: The Gathering"),
    ("aequitas", "Transformers TCG"),
    ("bushiroad", "Bushiroad games"),
    ("wot", "Wheel of Time"),
)
"""The rules pages written in our own words (``rules_<id>.md.j2``), by ruleset id and title."""


def rules_pages(inputs: SiteInputs, templates: Templates) -> Files:
    """The rules pages: the shipped rulesets' own, one drawn from its values for each ruleset a
    community registered (``rules_ruleset.md.j2``), the index and the error codes."""
    examples = all_examples()
    files: Files = {}
    pages = [*SHIPPED_PAGES, *((r.id, r.name) for r in registered_rulesets())]
    for rid, title in pages:
        ruleset = get_ruleset(rid)
        template = f"rules_{rid}.md.j2" if (rid, title) in SHIPPED_PAGES else "rules_ruleset.md.j2"
        files.update(
            page_files(
                f"rules/{rid}.md",
                templates,
                template,
                {
                    "ruleset": ruleset,
                    "title": title,
                    "tiebreakers": [get_tiebreaker(t) for t in ruleset.tiebreakers],
                    "examples": [x for x in examples if x.ruleset == rid],
                    "wot_game": _GAME_EXAMPLES.get(rid, tuple)(),
                    "pairing": pairing_example(rid),
                    "base": base_for(f"rules/{rid}.md"),
                    "rounds": _rounds_tables(),
                },
            )
        )
    files.update(
        page_files(
            "rules/index.md",
            templates,
            "rules_index.md.j2",
            {
                "pages": pages,
                "profiles": [RULESETS["mtr-melee"], RULESETS["mtr-manatraders"], RULESETS["mtr-topdeck"]],
                "base": base_for("rules/index.md"),
            },
        )
    )
    files.update(
        page_files("rules/diagnostics.md", templates, "diagnostics.md.j2", {"base": base_for("rules/diagnostics.md")})
    )
    return files


def _rounds_tables() -> dict[str, list[tuple[str, ...]]]:
    from ingest.rules.rounds_advice import rounds_tables

    return rounds_tables()
