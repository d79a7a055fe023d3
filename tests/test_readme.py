"""The README's examples of the rules engine run as written."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_engine_examples_run_as_written():
    results = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert results.attempted >= 15, "the README lost its engine examples"
    assert results.failed == 0
