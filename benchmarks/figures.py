"""One source for every figure: the benchmarks write them to docs/figures/<name>.json, the manual shows them.

A benchmark ends with ``figures.write("page-weight", {...})``: its figures, with the date, the commit,
the machine and its load average. A page of the manual names a figure where it stands, ``{{ page-weight.first_load.bytes | kib }}``,
and MkDocs (this module is its hook, in mkdocs.yml) writes the figure in: a figure that is not in its
file stops the build, so a page can never show a figure its benchmark did not measure, and two pages
showing the same figure cannot disagree.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "figures"
PLACEHOLDER = re.compile(r"\{\{\s*([\w-]+)((?:\.[\w-]+)+)\s*(?:\|\s*(\w+)\s*)?\}\}")
# What a page means as a figure but the hook cannot read (two formats, a stray character): an error, never text.
MALFORMED = re.compile(r"\{\{\s*[\w-]+\.[^}]*\}\}")
MONTHS = "January February March April May June July August September October November December".split()


def machine() -> dict[str, Any]:
    """What a figure was measured on: cores, processor, Python."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cores": os.cpu_count(), "cpu": model, "python": sys.version.split()[0]}


# The app's own code, what a benchmark measures: a figure names the last commit that changed it.
APP_CODE = ["scorekeeper", "templates", "static", "migrations"]


def commit() -> str:
    """The app's code measured: the last commit that changed it, with ``+`` when it has changes not committed."""
    try:
        last = subprocess.run(
            ["git", "log", "-1", "--format=%h", "--", *APP_CODE], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--", *APP_CODE], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""  # not a clone: an unpacked copy
    return last + ("+" if changed else "")


def write(name: str, figures: dict[str, Any], folder: Path = FOLDER) -> Path:
    """Write *figures* to ``<folder>/<name>.json`` with the date, the commit, the machine and its load; return the path."""
    document = {
        "measured": time.strftime("%Y-%m-%d", time.gmtime()),
        "commit": commit(),
        "machine": machine(),
        "load_average": round(os.getloadavg()[0], 1),
        **figures,
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"figures written to {path}")
    return path


def read(name: str, folder: Path = FOLDER) -> dict[str, Any]:
    return json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))


def _kib(value: Any) -> str:
    return f"{value / 1024:.1f} KiB"


def _minutes(value: Any) -> str:
    minutes, seconds = divmod(round(value), 60)
    return f"{minutes} min {seconds} s" if minutes else f"{seconds} s"


def _about_minutes(value: Any) -> str:
    return str(max(1, round(value / 60)))


def _count(value: Any) -> str:
    return f"{value:,}"


def _date(value: Any) -> str:
    year, month, day = (int(part) for part in str(value)[:10].split("-"))
    return f"{day} {MONTHS[month - 1]} {year}"


def _plain(value: Any) -> str:
    return str(value)


def _met(value: Any) -> str:
    if not isinstance(value, bool):
        raise KeyError(f"{value!r} is not a verdict (true or false)")
    return "met" if value else "not met"


def _ms(value: Any) -> str:
    """A time in milliseconds as a reader takes it in: 0.92 ms, 27.4 ms, 1,872 ms."""
    return f"{value:,.0f} ms" if value >= 100 else f"{value:g} ms"


def _times(value: Any) -> str:
    return f"{value:.2f}×"


FORMATS: dict[str, Callable[[Any], str]] = {
    "kib": _kib,
    "minutes": _minutes,
    "about_minutes": _about_minutes,
    "count": _count,
    "date": _date,
    "plain": _plain,
    "met": _met,
    "times": _times,
    "ms": _ms,
}


def render(markdown: str, folder: Path = FOLDER) -> str:
    """Write every ``{{ name.key.key | format }}`` of *markdown* with its figure; a missing one is a KeyError."""
    files: dict[str, dict[str, Any]] = {}

    def figure(match: re.Match[str]) -> str:
        name, keys, form = match[1], match[2].strip(".").split("."), match[3] or "plain"
        if name not in files:
            try:
                files[name] = read(name, folder)
            except FileNotFoundError:
                raise KeyError(f"{match[0]}: no docs/figures/{name}.json") from None
        value: Any = files[name]
        for key in keys:
            if not isinstance(value, dict) or key not in value:
                raise KeyError(f"{match[0]}: docs/figures/{name}.json has no {'.'.join(keys)}")
            value = value[key]
        if form not in FORMATS:
            raise KeyError(f"{match[0]}: no format {form!r} (there are {', '.join(FORMATS)})")
        return FORMATS[form](value)

    written = PLACEHOLDER.sub(figure, markdown)
    left = MALFORMED.search(written)
    if left:
        raise KeyError(
            f"{left[0]}: not a figure (a name, its keys and at most one format: {{{{ name.key | format }}}})"
        )
    return written


def on_page_markdown(markdown: str, **_: Any) -> str:
    """MkDocs hook: the page's figures written in."""
    return render(markdown)
