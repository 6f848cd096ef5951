"""The cut calculator in the site's language.

:mod:`ingest.summary.cut` answers with data: a verdict id, and a :class:`~ingest.summary.cut.Reason`
(which sentence, its outcome and numbers). The terminal prints the report's English; the
live page words the same data through the catalog here. In English both read the same,
word for word (a test keeps them so).
"""

from __future__ import annotations

from collections.abc import Callable

from ingest.rules.rulesets import Ruleset
from ingest.site.i18n import gettext, ngettext, pgettext
from ingest.summary.cut_verdicts import CutOutlook, Reason

LABELS: dict[str, Callable[[], str]] = {
    "locked": lambda: pgettext("cut verdict", "Locked"),
    "draw-in": lambda: pgettext("cut verdict", "Can draw in"),
    "win-in": lambda: pgettext("cut verdict", "In with a win"),
    "needs-help": lambda: pgettext("cut verdict", "Needs help"),
    "tiebreakers": lambda: pgettext("cut verdict", "Tiebreakers"),
    "out": lambda: pgettext("cut verdict", "Out"),
}
"""Short words for each verdict (the same as :data:`ingest.summary.cut.VERDICT_LABELS`)."""


def label(outlook: CutOutlook, verdict: str) -> str:
    """A verdict's short words; with more than one round left, a win-in is all wins.

    >>> label(CutOutlook(8, 4, 2, False, (), None, None), "win-in")
    'In with 2 wins'
    """
    n = outlook.rounds_left
    if n > 1 and verdict == "win-in":
        return ngettext("In with %(num)d win", "In with %(num)d wins", n) % {"num": n}
    if n > 1 and verdict == "draw-in":
        return ngettext("In with %(num)d draw", "In with %(num)d draws", n) % {"num": n}
    return LABELS[verdict]()


def rules_note(rules: Ruleset) -> str:
    """What decides the cut, citing the event's own rules: points first, and what a draw agreed
    at the table does (MTR 2.5 and Aequitas 2.4 allow it; Bushiroad 4.4 does not).

    >>> from ingest.rules.rulesets import get_ruleset
    >>> rules_note(get_ruleset("aequitas"))
    'Points decide first (Aequitas Appendix C); an intentional draw gives each player a draw (Aequitas 2.4).'
    >>> rules_note(get_ruleset("bushiroad"))
    'Points decide first (Bushiroad 3.2.1.2); players may not agree to a draw (Bushiroad 4.4).'
    """
    cited = {"points": rules.sections.points, "draw": rules.sections.intentional_draw}
    if rules.intentional_draws:
        return gettext("Points decide first (%(points)s); an intentional draw gives each player a draw (%(draw)s).") % (
            cited
        )
    return gettext("Points decide first (%(points)s); players may not agree to a draw (%(draw)s).") % cited


def summary(outlook: CutOutlook) -> str:
    """One line for the whole field (as :meth:`CutOutlook.summary` says it in English)."""
    o = outlook
    if o.rounds_left > 1:
        head = gettext("Top %(top)s; rounds %(round)s to %(last)s still to play (verdicts hold whatever the pairings)")
    elif o.paired:
        head = gettext("Top %(top)s; round %(round)s is paired (verdicts exact on points)")
    else:
        head = gettext("Top %(top)s; round %(round)s is not paired yet (verdicts hold whatever the pairings)")
    head %= {"top": o.top, "round": o.round, "last": o.round + o.rounds_left - 1}
    parts = []
    if o.guarantee is not None:
        g = o.guarantee
        parts.append(
            ngettext("%(num)d point make the cut whatever happens", "%(num)d points make the cut whatever happens", g)
            % {"num": g}
        )
    if o.reachable is not None:
        r = o.reachable
        parts.append(ngettext("%(num)d point can still make it", "%(num)d points can still make it", r) % {"num": r})
    if len(parts) == 2:
        return gettext("%(head)s: %(first)s; %(second)s") % {"head": head, "first": parts[0], "second": parts[1]}
    if parts:
        return gettext("%(head)s: %(first)s") % {"head": head, "first": parts[0]}
    return head


def _phrase(why: Reason) -> str:
    """``with your result``, ``even with a loss``, ``with 2 wins``..."""
    n, k = why.rounds, why.outcome
    if why.lead == "your":
        return gettext("with your bye") if k == "bye" else gettext("with your result")
    if why.lead == "even":
        return {
            "loss": lambda: ngettext("even with a loss", "even with losses", n),
            "draw": lambda: ngettext("even with a draw", "even with %(num)d draws", n),
            "win": lambda: ngettext("even with a win", "even with %(num)d wins", n),
        }[k]() % {"num": n}
    return {
        "loss": lambda: ngettext("with a loss", "with losses", n),
        "draw": lambda: ngettext("with a draw", "with %(num)d draws", n),
        "win": lambda: ngettext("with a win", "with %(num)d wins", n),
    }[k]() % {"num": n}


def _others(n: int, teams: bool) -> str:
    if teams:
        return ngettext("%(num)d other team", "%(num)d other teams", n) % {"num": n}
    return ngettext("%(num)d other player", "%(num)d other players", n) % {"num": n}


def _finish(n: int, teams: bool) -> str:
    if teams:
        return ngettext("%(num)d other team finishes", "%(num)d other teams finish", n) % {"num": n}
    return ngettext("%(num)d other player finishes", "%(num)d other players finish", n) % {"num": n}


def _already(n: int, teams: bool) -> str:
    if teams:
        return ngettext("%(num)d other team already has", "%(num)d other teams already have", n) % {"num": n}
    return ngettext("%(num)d other player already has", "%(num)d other players already have", n) % {"num": n}


def reason(why: Reason) -> str:
    """Why a verdict holds, in the site's language (in English, :meth:`Reason.english`).

    >>> reason(Reason("safe", "draw", 1, 7, 2, 8, weaker="loss", weaker_points=6, weaker_others=5))
    'with a draw (7 points) at most 2 other players can reach 7; with a loss, 5 others can reach 6; the cut is 8'
    """
    values = {"points": why.points, "top": why.top, "others": _others(why.others, why.teams)}
    if why.kind == "safe":
        values["phrase"] = _phrase(why)
        if why.weaker is None:
            text = gettext("%(phrase)s (%(points)s points) at most %(others)s can reach %(points)s; the cut is %(top)s")
        else:
            values["weaker_points"] = why.weaker_points
            values["weaker_others"] = ngettext("%(num)d other", "%(num)d others", why.weaker_others) % {
                "num": why.weaker_others
            }
            text = (
                gettext(
                    "%(phrase)s (%(points)s points) at most %(others)s can reach %(points)s; "
                    "with a loss, %(weaker_others)s can reach %(weaker_points)s; the cut is %(top)s"
                )
                if why.weaker == "loss"
                else gettext(
                    "%(phrase)s (%(points)s points) at most %(others)s can reach %(points)s; "
                    "with a draw, %(weaker_others)s can reach %(weaker_points)s; the cut is %(top)s"
                )
            )
        return text % values
    values["phrase"] = _phrase(why)
    if why.kind == "help":
        return (
            gettext("%(phrase)s (%(points)s points), %(others)s can still reach %(points)s points; the cut is %(top)s")
            % values
        )
    if why.kind == "level":
        values["who"] = _finish(why.others, why.teams)
        return (
            gettext(
                "%(phrase)s (%(points)s points), at best %(who)s on %(points)s points or more; "
                "the cut is %(top)s: tiebreakers decide"
            )
            % values
        )
    if why.kind == "beaten":
        values["who"] = _finish(why.others, why.teams)
        return (
            gettext("%(phrase)s (%(points)s points), at least %(who)s above %(points)s points; the cut is %(top)s")
            % values
        )
    if why.kind == "help-any":
        return (
            gettext("%(phrase)s (%(points)s points), %(others)s can still reach %(points)s; the cut is %(top)s")
            % values
        )
    values["who"] = _already(why.others, why.teams)
    if why.kind == "level-any":
        return gettext("%(phrase)s (%(points)s points), %(who)s %(points)s or more; the cut is %(top)s") % values
    return gettext("%(who)s more than %(points)s points, the most you can reach; the cut is %(top)s") % values
