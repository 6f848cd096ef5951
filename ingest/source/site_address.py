"""The site's address (``site_url``): what counts as one, and the one given on the command line.

``mkdocs.yml``'s ``site_url`` is checked with the rest of the file, at its line
(:mod:`ingest.source.site_checks`); ``build --site-url`` and ``init --site-url`` take one
from the command line (GitHub's ``configure-pages`` gives the Pages address of the
repository), checked here before anything is read or written.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

WEB_ADDRESS = re.compile(r"https?://[^\s\"'<>\\`]+")
"""A web address as a setting may hold one: http or https, no space, quote, angle bracket,
backslash or backtick (it goes into every page's links as it is)."""


def site_address(text: str) -> str:
    """The site's address given on the command line, ending in ``/`` (as mkdocs makes it).

    >>> site_address("https://dragons-hoard.github.io/results")
    'https://dragons-hoard.github.io/results/'
    >>> site_address("http://127.0.0.1:8000/")
    'http://127.0.0.1:8000/'

    Raises:
        ValueError: not a site's address, in words for the command line.
    """
    if not WEB_ADDRESS.fullmatch(text):
        raise ValueError(f"{text!r} is not a web address starting with https:// or http://")
    parts = urlsplit(text)
    try:
        host, _port = parts.hostname, parts.port
    except ValueError:  # a port that is not a number
        host = None
    if not host:
        raise ValueError(f"{text!r} names no host")
    if parts.username is not None or parts.password is not None:
        raise ValueError(f"{text!r} holds a user name or password; give the site's public address")
    if parts.query or parts.fragment or text.endswith(("?", "#")):
        raise ValueError(f"{text!r} has a query or a fragment; give the address of the site's home page")
    return text if text.endswith("/") else text + "/"
