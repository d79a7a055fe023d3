"""The rules engine and the party engine are plain Python: importing them pulls in no part of the web stack."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
import scorekeeper.rules
import scorekeeper.party
print(json.dumps(sorted(m for m in sys.modules)))
"""


def loaded_modules() -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


@pytest.mark.parametrize("web_package", ["flask", "sqlalchemy", "wtforms", "flask_wtf", "flask_sqlalchemy"])
def test_importing_the_rules_loads_no_web_package(web_package):
    modules = loaded_modules()
    assert "scorekeeper.rules" in modules
    assert "scorekeeper.party" in modules
    assert not {m for m in modules if m == web_package or m.startswith(web_package + ".")}


def test_the_rules_import_only_the_standard_library():
    modules = loaded_modules()
    stdlib = set(sys.stdlib_module_names)
    foreign = {m.split(".")[0] for m in modules} - stdlib - {"scorekeeper", "__main__", "_distutils_hack"}
    foreign = {m for m in foreign if not m.startswith("_") and not m.startswith("__editable__")}
    assert not foreign


def test_the_engine_sources_import_only_the_standard_library():
    """Read every module of scorekeeper/rules and list what it imports."""
    import ast

    stdlib = set(sys.stdlib_module_names)
    foreign = set()
    for path in sorted(
        [*(ROOT / "scorekeeper" / "rules").glob("*.py"), *(ROOT / "scorekeeper" / "party").glob("*.py")]
    ):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            foreign |= {f"{path.name}: {n}" for n in names if n.split(".")[0] not in stdlib}
    assert not foreign
