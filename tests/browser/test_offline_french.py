"""No signal at a French-speaking table: what the phone says of the hands it keeps comes in French.

Those sentences are not in the sheet (it stays small on a weak signal): ``offline-page.js``
fetches them in the phone's language once the page has loaded, and the worker keeps them.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests._support.offline import cut_signal, open_with_worker, recorded, tap_hand
from tests._support.steps import phone_of_its_own, watch


@pytest.fixture
def french_phone(browser, browser_context_args):
    """A French phone of its own, with the app's service worker."""
    for page in phone_of_its_own(browser, browser_context_args, service_workers="allow", locale="fr-CA"):
        yield watch(page)


def test_a_hand_kept_with_no_signal_is_said_in_french_and_sent_when_the_signal_returns(
    french_phone, live_game, live_server
):
    phone = french_phone
    open_with_worker(phone, live_game["links"]["edit"])
    assert phone.locator("html").get_attribute("lang") == "fr"
    cut_signal(phone)
    tap_hand(phone, bidder=0, bid=20, tricks=4, high=0)
    phone.locator("#hand-form button[type=submit]").click()
    status = phone.locator("#queue-status")
    expect(status).to_have_text(
        "La donne 1 est gardée sur ce téléphone, pas encore envoyée. Elle sera envoyée au retour du signal."
    )
    expect(status).to_be_in_viewport()
    expect(phone.locator("#log [data-queued='1']")).not_to_contain_text("q-")
    # Reopened with no signal: the words come from the worker's copy, still in French.
    phone.reload()
    expect(phone.locator("#log [data-queued='1']")).to_contain_text("pas encore envoyée")
    assert recorded(live_server, live_game) == []
    phone.context.set_offline(False)
    expect(phone.locator("#log [data-queued]")).to_have_count(0, timeout=15_000)
    assert len(recorded(live_server, live_game)) == 1
    assert phone.problems == []
