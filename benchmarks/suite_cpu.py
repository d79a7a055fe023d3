"""The processor time the tests take, folder by folder, of two commits side by side.

    .venv/bin/python benchmarks/suite_cpu.py --before main~3 --after HEAD tests/rules tests/api

Each commit is unpacked in a folder of its own (``git archive``) and each tests folder runs there in one process
(``pytest FOLDER -n 0``), the two commits at the same time, so that both meet the same load. What counts is the
processor time of the run and of everything it started (Chromium included), not the time on the clock: on a
machine other work shares, the clock says more about the others than about the tests. The figures, with the
date, the machine and its load, are printed and written to ``--out`` as JSON, which the manual's Tests page shows.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import figures

ROOT = Path(__file__).resolve().parent.parent


def unpack(rev: str, into: Path) -> str:
    """The commit *rev* unpacked into *into*; its short hash."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return subprocess.run(
        ["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def run_folder(tree: Path, folder: str) -> dict:
    """Run *folder*'s tests in *tree* in one process: processor seconds, clock seconds, pytest's closing line."""
    started = time.monotonic()
    # /usr/bin/time counts the processor time of pytest and of all it started and waited for (Chromium too).
    with tempfile.NamedTemporaryFile("r", suffix=".time") as times:
        answer = subprocess.run(
            ["/usr/bin/time", "-f", "%U %S", "-o", times.name, sys.executable, "-m", "pytest", folder, "-q", "-n", "0"]
            + ["-p", "no:cacheprovider"],
            cwd=tree,
            capture_output=True,
            text=True,
            env={k: v for k, v in os.environ.items() if k not in ("TEST_DATABASE_URL", "PYTEST_ADDOPTS")},
        )
        user, system = (float(x) for x in times.read().split()[-2:])
    closing = ""
    for line in answer.stdout.splitlines():
        if re.match(r"^=* ?\d+ (passed|failed|error).* in [\d.]+s", line):
            closing = line.strip("= ").strip()
    return {
        "cpu_seconds": round(user + system, 1),
        "clock_seconds": round(time.monotonic() - started),
        "closing": closing,
    }


def _run_into(results: dict, name: str, tree: Path, folder: str) -> None:
    results[name] = run_folder(tree, folder)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the commit measured first (e.g. main)")
    parser.add_argument("--after", default="HEAD", help="the commit measured beside it")
    parser.add_argument("--out", default=str(figures.FOLDER / "test-cpu.json"))
    parser.add_argument("folders", nargs="+", help="tests folders (or files), each run on its own")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="scorekeeper-test-cpu."))
    try:
        commits = {name: unpack(rev, work / name) for name, rev in (("before", args.before), ("after", args.after))}
        load_at_start = round(os.getloadavg()[0], 1)
        folders: dict[str, dict] = {}
        for folder in args.folders:
            results: dict[str, dict] = {}
            threads = [
                threading.Thread(target=_run_into, args=(results, name, work / name, folder)) for name in commits
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            key = folder.removeprefix("tests/").rstrip("/") or "tests"
            folders[key] = results
            print(
                f"{folder}: {results['before']['cpu_seconds']} s of processor before, "
                f"{results['after']['cpu_seconds']} s after ({results['after']['closing']})"
            )
        before = sum(f["before"]["cpu_seconds"] for f in folders.values())
        after = sum(f["after"]["cpu_seconds"] for f in folders.values())
        print(f"all: {before:.0f} s before, {after:.0f} s after ({100 * (before - after) / before:.0f} % less)")
        figures.write(
            Path(args.out).stem,
            {
                "before": commits["before"],
                "after": commits["after"],
                "load_at_start": load_at_start,
                "load_at_end": round(os.getloadavg()[0], 1),
                "folders": folders,
                "cpu_before": round(before),
                "cpu_after": round(after),
                "percent_less": round(100 * (before - after) / before),
            },
            folder=Path(args.out).parent,
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
