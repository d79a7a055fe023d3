"""Vendored assets are the pinned files, and the pages load them."""

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"


def checksums() -> dict[str, str]:
    sums = {}
    for line in (VENDOR / "SHA256SUMS").read_text().splitlines():
        if line.strip():
            digest, name = line.split(maxsplit=1)
            sums[name.lstrip("*")] = digest
    return sums


def test_every_vendored_file_matches_its_checksum():
    sums = checksums()
    files = sorted(p.name for p in VENDOR.iterdir() if p.name != "SHA256SUMS")
    assert files == sorted(sums), "static/vendor and SHA256SUMS list different files"
    for name, digest in sums.items():
        actual = hashlib.sha256((VENDOR / name).read_bytes()).hexdigest()
        assert actual == digest, f"{name} does not match its checksum in SHA256SUMS"


def test_base_layout_loads_the_pinned_htmx():
    [htmx] = [name for name in checksums() if name.startswith("htmx-")]
    assert re.fullmatch(r"htmx-2\.0\.\d+\.min\.js", htmx)
    version = htmx.removeprefix("htmx-").removesuffix(".min.js")
    assert f'version:"{version}"' in (VENDOR / htmx).read_text(), "file name and htmx version disagree"
    base = (ROOT / "templates" / "base.html").read_text()
    assert f"filename='vendor/{htmx}'" in base


def test_service_worker_imports_the_pinned_workbox_modules(client):
    from scorekeeper.web.offline.views import WORKBOX_MODULES, WORKBOX_VERSION

    names = [name for name in checksums() if name.startswith("workbox-")]
    assert sorted(names) == sorted(f"workbox-{m}-{WORKBOX_VERSION}.prod.js" for m in WORKBOX_MODULES)
    series = WORKBOX_VERSION.rsplit(".", 1)[0]
    for module in WORKBOX_MODULES:
        # Each bundle names its module and release series (7.4.1's files say 7.4.0 inside).
        text = (VENDOR / f"workbox-{module}-{WORKBOX_VERSION}.prod.js").read_text()
        assert f"workbox:{module}:{series}." in text
    worker = client.get("/sw.js").get_data(as_text=True)
    imported = re.search(r"importScripts\(([^)]*)\)", worker).group(1)
    # Under the names the build gives them: the file's own name with a hash of its content.
    assert re.findall(r'"/static/vendor/([^"]+)\.[0-9a-f]{12}\.js"', imported) == [
        f"workbox-{m}-{WORKBOX_VERSION}.prod" for m in WORKBOX_MODULES
    ]
