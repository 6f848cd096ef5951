"""QR codes on what the organizer prints: pairings, result slips and standings point to the
event's page (a slip to its round), so a player can scan instead of typing an address.

Made with ``segno`` (pure Python, SVG output). The address comes from ``site_url`` in
mkdocs.yml; without it there is no address to print, and no QR code is drawn.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

from markupsafe import Markup, escape

_SVG = re.compile(r'viewBox="0 0 (\d+) (\d+)"[^>]*>(.*)</svg>', re.S)


@dataclass(frozen=True, slots=True)
class QrCode:
    """A QR code as SVG parts: drawn once (:meth:`definition`), shown many times (:meth:`use`)."""

    ref: str
    """The element id the code is defined under."""
    url: str
    """The address it encodes."""
    size: int
    """Modules across, quiet zone included."""
    body: str
    """The SVG drawing (segno's path)."""

    def definition(self) -> Markup:
        """A hidden SVG that defines the code once per page."""
        return Markup(
            f'<svg class="sk-qr-defs" width="0" height="0" aria-hidden="true"><defs><g id="{self.ref}">{self.body}'
            "</g></defs></svg>"
        )

    def use(self, label: str = "") -> Markup:
        """The code drawn where it is used, with its address as its accessible name."""
        name = escape(label or self.url)
        return Markup(
            f'<svg class="sk-qr" viewBox="0 0 {self.size} {self.size}" role="img" aria-label="{name}">'
            f'<use href="#{self.ref}"/></svg>'
        )


def qr_code(url: str, ref: str) -> QrCode:
    """The QR code of ``url`` (error correction M, a 2-module quiet zone) under the id ``ref``.

    >>> code = qr_code("https://example.org/events/fnm/", "sk-qr-event")
    >>> code.size, code.body.startswith('<path'), 'href="#sk-qr-event"' in code.use()
    (33, True, True)
    """
    import segno

    out = io.BytesIO()
    segno.make(url, error="m", micro=False).save(out, kind="svg", xmldecl=False, border=2, nl=False, omitsize=True)
    m = _SVG.search(out.getvalue().decode("ascii"))
    if m is None:  # segno's SVG always carries its viewBox
        raise ValueError("unexpected SVG from segno")
    return QrCode(ref, url, int(m[1]), m[3])


def page_address(site_url: str, path: str) -> str:
    """An absolute address on the site; empty when the site's address is not known.

    >>> page_address("https://club.example/results", "events/fnm/"), page_address("", "events/fnm/")
    ('https://club.example/results/events/fnm/', '')
    """
    return site_url.rstrip("/") + "/" + path if site_url else ""
