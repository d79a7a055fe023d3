"""The browser tests' processor time, Chromium's included, of two commits side by side, file by file.

    .venv/bin/python benchmarks/browser_cpu.py --before main --after HEAD

Each commit is unpacked in a folder of its own (``git archive``), and each file of ``tests/browser/`` runs there in
one process (``pytest FILE -n 0``), the two commits at the same time, so that both meet the same load. What counts
is the processor time of the run and of every process it started: pytest, the live server in it, Playwright's
driver and every Chromium process. Chromium's renderers are not all waited for by the process that started them,
so ``/usr/bin/time`` misses part of them; each run is put in a control group of its own (``cpuacct``, or
cgroup v2's ``cpu.stat``), which counts every process in it, waited for or not. Without a control group that this
user may make, the script falls back on ``/usr/bin/time`` and says so in the figures. The figures, with the date,
the machine and its load, are printed and written to ``--out``, which the manual's Tests page shows.
"""

from __future__ import annotations

import argparse
import json
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
from suite_cpu import unpack

ROOT = Path(__file__).resolve().parent.parent
CGROUP_V1 = Path("/sys/fs/cgroup/cpuacct")
CGROUP_V2 = Path("/sys/fs/cgroup")


class Group:
    """A control group of its own for one run: every process started in it is counted, waited for or not."""

    def __init__(self, name: str) -> None:
        if (CGROUP_V1 / "cpuacct.usage").exists():
            self.path, self.v2 = CGROUP_V1 / name, False
        else:
            self.path, self.v2 = CGROUP_V2 / name, True
        self.path.mkdir()

    @staticmethod
    def available() -> bool:
        """Whether this user may make a control group that counts processor time."""
        try:
            Group(f"scorekeeper-probe-{os.getpid()}").remove()
        except OSError:
            return False
        return True

    def command(self, args: list[str]) -> list[str]:
        """*args*, run from a shell that first moves itself into this group."""
        return ["sh", "-c", f'echo $$ > {self.path / "cgroup.procs"} && exec "$@"', "sh", *args]

    def seconds(self) -> float:
        if self.v2:
            fields = dict(line.split() for line in (self.path / "cpu.stat").read_text().splitlines())
            return int(fields["usage_usec"]) / 1e6
        return int((self.path / "cpuacct.usage").read_text()) / 1e9

    def remove(self) -> None:
        # A process that outlived the run (a Chromium helper on its way out) keeps the group busy for a moment.
        for _ in range(50):
            try:
                self.path.rmdir()
                return
            except OSError:
                time.sleep(0.2)


def run_file(tree: Path, test_file: str, grouped: bool) -> dict:
    """Run *test_file* in *tree* in one process: processor seconds, clock seconds, pytest's closing line."""
    args = [sys.executable, "-m", "pytest", test_file, "-q", "-n", "0", "-p", "no:cacheprovider"]
    env = {k: v for k, v in os.environ.items() if k not in ("TEST_DATABASE_URL", "PYTEST_ADDOPTS")}
    started = time.monotonic()
    if grouped:
        group = Group(f"scorekeeper-{tree.name}-{os.getpid()}-{threading.get_ident()}")
        try:
            answer = subprocess.run(group.command(args), cwd=tree, capture_output=True, text=True, env=env)
            cpu = group.seconds()
        finally:
            group.remove()
    else:
        with tempfile.NamedTemporaryFile("r", suffix=".time") as times:
            timed = ["/usr/bin/time", "-f", "%U %S", "-o", times.name, *args]
            answer = subprocess.run(timed, cwd=tree, capture_output=True, text=True, env=env)
            cpu = sum(float(x) for x in times.read().split()[-2:])
    closing = ""
    for line in answer.stdout.splitlines():
        if re.match(r"^=* ?\d+ (passed|failed|error).* in [\d.]+", line):
            closing = line.strip("= ").strip()
    return {"cpu_seconds": round(cpu, 1), "clock_seconds": round(time.monotonic() - started), "closing": closing}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the commit measured first (e.g. main)")
    parser.add_argument("--after", default="HEAD", help="the commit measured beside it")
    parser.add_argument("--out", default=str(figures.FOLDER / "browser-cpu.json"))
    parser.add_argument(
        "--add-to",
        action="append",
        default=[],
        help="figures written earlier by this script (a run split in parts): keep their files' results beside these",
    )
    parser.add_argument("files", nargs="*", help="browser test files (all of tests/browser/ when none is named)")
    args = parser.parse_args()

    every_file = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "browser").glob("test_*.py"))
    # Parts put together (--add-to) measure only the files named; a run on its own, every file when none is.
    files = args.files or ([] if args.add_to else every_file)
    grouped = Group.available()
    work = Path(tempfile.mkdtemp(prefix="scorekeeper-browser-cpu."))
    try:
        commits = {name: unpack(rev, work / name) for name, rev in (("before", args.before), ("after", args.after))}
        load_at_start = round(os.getloadavg()[0], 1)
        per_file: dict[str, dict] = {}
        load_at_end = 0.0
        for path in args.add_to:
            earlier = json.loads(Path(path).read_text(encoding="utf-8"))
            per_file.update(earlier["files"])
            load_at_start = max(load_at_start, earlier["load_at_start"])
            load_at_end = max(load_at_end, earlier["load_at_end"])
        for test_file in files:
            results: dict[str, dict] = {}

            def run(name: str, test_file: str = test_file, results: dict = results) -> None:
                results[name] = run_file(work / name, test_file, grouped)

            threads = [threading.Thread(target=run, args=(name,)) for name in commits]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            for name, commit in commits.items():
                results[name]["commit"] = commit
            per_file[Path(test_file).stem] = results
            print(
                f"{test_file}: {results['before']['cpu_seconds']} s of processor before "
                f"({results['before']['closing']}), {results['after']['cpu_seconds']} s after "
                f"({results['after']['closing']})",
                flush=True,
            )
            # Written after each file, so that a run stopped midway keeps what it measured.
            write(args.out, per_file, grouped, load_at_start, load_at_end)
        if not files:
            write(args.out, per_file, grouped, load_at_start, load_at_end)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def write(out: str, per_file: dict[str, dict], grouped: bool, load_at_start: float, load_at_end: float) -> None:
    """Print the totals of the files measured so far and write them all to *out*."""
    totals = {
        when: {
            "cpu_seconds": round(sum(f[when]["cpu_seconds"] for f in per_file.values())),
            "clock_seconds": sum(f[when]["clock_seconds"] for f in per_file.values()),
            "passed": sum(int(m.group(1)) for f in per_file.values() for m in [_passed(f[when]["closing"])] if m),
        }
        for when in ("before", "after")
    }
    before, after = totals["before"]["cpu_seconds"], totals["after"]["cpu_seconds"]
    percent = round(100 * (before - after) / before)
    print(f"all: {before} s before, {after} s after ({percent} % less)")
    figures.write(
        Path(out).stem,
        {
            # The commits measured, each part of a run split in parts naming its own.
            **{
                when: " and ".join(sorted({f[when]["commit"] for f in per_file.values()}))
                for when in ("before", "after")
            },
            "counted_by": "control group" if grouped else "/usr/bin/time (reaped processes only)",
            "load_at_start": load_at_start,
            "load_at_end": max(round(os.getloadavg()[0], 1), load_at_end),
            "files_measured": len(per_file),
            "files": per_file,
            "total": totals,
            "percent_less": percent,
        },
        folder=Path(out).parent,
    )


def _passed(closing: str) -> re.Match[str] | None:
    return re.search(r"(\d+) passed", closing)


if __name__ == "__main__":
    main()
