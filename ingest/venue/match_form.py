"""The MTR-style family's report form (:class:`MatchForm`): a match's games won, lost and
drawn, or a double loss; a team match's result per seat (MTR 8.2, Bushiroad 5.2); a
Two-Headed Giant match's one game (MTR 9.1).

A player taps a result from their own side ("Won 2-1"); the form offers only scores the
match can have (:func:`ingest.source.scores.score_problem`: a best-of-three stops at two
game wins, a playoff match cannot be drawn; Bushiroad 4.4: no intentional draw), and the
claim is turned to the first side's view, the way ``report`` reads a result.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ingest.core.model import Event
from ingest.core.rounds import GameScore, Match, MatchKind, Round, TeamMatch
from ingest.rules.event_ruleset import ruleset_for
from ingest.site.event_views import computed_label, round_title, seat_names
from ingest.site.i18n import gettext as _
from ingest.source.scores import intentional_draw_problem, score_problem
from ingest.venue.tables import Claim, FormError, Side, Table

DOUBLE_LOSS = "double-loss"


def possible_scores(event: Event, *, playoff: bool) -> list[GameScore]:
    """Every score a match of ``event`` can end with, from one side's view (MTR 2.1, 2.4;
    Bushiroad 4.1, 4.2, 4.4): the decided results first (a win by most games first, then
    the narrower wins and losses), then draws and matches cut short by time."""
    best_of = event.structure.best_of
    rules = ruleset_for(event)
    elimination = event.structure.pairing == "single-elimination"
    need = best_of // 2 + 1
    found = []
    for first in range(need + 1):
        for second in range(need + 1):
            for drawn in range(best_of + 1):
                score = GameScore(first, second, drawn)
                if score_problem(score, best_of, playoff=playoff, elimination=elimination, rules=rules):
                    continue
                if intentional_draw_problem(score, best_of, rules):
                    continue
                found.append(score)
    decided = [s for s in found if not s.drawn and max(s.first, s.second) == need]
    decided.sort(key=lambda s: -(s.first - s.second) if s.first > s.second else 10 - (s.first - s.second))
    others = sorted((s for s in found if s not in decided), key=lambda s: (s.first < s.second, -s.first, s.drawn))
    return decided + others


def _label(score: GameScore) -> str:
    """A score from the reporting side's view, in words: ``Won 2-1``, ``Lost 0-2``, ``Draw 1-1-1``."""
    text = score.notation()
    if score.first > score.second:
        return _("Won %(score)s") % {"score": text}
    if score.first < score.second:
        return _("Lost %(score)s") % {"score": text}
    return _("Draw %(score)s") % {"score": text}


def _round_label(event: Event, stage: str, rnd: Round) -> str:
    if stage == "playoff":
        return round_title(event, rnd.number)
    return computed_label(rnd.name) or _("Round %(number)s") % {"number": rnd.number}


class MatchForm:
    """How an MTR-style event's players report: a score from their side, or a double loss; one
    per seat in a team match."""

    def tables(self, event: Event, names: Mapping[str, str], current: tuple[str, int]) -> list[Table]:
        """Every match of every round and playoff round (team matches in a team event)."""
        out: list[Table] = []
        for stage, series in (("rounds", event.rounds), ("playoff", event.playoff)):
            for rnd in series:
                label = _round_label(event, stage, rnd)
                is_open = (stage, rnd.number) == current
                if event.is_team_event:
                    out += [self._team_table(event, stage, rnd, tm, label, names, is_open) for tm in rnd.team_matches]
                    continue
                for m in rnd.matches:
                    if m.kind in (MatchKind.PLAYED, MatchKind.DOUBLE_LOSS) and len(m.players) == 2:
                        sides = (
                            Side(m.players[0], names.get(m.players[0], m.players[0])),
                            Side(m.players[1], names.get(m.players[1], m.players[1])),
                        )
                        out.append(
                            Table(
                                event.slug,
                                stage,
                                rnd.number,
                                m.table,
                                label,
                                sides,
                                "match",
                                _recorded(m),
                                is_open,
                                best_of=event.structure.best_of,
                            )
                        )
        return out

    def _team_table(
        self, event: Event, stage: str, rnd: Round, tm: TeamMatch, label: str, names: Mapping[str, str], is_open: bool
    ) -> Table:
        members = {t.id: t.members for t in event.teams}
        sides = (
            Side(tm.teams[0], names.get(tm.teams[0], tm.teams[0])),
            Side(tm.teams[1], names.get(tm.teams[1], tm.teams[1])),
        )
        kind = "2hg" if event.structure.team_kind == "two-headed-giant" else "team"
        seats: list[tuple[str, str, str]] = []
        if kind == "team":
            labels = seat_names(event)
            a, b = members.get(tm.teams[0], ()), members.get(tm.teams[1], ())
            for i in range(max(len(a), len(b), event.structure.team_size or 0)):
                seats.append(
                    (
                        labels[i] if i < len(labels) else str(i + 1),
                        names.get(a[i], a[i]) if i < len(a) else "",
                        names.get(b[i], b[i]) if i < len(b) else "",
                    )
                )
        recorded = _team_recorded(tm, kind)
        return Table(
            event.slug,
            stage,
            rnd.number,
            tm.table,
            label,
            sides,
            kind,
            recorded,
            is_open,
            tuple(seats),
            event.structure.best_of,
        )

    def choices(self, event: Event, table: Table, side: Side, *, full: bool = False) -> dict[str, Any]:
        """The scores ``side`` may tap, from its own view: the decided ones first, the others
        (draws, a match cut short) after them, and a double loss (not in a Two-Headed Giant
        game); a team match's per seat. A player is offered matches with at most one drawn
        game and the intentional draw; the TO (``full``) every score the match can have."""
        del side
        best_of = event.structure.best_of
        scores = [
            s
            for s in possible_scores(event, playoff=table.stage == "playoff")
            if full or s.drawn <= 1 or (s.first, s.second, s.drawn) == (0, 0, best_of)
        ]
        need = best_of // 2 + 1
        options = [{"value": s.notation(), "label": _label(s)} for s in scores]
        quick = [o for o, s in zip(options, scores, strict=True) if not s.drawn and max(s.first, s.second) == need]
        other = [o for o in options if o not in quick]
        if table.kind != "2hg":
            other.append({"value": DOUBLE_LOSS, "label": _("Double loss (both players lose)")})
        return {"quick": quick, "other": other, "all": quick + other}

    def claim(self, event: Event, table: Table, side: Side, form: Mapping[str, str], *, full: bool = False) -> Claim:
        """The result in the form (``result``, or ``seat1``... in a team match), turned to the
        first side's view (``full``: any score the match can have, the TO's form).

        Raises:
            FormError: a field is missing or holds something the form did not offer.
        """
        offered = {o["value"] for o in self.choices(event, table, side, full=full)["all"]}
        flip = side.id == table.sides[1].id
        if table.kind == "team":
            words = []
            for i in range(len(table.seats)):
                value = form.get(f"seat{i + 1}", "")
                if value not in offered:
                    raise FormError(_("Choose a result for every seat."))
                words.append(_turned(value, flip))
            return Claim(tuple(words))
        value = form.get("result", "")
        if value not in offered:
            raise FormError(_("Choose one of the results offered."))
        return Claim((_turned(value, flip),))

    def describe(self, table: Table, claim: Claim) -> str:
        """``Alice 2-1 Bob``; ``Alice and Bob: double loss``; a team match seat by seat."""
        first, second = table.sides[0].name, table.sides[1].name
        if table.kind == "team":
            seats = [
                _("%(seat)s: %(result)s") % {"seat": label, "result": _words(word)}
                for (label, _a, _b), word in zip(table.seats, claim.words, strict=False)
            ]
            return _("%(first)s vs %(second)s: %(seats)s") % {
                "first": first,
                "second": second,
                "seats": ", ".join(seats),
            }
        word = claim.words[0] if claim.words else "?"
        if word == DOUBLE_LOSS:
            return _("%(first)s and %(second)s: double loss") % {"first": first, "second": second}
        return f"{first} {word} {second}"


def _turned(value: str, flip: bool) -> str:
    """A result tapped from the second side, as the first side's."""
    if value == DOUBLE_LOSS or not flip:
        return value
    return GameScore.parse(value).swapped().notation()


def _words(word: str) -> str:
    return _("double loss") if word == DOUBLE_LOSS else word


def _recorded(match: Match) -> Claim | None:
    if match.kind is MatchKind.DOUBLE_LOSS:
        return Claim((DOUBLE_LOSS,))
    return Claim((match.score.notation(),)) if match.score is not None else None


def _team_recorded(tm: TeamMatch, kind: str) -> Claim | None:
    if kind == "2hg":
        return Claim((tm.score.notation(),)) if tm.score is not None else None
    if not any(s.score is not None or s.double_loss for s in tm.seats):
        return None
    return Claim(
        tuple(DOUBLE_LOSS if s.double_loss else s.score.notation() if s.score is not None else "?" for s in tm.seats)
    )
