"""The live page words the cut calculator's data in the site's language; in English exactly as the terminal."""

from __future__ import annotations

import itertools

from ingest.site import cut_words, i18n
from ingest.summary.cut_verdicts import REASONS, VERDICTS, CutOutlook, Reason


def _reasons() -> list[Reason]:
    out = []
    for kind, outcome, rounds, others, teams in itertools.product(
        REASONS, ("result", "bye", "loss", "draw", "win"), (1, 3), (0, 1, 4), (False, True)
    ):
        if outcome in ("result", "bye") and rounds > 1:
            continue
        for lead in ("even", "a") if outcome not in ("result", "bye") else ("your",):
            weakers: tuple[str | None, ...] = (None, "loss", "draw") if kind == "safe" else (None,)
            for weaker in weakers:
                out.append(Reason(kind, outcome, rounds, 7, others, 8, lead, weaker, 6, others, teams))
    return out


def test_english_reasons_labels_and_summaries_read_as_the_terminal_prints_them() -> None:
    reasons = _reasons()
    assert len(reasons) > 200
    for why in reasons:
        assert cut_words.reason(why) == why.english(), why
    shapes = itertools.product((1, 2), (True, False), (None, 1, 9), (None, 1, 7))
    for rounds_left, paired, guarantee, reachable in shapes:
        outlook = CutOutlook(8, 5, rounds_left, paired, (), guarantee, reachable)
        assert cut_words.summary(outlook) == outlook.summary()
        for verdict in VERDICTS:
            assert cut_words.label(outlook, verdict) == outlook.label(verdict)


def test_in_japanese_the_cut_speaks_japanese_with_the_same_numbers() -> None:
    with i18n.use("ja"):
        why = Reason("safe", "draw", 1, 7, 2, 8, weaker="loss", weaker_points=6, weaker_others=5)
        text = cut_words.reason(why)
        summary = cut_words.summary(CutOutlook(8, 5, 2, False, (), 12, 9))
        label = cut_words.label(CutOutlook(8, 5, 2, False, (), 12, 9), "win-in")
    for words in (text, summary, label):
        assert not any(w in words for w in ("with", "points", "cut", "round", "In "))
    assert all(n in text for n in ("7", "2", "6", "5", "8")) and "引き分け" in text
    assert "12" in summary and "9" in summary and "2" in label


def test_the_cut_panel_cites_the_events_own_rules() -> None:
    """Points first and what an agreed draw does, in the event's own document: MTR Appendix C
    and 2.5, Aequitas Appendix C and 2.4 (an Aequitas event never cites the MTR), Bushiroad
    3.2.1.2 and 4.4 (players may not agree to a draw)."""
    from ingest.rules.rulesets import get_ruleset

    notes = {rules: cut_words.rules_note(get_ruleset(rules)) for rules in ("mtr", "aequitas", "bushiroad")}
    assert notes == {
        "mtr": "Points decide first (MTR Appendix C); an intentional draw gives each player a draw (MTR 2.5).",
        "aequitas": "Points decide first (Aequitas Appendix C); an intentional draw gives each player a draw "
        "(Aequitas 2.4).",
        "bushiroad": "Points decide first (Bushiroad 3.2.1.2); players may not agree to a draw (Bushiroad 4.4).",
    }
    with i18n.use("ja"):
        assert cut_words.rules_note(get_ruleset("aequitas")) == (
            "まず勝ち点で決まります（Aequitas Appendix C）。"
            "合意による引き分けは両者の引き分けとなります（Aequitas 2.4）。"
        )
