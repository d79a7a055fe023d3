"""What goes on the wire: answers compressed as asked, static files minified, hashed and kept a year."""

from __future__ import annotations

import gzip
import re
import threading
from pathlib import Path

import brotli
import pytest

from scorekeeper import create_app
from scorekeeper.platform import assets
from tests._support.app import app_config, read_csrf_token

ROOT = Path(__file__).resolve().parent.parent.parent
BR = {"Accept-Encoding": "br, gzip"}
GZIP = {"Accept-Encoding": "gzip"}
IMMUTABLE = "public, max-age=31536000, immutable"


def decode(response) -> bytes:
    data = response.get_data()
    coding = response.headers.get("Content-Encoding")
    return {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda d: d}[coding](data)


def static_urls(page: str) -> list[str]:
    return re.findall(r'(?:href|src|data-more)="(/static/[^"]+)"', page)


def test_pages_fragments_and_json_are_compressed_as_the_client_asks(client, game):
    sheet = game["links"]["edit"]
    poll = f"/games/{game['id']}/poll/{game['edit_token']}"
    for url, headers in [
        ("/", {}),
        (sheet, {}),
        (poll, {"HX-Request": "true"}),
        (f"/api/v1/games/{game['id']}", {}),
        ("/api/v1/openapi.json", {}),
        ("/rules", {}),
    ]:
        plain = client.get(url, headers=headers)
        assert plain.status_code == 200, url
        assert "Content-Encoding" not in plain.headers, url
        for asked, coding in [(BR, "br"), (GZIP, "gzip")]:
            answer = client.get(url, headers={**headers, **asked})
            assert answer.headers.get("Content-Encoding") == coding, (url, coding)
            assert "Accept-Encoding" in answer.headers["Vary"], url
            assert len(answer.get_data()) < 0.6 * len(plain.get_data()), url
            if url != sheet and url != poll:  # the sheet's form token differs on every render
                assert without_form_token(decode(answer)) == without_form_token(plain.get_data()), url


def without_form_token(body: bytes) -> bytes:
    """*body* without its CSRF token, which carries the second it was made in."""
    return re.sub(rb'(name="csrf-token" content="|name="csrf_token" value=")[^"]*', rb"\1", body)


def test_tiny_bodies_are_sent_as_they_are(client):
    answer = client.get("/healthz", headers=BR)
    assert answer.get_data() == b"ok" and "Content-Encoding" not in answer.headers


@pytest.mark.parametrize("asked", [{}, GZIP, BR])
def test_an_etag_answers_304_whichever_coding_it_was_sent_with(client, game, asked):
    url = f"/api/v1/games/{game['id']}"
    first = client.get(url, headers=asked)
    etag = first.headers["ETag"]
    if asked:
        assert etag.endswith(f':{asked["Accept-Encoding"].split(",")[0]}"'), etag
    for again in [{}, GZIP, BR]:
        same = client.get(url, headers={**again, "If-None-Match": etag})
        assert same.status_code == 304 and same.get_data() == b"", (asked, again)
        assert "Content-Encoding" not in same.headers
    # An edit carries the tag it was read with; a stale one is still refused.
    hand = {"bidder": 1, "bid": 20, "points": [10, 20]}
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    edited = client.post(f"{url}/hands", json={**hand, "n": 1}, headers=auth)
    assert edited.status_code == 201
    changed = client.get(url, headers={**asked, "If-None-Match": etag})
    assert changed.status_code == 200 and decode(changed).startswith(b"{")
    fresh = changed.headers["ETag"]
    assert client.put(f"{url}/hands/1", json=hand, headers={**auth, "If-Match": etag}).status_code == 412
    assert client.put(f"{url}/hands/1", json=hand, headers={**auth, "If-Match": fresh}).status_code == 200


def test_a_poll_with_no_change_is_an_empty_304(client, game):
    poll = f"/games/{game['id']}/poll/{game['edit_token']}?since={game['state']['version']}"
    answer = client.get(poll, headers={**BR, "HX-Request": "true"})
    assert answer.status_code == 304 and answer.get_data() == b"" and "Content-Encoding" not in answer.headers


def test_pages_load_static_files_under_hashed_names_kept_a_year(client, game):
    page = client.get(game["links"]["edit"]).get_data(as_text=True)
    urls = static_urls(page)
    assert urls and all(re.search(r"\.[0-9a-f]{12}\.\w+$", url) for url in urls), urls
    for url in urls:
        answer = client.get(url, headers=BR)
        answer.get_data()
        assert answer.status_code == 200, url
        assert answer.headers["Cache-Control"] == IMMUTABLE, url
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        if url.endswith((".css", ".js")):
            assert answer.headers["Content-Encoding"] == "br", url
            assert "Accept-Encoding" in answer.headers["Vary"], url
        answer.close()
    # The page itself is asked for again on every visit.
    assert client.get(game["links"]["edit"]).headers["Cache-Control"] == "no-cache"
    # The source's own name still answers (a page cached before a deploy), never kept without asking.
    with client.get("/static/app.css") as old:
        assert old.status_code == 200 and old.headers["Cache-Control"] == "no-cache"


def test_css_and_the_apps_own_scripts_are_sent_minified_and_the_sources_stay_readable(client):
    page = client.get("/rules").get_data(as_text=True)
    urls = static_urls(page)
    for source, pattern in [("app.js", r"/static/app\.\w+\.js"), ("rulebook.js", r"/static/rulebook\.\w+\.js")]:
        [url] = [u for u in urls if re.fullmatch(pattern, u)]
        with client.get(url) as answer:
            sent = answer.get_data()
        readable = (ROOT / "static" / source).read_bytes()
        assert len(sent) < 0.8 * len(readable), source
        assert b"\n  " in readable and b"//" in readable  # indented and commented, as written
    [css] = [u for u in urls if u.endswith(".css")]
    with client.get(css) as answer:
        sent = answer.get_data(as_text=True)
    # The page's one stylesheet: app.css, then the rule book's own, both minified.
    assert "/*" not in sent and "\n  " not in sent
    assert len(sent) < 0.8 * sum(len((ROOT / "static" / n).read_bytes()) for n in ("app.css", "rulebook.css"))


def test_a_page_waits_for_one_stylesheet_and_no_script(client, game):
    for url in ["/", game["links"]["edit"], game["links"]["view"], "/rules", "/referee", "/games/new", "/parties/new"]:
        page = client.get(url).get_data(as_text=True)
        head = page.split("</head>", 1)[0]
        assert len(re.findall(r'<link rel="stylesheet"', head)) == 1, url
        # Words for the scripts are JSON the browser never runs; every script that runs waits (defer).
        scripts = [tag for tag in re.findall(r"<script[^>]*>", page) if 'type="application/json"' not in tag]
        assert scripts and all(" defer" in tag for tag in scripts), (url, scripts)


def test_an_edited_source_gets_a_new_name_and_a_new_build(tmp_path):
    static = tmp_path / "static"
    (static / "vendor").mkdir(parents=True)
    (static / "app.css").write_text("body {\n  color: black;\n}\n" * 40)
    (static / "games.css").write_text(".sheet { margin: 0; }\n" * 40)
    (static / "vendor" / "x.min.js").write_text("var a=1;" * 100)
    first = assets.build(static, tmp_path / "instance")
    assert set(first.names) == {"app.css", "games.css", "games.bundle.css", "vendor/x.min.js"}
    assert (first.root / first.names["app.css"]).read_text().startswith("body{color:black}")
    assert (first.root / (first.names["app.css"] + ".br")).is_file()
    assert (first.root / (first.names["app.css"] + ".gz")).is_file()
    assert assets.build(static, tmp_path / "instance") == first
    (static / "games.css").write_text(".sheet { margin: 1px; }\n" * 40)
    second = assets.build(static, tmp_path / "instance")
    assert second.root != first.root
    assert second.names["app.css"] == first.names["app.css"]
    assert second.names["games.css"] != first.names["games.css"]
    assert second.names["games.bundle.css"] != first.names["games.bundle.css"]


def test_servers_starting_at_once_share_one_whole_build(tmp_path):
    static = ROOT / "static"
    results: list = []
    errors: list = []

    def start() -> None:
        try:
            results.append(assets.build(static, tmp_path))
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and len(results) == 4
    assert all(result == results[0] for result in results)
    built = [p.name for p in (tmp_path / assets.BUILD_FOLDER).iterdir()]
    assert built == [results[0].root.name], built  # no half-made folder left behind


def test_debug_mode_serves_the_sources_as_written(tmp_path, monkeypatch):
    monkeypatch.setenv("FLASK_DEBUG", "1")
    app = create_app(app_config(f"sqlite:///{tmp_path / 'd.sqlite3'}"))
    with app.test_request_context():
        from flask import render_template_string

        links = render_template_string("{{ stylesheet('games.css') }}")
    assert links.count("<link") == 2 and "/static/app.css" in links and "/static/games.css" in links
    with app.test_client().get("/static/app.css") as answer:
        assert answer.get_data() == (ROOT / "static" / "app.css").read_bytes()


def test_an_unchanged_page_is_answered_304_and_a_changed_one_in_full(client, game):
    sheet = game["links"]["edit"]
    first = client.get(sheet, headers=BR)
    assert first.headers["Cache-Control"] == "no-cache"
    etag = first.headers["ETag"]
    for asked in [{}, BR]:
        again = client.get(sheet, headers={**asked, "If-None-Match": etag})
        assert again.status_code == 304 and again.get_data() == b"", asked
    # The kept page's form still records a hand.
    token = read_csrf_token(decode(first).decode())
    recorded = client.post(
        f"{sheet}/hands",
        data={"csrf_token": token, "n": "1", "bidder": "0", "bid": "20", "by": "tricks", "tricks": "3", "high": "0"},
    )
    assert recorded.status_code == 303, recorded.status_code
    changed = client.get(sheet, headers={**BR, "If-None-Match": etag})
    assert changed.status_code == 200 and "Hand 1" in decode(changed).decode()
