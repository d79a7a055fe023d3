"""The processor time the tests take, folder by folder, of two commits side by side.

    .venv/bin/python benchmarks/suite_cpu.py --before main~3 --after HEAD tests/rules tests/api

Each commit is unpacked in a folder of its own (``git archive``) and each tests folder runs there in one process
(``pytest FOLDER -n 0``), the two commits at the same time, so that both meet the same load. What counts is the
processor time of the run and of everything it started (Chromium included), not the time on the clock: on a
machine other work shares, the clock says more about the others than about the tests. The figures, with the
date, the machine and its load, are printed and written to ``--out`` as JSON, which the manual's Tests page shows.

On a busy machine ``--split N`` (or ``tests/web:N`` for one folder) runs each folder's test files in N processes
at once (the files dealt out in turn, each process with ``-n 0``), and the folders all at once: the processor time is their sum, a little more
than one process takes (each imports the app and builds its database once), the same for both commits; the clock
is the longest of them. The static files are built in each unpacked commit before anything is timed, as they are
in a working copy, rather than by whichever test comes first.
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


def _environment() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("TEST_DATABASE_URL", "PYTEST_ADDOPTS")}


def build_static(tree: Path) -> None:
    """Build the static files of the commit unpacked in *tree* into its instance folder, as a working copy has them."""
    script = (
        "from scorekeeper import create_app; "
        "create_app({'SECRET_KEY': 'benchmark', 'SQLALCHEMY_DATABASE_URI': 'sqlite://'})"
    )
    env = {**_environment(), "SCOREKEEPER_INSTANCE_PATH": str(tree / "instance")}
    subprocess.run([sys.executable, "-c", script], cwd=tree, env=env, check=True)


def parts(tree: Path, folder: str, split: int) -> list[list[str]]:
    """*folder* as *split* lists of its test files, dealt out in turn (the folder itself when it is not split)."""
    files = sorted(p.relative_to(tree).as_posix() for p in (tree / folder).rglob("test_*.py"))
    if split <= 1 or not (tree / folder).is_dir() or len(files) < 2:
        return [[folder]]
    return [group for group in (files[i::split] for i in range(split)) if group]


def run_part(tree: Path, paths: list[str]) -> tuple[float, str]:
    """Run *paths* in *tree* in one process: its processor seconds and pytest's output."""
    # /usr/bin/time counts the processor time of pytest and of all it started and waited for (Chromium too).
    with tempfile.NamedTemporaryFile("r", suffix=".time") as times:
        answer = subprocess.run(
            ["/usr/bin/time", "-f", "%U %S", "-o", times.name, sys.executable, "-m", "pytest", *paths, "-q", "-n", "0"]
            + ["-p", "no:cacheprovider"],
            cwd=tree,
            capture_output=True,
            text=True,
            env=_environment(),
        )
        user, system = (float(x) for x in times.read().split()[-2:])
    return user + system, answer.stdout


def _closing(outputs: list[str]) -> str:
    """pytest's closing lines of every part, added up: ``812 passed, 3 skipped``."""
    counts: dict[str, int] = {}
    for output in outputs:
        for line in output.splitlines():
            if re.match(r"^=* ?\d+ (passed|failed|error).* in [\d.]+s", line):
                for number, word in re.findall(r"(\d+) (\w+)", line.split(" in ")[0]):
                    counts[word] = counts.get(word, 0) + int(number)
    return ", ".join(f"{n} {word}" for word, n in counts.items())


def run_folder(tree: Path, folder: str, split: int = 1) -> dict:
    """Run *folder*'s tests in *tree*, in one process or *split*: processor seconds, clock seconds, how many passed."""
    started = time.monotonic()
    answers: list[tuple[float, str]] = [(0.0, "")] * len(groups := parts(tree, folder, split))
    threads = [
        threading.Thread(target=lambda i, g: answers.__setitem__(i, run_part(tree, g)), args=(i, group))
        for i, group in enumerate(groups)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {
        "cpu_seconds": round(sum(cpu for cpu, _ in answers), 1),
        "clock_seconds": round(time.monotonic() - started),
        "closing": _closing([output for _, output in answers]),
        "processes": len(groups),
    }


def figure_name(folder: str) -> str:
    """The name *folder*'s figures go under, one the manual can write: ``tests/web/test_games.py`` -> ``web-test_games``."""
    return folder.removeprefix("tests/").rstrip("/").removesuffix(".py").replace("/", "-") or "tests"


def _run_into(results: dict, name: str, tree: Path, folder: str, split: int) -> None:
    results[name] = run_folder(tree, folder, split)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the commit measured first (e.g. main)")
    parser.add_argument("--after", default="HEAD", help="the commit measured beside it")
    parser.add_argument("--out", default=str(figures.FOLDER / "test-cpu.json"))
    parser.add_argument(
        "--split", type=int, default=1, help="run each folder in this many processes at once, and all folders at once"
    )
    parser.add_argument(
        "folders", nargs="+", help="tests folders (or files), each run on its own; FOLDER:N splits that one in N"
    )
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="scorekeeper-test-cpu."))
    try:
        commits = {name: unpack(rev, work / name) for name, rev in (("before", args.before), ("after", args.after))}
        for name in commits:
            build_static(work / name)
        load_at_start = round(os.getloadavg()[0], 1)
        folders: dict[str, dict] = {}
        at_once = args.split > 1 or any(":" in asked for asked in args.folders)
        pending: list[threading.Thread] = []
        for asked in args.folders:
            folder, _, count = asked.partition(":")
            split = int(count) if count else args.split
            results: dict[str, dict] = {}
            threads = [
                threading.Thread(target=_run_into, args=(results, name, work / name, folder, split)) for name in commits
            ]
            for thread in threads:
                thread.start()
            pending += threads
            if not at_once:
                for thread in pending:
                    thread.join()
                pending = []
            key = figure_name(folder)
            folders[key] = results
        for thread in pending:
            thread.join()
        for key, results in folders.items():
            print(
                f"{key}: {results['before']['cpu_seconds']} s of processor before, "
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
                "split": args.split,
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
