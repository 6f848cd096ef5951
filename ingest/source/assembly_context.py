"""The state every assembly step of one event document shares: where things are, what the
schema rejected, and the diagnostics found so far.

Assembly carries on past every problem so one run reports them all; a value the schema
rejected is replaced by its default, and the checks that depend on it are skipped.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ingest.core.diagnostics import Diagnostic, SourcePos, error, settled, warning
from ingest.core.ids import PlayerId
from ingest.source.yamldoc import SourceDocument, YamlPath, format_path

if TYPE_CHECKING:
    from ingest.core.rulesets import Ruleset


class AssemblyContext:
    """One event document being assembled: its data, what is broken, the ids and diagnostics."""

    def __init__(self, doc: SourceDocument, broken: frozenset[YamlPath] = frozenset()) -> None:
        self.doc = doc
        self.data: dict[str, Any] = doc.data
        self.out: list[Diagnostic] = []
        self.ids: dict[PlayerId, int] = {}
        self.broken = broken
        self.roster_complete = not any(roster_entry(b) for b in broken)
        """Whether every player and team entry could be read; if one could not, an id that
        looks unknown may be that entry's, so none is reported as unknown."""
        self.scores_known = True
        """Whether match lengths are known (best_of and game intact), so scores can be judged."""
        self.imported = isinstance(doc.data, Mapping) and isinstance(doc.data.get("source"), Mapping)
        """Whether the event was imported from a platform: its recorded results are facts."""

    @functools.cached_property
    def ruleset(self) -> Ruleset:
        """The event's ruleset: the one it names, else its game's (the MTR when neither can be
        read). Messages about results cite its own sections (an Aequitas event's cite the
        Aequitas rules), and its rules decide what a result may be (Bushiroad 4.4: no
        intentional draws)."""
        from ingest.core.games import DEFAULT_RULES
        from ingest.core.rulesets import get_ruleset

        named = self.data.get("rules") if isinstance(self.data, Mapping) and self.intact(("rules",)) else None
        if not isinstance(named, str):
            game = self.data.get("game") if isinstance(self.data, Mapping) else None
            named = DEFAULT_RULES.get(str(game), "mtr")
        try:
            return get_ruleset(named)
        except KeyError:  # the schema reports an unknown ruleset
            return get_ruleset("mtr")

    def intact(self, path: YamlPath) -> bool:
        """Whether the schema accepted the value at ``path`` and everything inside it."""
        if not self.broken:
            return True
        n = len(path)
        return not any(b[:n] == path for b in self.broken)

    def usable(self, path: YamlPath, *keys: str) -> bool:
        """Whether the entry at ``path`` and the containers around it were accepted, and its
        ``keys`` (its identity) are intact."""
        if not self.broken:
            return True
        return not any(path[:n] in self.broken for n in range(1, len(path) + 1)) and all(
            self.intact((*path, k)) for k in keys
        )

    def field(self, path: YamlPath, value: Any, default: Any) -> Any:
        """``value`` when the schema accepted it, else ``default`` (the error is already reported)."""
        return value if self.intact(path) else default

    # -- helpers -----------------------------------------------------------------
    def pos(self, path: YamlPath, *, key: bool = False) -> SourcePos:
        return self.doc.pos(path, key=key)

    def err(self, code: str, path: YamlPath, message: str, hint: str = "") -> None:
        self.out.append(error(code, f"{format_path(path)}: {message}", self.pos(path), hint))

    def warn(self, code: str, path: YamlPath, message: str, hint: str = "", *, played: bool = False) -> None:
        """A warning; ``played``: about a round already played, kept as recorded (never fails --strict)."""
        found = warning(code, f"{format_path(path)}: {message}", self.pos(path), hint)
        self.out.append(settled(found) if played else found)

    def unknown(self, path: YamlPath, pid: str, known: Mapping[Any, Any] | None = None) -> None:
        if not self.roster_complete:
            return

        pool = known if known is not None else self.ids
        close = difflib.get_close_matches(pid, [str(k) for k in pool], n=1)
        hint = f"did you mean {close[0]}?" if close else "add the player to `players` first, or fix the id"
        self.err("unknown-player", path, f'"{pid}" is not a player of this event', hint)


def roster_entry(path: YamlPath) -> bool:
    """Whether a broken path makes a player or team entry unreadable (the list, an entry, an id)."""
    return path[:1] in (("players",), ("teams",)) and (len(path) <= 2 or path[2:] == ("id",))


def items(value: Any) -> list[Any]:
    """``value`` when it is a list, else nothing (the schema reports what it is instead)."""
    return value if isinstance(value, list) else []
