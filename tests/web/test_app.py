"""The app as a whole: configuration, headers, error pages, the home page, the form macro."""

import pytest
from flask import render_template_string, url_for
from flask_wtf import FlaskForm
from sqlalchemy import text
from wtforms import BooleanField, IntegerField, RadioField, StringField
from wtforms.validators import DataRequired, NumberRange

from scorekeeper import create_app
from scorekeeper.platform.config import ConfigError, database_url
from scorekeeper.platform.extensions import db
from scorekeeper.rules import HandEntry, Side
from scorekeeper.store import games as services

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "worker-src 'self'; manifest-src 'self'; "
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)
STRONG_KEY = "k4Jd9s0Qm2Lz8xVb7Nc1Rt5Yw3Pe6Hu-Xa8"


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    """An environment with none of the app's settings, and a throwaway instance folder."""
    for name in ("SECRET_KEY", "DATABASE_URL", "SCOREKEEPER_ENV", "SESSION_COOKIE_SECURE", "SCOREKEEPER_BEHIND_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    return monkeypatch


def add_probe(app, path="/probe"):
    """Add a POST view that CSRF protects like any form of the app."""
    app.add_url_rule(path, path.strip("/").replace("/", "_"), lambda: "saved", methods=["POST"])


# -- Configuration ------------------------------------------------------------------


def test_production_refuses_to_start_without_a_secret_key(clean_env):
    clean_env.setenv("SCOREKEEPER_ENV", "production")
    with pytest.raises(ConfigError, match="SECRET_KEY"):
        create_app()


@pytest.mark.parametrize(
    "key",
    [
        "dev",
        "changeme",
        "ChangeMe",
        "secret",
        "short-key",
        "changemechangeme",
        "k4Jd9s0Qm2Lz8xVb7Nc1Rt5Yw3Pe6H",
        "ab" * 20,
        "my-secret-key-for-production-use-1234",
    ],
)
def test_production_refuses_a_placeholder_secret_key(clean_env, key):
    clean_env.setenv("SCOREKEEPER_ENV", "production")
    clean_env.setenv("SECRET_KEY", key)
    with pytest.raises(ConfigError, match="SECRET_KEY"):
        create_app()


def test_production_starts_with_a_real_secret_key(clean_env):
    clean_env.setenv("SCOREKEEPER_ENV", "production")
    clean_env.setenv("SECRET_KEY", STRONG_KEY)
    app = create_app()
    assert app.secret_key == STRONG_KEY
    assert app.config["SESSION_COOKIE_SECURE"] is True


def test_local_run_makes_one_secret_key_and_keeps_it(clean_env, tmp_path):
    first = create_app()
    second = create_app()
    assert len(first.secret_key) >= 32
    assert first.secret_key == second.secret_key
    assert (tmp_path / "instance" / "secret_key").read_text().strip() == first.secret_key
    assert first.config["SQLALCHEMY_DATABASE_URI"] == (
        "sqlite:///" + str(tmp_path / "instance" / "scorekeeper.sqlite3")
    )


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("postgres://u:p@db.example:5432/score", "postgresql+psycopg://u:p@db.example:5432/score"),
        ("postgresql://u@localhost/score", "postgresql+psycopg://u@localhost/score"),
        ("postgresql+psycopg://u@localhost/score", "postgresql+psycopg://u@localhost/score"),
        ("sqlite:////var/lib/score.sqlite3", "sqlite:////var/lib/score.sqlite3"),
    ],
)
def test_database_url_from_hosting_platforms(raw, expected):
    assert database_url(raw, "/instance") == expected


def test_postgres_url_uses_psycopg_and_checks_pooled_connections(clean_env):
    clean_env.setenv("DATABASE_URL", "postgres://u:p@127.0.0.1:1/nowhere")
    app = create_app({"SECRET_KEY": STRONG_KEY})
    with app.app_context():
        assert db.engine.dialect.driver == "psycopg"
        assert db.engine.pool._pre_ping is True


@pytest.mark.parametrize(("behind_proxy", "expected"), [("1", "https://scores.example/"), ("", "http://10.0.0.5/")])
def test_links_use_the_public_address_only_behind_a_proxy(clean_env, behind_proxy, expected):
    clean_env.setenv("SCOREKEEPER_BEHIND_PROXY", behind_proxy)
    app = create_app({"SECRET_KEY": STRONG_KEY})
    app.add_url_rule("/where", "where", lambda: url_for("main.index", _external=True))
    response = app.test_client().get(
        "/where",
        base_url="http://10.0.0.5",
        headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example"},
    )
    assert response.get_data(as_text=True) == expected


def test_sqlite_waits_for_writers_and_lets_readers_through(app):
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("SQLite only")
    with app.app_context():
        assert db.session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert db.session.execute(text("PRAGMA busy_timeout")).scalar() == 5000
        assert db.session.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_requests_over_64_kb_are_refused_with_a_page(app):
    add_probe(app)
    response = app.test_client().post("/probe", data={"notes": "x" * (70 * 1024)})
    assert response.status_code == 413
    assert "more than a score sheet needs" in response.get_data(as_text=True)


# -- Headers ------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/healthz", "/static/favicon.svg", "/no-such-page"])
def test_every_response_carries_the_security_headers(client, path):
    with client.get(path) as response:
        headers = response.headers
    assert headers["Content-Security-Policy"] == CSP
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"


def test_stylesheets_and_scripts_carry_only_nosniff(client):
    """Never opened as a document, they need no page policy: half a kilobyte less on each."""
    for path in ("/static/app.css", "/static/app.js"):
        with client.get(path) as response:
            headers = response.headers
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert "Content-Security-Policy" not in headers and "X-Frame-Options" not in headers


def test_pages_hold_no_inline_script_or_style(client):
    page = client.get("/").get_data(as_text=True)
    assert "style=" not in page
    assert "<style" not in page
    for tag in page.split("<script")[1:]:
        if tag.split(">")[0].strip().startswith('type="application/json"'):
            continue  # words for the scripts: data, which the browser never runs
        assert tag.split(">")[0].strip().startswith("src="), "a <script> without src would be blocked"
        assert tag.split(">", 1)[1].startswith("</script"), "inline script would be blocked"


def test_htmx_config_swaps_validation_errors_and_conflicts(client):
    page = client.get("/").get_data(as_text=True)
    assert '<meta name="htmx-config"' in page
    assert '{"code":"422","swap":true}' in page
    assert '{"code":"409","swap":true}' in page
    assert '"includeIndicatorStyles": false' in page


# -- Error pages ----------------------------------------------------------------------


def test_missing_page_is_explained(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    body = response.get_data(as_text=True)
    assert "There is no page at this address" in body
    assert 'href="/"' in body


def test_missing_api_path_answers_json(client):
    response = client.get("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert response.is_json
    error = response.get_json()["error"]
    assert "nothing at this address" in error["message"] and "/api/v1/openapi.json" in error["message"]
    assert error["field"] is None


def test_api_method_not_allowed_says_which_methods_are(client):
    response = client.patch("/api/v1/games")
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]
    assert "Allow header" in response.get_json()["error"]["message"]


def test_form_posted_without_its_token_says_reload(app):
    add_probe(app)
    response = app.test_client().post("/probe", data={"name": "Us"})
    assert response.status_code == 400
    assert "This page was open too long — reload and try again." in response.get_data(as_text=True)


def test_form_posted_with_the_token_from_the_page_goes_through(app, csrf):
    add_probe(app)
    client = app.test_client()
    token = csrf(client, "/")
    response = client.post("/probe", data={"csrf_token": token})
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "saved"


def test_token_check_failure_under_api_answers_json(app):
    add_probe(app, "/api/probe")
    response = app.test_client().post("/api/probe", json={})
    assert response.status_code == 400
    assert response.get_json() == {
        "error": {
            "message": "This page was open too long — reload and try again.",
            "field": "csrf_token",
            "code": "unreadable",
        }
    }


def test_a_crash_shows_a_friendly_page_not_a_traceback(app):
    def broken():
        raise RuntimeError("boom")

    app.config["PROPAGATE_EXCEPTIONS"] = False
    app.add_url_rule("/broken", "broken", broken)
    app.add_url_rule("/api/broken", "api_broken", broken)
    client = app.test_client()

    response = client.get("/broken")
    assert response.status_code == 500
    body = response.get_data(as_text=True)
    assert "Something went wrong on our side" in body
    assert "boom" not in body and "Traceback" not in body
    assert response.headers["X-Frame-Options"] == "DENY"

    response = client.get("/api/broken")
    assert response.status_code == 500
    assert "Something went wrong" in response.get_json()["error"]["message"]


def test_wrong_method_keeps_the_allow_header(client):
    response = client.post("/healthz")
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]


# -- Home page ------------------------------------------------------------------------


def test_health_check(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok"


def test_home_offers_a_new_game(app, client):
    body = client.get("/").get_data(as_text=True)
    assert "Start a new game" in body
    assert "No games on this phone yet" in body
    with app.test_request_context():
        assert f'href="{url_for("games.new")}"' in body


def test_home_lists_only_this_phones_games_with_scores_and_winner(app, client):
    with app.app_context():
        kept = services.create_game("new-england", [Side("Us", ("Frank", "Fred")), Side("Them", ("John", "Jim"))])
        services.record_hand(kept, HandEntry(bidder=0, bid=15, tricks=(2, 3), high=1))
        followed = services.create_game(
            "new-england", [Side("Ann", ("Ann",)), Side("Bob", ("Bob",)), Side("Cy", ("Cy",))]
        )
        stranger = services.create_game("new-england", [Side("North", ("N1", "N2")), Side("South", ("S1", "S2"))])
        kept_path = f"/games/{kept.id}/{kept.edit_token}"
        followed_path = f"/games/{followed.id}/view/{followed.view_token}"
        stranger_id = stranger.id
    # A game started elsewhere is on no phone's list: its links are its only key.
    assert client.get("/").get_data(as_text=True).count('class="game-card') == 0
    assert client.get(kept_path).status_code == 200
    assert client.get(followed_path).status_code == 200
    body = client.get("/").get_data(as_text=True)
    assert "North" not in body and stranger_id not in body
    # Newest opened first; the kept game links to the sheet that records, the followed one to the view.
    assert body.index(">Ann<") < body.index(">Us<")
    assert f'href="{kept_path}"' in body and f'href="{followed_path}"' in body
    assert "keeping score" in body and "following" in body
    # Us were set 15 on the first hand: the sheet circles a score in the hole.
    assert '<span class="score circled" title="in the hole">−15</span>' in body
    assert '<span class="score">20</span>' in body
    assert "1 hand" in body and "0 hands" in body


def test_following_a_game_never_downgrades_the_link_that_keeps_score(app, client):
    with app.app_context():
        game = services.create_game("new-england", [Side("Us", ("A", "B")), Side("Them", ("C", "D"))])
        edit_path = f"/games/{game.id}/{game.edit_token}"
        view_path = f"/games/{game.id}/view/{game.view_token}"
    client.get(view_path)
    assert f'href="{view_path}"' in client.get("/").get_data(as_text=True)
    client.get(edit_path)
    client.get(view_path)
    body = client.get("/").get_data(as_text=True)
    assert f'href="{edit_path}"' in body and view_path not in body
    assert body.count('class="game-card') == 1


def test_nav_links_only_to_pages_that_exist(app, client):
    body = client.get("/").get_data(as_text=True)
    nav = body.split('<nav class="site-nav"', 1)[1].split("</nav>", 1)[0]
    assert ">Games<" in nav
    for href in [part.split('"', 1)[0] for part in nav.split('href="')[1:]]:
        assert client.get(href).status_code == 200, f"nav link {href} is broken"


# -- Form macro -------------------------------------------------------------------------


class SampleForm(FlaskForm):
    class Meta:
        csrf = False

    name = StringField("Side name", validators=[DataRequired("Give the side a name")])
    target = IntegerField("Points to win", description="Usually 120", validators=[NumberRange(45, 200)])
    bid = RadioField("Bid", choices=["15", "20"], validators=[DataRequired("Choose the bid")])
    green = BooleanField("On the green at 90")


def test_field_macro_shows_each_error_beside_its_field(app):
    template = (
        "{% from '_macros.html' import field %}"
        "{{ field(form.name) }}{{ field(form.target) }}{{ field(form.bid) }}{{ field(form.green) }}"
    )
    with app.test_request_context(method="POST", data={"target": "500"}):
        form = SampleForm()
        assert not form.validate()
        html = render_template_string(template, form=form)
    assert '<label class="field-label" for="name">Side name</label>' in html
    assert 'aria-describedby="name-error"' in html and 'aria-invalid="true"' in html
    assert '<p class="field-error" id="name-error" role="alert">Give the side a name</p>' in html
    # A hint and an error are both read out with the field.
    assert 'aria-describedby="target-hint target-error"' in html
    assert 'id="target-hint">Usually 120</p>' in html
    # Radio buttons come as a group with one legend and the error for the group.
    assert "<legend>Bid</legend>" in html
    assert 'id="bid-error" role="alert">Choose the bid</p>' in html
    assert '<label class="choice" for="green"><input id="green" name="green" type="checkbox"' in html


def test_field_macro_without_errors_adds_no_alerts(app):
    with app.test_request_context():
        form = SampleForm(formdata=None, name="Us")
        html = render_template_string("{% from '_macros.html' import field %}{{ field(form.name) }}", form=form)
    assert 'value="Us"' in html
    assert 'role="alert"' not in html and "aria-invalid" not in html
