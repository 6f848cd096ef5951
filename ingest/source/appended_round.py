"""The event of a text that is another text with a Swiss round appended, assembled from that
text's event and the new round alone (issue 38, point 5: ``pair`` checks what it wrote, not
the whole file again).

``pair`` writes the next round after the last one of ``rounds``; the new text's reading is the
old one's with the round's items read in (:func:`ingest.source.yaml_splice.reread`), every
other value the same, at the same place. Assembling it whole would read again every round the
old text's assembly has just read. :func:`appended_round_event` reads only the new round, with
the same code (:meth:`~ingest.source.assemble_rounds.RoundsAssembly.rounds` and the event-wide
checks, from the new round's index on), and gives the event the whole assembly gives and the
diagnostics that the new round adds to the old text's.

Why nothing else changes, when the old text was assembled without an error and has a round:

- the event's fields, players, teams, the format and the rounds before are read from values
  that are the same, at the same positions: the same values and the same findings;
- a round's own checks (numbering, tables, entries, scores) read only that round, the roster
  and the structure;
- who is paired twice or after a drop in a round reads the drops of the rounds before it;
- who is missing from a round reads when each player first played and left, which a later
  round cannot move (the first appearance and the first drop are kept);
- awarded byes are looked for in the rounds they cover: the new round's own are looked for here;
- the structure's checks that ask whether there are rounds answer as before (there were);
  "too many rounds" was not found before (an error), and is looked for with the new round.

The caller holds it to that (:mod:`ingest.checks.appended_round`); a property test compares it
with the whole assembly on random rounds, right and wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ingest.core.diagnostics import Diagnostic
from ingest.core.families import family_of_game
from ingest.core.model import Event
from ingest.source.assemble import _Assembler
from ingest.source.assembly_context import items
from ingest.source.round_entries import EntryReader
from ingest.source.yamldoc import SourceDocument


def appended_round_event(
    doc: SourceDocument, old: Event, *, readers: Mapping[str, EntryReader]
) -> tuple[Event, list[Diagnostic]] | None:
    """The event of ``doc`` and what its new Swiss rounds add to the diagnostics, when ``doc``
    is the document ``old`` was assembled from (without an error, and nothing broken by the
    schema in either) with rounds appended to ``rounds``; None when it is not that shape
    (``old`` has no round or a playoff, or ``doc`` no new round)."""
    raw = items(doc.data.get("rounds")) if isinstance(doc.data, Mapping) else []
    start = len(old.rounds)
    if (
        not start
        or old.playoff
        or len(raw) <= start
        or any(r.yaml_path != ("rounds", i) for i, r in enumerate(old.rounds))
    ):
        return None
    a = _Assembler(doc, readers)
    # What reading the fields and the roster leaves for the rounds (build() reads them): the
    # family, the players' ids by their place in the list, whether scores can be judged.
    a.family = family_of_game(old.game, old.structure.pairing)
    a.ids = {p.id: int(p.yaml_path[1]) for p in old.players}
    a.scores_known = bool(old.game)
    new = a.rounds("rounds", raw, old.structure, old.teams, playoff=False, start=start)
    rounds = (*old.rounds, *new)
    a.check_rounds_flow(rounds, old.playoff, old.players, old.teams, old.cut_drops, start=start)
    a.check_event_fields(old.structure, old.players, rounds, start=start)
    return replace(old, rounds=rounds), a.out
