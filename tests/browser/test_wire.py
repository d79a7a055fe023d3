"""What a phone downloads: compressed text, one stylesheet to wait for, and nothing static twice.

Lighthouse's checks, as far as a test can make them: no text answer over 1 KB sent uncompressed,
no render-blocking resource but the page's one stylesheet, and static files kept by the browser.
"""

from __future__ import annotations

from tests._support.app import SIDES
from tests._support.live_api import api

TEXT_TYPES = ("text/", "application/json", "application/javascript", "image/svg+xml", "application/manifest+json")


def new_game(live_server) -> str:
    game = api(live_server, "POST", "/api/v1/games", {"rules": "new-england", "sides": SIDES})
    for n in range(1, 5):
        bidder = n % 2
        hand = {"n": n, "bidder": bidder, "bid": 20, "tricks": [3, 2] if bidder == 0 else [2, 3], "high": bidder}
        api(live_server, "POST", f"/api/v1/games/{game['id']}/hands", hand, token=game["edit_token"])
    return live_server.url + game["links"]["edit"]


def watch_network(context, page) -> list[dict]:
    """Record every answer the page gets, with whether it came from the browser's cache and its bytes on the wire."""
    seen: dict[str, dict] = {}
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")

    def received(event) -> None:
        response = event["response"]
        entry = seen.setdefault(event["requestId"], {"cached": False, "wire": None})
        entry.update(
            url=response["url"],
            status=response["status"],
            type=response.get("mimeType", ""),
            coding={k.lower(): v for k, v in response["headers"].items()}.get("content-encoding"),
            cached=bool(entry["cached"] or response.get("fromDiskCache") or response.get("fromMemoryCache")),
        )

    def served_from_cache(event) -> None:
        seen.setdefault(event["requestId"], {"cached": False, "wire": None})["cached"] = True

    def finished(event) -> None:
        if event["requestId"] in seen:
            seen[event["requestId"]]["wire"] = event["encodedDataLength"]

    cdp.on("Network.responseReceived", received)
    cdp.on("Network.requestServedFromCache", served_from_cache)
    cdp.on("Network.loadingFinished", finished)
    return seen  # filled as the page loads; read after the load


def visit(page, url: str, seen: list) -> list[dict]:
    """Open *url*, wait until everything it loads is in, and return what came over the network for it."""
    log = watch_network(page.context, page)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    entries = [entry for entry in log.values() if "url" in entry]
    seen.extend(entries)
    return entries


def test_a_second_visit_to_the_sheet_downloads_no_static_file_again(page, page_problems, live_server):
    sheet = new_game(live_server)
    seen: list = []
    first = visit(page, sheet, seen)
    statics = [entry["url"] for entry in first if "/static/" in entry["url"]]
    assert any(url.endswith(".css") for url in statics) and any(url.endswith(".js") for url in statics), statics
    assert not [entry for entry in first if entry["cached"]], "a fresh phone had something cached already"
    # Elsewhere and back, as a player does between hands.
    page.goto(live_server.url + "/rules")
    page.wait_for_load_state("networkidle")
    again = visit(page, sheet, seen)
    statics_again = [e for e in again if "/static/" in e["url"]]
    assert statics_again, "the page loaded no static file the second time"
    fetched = [e["url"] for e in statics_again if not e["cached"] or e["wire"]]
    assert fetched == [], f"asked the server again for {fetched}"
    # The page itself is checked with the server (it may have changed): unchanged, a 304 with no body.
    [sheet_again] = [e for e in again if e["url"] == sheet]
    assert not sheet_again["cached"] and 0 < sheet_again["wire"] < 1024, sheet_again
    assert page.get_by_role("heading", level=1).is_visible()
    assert page_problems.all() == []


def test_no_text_over_1_kb_comes_uncompressed(page, page_problems, live_server):
    sheet = new_game(live_server)
    seen: list = []
    for url in ["/", sheet, "/rules", "/referee", "/games/new"]:
        visit(page, url if url.startswith("http") else live_server.url + url, seen)
    text = [e for e in seen if e["type"].startswith(TEXT_TYPES) and not e["cached"] and e["status"] == 200]
    assert len(text) >= 8, text
    big_plain = [(e["url"], e["wire"]) for e in text if e["coding"] not in ("br", "gzip") and (e["wire"] or 0) > 1024]
    assert big_plain == []
    assert page_problems.all() == []


def test_each_page_waits_for_its_one_stylesheet_and_no_script(page, page_problems, live_server):
    sheet = new_game(live_server)
    for url in ["/", sheet, "/rules", "/referee", "/games/new"]:
        page.goto(url if url.startswith("http") else live_server.url + url)
        page.wait_for_load_state("load")
        # Chromium's own account of what held the first paint back.
        blocking = page.evaluate(
            """() => performance.getEntriesByType('resource')
                 .filter((entry) => entry.renderBlockingStatus === 'blocking')
                 .map((entry) => entry.name)"""
        )
        assert len(blocking) == 1 and blocking[0].endswith(".css"), (url, blocking)
        scripts = page.evaluate(
            "() => [...document.querySelectorAll('script[src]')].filter((s) => !s.defer && !s.async).map((s) => s.src)"
        )
        assert scripts == [], (url, scripts)
    page.goto(sheet)
    links = page.evaluate("() => [...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.href)")
    assert len(links) == 1 and ".bundle." in links[0], links
    assert page_problems.all() == []
