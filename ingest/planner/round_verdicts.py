"""The verdict on each recorded Swiss round, kept by what it was computed from.

Checking a recorded round (:func:`ingest.pairing.check_swiss_round`) solves the round's
optimal pairing: on a 2,048-player event it is most of what ``validate`` spends on the
event, and an edit command checks the file before and after its edit, so it solved every
round twice or three times for a one-line change.

A verdict is a pure function of its inputs: the entrants as the engine saw them before the
round (id, points, rank, everyone met, byes, pod), the recorded tables and byes in their
order, the seed, the round's number and the awarded byes. :func:`round_key` digests exactly
those (and the pairing code's own source, see :func:`code_fingerprint`), so a verdict found
under its key is the verdict the check would compute: nothing that could change it is left
out, and nothing about the file's text (its layout, comments, other rounds' results) is in
it. That is what makes an edit cost what it touched: ``report`` changes a result of round
N, which is no input of any round up to N (round N's own check reads the standings before
it), so none of them is solved again; ``pair`` solves only the round it writes.

The verdicts live in :data:`STORE`, a mapping from key to findings: in memory for the
process (every command) and, when the command line installs one
(:func:`ingest.cli.verdict_files.install_verdict_store`), in files under the user's cache folder, so
the next command finds what the last one computed. A stored verdict is data (JSON), read
back into :class:`~ingest.pairing.Finding` values field by field; anything else is ignored
and computed again.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Collection, Iterable, Mapping, MutableMapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ingest.core.process_memo import ProcessMemo

if TYPE_CHECKING:  # imported when a round is checked: every command installs the store, few check
    from ingest.pairing import Finding
    from ingest.pairing.swiss import Entrant

VerdictStore = MutableMapping[str, tuple["Finding", ...]]
"""Where verdicts are kept: round key -> findings."""


STORE: VerdictStore = ProcessMemo(4096)
"""The verdicts known to this process, the last 4,096 rounds (a few hundred at most in use);
the command line may put a store on disk behind it."""


@functools.cache
def code_fingerprint() -> str:
    """A digest of the pairing engine's source: a verdict stored by another version of it is
    never taken for this one's."""
    folder = Path(__file__).resolve().parents[1] / "pairing"
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def round_key(
    entrants: Sequence[Entrant],
    pairs: Sequence[tuple[str, str]],
    byes: Sequence[str],
    *,
    seed: int | str,
    round_number: int,
    awarded_byes: Collection[str],
    history: str | None = None,
) -> str:
    """The digest of everything :func:`~ingest.pairing.check_swiss_round` reads.

    ``history``: the digest of the tables of the rounds before
    (:attr:`~ingest.planner.swiss_plan.SwissHistory.digest`), which determines everyone met,
    in place of the entrants' opponents (then not read): a key costs each entrant once
    instead of once per opponent, so checking every recorded round grows with the rounds
    played, not with their square."""
    digest = hashlib.sha256(code_fingerprint().encode())
    digest.update(repr((seed, round_number, sorted(awarded_byes), list(pairs), list(byes))).encode())
    if history is not None:
        digest.update(b"history\0" + history.encode())
    for e in sorted(entrants, key=lambda e: e.id):
        if history is None:
            digest.update(repr((e.id, e.points, e.rank, sorted(e.opponents), e.byes, e.pod)).encode())
        else:
            digest.update(repr((e.id, e.points, e.rank, e.byes, e.pod)).encode())
    return digest.hexdigest()


def checked_round(
    entrants: Iterable[Entrant],
    pairs: Sequence[tuple[str, str]],
    byes: Sequence[str],
    *,
    seed: int | str,
    round_number: int,
    awarded_byes: Collection[str] = frozenset(),
    history: tuple[str, Mapping[str, Collection[str]]] | None = None,
) -> tuple[Finding, ...]:
    """:func:`~ingest.pairing.check_swiss_round`, or its verdict on the same inputs if known.

    ``history``: the digest of the tables of the rounds before and everyone met in them
    (:class:`~ingest.planner.swiss_plan.SwissHistory`), when ``entrants`` carry no opponents:
    the key reads the digest, and the opponents are added only when the round is checked."""
    players = list(entrants)
    key = round_key(
        players,
        pairs,
        byes,
        seed=seed,
        round_number=round_number,
        awarded_byes=awarded_byes,
        history=None if history is None else history[0],
    )
    store = STORE
    known = store.get(key)
    if known is not None:
        return known
    if history is not None:
        # Made again field by field: ``dataclasses.replace`` checks every field of every
        # entrant by name, and was most of the price of adding their opponents.
        from ingest.pairing.swiss import Entrant

        met = history[1]
        players = [Entrant(e.id, e.points, e.rank, frozenset(met.get(e.id, ())), e.byes, e.pod) for e in players]
    found = check_swiss_round(players, pairs, byes, seed=seed, round_number=round_number, awarded_byes=awarded_byes)
    store[key] = found
    return found


def check_swiss_round(*args: Any, **kwargs: Any) -> tuple[Finding, ...]:
    """:func:`ingest.pairing.check_swiss_round`, the engine imported when a round is checked."""
    from ingest.pairing import check_swiss_round as check

    return check(*args, **kwargs)


def finding_data(found: Sequence[Finding]) -> list[dict[str, Any]]:
    """Findings as JSON data (every field, by name)."""
    return [
        {
            "kind": f.kind,
            "players": list(f.players),
            "table": f.table,
            "pod": f.pod,
            "measure": f.measure,
            "recorded": f.recorded,
            "optimum": f.optimum,
        }
        for f in found
    ]


_KINDS = frozenset({"rematch", "repeated-bye", "cross-pod", "not-optimal", "unpaired", "paired-twice"})


def findings_from(data: Any) -> tuple[Finding, ...] | None:
    """Findings read back from :func:`finding_data`'s JSON; None unless every field has its type."""
    from ingest.pairing import Finding

    if not isinstance(data, list):
        return None
    out = []
    for item in data:
        if not isinstance(item, dict) or item.get("kind") not in _KINDS:
            return None
        players = item.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            return None
        numbers = [item.get(k) for k in ("table", "recorded", "optimum")]
        texts = [item.get(k) for k in ("pod", "measure")]
        if not all(n is None or (isinstance(n, int) and not isinstance(n, bool)) for n in numbers):
            return None
        if not all(t is None or isinstance(t, str) for t in texts):
            return None
        out.append(Finding(item["kind"], tuple(players), numbers[0], texts[0], texts[1], numbers[1], numbers[2]))
    return tuple(out)
