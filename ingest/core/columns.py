"""Terminal columns measured as a terminal shows them: a CJK character takes two cells.

``len()`` counts code points, so a table with a Japanese name in it slid every column
after that name; :func:`display_width` counts cells (``wcwidth``), and :func:`pad` fills
to a width in cells.
"""

from __future__ import annotations

from wcwidth import wcswidth


def display_width(text: str) -> int:
    """Terminal cells ``text`` takes.

    >>> display_width("Alice"), display_width("田中太郎"), display_width("Ñandú")
    (5, 8, 5)
    """
    cells = wcswidth(text)
    return cells if cells >= 0 else len(text)


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` filled with spaces to ``width`` cells, left (``<``) or right (``>``) aligned.

    >>> pad("田中", 6) + "|", pad("42", 4, ">")
    ('田中  |', '  42')
    """
    fill = " " * max(width - display_width(text), 0)
    return fill + text if align == ">" else text + fill
