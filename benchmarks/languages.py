"""Render the score sheet of a 60-hand game in English and in French, deep in the hole, and time it.

Run: .venv/bin/python benchmarks/languages.py [--repeat 200]

A French hand should cost what an English one does: the same sheet, the same sentences, its numbers
written by Babel for each language (``−130``, ``1 000``) and its typography already in the catalog.
Prints the least, median and p95 render time per language, and the French median over the English one, and
writes them to docs/figures/languages.json, which the manual shows.
"""

from __future__ import annotations

import argparse
import statistics

import figures
from measure import fresh_app, percentile, show, timed

SIDES = [{"name": "Ann & Cathy", "players": ["Ann", "Cathy"]}, {"name": "Bob & Dan", "players": ["Bob", "Dan"]}]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    app = fresh_app("languages", rate_limits=False)
    client = app.test_client()
    game = client.post("/api/v1/games", json={"sides": SIDES}).get_json()
    headers = {"Authorization": f"Bearer {game['edit_token']}"}
    for n in range(1, 61):
        bidder = (n - 1) % 2
        hand = {"n": n, "bidder": bidder, "bid": 30, "points": [25, 5] if bidder == 0 else [5, 25]}
        assert client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=headers).status_code == 201
    sheet = game["links"]["edit"].split("#")[0].replace("http://localhost", "")
    print(f"The sheet of a 60-hand game, both sides deep in the hole, {args.repeat} renders each:")
    medians, measured = {}, {}
    for language in ("en", "fr"):
        page = client.get(sheet, headers={"Accept-Language": language})
        assert page.status_code == 200 and f'lang="{language}"' in page.get_data(as_text=True)
        times = timed(lambda language=language: client.get(sheet, headers={"Accept-Language": language}), args.repeat)
        medians[language] = show(language, times, width=4)
        measured[language] = {
            "least_ms": round(min(times), 1),
            "median_ms": round(statistics.median(times), 1),
            "p95_ms": round(percentile(times, 95), 1),
        }
    ratio = medians["fr"] / medians["en"]
    print(f"  French over English: {ratio:.2f}×")
    figures.write(
        "languages", {"hands": 60, "renders": args.repeat, **measured, "french_over_english": round(ratio, 2)}
    )


if __name__ == "__main__":
    main()
