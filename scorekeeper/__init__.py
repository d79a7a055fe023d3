"""Score sheet and rules referee for Forty-Fives.

Importing this package loads nothing but the standard library, so that
``import scorekeeper.rules`` stays free of Flask and SQLAlchemy; the web app
is built by ``create_app``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.platform import config as settings

if TYPE_CHECKING:
    from flask import Flask

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Create and configure the app; *test_config* overrides the environment."""
    from flask import Flask

    instance_path = os.environ.get("SCOREKEEPER_INSTANCE_PATH", "").strip() or None
    app = Flask(
        __name__,
        instance_path=os.path.abspath(instance_path) if instance_path else None,
        instance_relative_config=True,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    app.config.from_mapping(settings.from_environment(app.instance_path))
    if test_config:
        app.config.from_mapping(test_config)
    production = app.config.get("SCOREKEEPER_ENV") == "production"
    from scorekeeper.platform.security import SafeJSONProvider

    app.json = SafeJSONProvider(app)
    if not app.config.get("SECRET_KEY"):
        settings.check_secret_key(None, production)
        app.config["SECRET_KEY"] = settings.local_secret_key(app.instance_path)
    settings.check_secret_key(app.config["SECRET_KEY"], production)

    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    settings.check_database_url(uri)
    engine_options = settings.engine_options(uri)
    engine_options.update(app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}))
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = engine_options

    from scorekeeper.platform import bodies
    from scorekeeper.platform.extensions import csrf, init_database

    init_database(app, migrations=str(PROJECT_ROOT / "migrations"))
    bodies.init_app(app)  # before the CSRF check, which reads a form's body
    csrf.init_app(app)

    from scorekeeper.platform import compression, security
    from scorekeeper.store import models  # noqa: F401  (tables must be known to Flask-Migrate)

    # Compression first: after-request functions run last-registered first, so it sees the final body.
    compression.init_app(app)
    security.init_app(app)
    from scorekeeper import words
    from scorekeeper.platform import contrast, i18n

    i18n.init_app(app)
    contrast.init_app(app)
    words.init_app(app)

    _register_blueprints(app)

    from scorekeeper.commands import cli
    from scorekeeper.platform import assets, limits
    from scorekeeper.web import polls

    # Reads: counted in memory, unchanged polls answered before the app (before the limiter's own checks).
    polls.install(app)
    # After the blueprints: the limits go on the endpoints they registered.
    app.extensions["scorekeeper_limiter"] = limits.init_app(app)
    cli.init_app(app)
    assets.init_app(app)
    # Outermost, after every other middleware: the poll answerer, the limits and the static files
    # all see the client's own address, scheme and host.
    if app.config.get("BEHIND_PROXY"):
        # Links in QR codes and API answers must carry the public scheme and host
        # that the proxy in front of gunicorn received, not the internal ones.
        from scorekeeper.platform.proxies import TrustedProxyFix

        # Only from the proxies named in SCOREKEEPER_TRUSTED_PROXIES (loopback by default).
        # Flask's documented way to add WSGI middleware; its typing declares wsgi_app a method, not an attribute.
        app.wsgi_app = TrustedProxyFix(app.wsgi_app, app.config["TRUSTED_PROXIES"])  # type: ignore[method-assign]

    return app


def _register_blueprints(app: Flask) -> None:
    """Register every area: home, score sheets, sharing, referee, rule book, card parties, clubs, tables, the
    installed app, JSON API."""
    from scorekeeper import api
    from scorekeeper.web import clubs, games, home, offline, parties, referee, rulebook, sharing, tables

    for blueprint in (
        home.bp,
        games.bp,
        sharing.bp,
        referee.bp,
        rulebook.bp,
        parties.bp,
        clubs.bp,
        tables.bp,
        offline.bp,
        api.bp,
    ):
        app.register_blueprint(blueprint)
