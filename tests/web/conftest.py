"""Fixtures of the web tests shared between their files."""

from tests.web.test_internet import limited  # noqa: F401  (an app with small rate limits on)
