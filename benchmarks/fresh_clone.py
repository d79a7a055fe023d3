"""Time the README's two commands as a newcomer runs them: in a fresh clone, one after the other.

    .venv/bin/python benchmarks/fresh_clone.py          # --source . --rev HEAD --out docs/figures/fresh-clone.json

The commands are read from the clone's own README (its first two code blocks), and run as written
with bash. The first serves the app: it is timed until the home page and the new-game page answer
(``FLASK_RUN_PORT`` picks a free port, so the command itself stays word for word), then stopped.
The second installs what the tests need and runs every test: it is timed to its end, and pytest's
closing line is kept. The figures, with the date, the machine and its load, are printed and written
to ``--out`` as JSON, which the manual's pages show.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import figures
from measure import free_port

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)


def readme_commands(readme: Path) -> tuple[str, str]:
    """The README's first two code blocks: the run command and the test command."""
    blocks = FENCE.findall(readme.read_text(encoding="utf-8"))
    return blocks[0].strip(), blocks[1].strip()


def load() -> float:
    """The one-minute load average (2 means both cores of a 2-core machine busy)."""
    return round(os.getloadavg()[0], 1)


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def time_run(command: str, clone: Path, log: Path, timeout: float) -> float:
    """Run the README's run command until its pages answer; the seconds it took."""
    port = free_port()
    env = {**os.environ, "FLASK_RUN_PORT": str(port)}
    for name in ("SECRET_KEY", "DATABASE_URL", "SCOREKEEPER_INSTANCE_PATH", "SCOREKEEPER_ENV", "VIRTUAL_ENV"):
        env.pop(name, None)
    start = time.monotonic()
    with log.open("w") as out:
        process = subprocess.Popen(
            ["bash", "-c", command], cwd=clone, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        base = f"http://127.0.0.1:{port}/"
        while not (answers(base) and answers(base + "games/new")):
            if process.poll() is not None:
                raise SystemExit(f"the run command ended ({process.returncode}) before its page answered; see {log}")
            if time.monotonic() - start > timeout:
                raise SystemExit(f"no page after {timeout:.0f} s; see {log}")
            time.sleep(0.5)
        return time.monotonic() - start
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def time_tests(command: str, clone: Path, log: Path) -> tuple[float, str, int]:
    """Run the README's test command to its end; its seconds, pytest's closing line and exit status."""
    env = {k: v for k, v in os.environ.items() if k not in ("TEST_DATABASE_URL", "VIRTUAL_ENV", "PYTEST_ADDOPTS")}
    start = time.monotonic()
    with log.open("w") as out:
        status = subprocess.run(
            ["bash", "-c", command], cwd=clone, env=env, stdout=out, stderr=subprocess.STDOUT
        ).returncode
    seconds = time.monotonic() - start
    closing = ""
    for line in log.read_text(errors="replace").splitlines():
        if re.match(r"^=+ .*\b(passed|failed)\b.* in [\d.]+s", line):
            closing = line.strip("= ").strip()
    return seconds, closing, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=str(ROOT), help="the repository to clone (default: this one)")
    parser.add_argument("--rev", default="HEAD", help="the commit to check out in the clone")
    parser.add_argument("--out", default=str(figures.FOLDER / "fresh-clone.json"), help="where to write the figures")
    parser.add_argument("--keep", action="store_true", help="keep the clone and its logs")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="scorekeeper-clone."))
    clone = work / "clone"
    subprocess.run(["git", "clone", "-q", args.source, str(clone)], check=True)
    subprocess.run(["git", "checkout", "-q", args.rev], cwd=clone, check=True)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=clone, capture_output=True, text=True
    ).stdout.strip()
    run, test = readme_commands(clone / "README.md")

    load_at_start = load()
    print(f"fresh clone of {args.source} at {commit} in {clone}; load average {load_at_start}")
    print(f"$ {run}")
    run_seconds = time_run(run, clone, work / "run.log", timeout=1800)
    print(f"  the first page answered after {run_seconds:.0f} s")
    print(f"$ {test}")
    test_seconds, closing, status = time_tests(test, clone, work / "test.log")
    print(f"  ended after {test_seconds:.0f} s (exit status {status}): {closing}")
    out = Path(args.out)
    measured = {
        "commit": commit,
        "load_at_start": load_at_start,
        "run_seconds": round(run_seconds),
        "test_seconds": round(test_seconds),
        "test_closing_line": closing,
        "test_exit_status": status,
        "load_at_end": load(),
    }
    figures.write(out.stem, measured, folder=out.parent)
    if args.keep:
        print(f"kept: {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
