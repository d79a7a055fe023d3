"""Draw the app's home-screen icons (static/icons/*.png) with Debian's Chromium.

Run: .venv/bin/python scripts/make_icons.py
The icon is the favicon's green card with "45"; the maskable one fills the whole
square so a phone may cut it to a circle or a rounded square without losing the card.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
GREEN = "#1f6f43"

CARD = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="{size}" height="{size}">'
    "{background}"
    '<g transform="translate(32 32) scale({scale}) translate(-32 -32)">'
    '<rect x="10" y="4" width="44" height="56" rx="6" fill="{card}" stroke="{edge}" stroke-width="{stroke}"/>'
    '<text x="32" y="42" font-family="DejaVu Sans, sans-serif" font-size="24" font-weight="700" '
    'fill="{ink}" text-anchor="middle">45</text></g></svg>'
)

# (file, size, maskable)
WANTED = [("icon-192.png", 192, False), ("icon-512.png", 512, False), ("maskable-512.png", 512, True)]


def svg(size: int, maskable: bool) -> str:
    if maskable:
        # A white card on green, inside the central 80% that every mask keeps.
        background = f'<rect width="64" height="64" fill="{GREEN}"/>'
        return CARD.format(size=size, background=background, scale=0.72, card="#fff", edge="#fff", stroke=0, ink=GREEN)
    return CARD.format(size=size, background="", scale=1, card=GREEN, edge=GREEN, stroke=0, ink="#fff")


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for name, size, maskable in WANTED:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<body style="margin:0;background:transparent">{svg(size, maskable)}</body>')
            page.locator("svg").screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
