"""The benchmark scripts name the app's modules as they are now: every import of the app in them resolves.

The scripts import the app inside functions (after setting its environment), so a
module that moved would only show when the benchmark is run; this reads them instead.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).resolve().parent.parent / "benchmarks").glob("*.py"))


def _app_imports(path: Path) -> list[tuple[str, str | None]]:
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scorekeeper"):
            found += [(node.module or "", alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names if alias.name.startswith("scorekeeper")]
    return found


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_every_import_of_the_app_in_a_benchmark_resolves(path):
    for module, name in _app_imports(path):
        imported = importlib.import_module(module)
        if name is not None and not hasattr(imported, name):
            importlib.import_module(f"{module}.{name}")  # a submodule, or ModuleNotFoundError names it


def test_the_gunicorn_settings_the_benchmarks_start_with_are_found():
    for path in BENCHMARKS:
        for word in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(word, ast.Constant) and isinstance(word.value, str) and word.value.startswith("python:"):
                importlib.import_module(word.value.removeprefix("python:"))
