"""A format's totals (:class:`~ingest.analytics.format_sums.FormatSums`) as plain data, so
that the build cache keeps them for a build in a new process, which patches them as
``serve`` does instead of decoding every record of the format
(:mod:`ingest.publish.analytics_cache` signs and checks the file).

What is kept: each event's record digest, its share (:class:`~ingest.analytics.shares.Share`,
its counted matches as their numbers, compressed, in base64), the events whose lists are not
public, each list as last made and each year's match document's archetypes (its text is
the format's page of it, kept with the pages), and the sums themselves with each period's
share as last computed (:mod:`ingest.analytics.kept_totals`): read back as they were, each
share decoded only when asked for. The seasons' sums are not kept: they are added up again
from their events' shares, which they take from the format's.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import sys
import zlib
from array import array
from collections.abc import Mapping
from typing import Any

from ingest.analytics.figure_values import Scope
from ingest.analytics.format_sums import FormatSums, KeptList
from ingest.analytics.kept_totals import KeptShares, restore, state_of
from ingest.analytics.shares import RESULTS, STAGES, WIDTH, Share
from ingest.analytics.totals import Totals
from ingest.core.errors import IngestError

VERSION = 2
"""The shape of the data (a file of another shape is not read: the totals are summed again)."""


MAX_MATCHES = 64 * 2**20
"""The bytes an event's counted matches unpack to at most."""


class SumsError(ValueError):
    """Data that is not a format's kept totals."""


def sums_text(sums: FormatSums) -> bytes:
    """``sums`` as compact JSON (UTF-8)."""
    whole = sums.whole
    assert whole is not None
    obj = {
        "version": VERSION,
        "game": sums.game,
        "format": sums.format,
        "salt": sums.salt,
        "digests": sums.digests,
        "shares": [_share_data(whole, slug) for _day, slug in whole.order],
        "left_out": sorted([slug, day.isoformat()] for slug, day in whole.left_out.items()),
        "lists": {name: [kept.header, [list(p) for p in kept.pages]] for name, kept in sums.lists.items()},
        "documents": {
            year: [list(key[0]), sorted(files), sorted(names)] for year, (key, files, names) in sums.documents.items()
        },
        "totals": state_of(whole),
    }
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()


def sums_from_text(data: bytes, game: str, fmt: str, pages: Mapping[str, Any]) -> FormatSums:
    """The totals :func:`sums_text` wrote for the format (``pages``: the format's pages, where
    its match documents are), summed again from the shares.

    Raises:
        SumsError: the data is not the format's kept totals of this shape.
    """
    try:
        obj = json.loads(data)
        if obj["version"] != VERSION or (obj["game"], obj["format"]) != (game, fmt):
            raise SumsError("kept totals of another format, or of another shape")
        whole = Totals(Scope(game, fmt))
        items = obj["shares"]
        whole.order = [(dt.date.fromisoformat(item[2]), str(item[0])) for item in items]
        if any(a >= b for a, b in zip(whole.order, whole.order[1:], strict=False)):
            raise SumsError("kept totals whose events are not in order")
        whole.shares = KeptShares({slug: item for (_day, slug), item in zip(whole.order, items, strict=True)}, _decoded)
        for slug, day in obj["left_out"]:
            whole.left_out[str(slug)] = dt.date.fromisoformat(day)
        if whole.left_out.keys() & whole.shares.keys():
            raise SumsError("kept totals with an event both counted and left out")
        restore(whole, obj["totals"], whole.order)
        digests = {str(k): str(v) for k, v in obj["digests"].items()}
        if set(digests) != set(whole.shares) | set(whole.left_out):
            raise SumsError("kept totals whose events are not their digests'")
        sums = FormatSums(game, fmt, digests=digests, whole=whole, salt=str(obj["salt"]))
        for name, (header, listed) in obj["lists"].items():
            sums.lists[str(name)] = KeptList(str(header), tuple((str(p), str(d)) for p, d in listed))
        by_year: dict[int, list[tuple[dt.date, str]]] = {}
        for event in whole.order:
            by_year.setdefault(event[0].year, []).append(event)
        for year, (archetypes, paths, names) in obj["documents"].items():
            texts = {str(p): pages[p] for p in paths}
            files = {p: text for p, text in texts.items() if isinstance(text, str)}
            if len(files) != len(texts):
                continue  # (not kept whole: the year's document is made again)
            made_from = (tuple(str(a) for a in archetypes), tuple(by_year.get(int(year), ())))
            sums.documents[str(year)] = (made_from, files, frozenset(str(n) for n in names))
        return sums
    except SumsError:
        raise
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError, zlib.error) as exc:
        raise SumsError(f"not a format's kept totals: {exc!r}") from None


def _share_data(whole: Totals, slug: str) -> Any:
    """The event's share as the totals file holds it (as it was read, when it was never decoded)."""
    shares = whole.shares
    return shares.data(slug, _share_json) if isinstance(shares, KeptShares) else _share_json(shares[slug])


def _decoded(item: Any) -> Share:
    """A share of a totals file read with its signature checked, decoded when first asked for.

    Raises:
        IngestError: it is not a share (the build cache holds what no build wrote).
    """
    try:
        return _share_of(item)
    except (SumsError, ValueError, TypeError, IndexError, AttributeError, zlib.error) as exc:
        raise IngestError(f"the analytics totals in the build cache do not read back ({exc!r}); build again") from None


def _share_json(s: Share) -> list[Any]:
    matches = array("i", s.matches)
    if sys.byteorder == "big":
        matches.byteswap()  # (kept little-endian, whatever the machine)
    return [
        s.slug,
        s.name,
        s.date.isoformat(),
        s.field,
        [list(d) for d in s.decks],
        list(s.keys),
        list(s.archetypes),
        list(s.names),
        base64.b64encode(zlib.compress(matches.tobytes(), 1)).decode("ascii"),
        [list(m) for m in s.mirrors],
        [list(e) for e in s.excluded],
        s.counted,
        [[level, size, [list(r) for r in reached]] for level, size, reached in s.placed],
        [list(c) for c in s.cut],
    ]


def _share_of(item: list[Any]) -> Share:
    slug, name, day, field, decks, keys, archetypes, names, packed, mirrors, excluded, counted, placed, cut = item
    matches = array("i")
    raw = zlib.decompressobj()
    data = raw.decompress(base64.b64decode(packed, validate=True), MAX_MATCHES)
    if raw.unconsumed_tail or not raw.eof:
        raise SumsError("a share's matches too many, or cut short")
    matches.frombytes(data)
    if sys.byteorder == "big":
        matches.byteswap()
    date = dt.date.fromisoformat(day)
    _check(matches, len(names))
    return Share(
        str(slug),
        str(name),
        date,
        (date, str(slug)),
        int(field),
        tuple((_once(a), int(n)) for a, n in decks),
        tuple(_once(k) for k in keys),
        tuple(_once(a) for a in archetypes),
        tuple(_once(a) for a in names),
        matches,
        tuple((_once(a), int(n)) for a, n in mirrors),
        tuple((_once(r), int(n)) for r, n in excluded),
        int(counted),
        tuple((_once(lv), int(size), tuple((_once(a), int(n)) for a, n in reached)) for lv, size, reached in placed),
        tuple((int(rank), _once(p), _once(a), _once(f)) for rank, p, a, f in cut),
    )


def _check(matches: array[int], names: int) -> None:
    """Raises :class:`SumsError` unless each counted match names two of the share's
    archetypes, a stage and a result."""
    if len(matches) % WIDTH:
        raise SumsError("a share's matches cut short")
    for i in range(0, len(matches), WIDTH):
        a, b, stage, _round, slot = matches[i : i + 5]
        if not (0 <= a < names and 0 <= b < names and 0 <= stage < len(STAGES) and 0 <= slot < len(RESULTS)):
            raise SumsError("a share's match that is not one")


def _once(value: Any) -> str:
    return sys.intern(str(value))
