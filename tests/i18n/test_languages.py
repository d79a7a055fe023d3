"""The language of each phone: chosen, remembered, announced, kept apart in caches; the catalogs complete."""

from __future__ import annotations

from scorekeeper.commands.translations import catalogs, untranslated
from scorekeeper.platform.i18n import LANGUAGE_COOKIE


def test_every_catalog_is_complete_with_nothing_fuzzy():
    assert catalogs(), "no catalog: the French one is scorekeeper/translations/fr/LC_MESSAGES/messages.po"
    for po in catalogs():
        missing, fuzzy, sample = untranslated(po)
        assert (missing, fuzzy) == (0, 0), f"{po}: {missing} untranslated, {fuzzy} fuzzy, e.g. {sample}"


def test_a_french_phone_gets_french_from_its_browser(client):
    page = client.get("/", headers={"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"})
    text = page.get_data(as_text=True)
    assert '<html lang="fr">' in text
    assert ">English</button>" in text  # the way back, in its own language
    assert "Accept-Language" in page.headers["Vary"] and "Cookie" in page.headers["Vary"]


def test_an_english_or_unknown_browser_gets_english(client):
    for header in ({}, {"Accept-Language": "en-US"}, {"Accept-Language": "de-DE"}):
        text = client.get("/", headers=header).get_data(as_text=True)
        assert '<html lang="en">' in text
        assert ">Français</button>" in text


def test_the_choice_is_remembered_over_the_browser(client, csrf):
    token = csrf(client, "/rules")
    answer = client.post("/language", data={"csrf_token": token, "lang": "fr", "next": "/rules"})
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith("/rules")
    assert f"{LANGUAGE_COOKIE}=fr" in answer.headers["Set-Cookie"]
    assert '<html lang="fr">' in client.get("/rules", headers={"Accept-Language": "en"}).get_data(as_text=True)
    client.post("/language", data={"csrf_token": token, "lang": "en", "next": "/"})
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)


def test_the_choice_goes_back_only_within_the_site_and_ignores_unknown_languages(client, csrf):
    token = csrf(client, "/")
    for elsewhere in ("https://example.com/", "//example.com/x", "/\\example.com"):
        answer = client.post("/language", data={"csrf_token": token, "lang": "fr", "next": elsewhere})
        assert answer.status_code == 303
        assert answer.headers["Location"] in ("/", "http://localhost/")
    answer = client.post("/language", data={"csrf_token": token, "lang": "xx", "next": "/"})
    assert "Set-Cookie" not in answer.headers or f"{LANGUAGE_COOKIE}=" not in answer.headers["Set-Cookie"]


def test_the_choice_needs_no_token_and_stores_only_a_language(client):
    answer = client.post("/language", data={"lang": "fr", "next": "/"})
    assert answer.status_code == 303
    assert f"{LANGUAGE_COOKIE}=fr;" in answer.headers["Set-Cookie"]
    answer = client.post("/language", data={"lang": "<script>", "next": "/"})
    assert "Set-Cookie" not in answer.headers


def test_the_api_follows_accept_language_not_the_cookie(client):
    client.set_cookie(LANGUAGE_COOKIE, "fr")
    answer = client.get("/api/v1/referee/rank?trump=hearts", headers={"Accept-Language": "en"})
    assert "Accept-Language" in answer.headers.get("Vary", "")
    assert "Cookie" not in answer.headers.get("Vary", "")


def test_a_sentence_said_in_another_language_leaves_the_request_in_its_own(app):
    """The catalog is looked up once per request; a page said in another language (the no-signal page in the
    phone's language) must not leave the rest of the request in that language, nor take the request's."""
    from flask_babel import force_locale

    from scorekeeper.platform.i18n import gettext, ngettext, pgettext

    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert gettext("Hand %(n)s recorded.", n=3) == "Hand 3 recorded."
        with force_locale("fr"):
            assert gettext("Hand %(n)s recorded.", n=3) == "Donne 3 enregistrée."
            assert pgettext("card rank", "J") == "V"
            assert ngettext(WAIT, WAIT_MANY, 2).endswith("attendez 2 secondes et réessayez.")
        assert gettext("Hand %(n)s recorded.", n=3) == "Hand 3 recorded."
        assert pgettext("card rank", "J") == "J"
        assert ngettext(WAIT, WAIT_MANY, 1).endswith("wait 1 second and try again.")
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        assert gettext("Hand %(n)s recorded.", n=3) == "Donne 3 enregistrée."
        with force_locale("en"):
            assert gettext("Hand %(n)s recorded.", n=3) == "Hand 3 recorded."
        assert gettext("Hand %(n)s recorded.", n=3) == "Donne 3 enregistrée."
    assert gettext("Hand %(n)s recorded.", n=3) == "Hand 3 recorded."  # no request: the source sentence


WAIT = "Too many requests from this connection in a short time. Nothing was saved; wait %(num)d second and try again."
WAIT_MANY = (
    "Too many requests from this connection in a short time. Nothing was saved; wait %(num)d seconds and try again."
)
