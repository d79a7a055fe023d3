"""Fixtures of the browser tests beyond tests/conftest.py's: pages with a setting of their own."""

from __future__ import annotations

import pytest

from tests._support.steps import phone_of_its_own


@pytest.fixture
def no_script_page(browser, browser_context_args):
    """A phone with JavaScript turned off."""
    yield from phone_of_its_own(browser, browser_context_args, java_script_enabled=False)
