"""What a player's phone is told about their table (:func:`status_view`): one sentence for where
the table stands from their side, the claims made, and what they may do next (confirm the
opponent's claim, report, change what they reported). The report form shows it and updates it
in place as claims and decisions come in."""

from __future__ import annotations

from typing import Any

from ingest.site.i18n import gettext as _
from ingest.site.i18n import sentence
from ingest.venue.claims import TableState
from ingest.venue.tables import Claim, ResultForm, Side


def status_view(form: ResultForm, state: TableState, me: Side | None, mode: str) -> dict[str, Any]:
    """The status block of the report form for ``me`` (None: the phone has not said who it is).

    Keys: ``state`` (the table's), ``message``, ``tone`` (``ok``, ``wait``, ``alert``, ``open``),
    ``confirm`` (the opponent's claim to confirm: its id and words, or None), ``form`` (the
    result form: ``open``, folded under ``change`` (the words that open it) once the phone
    has reported or has the opponent's claim to confirm, or empty: not offered).
    """
    table = state.table

    def said(claim: Claim) -> str:
        return form.describe(table, claim)

    view: dict[str, Any] = {"state": state.state, "confirm": None, "form": "", "change": "", "tone": "wait"}
    change = _("Change what I reported")
    if state.state == "recorded" and table.recorded is not None:
        view.update(
            tone="ok",
            message=sentence(_("Recorded: %(result)s. It is on the pairings page."), {"result": said(table.recorded)}),
        )
        return view
    if state.state in ("accepted", "blocked"):
        result = said(Claim.from_payload(state.waiting[-1].payload))
        if state.state == "accepted":
            message = sentence(
                _("Accepted: %(result)s. It will be on the pairings page in a moment."), {"result": result}
            )
            view.update(tone="ok", message=message)
        else:
            view.update(
                message=sentence(
                    _("Accepted: %(result)s. The TO is checking it before it is recorded."), {"result": result}
                )
            )
        return view
    if not table.open:
        view.update(
            tone="alert",
            message=sentence(_("%(round)s is over: its results are now taken by the TO."), {"round": table.label}),
        )
        return view
    mine = state.claim_of(me.id) if me is not None else None
    other = table.other(me.id) if me is not None else None
    theirs = state.claim_of(other.id) if other is not None else None
    if state.state == "agreed":
        result = said(Claim.from_payload(state.claims[0].payload))
        view.update(
            message=sentence(
                _("Both players reported %(result)s. Waiting for the TO to accept it."), {"result": result}
            )
        )
    elif state.state == "disputed" and mine is not None and theirs is not None and other is not None:
        view.update(
            tone="alert",
            form="change",
            change=change,
            message=sentence(
                _(
                    "You and %(player)s reported different results: yours %(mine)s, theirs %(theirs)s. "
                    "The TO decides: please call a judge."
                ),
                {
                    "mine": said(Claim.from_payload(mine.payload)),
                    "player": other.name,
                    "theirs": said(Claim.from_payload(theirs.payload)),
                },
            ),
        )
    elif state.state == "disputed":
        a, b = state.claims
        view.update(
            tone="alert",
            message=sentence(
                _("The players reported different results: %(first)s, and %(second)s. The TO decides."),
                {"first": said(Claim.from_payload(a.payload)), "second": said(Claim.from_payload(b.payload))},
            ),
        )
    elif mine is not None and other is not None:
        view.update(
            form="change",
            change=change,
            message=sentence(
                _("Received: you reported %(result)s. Waiting for %(player)s to confirm it on their phone."),
                {"result": said(Claim.from_payload(mine.payload)), "player": other.name},
            ),
        )
    elif theirs is not None and other is not None:
        view.update(
            tone="open",
            form="change",
            change=_("No: report what happened"),
            confirm={"id": theirs.id, "result": said(Claim.from_payload(theirs.payload))},
            message=sentence(
                _("%(player)s reported %(result)s. Is that right?"),
                {"player": other.name, "result": said(Claim.from_payload(theirs.payload))},
            ),
        )
    elif state.claims:
        claim = state.claims[0]
        reporter = table.side(claim.side)
        view.update(
            message=sentence(
                _("%(player)s reported %(result)s; waiting for the opponent to confirm it."),
                {"player": reporter.name if reporter else "?", "result": said(Claim.from_payload(claim.payload))},
            )
        )
    else:
        rejected = [s for s in state.history if s.state == "rejected" and me is not None and s.side == me.id]
        if rejected:
            view.update(
                tone="alert",
                form="open",
                message=sentence(
                    _("The TO did not accept %(result)s. Report the result again, or see the TO."),
                    {"result": said(Claim.from_payload(rejected[-1].payload))},
                ),
            )
        else:
            view.update(tone="open", form="open", message=_("No result has been reported for this match yet."))
    if mode == "to" and view["tone"] != "alert" and state.state in ("reported",):
        view["message"] += " " + _("The TO accepts every result at this event.")
    return view
