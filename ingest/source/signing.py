"""The key the files of the user's cache folder are signed with (HMAC-SHA256): the build
cache's entries (:mod:`ingest.publish.cache`), the list of the site's files
(:mod:`ingest.publish.site_manifest`) and the verdicts on recorded rounds
(:mod:`ingest.cli.verdict_files`). A module of its own so that a command that signs or
checks a verdict does not import the build's machinery (a tenth of a second of CPU).
"""

from __future__ import annotations

import os
from pathlib import Path

from ingest.source.storage import read_build_file

KEY_BYTES = 32
"""The signing key's length (:func:`signing_key`)."""


def signing_key(home: Path) -> bytes | None:
    """The key entries are signed with, kept in ``home`` and made on first use; None when it
    cannot be kept.

    The key file is read like every file of the cache: a plain file, never a link, a pipe or
    a device, and never more than a key's bytes (a link to ``/dev/zero`` made a build read
    without end, a pipe made it wait). One that is not a key is removed and made again.
    """
    path = home / "build-cache.key"
    data = read_build_file(path, KEY_BYTES)
    if data is not None and len(data) == KEY_BYTES:
        return data
    if os.path.lexists(path):
        try:
            os.unlink(path)  # not a key (empty, short, a link, a pipe...): made again
        except OSError:
            return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(os.urandom(KEY_BYTES))
    except OSError:
        pass  # another build made it meanwhile, or none can be kept here
    data = read_build_file(path, KEY_BYTES)
    return data if data is not None and len(data) == KEY_BYTES else None
