"""The web pages, one package per area (home, games, sharing, referee, rulebook, parties, offline).

Each area is a blueprint whose views only translate: a form or query is read,
``scorekeeper.store`` is asked to write or read, a template shows the answer.
The web may import the store, the engines and the platform; nothing below it
imports the web. ``cookies`` is what the areas share: the games this phone opened; ``forms``, the
button that only carries its CSRF token (``CsrfForm``).
"""
