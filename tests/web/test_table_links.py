"""A table's game links back to its table, and its winner screen offers the table's statistics; a game of no
table shows neither."""

from __future__ import annotations

from tests._support.tables import play_to_the_end


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_a_tables_game_links_back_to_it_and_its_winner_screen_to_the_statistics(client):
    table = client.post("/api/v1/tables", json={"name": "Tuesday table", "players": ["Ann", "Bob", "Cy", "Di"]})
    table = table.get_json()
    sides = [{"name": "Ann & Cy", "players": ["Ann", "Cy"]}, {"name": "Bob & Di", "players": ["Bob", "Di"]}]
    game = client.post(
        "/api/v1/games", json={"table": table["id"], "sides": sides}, headers=bearer(table["edit_token"])
    )
    game = game.get_json()
    back = f'href="/tables/{table["id"]}/{table["view_token"]}"'
    stats = f'href="/tables/{table["id"]}/{table["view_token"]}/stats"'
    for link in (f"/games/{game['id']}/{game['edit_token']}", f"/games/{game['id']}/view/{game['view_token']}"):
        page = client.get(link).get_data(as_text=True)
        assert back in page and "Back to the table: Tuesday table" in page and stats not in page
    play_to_the_end(client, game["id"], game["edit_token"])
    page = client.get(f"/games/{game['id']}/{game['edit_token']}").get_data(as_text=True)
    won = page[page.index("banner-win") :]
    assert stats in won[: won.index("</div>")] and "Tuesday table: the statistics" in page
    french = client.get(f"/games/{game['id']}/{game['edit_token']}", headers={"Accept-Language": "fr"})
    assert "Tuesday table\u00a0: les statistiques" in french.get_data(as_text=True)


def test_a_game_of_no_table_has_no_such_links(client, game):
    page = client.get(f"/games/{game['id']}/{game['edit_token']}").get_data(as_text=True)
    assert "Back to the table" not in page and "/tables/" not in page
