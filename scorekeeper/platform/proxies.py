"""Behind a proxy: believe ``X-Forwarded-*`` only from the proxies named in SCOREKEEPER_TRUSTED_PROXIES.

With SCOREKEEPER_BEHIND_PROXY on, the client's address, scheme and host come
from the headers the proxy in front of gunicorn sets. Anyone who reaches
gunicorn directly could set them too, and pass for a new address with every
request (no limit would ever count them twice). So the headers are read only
when the request comes from a trusted proxy (loopback by default: a proxy on
the same machine), and dropped otherwise.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import TYPE_CHECKING

from werkzeug.middleware.proxy_fix import ProxyFix

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

# A proxy on the same machine, the usual case (nginx beside gunicorn).
DEFAULT_TRUSTED = "127.0.0.0/8,::1"
FORWARDED = (
    "HTTP_X_FORWARDED_FOR",
    "HTTP_X_FORWARDED_PROTO",
    "HTTP_X_FORWARDED_HOST",
    "HTTP_X_FORWARDED_PORT",
    "HTTP_X_FORWARDED_PREFIX",
)
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_networks(raw: str | None) -> tuple[Network, ...] | None:
    """Read SCOREKEEPER_TRUSTED_PROXIES: addresses or networks, comma separated; ``*`` trusts every sender (None).

    Raises ValueError naming the first entry that is not an address or network.
    """
    text = (raw or "").strip() or DEFAULT_TRUSTED
    if text == "*":
        return None
    networks = []
    for part in (piece.strip() for piece in text.split(",")):
        if not part:
            continue
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ValueError(f"'{part[:40]}' is not an address or a network such as 10.0.0.0/8") from None
    return tuple(networks)


class TrustedProxyFix(ProxyFix):
    """Werkzeug's ProxyFix (one proxy hop), applied only to requests that come from a trusted proxy."""

    def __init__(self, app: WSGIApplication, trusted: tuple[Network, ...] | None) -> None:
        super().__init__(app, x_for=1, x_proto=1, x_host=1, x_port=1)
        self.trusted = trusted

    def sent_by_a_proxy(self, address: str | None) -> bool:
        if self.trusted is None:
            return True
        try:
            ip = ipaddress.ip_address(address or "")
        except ValueError:
            return False
        return any(ip in network for network in self.trusted)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if self.sent_by_a_proxy(environ.get("REMOTE_ADDR")):
            return super().__call__(environ, start_response)
        for name in FORWARDED:
            environ.pop(name, None)
        return self.app(environ, start_response)
