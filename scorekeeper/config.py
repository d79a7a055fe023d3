"""Settings read from the environment when the app is created."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

# Secrets that appear in tutorials and sample files; a production server must not use them.
WEAK_SECRET_KEYS = frozenset(
    {
        "",
        "dev",
        "development",
        "changeme",
        "change-me",
        "change_me",
        "secret",
        "secret-key",
        "secret_key",
        "secretkey",
        "default",
        "password",
        "test",
        "testing",
        "scorekeeper",
        "your-secret-key",
        "please-change-me",
    }
)
MIN_PRODUCTION_SECRET_LENGTH = 16
SECRET_KEY_FILE = "secret_key"
SQLITE_FILE = "scorekeeper.sqlite3"


class ConfigError(RuntimeError):
    """The app cannot start with the settings it was given."""


def is_production(environ=None) -> bool:
    """Say whether SCOREKEEPER_ENV asks for production behaviour."""
    environ = os.environ if environ is None else environ
    return environ.get("SCOREKEEPER_ENV", "").strip().lower() == "production"


def database_url(raw: str | None, instance_path: str) -> str:
    """Return the SQLAlchemy URL for DATABASE_URL, or the local SQLite file when unset.

    Hosting platforms hand out ``postgres://`` or ``postgresql://`` URLs; both are
    pointed at the psycopg 3 driver.
    """
    if not raw or not raw.strip():
        return "sqlite:///" + str(Path(instance_path) / SQLITE_FILE)
    url = raw.strip()
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def check_secret_key(key, production: bool) -> None:
    """Refuse a missing or well-known SECRET_KEY when running in production."""
    if not production:
        return
    if key is None:
        raise ConfigError("SCOREKEEPER_ENV=production needs SECRET_KEY to be set to a long random value.")
    text = key.decode("utf-8", "replace") if isinstance(key, bytes) else str(key)
    if text.strip().lower() in WEAK_SECRET_KEYS:
        raise ConfigError("SECRET_KEY is a well-known placeholder; set it to a long random value.")
    if len(text) < MIN_PRODUCTION_SECRET_LENGTH:
        raise ConfigError(
            f"SECRET_KEY is too short for production; use at least {MIN_PRODUCTION_SECRET_LENGTH} random characters."
        )


def local_secret_key(instance_path: str) -> str:
    """Return the key kept in the instance folder, creating it on first use."""
    path = Path(instance_path) / SECRET_KEY_FILE
    try:
        key = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    key = secrets.token_urlsafe(48)
    path.parent.mkdir(parents=True, exist_ok=True)
    # Create with owner-only permissions; if two processes race, the first file wins.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="utf-8").strip() or key
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(key + "\n")
    return key


def from_environment(instance_path: str, environ=None) -> dict:
    """Build the config mapping from environment variables."""
    environ = os.environ if environ is None else environ
    settings = {
        "SCOREKEEPER_ENV": "production" if is_production(environ) else "development",
        "SQLALCHEMY_DATABASE_URI": database_url(environ.get("DATABASE_URL"), instance_path),
        "MAX_CONTENT_LENGTH": 64 * 1024,
        "WTF_CSRF_TIME_LIMIT": 12 * 3600,
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "BEHIND_PROXY": _flag(environ.get("SCOREKEEPER_BEHIND_PROXY")),
    }
    if environ.get("SECRET_KEY"):
        settings["SECRET_KEY"] = environ["SECRET_KEY"]
    secure = environ.get("SESSION_COOKIE_SECURE")
    if secure is not None and secure.strip():
        settings["SESSION_COOKIE_SECURE"] = _flag(secure)
    else:
        settings["SESSION_COOKIE_SECURE"] = is_production(environ)
    return settings


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def engine_options(uri: str) -> dict:
    """Return SQLAlchemy engine options suited to the database in *uri*."""
    if uri.startswith("postgresql"):
        return {"pool_pre_ping": True}
    return {}
