"""Progress on a terminal: one rewritten line, cleared at the end; nothing in CI or in a pipe."""

from __future__ import annotations

import io

import pytest

from ingest.publish.progress import TerminalProgress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_sees_the_stage_and_how_far_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    out = _Terminal()
    progress = TerminalProgress(out)
    progress.INTERVAL = 0.0
    progress("reading events", 0, 300)
    progress("reading events", 150, 300)
    progress("running mkdocs", 0, 1)
    progress.close()
    text = out.getvalue()
    assert "\rreading events 0/300" in text and "\rreading events 150/300" in text and "\rrunning mkdocs..." in text
    assert text.endswith("\r")  # the line is cleared: what follows starts on a clean line
    assert "\n" not in text


@pytest.mark.parametrize(("tty", "env"), [(False, {}), (True, {"CI": "true"}), (True, {"TERM": "dumb"})])
def test_quiet_in_ci_and_when_not_a_terminal(monkeypatch: pytest.MonkeyPatch, tty: bool, env: dict[str, str]) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    out = _Terminal() if tty else io.StringIO()
    progress = TerminalProgress(out)
    progress("reading events", 1, 2)
    progress.close()
    assert out.getvalue() == ""


def test_the_line_is_drawn_under_the_command_line_s_terminal_safe_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line escapes every control character a file could carry; the progress line's
    carriage returns are the program's own and reach the terminal as such."""
    import sys

    from ingest.core.safetext import terminal_safe_output

    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    out = _Terminal()
    monkeypatch.setattr(sys, "stderr", out)
    with terminal_safe_output():
        progress = TerminalProgress()
        progress("reading events", 1, 2)
        progress.close()
    assert out.getvalue().startswith("\rreading events 1/2") and "\\u000d" not in out.getvalue()
