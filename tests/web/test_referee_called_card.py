"""The referee page's may-I-play question with a called partner: the trick's number and the called card."""

from __future__ import annotations

import html

from tests._support.referee import block

QUERY = {"tool": "legal", "trump": "S", "trick": "9d", "hand": "kc 7d 3h", "call_for_partner": "yes", "called": "kc"}


def test_on_the_second_trick_only_the_called_card_may_be_played(client):
    response = client.get("/referee", query_string=QUERY | {"trick_number": "2"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "You may play: K♣" in block(page, "legal-answer")
    assert "second trick" in block(page, "legal-answer")
    assert 'href="/rules#called-card"' in page


def test_on_the_first_trick_any_card_may_be_played(client):
    page = client.get("/referee", query_string=QUERY | {"trick_number": "1"}).get_data(as_text=True)
    assert "You may play any card." in block(page, "legal-answer")


def test_the_called_card_fields_show_only_when_calling_for_a_partner(client):
    without = {k: v for k, v in QUERY.items() if k not in ("call_for_partner", "called")}
    assert 'name="trick_number"' not in client.get("/referee", query_string=without).get_data(as_text=True)
    assert 'name="trick_number"' in client.get("/referee", query_string=QUERY).get_data(as_text=True)


def test_a_trick_number_that_is_not_1_to_5_is_refused_in_words(client):
    response = client.get("/referee", query_string=QUERY | {"trick_number": "9"})
    assert response.status_code == 422
    assert "Choose the trick's number, 1 to 5." in html.unescape(response.get_data(as_text=True))
