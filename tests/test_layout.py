"""The tests are laid out as the code is: no test module imports another.

What tests share lives in fixtures (``conftest.py``, found by pytest, never imported) or in ``tests/_support/``.
A test module imported by another runs its own tests twice, ties two files together that only look apart, and
hides a helper where nobody looks for it. The self-tests plant such an import and show it is caught.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
SUPPORT = "_support"


def _module_of(root: Path, path: Path) -> list[str]:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


def _imported(root: Path, path: Path, tree: ast.AST) -> list[tuple[int, str]]:
    """Every module of the tests package that *path* imports (a name imported from a package counts as its
    submodule, since it may be one), with its line."""
    package = _module_of(root, path)
    if path.name != "__init__.py":
        package = package[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return [(line, name) for line, name in found if name == root.name or name.startswith(root.name + ".")]


def wrong_imports(root: Path) -> list[str]:
    """Imports under *root* (a tests folder) of a test module or a conftest, or of a helper outside _support."""
    wrong = []
    for path in sorted(root.rglob("*.py")):
        for line, name in _imported(root, path, ast.parse(path.read_text(encoding="utf-8"))):
            parts = name.split(".")
            target = root.parent.joinpath(*parts)
            is_file = target.with_suffix(".py").is_file()
            if not is_file:
                continue  # a package, or a name inside a module: the module itself is reported
            if parts[-1].startswith("test_") or parts[-1] == "conftest":
                wrong.append(f"{path.relative_to(root.parent)}:{line} imports the test module {name}")
            elif len(parts) < 2 or parts[1] != SUPPORT:
                wrong.append(f"{path.relative_to(root.parent)}:{line} imports {name}, a helper outside tests/_support")
    return wrong


def test_no_test_module_imports_another_and_helpers_live_in_support():
    assert wrong_imports(TESTS) == []


def test_the_store_has_its_own_tests():
    assert sorted(p.name for p in (TESTS / "store").glob("test_*.py")), "tests/store/ holds the store's tests"


# -- Self-tests: a planted import is caught ---------------------------------------------------------------


def _plant(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "tests"
    for name in ("", "web", "rules", "_support"):
        (root / name).mkdir(parents=True, exist_ok=True)
        (root / name / "__init__.py").write_text("")
    (root / "conftest.py").write_text("SIDES = []\n")
    (root / "_support" / "games.py").write_text("def new_game(): ...\n")
    (root / "web" / "test_games.py").write_text("def test_a(): ...\ndef helper(): ...\n")
    (root / "web" / "helpers.py").write_text("def helper(): ...\n")
    (root / "rules" / "test_rank.py").write_text("def order(): ...\n")
    for name, source in files.items():
        (root / name).write_text(source)
    return root


@pytest.mark.parametrize(
    ("planted", "caught"),
    [
        ("from tests.web.test_games import helper\n", "imports the test module tests.web.test_games"),
        ("from tests.web import test_games\n", "imports the test module tests.web.test_games"),
        ("import tests.web.test_games\n", "imports the test module tests.web.test_games"),
        ("from .test_games import helper\n", "imports the test module tests.web.test_games"),
        ("from ..rules.test_rank import order\n", "imports the test module tests.rules.test_rank"),
        ("from tests.conftest import SIDES\n", "imports the test module tests.conftest"),
        (
            "def test_b():\n    from tests.web.test_games import helper\n",
            "imports the test module tests.web.test_games",
        ),
        ("from tests.web.helpers import helper\n", "imports tests.web.helpers, a helper outside tests/_support"),
    ],
    ids=["from", "from-package", "import", "relative", "relative-up", "conftest", "in-a-test", "helper-elsewhere"],
)
def test_a_planted_import_of_a_test_module_is_caught(tmp_path, planted, caught):
    root = _plant(tmp_path, {"web/test_other.py": planted})
    assert [wrong.split(" ", 1)[1] for wrong in wrong_imports(root)] == [caught]


def test_helpers_from_support_and_outside_packages_pass(tmp_path):
    root = _plant(
        tmp_path,
        {
            "web/test_other.py": "import pytest\nfrom scorekeeper import create_app\n"
            "from tests._support.games import new_game\nfrom tests._support import games\n"
        },
    )
    assert wrong_imports(root) == []
