"""`companion app --local` shows and encodes only addresses this machine serves (issue 36): a
server bound to 127.0.0.1 serves no other device, so neither its terminal (the address, its QR
code, the organiser's link) nor its pages (a game's share URL and QR code, the print kit's
address for the cards' QR codes) name the LAN address, which nothing answers there.

The app is started as its users start it, WITHOUT COMPANION_PUBLIC_URL (the other browser
tests set it, tests/conftest.py › running_app): the addresses come from the server's bind."""

from __future__ import annotations

import base64
import io
import ipaddress
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from browsing import visit
from conftest import answering, stop
from tapping import PHONE, TABLET, TIMEOUT, example, host_page, settled

from companion.events.store import EventStore
from companion.hosting.network import lan_address
from tableapp.table import sharing

ROOT = Path(__file__).resolve().parent.parent
URL = re.compile(r"https?://[^\s«»\"'<>]+")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def local_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """`companion app --local` with its own database and no COMPANION_PUBLIC_URL; what it
    prints goes to files (stdout: the start lines, stderr: the organiser's link)."""
    folder = tmp_path_factory.mktemp("local-app")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_PUBLIC_URL"}
    env |= {"COMPANION_DB": str(folder / "games.sqlite3"), "PYTHONIOENCODING": "utf-8"}
    out, err = folder / "stdout.txt", folder / "stderr.txt"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "app", "--local", "--port", str(port)],
            cwd=ROOT, env=env, stdout=stdout, stderr=stderr)
    base = f"http://localhost:{port}"
    try:
        if not answering(base, proc):
            pytest.fail("companion app --local n'a pas démarré : "
                        + err.read_text(encoding="utf-8", errors="replace")[-2000:])
        yield {"base": base, "port": port, "stdout": out, "stderr": err,
               "store": EventStore(folder / "games.sqlite3")}
    finally:
        stop(proc)


def _loopback(host: str) -> bool:
    """Judged here, not by the code under test: 127.0.0.0/8, ::1 or localhost."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _not_served(text: str) -> list[str]:
    """The addresses in `text` that name anything but this machine (or the LAN address)."""
    lan = lan_address()
    found = [u for u in URL.findall(text) if not _loopback(urlsplit(u).hostname or "")]
    return found + ([lan] if lan and lan in text else [])


def _qr_matrix(png: bytes) -> list[list[bool]]:
    """The modules of a QR code drawn by qrcode.make(box_size=8, border=2) (sharing.qr_png):
    the centre pixel of each 8×8 box, dark or not."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("L")
    side = image.size[0] // 8
    return [[image.getpixel((x * 8 + 4, y * 8 + 4)) < 128 for x in range(side)]
            for y in range(side)]


def _qr_of(text: str) -> list[list[bool]]:
    import qrcode

    out = io.BytesIO()
    qrcode.make(text, box_size=8, border=2).save(out, format="PNG")
    return _qr_matrix(out.getvalue())


@pytest.mark.browser
def test_the_terminal_says_only_this_machine(browser: Any, local_app: dict[str, Any]) -> None:
    """The start lines (address and QR code), then the organiser's link, which the server
    prints at the first page a browser opens."""
    from tableapp.process.launch import qr_text

    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    pg = context.new_page()
    try:
        pg.goto(local_app["base"], timeout=TIMEOUT)
        pg.get_by_role("heading", name="Compagnon de table").first.wait_for(timeout=TIMEOUT)
        settled(pg)
    finally:
        context.close()
    printed = local_app["stdout"].read_text(encoding="utf-8")
    assert f"Ouvrez http://localhost:{local_app['port']} " in printed, printed
    assert qr_text(f"http://localhost:{local_app['port']}") in printed  # the QR code's text
    assert _not_served(printed) == []
    said = local_app["stderr"].read_text(encoding="utf-8")
    assert "lien de l'organisateur" in said, said[-2000:]
    assert _not_served(said) == [], said[-2000:]


@pytest.mark.browser
@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["telephone", "tablette"])
def test_share_url_qr_code_and_links_name_only_this_machine(
        browser: Any, local_app: dict[str, Any], size: dict[str, int]) -> None:
    base = local_app["base"]
    code, url = host_page(local_app["store"], base, "noe",
                          example("noe-partie-a-100-points.json")["setup"])
    context = browser.new_context(viewport=size, locale="fr-FR")
    pg = context.new_page()
    try:
        pg.goto(url, timeout=TIMEOUT)
        tools = pg.get_by_role("radio", name="Partager, exporter, importer")
        tools.wait_for(timeout=TIMEOUT)
        settled(pg)
        tools.click()
        shown = pg.locator("code").filter(has_text=f"code={code}").first
        shown.wait_for(timeout=TIMEOUT)
        settled(pg)
        share = shown.inner_text().strip()
        assert share == f"{base}/noe?code={code}&view=public"
        alt = f"QR code : ouvre la vue publique de la partie {code}"
        src = pg.get_by_alt_text(alt).get_attribute("src")
        png = base64.b64decode(src.split(",", 1)[1])
        assert _qr_matrix(png) == _qr_of(share)  # the QR code opens the address shown
        assert _not_served(pg.locator("body").inner_text()) == []
        # the print kit's address, what the cards' QR codes will open
        visit(pg, f"{base}/impression", "Réglages avancés")  # as the app's own link reaches it
        field = pg.get_by_label("Adresse de l'assistant (QR codes)", exact=True)
        pg.get_by_text("Réglages avancés").click()
        field.wait_for(timeout=TIMEOUT)
        assert field.input_value() == base
    finally:
        context.close()


def test_a_server_bound_to_this_machine_names_no_lan_address(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a browser: what `companion app` prints for each bind, and the base URL a page
    builds from the server's own options (a LAN address always at hand here)."""
    from companion.hosting import network
    from tableapp.device import session

    monkeypatch.delenv("COMPANION_PUBLIC_URL", raising=False)
    lan = "192.168.1.20"
    monkeypatch.setattr(network, "lan_address", lambda: lan)
    for bound in ("127.0.0.1", "127.0.0.2", "::1", "localhost"):
        assert network.served_url(8501, bound) == "http://localhost:8501", bound
    assert network.served_url(8501, "0.0.0.0") == f"http://{lan}:8501"
    for bound, expected in (("127.0.0.1", "http://localhost:8502"),
                            ("::1", "http://localhost:8502"),
                            ("0.0.0.0", f"http://{lan}:8502"), (None, f"http://{lan}:8502")):
        options = {"server.address": bound, "server.port": 8502}
        monkeypatch.setattr(session.st, "get_option", lambda name, o=options: o[name])
        assert sharing.public_base_url() == expected, bound
