from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from babel import Locale
from babel.support import NullTranslations, Translations
from flask import Flask
from flask_babel.speaklater import LazyString

class Babel:
    def __init__(
        self,
        app: Flask | None = None,
        date_formats: Any = None,
        configure_jinja: bool = True,
        *args: Any,
        **kwargs: Any,
    ) -> None: ...
    def init_app(
        self,
        app: Flask,
        default_locale: str = "en",
        default_domain: str = "messages",
        default_translation_directories: str = "translations",
        default_timezone: str = "UTC",
        locale_selector: Callable[[], str | Locale | None] | None = None,
        timezone_selector: Callable[[], str | None] | None = None,
    ) -> None: ...

def get_locale() -> Locale | None: ...
def get_translations() -> Translations | NullTranslations: ...
@contextmanager
def force_locale(locale: str | Locale) -> Iterator[None]: ...
def format_date(date: date | datetime | None = None, format: str | None = None, rebase: bool = True) -> str: ...
def format_currency(
    number: float | Decimal | str,
    currency: str,
    format: str | None = None,
    currency_digits: bool = True,
    format_type: str = "standard",
) -> str: ...
def gettext(string: str, **variables: Any) -> str: ...
def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str: ...
def lazy_gettext(string: str, **variables: Any) -> LazyString: ...
