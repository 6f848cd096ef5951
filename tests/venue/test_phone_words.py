"""The sentences a player's phone reads (and every template's): a name that ends a sentence by
itself (``Bob, Jr.``) is not followed by a second full stop."""

from __future__ import annotations

from ingest.site import i18n
from ingest.venue.claims import TableState
from ingest.venue.match_form import MatchForm
from ingest.venue.phone import status_view
from ingest.venue.tables import Claim, Side, Table


def _table(second: str, recorded: Claim | None) -> Table:
    sides = (Side("alice", "Alice O'Neil"), Side("bob", second))
    return Table("ev", "rounds", 1, 1, "Round 1", sides, "match", recorded)


def test_a_name_ending_with_a_full_stop_gets_no_second_one() -> None:
    for name, said in (("Bob, Jr.", "Alice O'Neil 2-1 Bob, Jr. It is"), ("Bob", "Alice O'Neil 2-1 Bob. It is")):
        table = _table(name, Claim(("2-1",)))
        view = status_view(MatchForm(), TableState(table, "recorded", (), (), ()), table.sides[0], "players")
        assert view["message"] == f"Recorded: {said} on the pairings page."


def test_sentence_drops_only_the_stop_right_after_a_value_that_ends_one() -> None:
    message = "%(player)s reported %(result)s. Is that right?"
    assert i18n.sentence(message, {"player": "Dr. Who", "result": "2-1 Bob, Jr."}) == (
        "Dr. Who reported 2-1 Bob, Jr. Is that right?"
    )
    assert i18n.sentence(message, {"player": "Eve", "result": "2-1 Wow!"}) == "Eve reported 2-1 Wow! Is that right?"
    assert i18n.sentence(message, {"player": "Eve", "result": "2-1 Bob"}) == "Eve reported 2-1 Bob. Is that right?"
    # A language whose sentence ends otherwise keeps its own punctuation.
    assert i18n.sentence("%(result)s。", {"result": "Bob, Jr."}) == "Bob, Jr.。"


def test_a_template_sentence_gets_no_second_full_stop_and_still_escapes() -> None:
    from pathlib import Path

    from ingest.publish.template_files import read_templates
    from ingest.site.render import environment
    from ingest.source.layers import SearchPath

    own = read_templates(SearchPath((Path(__file__).resolve().parents[2] / "site_templates",)))
    template = environment(own).from_string('<p>{{ _("You are %(player)s.", player=name) }}</p>')
    assert template.render(name="Bob, Jr.") == "<p>You are Bob, Jr.</p>"
    assert template.render(name="Carol <b>X</b>") == "<p>You are Carol &lt;b&gt;X&lt;/b&gt;.</p>"
