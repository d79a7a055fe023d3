"""Measure the referee's answer to each tap of "may I hold back the 5♥?": the server's time and the bytes sent.

The question as a player asks it on the "May I play?" screen: hearts trump, the 4♥ led, a hand of
5♥ K♣ 7♣ 9♦ (8 taps: the trump, the lead, then the hand; the suits ♣ and ♦ are picked on the phone).
Each answer is the question's section alone, as htmx asks for it, then the same with the page's
script off (the redirect to the clean address, then that page whole). Sizes are as sent, and gzipped
as a hall's Wi-Fi carries them.

Aims: each htmx answer under 20 ms on the server and under 4 KiB gzipped, so a tap is answered within
one round trip even on a poor signal.

Run: .venv/bin/python benchmarks/referee.py [--repeat 50]

The figures are written to docs/figures/referee.json, which the manual shows.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
from pathlib import Path

import figures
from measure import fresh_app, show, timed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

AIM_MS = 20
AIM_GZIP_BYTES = 4 * 1024

# (what the player taps, the query the form sends)
TAPS = [
    ("trump ♥", "tool=legal&trump=H&into=trick"),
    ("4 (the lead)", "tool=legal&trump=H&into=trick&suit=H&tap=4"),
    ("5", "tool=legal&trump=H&into=hand&suit=H&trick=4h&tap=5"),
    ("K (♣ picked)", "tool=legal&trump=H&into=hand&suit=C&trick=4h&hand=5h&tap=K"),
    ("7", "tool=legal&trump=H&into=hand&suit=C&trick=4h&hand=5h+kc&tap=7"),
    ("9 (♦ picked)", "tool=legal&trump=H&into=hand&suit=D&trick=4h&hand=5h+kc+7c&tap=9"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    app = fresh_app("referee", rate_limits=False)
    client = app.test_client()
    headers = {"HX-Request": "true", "HX-Target": "tool-legal"}
    print(f"The referee, 'may I hold back the 5♥?' ({args.repeat} runs a tap)")
    worst_ms, worst_gzip = 0.0, 0
    taps = []
    for label, query in TAPS:
        url = f"/referee?{query}"
        body = client.get(url, headers=headers).get_data()
        packed = len(gzip.compress(body))
        times = timed(lambda url=url: client.get(url, headers=headers), args.repeat)
        median = show(f"htmx: {label}", times, f"   {len(body):6,} B, {packed:5,} B gzipped")
        worst_ms, worst_gzip = max(worst_ms, median), max(worst_gzip, packed)
        taps.append({"median_ms": median, "least_ms": min(times), "bytes": len(body), "gzip_bytes": packed})
    last = TAPS[-1][1]
    landing = client.get(f"/referee?{last}")
    page = client.get(landing.headers["Location"]).get_data()
    whole = timed(lambda: client.get(client.get(f"/referee?{last}").headers["Location"]), args.repeat)
    show("no script: the tap and its page", whole, f"   {len(page):6,} B, {len(gzip.compress(page)):5,} B gzipped")
    met = worst_ms < AIM_MS and worst_gzip < AIM_GZIP_BYTES
    print(
        f"  worst htmx answer: median {worst_ms:.2f} ms (aim {AIM_MS}), {worst_gzip:,} B gzipped "
        f"(aim {AIM_GZIP_BYTES:,}): {'met' if met else 'NOT met'}"
    )
    figures.write(
        "referee",
        {
            "runs_a_tap": args.repeat,
            "aim_ms": AIM_MS,
            "aim_gzip_bytes": AIM_GZIP_BYTES,
            "htmx": {
                "taps": len(taps),
                "median_ms": {"least": round(min(t["median_ms"] for t in taps), 1), "most": round(worst_ms, 1)},
                "least_ms": {
                    "least": round(min(t["least_ms"] for t in taps), 1),
                    "most": round(max(t["least_ms"] for t in taps), 1),
                },
                "bytes": {"least": min(t["bytes"] for t in taps), "most": max(t["bytes"] for t in taps)},
                "gzip_bytes": {"least": min(t["gzip_bytes"] for t in taps), "most": worst_gzip},
            },
            "no_script": {
                "median_ms": round(statistics.median(whole), 1),
                "bytes": len(page),
                "gzip_bytes": len(gzip.compress(page)),
            },
            "aim_met": met,
        },
    )


if __name__ == "__main__":
    main()
