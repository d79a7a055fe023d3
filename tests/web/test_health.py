"""/healthz: ok only when the database answers and its tables are at the latest migration."""

import flask_migrate
from sqlalchemy import event, text

from scorekeeper import create_app
from scorekeeper.platform.extensions import db
from tests._support.app import TEST_SECRET_KEY

UPGRADE = "run: flask --app scorekeeper db upgrade"


def app_on(path):
    """An app on a SQLite file the test suite has not migrated."""
    uri = f"sqlite:///{path}"
    return create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET_KEY, "SQLALCHEMY_DATABASE_URI": uri})


def dispose(app):
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_not_ready_until_db_upgrade_then_ok(tmp_path):
    app = app_on(tmp_path / "never-migrated.sqlite3")
    client = app.test_client()

    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.get_data(as_text=True) == f"database not ready: its tables were never built; {UPGRADE}\n"

    result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok"
    dispose(app)


def test_not_ready_names_the_migration_the_database_is_at(tmp_path):
    app = app_on(tmp_path / "behind.sqlite3")
    with app.app_context():
        flask_migrate.upgrade()
        head = db.session.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
        # A database left at an older migration than this code expects.
        db.session.execute(text("UPDATE alembic_version SET version_num = 'an0lder0ne'"))
        db.session.commit()
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_data(as_text=True) == (
        f"database not ready: it is at migration an0lder0ne, the app needs {head}; {UPGRADE}\n"
    )
    dispose(app)


def test_once_at_the_head_the_migrations_are_not_read_again(app, client):
    assert client.get("/healthz").status_code == 200
    statements = []
    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
    assert client.get("/healthz").get_data(as_text=True) == "ok"
    assert "SELECT 1" in statements
    assert not [statement for statement in statements if "alembic_version" in statement]
