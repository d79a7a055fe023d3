"""Static files as the phones get them: minified, named by their content, compressed once, cached for a year.

The readable sources stay in ``static/``. When the app is built (``create_app``), this module
makes the copies that are served, in the instance folder, under a name taken from a hash of
every source (``instance/static-build/<hash>/``):

- each CSS file minified with rcssmin, and each of the app's own scripts with rjsmin (the
  vendored files in ``static/vendor/`` are shipped minified already and are copied as they are);
- ``<page>.bundle.css``: ``app.css`` followed by a page's own stylesheet, so that a page has one
  stylesheet to wait for, not two (see ``stylesheet``);
- every file also under a name holding a hash of its content (``app.3f2a9c1b7d4e.css``), which
  ``url_for('static', ...)`` gives from then on, and which WhiteNoise sends with
  ``Cache-Control: public, max-age=31536000, immutable``: a phone asks for it once;
- a Brotli (``.br``) and a gzip (``.gz``) copy of each, made by WhiteNoise's compressor, sent to
  a browser that asks for them.

A source edited means a new hash, so the next start builds again; an unchanged source tree finds
its build and only reads the sources to hash them. The build is written to a folder of its own and
renamed into place in one step, so servers (or workers) starting at once never see half of one.
With ``FLASK_DEBUG`` on (``flask --debug run``) none of this happens: Flask sends the sources as
they are, so an edited file shows on the next reload.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from flask import Flask, current_app, url_for
from markupsafe import Markup

if TYPE_CHECKING:
    from wsgiref.headers import Headers

# Bump when the build changes what it makes from the same sources.
BUILD_FORMAT = "1"
BUILD_FOLDER = "static-build"
MANIFEST = "manifest.json"
# The stylesheet every page loads; a page's own is sent joined to it.
BASE_STYLESHEET = "app.css"
BUNDLE_SUFFIX = ".bundle.css"
HASH_LENGTH = 12
# A year: the longest a cache is asked to keep anything, and safe because a new content is a new name.
IMMUTABLE = "public, max-age=31536000, immutable"
# Builds of older sources are removed once nothing started in the last day could still be serving them.
STALE_AFTER_S = 24 * 3600
SKIPPED = ("SHA256SUMS",)
FAVICON = "favicon.svg"
# Files that are only ever loaded by a page, never opened as one, and the one header they keep.
SUBRESOURCES = (".css", ".js")
SUBRESOURCE_HEADERS = ("X-Content-Type-Options",)


@dataclass(frozen=True)
class Build:
    """A finished build: its folder, and the hashed name of every file by its source name."""

    root: Path
    names: dict[str, str]

    @property
    def hashed(self) -> frozenset[str]:
        return frozenset(self.names.values())


def _minify(name: str, data: bytes) -> bytes:
    """Return *data* minified when it is CSS or the app's own JavaScript, else unchanged."""
    if name.endswith(".css"):
        import rcssmin

        return cast(str, rcssmin.cssmin(data.decode("utf-8"))).encode("utf-8")
    if name.endswith(".js") and not name.startswith("vendor/"):
        import rjsmin

        return cast(str, rjsmin.jsmin(data.decode("utf-8"))).encode("utf-8")
    return data


def _hashed_name(name: str, data: bytes) -> str:
    digest = hashlib.sha256(data).hexdigest()[:HASH_LENGTH]
    folder, _, base = name.rpartition("/")
    stem, dot, suffix = base.rpartition(".")
    hashed = f"{stem}.{digest}.{suffix}" if dot else f"{base}.{digest}"
    return f"{folder}/{hashed}" if folder else hashed


def sources(static: Path) -> dict[str, bytes]:
    """Return every file under *static* by its path there (``vendor/htmx-2.0.11.min.js``)."""
    found = {}
    for path in sorted(static.rglob("*")):
        name = path.relative_to(static).as_posix()
        if path.is_file() and not name.endswith(SKIPPED):
            found[name] = path.read_bytes()
    return found


def source_key(files: dict[str, bytes]) -> str:
    """Return a hash of every source's name and content, and of the build's own format and tools."""
    from importlib.metadata import version

    sha = hashlib.sha256()
    tools = " ".join(
        [BUILD_FORMAT] + [f"{tool} {version(tool)}" for tool in ("rcssmin", "rjsmin", "whitenoise", "brotli", "zopfli")]
    )
    sha.update(tools.encode())
    for name, data in files.items():
        sha.update(b"\0" + name.encode() + b"\0" + hashlib.sha256(data).digest())
    return sha.hexdigest()[:16]


def outputs(files: dict[str, bytes]) -> dict[str, bytes]:
    """Return what is served by source name: each file minified, and each page's stylesheet joined to the base one."""
    made = {name: _minify(name, data) for name, data in files.items()}
    base = made.get(BASE_STYLESHEET)
    if base is not None:
        for name in list(made):
            if name.endswith(".css") and "/" not in name and name != BASE_STYLESHEET:
                made[bundle_name(name)] = base + b"\n" + made[name]
    return made


def bundle_name(stylesheet: str) -> str:
    """Return the name of the base stylesheet joined to *stylesheet* (``games.css`` -> ``games.bundle.css``)."""
    return stylesheet.removesuffix(".css") + BUNDLE_SUFFIX


def build(static: Path, instance: Path) -> Build:
    """Return the build of the sources in *static*, making it under *instance* when it is not there yet."""
    from whitenoise.compress import Compressor

    files = sources(static)
    builds = instance / BUILD_FOLDER
    target = builds / source_key(files)
    manifest = target / MANIFEST
    if manifest.is_file():
        return Build(target, json.loads(manifest.read_text()))
    builds.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".building-", dir=builds))
    try:
        compressor = Compressor(quiet=True)
        names = {}
        for name, data in outputs(files).items():
            hashed = _hashed_name(name, data)
            names[name] = hashed
            path = work / hashed
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            made = compressor.compress(str(path)) if compressor.should_compress(hashed) else []
            _zopfli(path, data)
            # The same bytes under the source's own name, for a page cached before the last deploy.
            for copy in [str(path), *made]:
                shutil.copyfile(copy, str(work / name) + copy.removeprefix(str(path)))
        (work / MANIFEST).write_text(json.dumps(names, indent=1, sort_keys=True))
        try:
            # One step: another process building the same sources either finished first (this one's copy
            # is dropped) or finds the whole build once this rename is done.
            os.rename(work, target)
        except OSError:
            if not manifest.is_file():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    _remove_stale(builds, keep=target)
    return Build(target, json.loads(manifest.read_text()))


def _zopfli(path: Path, data: bytes) -> None:
    """Write the ``.gz`` copy again with Zopfli: the same gzip any browser reads, about 3% smaller.

    Phones on the hall's plain-http address ask for gzip only (no Brotli), so this is what they get.
    """
    gz = Path(str(path) + ".gz")
    if not gz.exists():
        return
    from zopfli.gzip import compress

    smaller = compress(data)
    if len(smaller) < gz.stat().st_size:
        gz.write_bytes(smaller)


def _remove_stale(builds: Path, keep: Path) -> None:
    """Remove builds of older sources that nothing started in the last day can be serving."""
    cutoff = time.time() - STALE_AFTER_S
    for folder in builds.iterdir():
        try:
            if folder != keep and folder.is_dir() and folder.stat().st_mtime < cutoff:
                shutil.rmtree(folder, ignore_errors=True)
        except OSError:
            continue


def _headers(build: Build, prefix: str) -> Callable[[Headers, str, str], None]:
    immutable = {f"/{prefix}{name}" for name in build.hashed}

    from scorekeeper.platform.security import SECURITY_HEADERS

    def add_headers(headers: Headers, _path: str, url: str) -> None:
        # The app's own headers, as on every answer from the views; a stylesheet or script is never a
        # document, so the page's policies mean nothing on it: it keeps only nosniff (half a kilobyte
        # less on each file of a first load).
        for name, value in SECURITY_HEADERS.items():
            if name in SUBRESOURCE_HEADERS or not url.endswith(SUBRESOURCES):
                headers[name] = value
        # A hashed name never changes content: kept a year without asking. Any other name (a page
        # cached before a deploy) is fine to send, never to reuse unchecked.
        headers["Cache-Control"] = IMMUTABLE if url in immutable else "no-cache"

    return add_headers


def init_app(app: Flask) -> None:
    """Build the static files and serve them through WhiteNoise, unless the app runs in debug mode."""
    app.jinja_env.globals["stylesheet"] = stylesheet
    app.jinja_env.globals["favicon"] = _favicon(Path(app.static_folder or "") / FAVICON)
    if app.debug or not app.static_folder:
        return
    from whitenoise import WhiteNoise

    made = build(Path(app.static_folder), Path(app.instance_path))
    app.extensions["scorekeeper.assets"] = made
    prefix = (app.static_url_path or "/static").strip("/") + "/"
    # Flask's documented way to add WSGI middleware; its typing declares wsgi_app a method, not an attribute.
    app.wsgi_app = WhiteNoise(  # type: ignore[method-assign]
        app.wsgi_app,
        root=str(made.root),
        prefix=prefix,
        allow_all_origins=False,
        add_headers_function=_headers(made, prefix),
    )

    @app.url_defaults
    def hashed_static_names(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and values.get("filename") in made.names:
            values["filename"] = made.names[values["filename"]]


def _favicon(path: Path) -> Markup:
    """The icon as a ``data:`` address written into each page: a quarter of a kilobyte, and no request for it."""
    from urllib.parse import quote

    if not path.is_file():
        return Markup("")
    svg = " ".join(path.read_text(encoding="utf-8").split()).replace('"', "'")
    # Every character HTML gives a meaning to is percent-encoded, so the address goes into the page as it is.
    return Markup("data:image/svg+xml," + quote(svg, safe=" =:/,"))


def current_build() -> Build | None:
    """Return the app's build, or None where the sources are served as they are (debug mode)."""
    return current_app.extensions.get("scorekeeper.assets")


def stylesheet(page: str | None = None) -> Markup:
    """Return the page's one stylesheet link: the base stylesheet joined to *page*'s own, when it has one."""
    made = current_build()
    if page and made is not None and bundle_name(page) in made.names:
        names = [bundle_name(page)]
    else:
        names = [BASE_STYLESHEET] + ([page] if page else [])
    return Markup("\n  ").join(
        Markup('<link rel="stylesheet" href="{}">').format(url_for("static", filename=name)) for name in names
    )
