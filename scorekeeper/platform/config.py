"""Settings read from the environment when the app is created."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from scorekeeper.platform.proxies import Network

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
# Words that give a key away as a placeholder however often they are repeated or joined.
PLACEHOLDER_WORDS = ("changeme", "change-me", "change_me", "secret", "password", "example", "placeholder", "yourkey")
MIN_PRODUCTION_SECRET_LENGTH = 32
MIN_DISTINCT_CHARACTERS = 10
SECRET_KEY_FILE = "secret_key"
SQLITE_FILE = "scorekeeper.sqlite3"
RATE_LIMIT_FILE = "rate_limits.sqlite3"
ENVIRONMENTS = ("production", "development")
KEY_HINT = 'python3 -c "import secrets; print(secrets.token_urlsafe(48))"'

# "<count> per <period>", ";" between several. New games and parties count per client address; the others per
# game (or party page) and client address, so a whole hall behind one router is counted table by table.
DEFAULT_RATE_LIMITS = {
    "SCOREKEEPER_LIMIT_NEW_GAMES": "20 per minute; 300 per day",
    "SCOREKEEPER_LIMIT_WRITES": "120 per minute",
    # Counted in each worker's memory, never an unchanged poll (304): the page or state sent again, one per phone
    # and change (150 phones behind one router, a hand every 20 s: 450 a minute).
    "SCOREKEEPER_LIMIT_POLLS": "600 per minute",
    # Of those, the ones rendered for the request (not a copy kept for the version): one per change and language.
    "SCOREKEEPER_LIMIT_POLL_SHEETS": "60 per minute",
}


# Request bodies are at most this many KB (413 past it).
MAX_BODY_KB = 64


class ConfigError(SystemExit):
    """The app cannot start with the settings it was given.

    A SystemExit carrying one line: the process stops with that line on stderr
    and exit status 1, without a traceback, whether under ``flask`` or gunicorn.
    """

    def __init__(self, variable: str, message: str):
        self.variable = variable
        self.message = message
        super().__init__(f"Configuration error: {variable}: {message}")

    def __str__(self) -> str:
        return f"Configuration error: {self.variable}: {self.message}"


def environment(environ: Mapping[str, str] | None = None) -> str:
    """Return "production" or "development" from SCOREKEEPER_ENV (unset means development).

    Anything else ("prod", "Production ", "live") is refused rather than taken for development.
    The Procfile sets production unless told otherwise.
    """
    environ = os.environ if environ is None else environ
    raw = environ.get("SCOREKEEPER_ENV")
    if raw is None or not raw.strip():
        return "development"
    value = raw.strip()
    if value not in ENVIRONMENTS:
        raise ConfigError(
            "SCOREKEEPER_ENV", f"{value[:40]!r} is not a mode; set it to exactly production or development."
        )
    return value


def is_production(environ: Mapping[str, str] | None = None) -> bool:
    """Say whether SCOREKEEPER_ENV asks for production behaviour."""
    return environment(environ) == "production"


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


def check_database_url(uri: str) -> None:
    """Refuse a DATABASE_URL that SQLAlchemy cannot read, naming the variable."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        make_url(uri)
    except (ArgumentError, ValueError):
        raise ConfigError(
            "DATABASE_URL", "is not a database address; set it like postgresql://user:password@host:5432/name"
        ) from None


def check_secret_key(key: str | bytes | None, production: bool) -> None:
    """Refuse a missing, short or well-known SECRET_KEY when running in production."""
    if not production:
        return
    fix = f"set it to a long random value, e.g. the output of: {KEY_HINT}"
    if key is None:
        raise ConfigError("SECRET_KEY", f"not set, and production needs one; {fix}")
    text = key.decode("utf-8", "replace") if isinstance(key, bytes) else str(key)
    folded = text.strip().lower()
    if folded in WEAK_SECRET_KEYS or any(word in folded for word in PLACEHOLDER_WORDS):
        raise ConfigError("SECRET_KEY", f"is a well-known placeholder; {fix}")
    if len(text) < MIN_PRODUCTION_SECRET_LENGTH:
        raise ConfigError(
            "SECRET_KEY",
            f"is {len(text)} characters, shorter than the {MIN_PRODUCTION_SECRET_LENGTH} production needs; {fix}",
        )
    if len(set(text)) < MIN_DISTINCT_CHARACTERS:
        raise ConfigError("SECRET_KEY", f"repeats too few characters to be random; {fix}")


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


def from_environment(instance_path: str, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Build the config mapping from environment variables; raise ConfigError naming a bad one."""
    environ = os.environ if environ is None else environ
    production = is_production(environ)
    settings: dict[str, Any] = {
        "SCOREKEEPER_ENV": "production" if production else "development",
        "SQLALCHEMY_DATABASE_URI": database_url(environ.get("DATABASE_URL"), instance_path),
        "MAX_CONTENT_LENGTH": MAX_BODY_KB * 1024,
        "WTF_CSRF_TIME_LIMIT": 12 * 3600,
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "BEHIND_PROXY": flag(environ, "SCOREKEEPER_BEHIND_PROXY"),
        "TRUSTED_PROXIES": trusted_proxies(environ.get("SCOREKEEPER_TRUSTED_PROXIES")),
        "PUBLIC_URL": public_url(environ.get("SCOREKEEPER_PUBLIC_URL")),
        # More language catalogs beside the package's own (folders separated by os.pathsep).
        "SCOREKEEPER_EXTRA_TRANSLATIONS": environ.get("SCOREKEEPER_EXTRA_TRANSLATIONS", "").strip(),
        "RATELIMIT_ENABLED": environ.get("SCOREKEEPER_RATE_LIMITS", "").strip().lower() not in {"0", "off", "no"},
        "RATELIMIT_STORAGE_URI": environ.get("SCOREKEEPER_RATE_LIMIT_STORAGE", "").strip()
        or "scorekeeper+sqlite:///" + str(Path(instance_path) / RATE_LIMIT_FILE),
    }
    for name, default in DEFAULT_RATE_LIMITS.items():
        settings[name] = rate_limit(name, environ.get(name, "").strip() or default)
    hosts = environ.get("SCOREKEEPER_ALLOWED_HOSTS", "").strip()
    if hosts:
        settings["TRUSTED_HOSTS"] = [host.strip() for host in hosts.split(",") if host.strip()]
    if environ.get("SECRET_KEY"):
        settings["SECRET_KEY"] = environ["SECRET_KEY"]
    secure = environ.get("SESSION_COOKIE_SECURE")
    if secure is not None and secure.strip():
        settings["SESSION_COOKIE_SECURE"] = flag(environ, "SESSION_COOKIE_SECURE")
    else:
        settings["SESSION_COOKIE_SECURE"] = production
    return settings


def trusted_proxies(raw: str | None) -> tuple[Network, ...] | None:
    """Read SCOREKEEPER_TRUSTED_PROXIES (see ``scorekeeper.platform.proxies``); a bad entry is a ConfigError."""
    from scorekeeper.platform.proxies import trusted_networks

    try:
        return trusted_networks(raw)
    except ValueError as err:
        raise ConfigError("SCOREKEEPER_TRUSTED_PROXIES", str(err)) from None


def flag(environ: Mapping[str, str], name: str) -> bool:
    """Read an on/off variable; anything but the usual words is a ConfigError."""
    value = (environ.get(name) or "").strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"", "0", "false", "no", "off"}:
        return False
    raise ConfigError(name, f"{value[:40]!r} is neither on nor off; set it to 1 or 0.")


def public_url(raw: str | None) -> str | None:
    """Return the public base URL (scheme and host, no trailing slash), or None when unset."""
    if raw is None or not raw.strip():
        return None
    url = raw.strip().rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.netloc or parts.query or parts.fragment:
        raise ConfigError(
            "SCOREKEEPER_PUBLIC_URL", f"{url[:60]!r} is not a base address; set it like https://scores.example.org"
        )
    return url


def rate_limit(name: str, value: str) -> str:
    """Check a rate limit such as "20 per minute; 300 per day"; raise ConfigError naming *name* if unreadable."""
    from limits import parse_many

    try:
        parse_many(value)
    except ValueError:
        raise ConfigError(
            name, f'{value[:60]!r} is not a rate limit; write it like "20 per minute" or "20 per minute; 300 per day"'
        ) from None
    return value


def engine_options(uri: str) -> dict[str, Any]:
    """Return SQLAlchemy engine options suited to the database in *uri*."""
    if uri.startswith("postgresql"):
        return {"pool_pre_ping": True}
    return {}
