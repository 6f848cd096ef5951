"""The venue's browser tests launch Debian's Chromium as the site's do (:mod:`tests.site.conftest`)."""

from tests.site.conftest import browser_type_launch_args, context

__all__ = ["browser_type_launch_args", "context"]
