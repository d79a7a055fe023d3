"""The page that brings a table back takes what the API takes, and sending its form twice makes one table."""

from __future__ import annotations

import io
import json
import re

from sqlalchemy import func, select
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from scorekeeper.platform.extensions import db
from scorekeeper.store import tables as store
from scorekeeper.store.models import Game, Table
from tests._support.app import read_csrf_token
from tests._support.tables import export, rows


def form_of(client) -> dict:
    page = client.get("/tables/import").get_data(as_text=True)
    key = re.search(r'name="resend_key" value="([^"]+)"', page).group(1)
    return {"csrf_token": read_csrf_token(page), "resend_key": key}


def send(client, form, document: bytes | dict):
    body = document if isinstance(document, bytes) else json.dumps(document).encode()
    # Encoded here, in memory: the test client would spool a large body to a file it does not close.
    boundary, data = encode_multipart({**form, "export": FileStorage(io.BytesIO(body), "season.json")})
    return client.post("/tables/import", data=data, content_type=f"multipart/form-data; boundary={boundary}")


def counts(app) -> tuple[int, int]:
    with app.app_context():
        found = (
            db.session.scalar(select(func.count()).select_from(Table)),
            db.session.scalar(select(func.count()).select_from(Game)),
        )
        db.session.remove()
        return found


def test_the_page_states_the_caps(client):
    page = client.get("/tables/import").get_data(as_text=True)
    assert "A file of up to 8 MB: at most 5,000 games and 50,000 hands in all." in page


def test_a_season_larger_than_64_kb_comes_back_from_the_page(app, client):
    document = export(games=300)
    assert len(json.dumps(document)) > 200 * 1024
    response = send(client, form_of(client), document)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    table = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "The table is brought back, with every game and hand." in table
    assert counts(app) == (1, 300)


def test_sending_the_form_twice_makes_one_table(app, client):
    form = form_of(client)
    first = send(client, form, export(games=5))
    again = send(client, form, export(games=5))
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    assert "This table was already brought back: here it is." in client.get(again.headers["Location"]).get_data(
        as_text=True
    )
    assert counts(app) == (1, 5)
    other = send(client, form_of(client), export(games=5))  # the form opened again: a second copy, as asked
    assert other.status_code == 303 and other.headers["Location"] != first.headers["Location"]


def test_a_file_past_the_cap_is_refused_saying_so(app, client):
    before = rows(app)
    response = send(client, form_of(client), b" " * (store.IMPORT_MAX_BYTES + 1))
    assert response.status_code == 413
    assert "This file is larger than 8 MB: nothing was stored." in response.get_data(as_text=True)
    assert rows(app) == before


def test_a_date_attack_from_the_page_is_refused_and_nothing_is_stored(app, client):
    document = export()
    document["games"][1]["started"] = "9999-12-31T23:59:59-14:00"
    before = rows(app)
    response = send(client, form_of(client), document)
    assert response.status_code == 422
    assert "Game 2 of the export is dated 9999-12-31T23:59:59-14:00" in response.get_data(as_text=True)
    assert rows(app) == before
