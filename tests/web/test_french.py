"""The pages a French-speaking table meets, in French: what a player reads, and polls kept apart per language."""

from __future__ import annotations

import html
import re

import pytest

from tests._support.games import hand, page, read_csrf_token

FRENCH = {"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"}


def text(body: str) -> str:
    """What a player reads: the page without its tags, spaces made plain."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))).replace("\u00a0", " ")


@pytest.fixture
def french(client):
    """This phone chose Français (the lang cookie, as the button on every page sets it)."""
    client.set_cookie("lang", "fr")
    return client


def test_home_speaks_french_to_a_french_browser(client):
    body = client.get("/", headers=FRENCH).get_data(as_text=True)
    assert '<html lang="fr">' in body
    seen = text(body)
    assert "Nouvelle partie" in seen
    assert "Aucune partie sur ce téléphone pour l’instant." in seen
    assert "Start a new game" not in seen


def test_a_refused_new_game_says_why_in_french_once(french):
    token = read_csrf_token(french.get("/games/new").get_data(as_text=True))
    response = french.post(
        "/games/new",
        data={"csrf_token": token, "preset": "new-england", "mode": "partners", "players-0": "Ann"},
    )
    assert response.status_code == 422
    seen = text(response.get_data(as_text=True))
    assert "Rien n’est encore enregistré :" in seen
    assert seen.count("Écrivez les noms d’au moins deux joueurs, dans l’ordre où ils sont assis.") == 1
    assert "Joueurs, dans l’ordre où ils sont assis" in seen and "Commencer la partie" in seen


def test_the_sheet_records_a_hand_in_french(french, sheet):
    before = text(page(french, sheet))
    assert "Donne 1 : qui a la mise ?" in before
    assert "Enregistrer la donne 1" in before and "Inviter la table" in before
    assert "Aucune donne encore." in before
    response = hand(french, sheet, bidder=0, bid=20, tricks=3, high=0)
    assert response.status_code == 303
    after = text(page(french, response.headers["Location"].split("#")[0]))
    assert "Donne 1 enregistrée." in after
    assert "Enregistrer la donne 2" in after
    assert "Annuler la donne 1 (Ann donne, Ann & Cal mise 20)" in after
    # Names are never translated.
    assert "Ann & Cal" in after and "Bob & Dee" in after
    assert "Save hand" not in after and "Every hand" not in after


def test_a_refused_hand_is_refused_in_french(french, sheet):
    response = hand(french, sheet, bid=20, tricks=3)
    assert response.status_code == 422
    assert "Touchez l’équipe qui a la mise." in text(response.get_data(as_text=True))


def test_invite_the_table_in_french(french, sheet):
    seen = text(page(french, sheet + "/invite"))
    assert "Chaque téléphone qui lit ce code voit le pointage" in seen
    assert "Le lien pour suivre" in seen
    assert "Un autre téléphone pour tenir le pointage ?" in seen


def test_an_english_page_stays_english_without_a_choice(client, sheet):
    body = page(client, sheet)
    assert '<html lang="en">' in body and "Save hand 1" in body


# -- Polls: what is "unchanged" is per language ------------------------------------------------


def _poll(client, sheet_url, since, lang, headers=None):
    game_id, token = sheet_url.strip("/").split("/")[1:3]
    return client.get(f"/games/{game_id}/poll/{token}?since={since}&lang={lang}", headers=headers or {})


def test_a_poll_from_a_page_in_the_phones_language_is_unchanged(french, sheet):
    assert _poll(french, sheet, 1, "fr").status_code == 304


def test_a_french_phone_never_gets_its_english_page_as_unchanged(french, sheet):
    # The page was read in English; the phone has chosen French since: the poll brings the sheet in French.
    response = _poll(french, sheet, 1, "en")
    assert response.status_code == 200
    seen = text(response.get_data(as_text=True))
    assert "Donne 1 : Ann donne, Bob ouvre" in seen
    assert "deals" not in seen


def test_the_kept_sheet_of_one_language_is_never_sent_in_another(client, sheet):
    hand(client, sheet, bidder=0, bid=20, tricks=3, high=0)
    english = _poll(client, sheet, 1, "en")
    assert english.status_code == 200 and "Hand 2: " in text(english.get_data(as_text=True))
    french = _poll(client, sheet, 1, "fr", headers=FRENCH)
    assert french.status_code == 200
    seen = text(french.get_data(as_text=True))
    assert "Donne 2 : " in seen and "Hand 2" not in seen
    assert "Vary" in french.headers and "Accept-Language" in french.headers["Vary"]


def test_an_unchanged_poll_says_it_varies_by_language(client, sheet):
    response = _poll(client, sheet, 1, "en")
    assert response.status_code == 304
    assert "Accept-Language" in response.headers.get("Vary", "")


def test_the_no_signal_page_comes_in_each_language(client):
    french = client.get("/offline?lang=fr")
    assert '<html lang="fr">' in french.get_data(as_text=True)
    assert "Pas de signal" in text(french.get_data(as_text=True))
    assert french.headers["Content-Language"] == "fr"
    english = client.get("/offline?lang=en")
    assert "No signal" in text(english.get_data(as_text=True))


def test_the_manifest_names_the_app_in_french(client):
    manifest = client.get("/manifest.webmanifest", headers=FRENCH).get_json()
    assert manifest["lang"] == "fr"
    assert manifest["short_name"] == "Quarante-cinq"


def test_a_party_pages_fingerprint_is_per_language():
    from scorekeeper.web.polls import view_key

    assert view_key(7, language="fr") != view_key(7, language="en")
    assert view_key(7, language="fr") == view_key(7, language="fr")


def test_a_form_open_too_long_is_refused_in_french(french, sheet):
    response = french.post(sheet + "/hands", data={"n": "1", "bidder": "0"})
    assert response.status_code == 400
    seen = text(response.get_data(as_text=True))
    assert "Cette page est restée ouverte trop longtemps — rechargez et réessayez." in seen
    assert "Erreur 400" in seen and "Retour aux parties" in seen


def test_a_page_not_found_is_said_in_french(french):
    response = french.get("/games/nope/nope")
    assert response.status_code == 404
    assert "Il n’y a pas de page à cette adresse." in text(response.get_data(as_text=True))


def test_the_wait_of_a_rate_limit_is_said_in_french(app):
    from scorekeeper.platform.security import too_many_message

    with app.test_request_context("/", headers=FRENCH):
        assert "attendez 30 secondes et réessayez" in too_many_message("30")
        assert "attendez 1 seconde et réessayez" in too_many_message("1")
        assert "attendez une minute" in too_many_message(None)
