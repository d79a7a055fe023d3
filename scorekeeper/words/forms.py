"""What the pages' forms say alike, whichever area they belong to: a page kept open too long, a file too large."""

from __future__ import annotations

from scorekeeper.platform.i18n import gettext as _


def page_too_old() -> str:
    """A form sent from a page kept open past its form token's life: nothing was changed."""
    return _("This page was open too long: reload and try again.")


def file_too_large(mb: int) -> str:
    """A file sent to be brought back (a table's or a club's export) past the cap of *mb* megabytes."""
    return _("This file is larger than %(mb)d MB: nothing was stored.", mb=mb)
