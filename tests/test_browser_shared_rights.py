"""Shared things belong to someone (issue 22), in a real browser (Chromium driven by Playwright):
the owner's context creates a profile and keeps the right to change it after a reload (its
creator key is in its cookie); a stranger's context, with no right, sees no control to rename
or merge it, whatever it adds to the address; made organiser by a link of
`companion organisateur`, then revoked by a newer one, the stranger's controls still on screen
change nothing. The database is read after each attempt: the profile is untouched."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest
from browsing import open_page
from tapping import after_tap, settled
from test_browser_shell import server_store

from companion.stats.storage import StatsStore

pytestmark = pytest.mark.browser
TIMEOUT = 30_000
OWNER, STRANGER = "Odile Proprio", "Sam Passant"
REFUSED = "Seul l'organisateur ou l'appareil qui a créé ce profil peut le modifier."
EDIT = "Modifier, fusionner ou supprimer"


def remembered(page: Any, entry: str) -> None:
    """Wait until the device's cookie holds `entry` (« c. »: its creator key, « o. »: the
    organiser's token): the app writes it with a line of script at the end of the run."""
    def cookie() -> str:
        return next((c["value"] for c in page.context.cookies()
                     if c["name"] == "compagnon_appareil"), "")
    for _attempt in range(100):
        if any(part.startswith(entry) for part in cookie().split("|")):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"le cookie de l'appareil n'a pas reçu « {entry} »")


def create(page: Any, base: str, name: str) -> None:
    open_page(page, f"{base}/joueurs", "Nouveau joueur")
    page.get_by_label("Nom", exact=True).first.fill(name)
    page.get_by_role("button", name="Enregistrer le joueur").click()
    page.get_by_text(f"{name} est enregistré").wait_for(timeout=TIMEOUT)
    remembered(page, "c.")


def choose(page: Any, base: str, name: str, query: str = "") -> None:
    """The « Joueurs » page (with `query` in its address) showing `name`'s profile."""
    open_page(page, f"{base}/joueurs{query}", "Nouveau joueur")
    settled(page)
    pick(page, page.locator('[data-testid="stSelectbox"]').first, name)
    page.get_by_role("heading", name=name).wait_for(timeout=TIMEOUT)
    settled(page)


def pick(page: Any, box: Any, name: str) -> None:
    """Choose `name` in a select box. Its list may close again while a run ends (the page
    redraws): opened again, a few times at most."""
    if box.locator("input").input_value() == name:
        return
    option = page.get_by_role("option", name=name, exact=True)
    for _attempt in range(5):
        box.wait_for(state="visible", timeout=TIMEOUT)
        box.locator("input").first.click()  # the field opens the list (its chevron may hide)
        try:
                option.click(timeout=3000)
        except Exception:  # playwright's TimeoutError: the list closed, open it again
            settled(page)
            continue
        return
    raise AssertionError(f"« {name} » introuvable dans la liste")


def organiser_link(stats: StatsStore, base: str) -> str:
    """What the server's owner types on its terminal: a new link, the older one revoked."""
    env = dict(os.environ, COMPANION_DB=str(stats.events.path))
    done = subprocess.run([sys.executable, "-m", "companion", "organisateur", "--url", base],
                          env=env, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.strip()


def profile_rows(stats: StatsStore) -> list[tuple[int, str, bool]]:
    """(id, name, merged) of the two profiles of this test."""
    with stats._db.read() as db:
        rows = db.execute("SELECT id, name, merged_into IS NOT NULL FROM profiles "
                          "WHERE name IN (?, ?) OR name = 'Pirate' ORDER BY id",
                          (OWNER, STRANGER)).fetchall()
    return [(int(i), str(n), bool(m)) for i, n, m in rows]


def stale_attempt(page: Any, base: str, stats: StatsStore, action: str) -> None:
    """Become organiser, fill the controls of the owner's profile, lose the right (a newer
    organiser link is made), then press the control still on screen."""
    from playwright.sync_api import expect

    link = organiser_link(stats, base)
    page.goto(link)
    page.get_by_text("Cet appareil est maintenant l'organisateur").first.wait_for(
        timeout=TIMEOUT)
    remembered(page, "o." + link.rsplit("=", 1)[1])
    choose(page, base, OWNER)
    page.get_by_text(EDIT).click()
    box = page.locator('[data-testid="stExpander"]').filter(has_text=EDIT)
    box.get_by_label("Nom", exact=True).wait_for(state="visible", timeout=TIMEOUT)
    if action == "rename":
        field = box.get_by_label("Nom", exact=True)
        field.fill("Pirate")
        field.press("Enter")
        button = box.get_by_role("button", name="Enregistrer")
    else:
        button = box.get_by_role("button", name="Fusionner")
        tick = box.get_by_role("checkbox", name="Les parties de ce profil passent au profil "
                               "choisi")
        # the profile picked and the box ticked, each after the run before has ended; on a
        # loaded machine a late run drew the form again as it was (« Fusionner » stayed
        # disabled, twice in CI): both are made again, three times at most
        for _attempt in range(3):
            pick(page, box.locator('[data-testid="stSelectbox"]').first, STRANGER)
            after_tap(page)
            if not tick.is_checked():
                box.get_by_text("Les parties de ce profil passent au profil choisi").click()
                after_tap(page)
            if button.is_enabled():
                break
    after_tap(page)
    expect(button).to_be_enabled(timeout=TIMEOUT)  # the control as the organiser saw it
    organiser_link(stats, base)  # revoked: this device is no longer the organiser
    button.click()
    page.get_by_text(REFUSED).wait_for(timeout=TIMEOUT)
    assert page.get_by_text(EDIT).count() == 0


def test_a_stranger_cannot_rename_or_merge_a_profile(app_server: str, browser: Any,
                                                    tmp_path_factory: Any) -> None:
    stats = StatsStore(server_store(tmp_path_factory))
    owner_context = browser.new_context(locale="fr-FR")
    stranger_context = browser.new_context(locale="fr-FR")
    try:
        owner = owner_context.new_page()
        create(owner, app_server, OWNER)
        stranger = stranger_context.new_page()
        create(stranger, app_server, STRANGER)
        before = profile_rows(stats)
        assert [(n, m) for _i, n, m in before] == [(OWNER, False), (STRANGER, False)]

        # the stranger's own profile offers no merge with the owner's
        choose(stranger, app_server, STRANGER)
        stranger.get_by_text(EDIT).click()
        assert stranger.get_by_text("Fusionner avec (doublon)").count() == 0
        # the owner's profile: no control at all, whatever the address says
        for query in ("", "?organisateur=" + "A" * 32, "?organisateur=&admin=1"):
            choose(stranger, app_server, OWNER, query)
            stranger.get_by_text(REFUSED).wait_for(timeout=TIMEOUT)
            assert stranger.get_by_text(EDIT).count() == 0
        assert profile_rows(stats) == before

        # controls shown while it was organiser, pressed after the right was withdrawn
        for action in ("merge", "rename"):
            stale_attempt(stranger, app_server, stats, action)
            assert profile_rows(stats) == before, action

        # the owner keeps its right after a reload (its creator key is in its cookie)
        owner.reload()
        choose(owner, app_server, OWNER)
        owner.get_by_text(EDIT).click()
        box = owner.locator('[data-testid="stExpander"]').filter(has_text=EDIT)
        field = box.get_by_label("Nom", exact=True)
        field.fill("Odile P.")
        field.press("Enter")
        after_tap(owner)
        box.get_by_role("button", name="Enregistrer").click()
        owner.get_by_role("heading", name="Odile P.").wait_for(timeout=TIMEOUT)
        assert stats.find("Odile P.") is not None and stats.find(OWNER) is None
    finally:
        owner_context.close()
        stranger_context.close()
