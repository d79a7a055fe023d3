"""Every address the app answers GET on, built from the ids a test made."""

from __future__ import annotations

import itertools

from werkzeug.routing import BuildError


def get_urls(app, values: dict[str, list]) -> list[str]:
    """Every GET route of the app, built with every combination of the given values for its arguments."""
    adapter = app.url_map.bind("localhost")
    urls = []
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()) or rule.endpoint == "static":
            continue
        missing = [name for name in rule.arguments if name not in values]
        assert not missing, f"{rule.rule}: the crawl has no value for {missing}: add one"
        names = sorted(rule.arguments)
        for combination in itertools.product(*(values[name] for name in names)):
            try:
                urls.append(adapter.build(rule.endpoint, dict(zip(names, combination, strict=True))))
            except BuildError:
                continue
    return urls
