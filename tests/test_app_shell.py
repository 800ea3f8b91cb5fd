"""The app shell and the shared game-page contract (tableapp/table/gamepage.py), headless (AppTest).

A test-only game page plays the counter engine (tests/test_store_counter.py) as "camelot", so
these tests depend on no game engineer's page."""

from __future__ import annotations

import json
import re
import sys
import types
from pathlib import Path

import pytest
import streamlit as st
from hosting import headings
from streamlit.testing.v1 import AppTest
from test_store_counter import score, use_counter

from companion.core.loader import load_game
from companion.core.registry import GAMES
from companion.events.store import EventStore
from companion.hosting.access import COHOST, HOST, DeviceMemory
from tableapp.device import session
from tableapp.device.session import _DEVICE_KEY
from tableapp.process import perprocess, shared
from tableapp.table import sharing
from tableapp.table.gamepage import HISTORY, SHARE

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "streamlit_app.py")
GAME = "camelot"
OTHER = "elsen"  # a second game played with the counter


def counter_page(game: str = GAME) -> None:
    """A minimal game page written against the contract, as a game engineer would."""
    from tableapp.table.gamepage import current_game, is_public_view, submit, toolbar

    def setup_form(players: list[str]) -> dict | None:
        st.caption("Réglage du compteur")
        return {}

    stored = current_game(game, setup_form)
    summary = stored.state.summary()
    st.text(f"{game} : {stored.code}")
    st.text("scores : " + json.dumps(summary["scores"], ensure_ascii=False))
    points = st.number_input("points", 0, 9, 3, key="pts")
    if st.button("Marquer", key="score"):
        submit(stored, score(summary["turn"], int(points)))
    if is_public_view():
        st.caption("public")
    toolbar(stored)


def fake_module(game: str) -> types.ModuleType:
    """A page module `tableapp.pages.<game>` whose main page is the counter page."""
    module = types.ModuleType(f"tableapp.pages.{game}")
    module.SECTION = f"Compteur {game} (test)"  # type: ignore[attr-defined]

    def pages() -> list[st.Page]:
        return [st.Page(lambda: counter_page(game), title=f"Compteur {game}", url_path=game)]

    module.pages = pages  # type: ignore[attr-defined]
    return module


@pytest.fixture
def fake_page(monkeypatch: pytest.MonkeyPatch) -> None:
    use_counter(monkeypatch, (GAME, OTHER))
    for game in (GAME, OTHER):
        monkeypatch.setitem(sys.modules, f"tableapp.pages.{game}", fake_module(game))


def page_app(**query: str) -> AppTest:
    """The counter page alone, as a fresh browser session with this query string."""

    def script() -> None:
        from tests_app_shell_page import counter_page  # type: ignore[import-not-found]

        counter_page()

    at = AppTest.from_function(script, default_timeout=15)
    at.query_params.update(query)
    return at


@pytest.fixture
def page_module(fake_page: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lets the page script (run from its own source) import counter_page from here."""
    monkeypatch.setitem(sys.modules, "tests_app_shell_page", sys.modules[__name__])


def texts(at: AppTest) -> list[str]:
    return [t.value for t in at.text]


def errors(at: AppTest) -> str:
    """The error messages as a reader sees them (markdown escapes removed)."""
    return re.sub(r"\\(.)", r"\1", " ".join(e.value for e in at.error))


def new_game(store: EventStore, *events: dict) -> str:
    code = store.create(GAME, {"players": ["Alice", "Bruno"]}, title="Alice, Bruno")
    for event in events:
        store.append(code, event, store.seq(code))
    return code


def host_token(code: str, role: str = HOST) -> str:
    """A host (or co-host) token of `code`, as the device that created it holds."""
    token, _grant = shared.access().issue(code, role)
    return token


def remember(at: AppTest, **games: str | None) -> AppTest:
    """This device remembers these games (code -> host token or None), as its cookie says."""
    at.session_state[_DEVICE_KEY] = DeviceMemory(dict(games))
    return at


# --- home ------------------------------------------------------------------------------------


def test_home_lists_the_five_games_with_their_counts() -> None:
    at = AppTest.from_file(APP, default_timeout=30).run()
    assert not at.exception
    subheaders = [s.value for s in at.subheader]
    for game, info in GAMES.items():
        assert info.title in subheaders
        data = load_game(game)
        cards = sum(c.copies for c in data.components() if c.kind == "card")
        line = f"{data.players.min} à {data.players.max} joueurs · {cards} cartes"
        assert any(m.value.startswith(line) for m in at.markdown), line
    assert {"Nouvelle partie", "Reprendre une partie"} <= {h.value for h in at.header}


def test_home_starts_a_game_on_its_page(fake_page: None) -> None:
    at = AppTest.from_file(APP, default_timeout=30).run()
    starts = [b.key for b in at.button if b.key and b.key.startswith("home_start_")]
    assert len(starts) >= 5 and f"home_start_{GAME}" in starts  # a button a game, one tap
    at.button(key=f"home_start_{GAME}").click().run()
    assert not at.exception
    assert "Nouvelle partie" in [h.value for h in at.header]
    assert "Réglage du compteur" not in [c.value for c in at.caption]  # names not typed yet
    assert at.text_input(key=f"np_{GAME}_seat_0") is not None


def test_home_resumes_a_game_by_its_code(fake_page: None) -> None:
    code = new_game(shared.store(), score("Alice", 4))
    at = AppTest.from_file(APP, default_timeout=30).run()
    at.text_input(key="home_code").input(f" {code.lower()[:3]} {code.lower()[3:]}")
    at.button(key="home_open").click().run()
    assert not at.exception, at.exception
    assert at.query_params["code"] == code
    assert 'scores : {"Alice": 4, "Bruno": 0}' in texts(at)


def test_home_resumes_from_the_list(fake_page: None) -> None:
    code = new_game(shared.store(), score("Alice", 2))
    new_game(shared.store())  # another device's game: not listed here
    at = remember(AppTest.from_file(APP, default_timeout=30), **{code: None}).run()
    assert at.selectbox(key="home_resume_choice").value == code
    assert len(at.selectbox(key="home_resume_choice").options) == 1
    at.button(key="home_resume").click().run()
    assert 'scores : {"Alice": 2, "Bruno": 0}' in texts(at)


def test_a_game_page_given_another_game_s_code_opens_that_game(fake_page: None) -> None:
    store = shared.store()
    here = new_game(store, score("Alice", 1))
    there = store.create(OTHER, {"players": ["Xavier", "Yuna"]})
    at = AppTest.from_file(APP, default_timeout=30).run()
    at.text_input(key="home_code").input(here)
    at.button(key="home_open").click().run()
    assert f"{GAME} : {here}" in texts(at)
    at.query_params["code"] = there  # a link or a typed URL with the other game's code
    at.run()
    assert not at.exception
    assert f"{OTHER} : {there}" in texts(at)
    assert at.query_params["code"] == there


def test_a_public_screen_stays_public_on_the_other_game_s_page(fake_page: None) -> None:
    store = shared.store()
    here = new_game(store)
    there = store.create(OTHER, {"players": ["Xavier", "Yuna"]})
    at = AppTest.from_file(APP, default_timeout=30).run()
    at.text_input(key="home_code").input(here)
    at.button(key="home_open").click().run()
    at.query_params.update({"code": there, "view": "public"})
    at.run()
    assert f"{OTHER} : {there}" in texts(at)
    assert at.query_params.get("view") == "public"
    assert not {b.key for b in at.button} & {"tb_undo", "tb_leave"}


@pytest.mark.parametrize(("typed", "message"), [("ZZZZZZ", "Aucune partie"),
                                                 ("<b>x</b>", "6 lettres ou chiffres")])
def test_home_unknown_code_is_a_clear_error(fake_page: None, typed: str, message: str) -> None:
    at = AppTest.from_file(APP, default_timeout=30).run()
    at.text_input(key="home_code").input(typed)
    at.button(key="home_open").click().run()
    assert message in errors(at)
    assert "<b>" not in errors(at)
    assert not at.exception


# --- a game page: new game, persistence -------------------------------------------------------


def test_new_game_form_creates_the_game_and_puts_its_code_in_the_url(page_module: None) -> None:
    at = page_app().run()
    assert at.button(key=f"np_{GAME}_start").disabled  # no names yet
    at.text_input(key=f"np_{GAME}_seat_0").input("Alice")
    at.text_input(key=f"np_{GAME}_seat_1").input("alice").run()
    assert at.button(key=f"np_{GAME}_start").disabled  # same name twice
    at.text_input(key=f"np_{GAME}_seat_1").input("Bruno").run()
    assert "Réglage du compteur" in [c.value for c in at.caption]  # the game's setup_form
    at.button(key=f"np_{GAME}_start").click().run()
    code = at.query_params["code"]
    assert shared.store().load(code).setup == {"players": ["Alice", "Bruno"]}
    assert 'scores : {"Alice": 0, "Bruno": 0}' in texts(at)


def test_seats_come_in_table_order_even_when_a_phone_stacks_the_columns(
        page_module: None) -> None:
    """Columns stack on a phone: seats laid out two per row keep 1, 2, 3… from top to bottom
    (one pair of columns for all seats would stack as 1, 3, 5, 2, 4)."""
    at = page_app().run()
    at.segmented_control(key=f"np_{GAME}_count").set_value(5).run()
    seats = [t.label for t in at.text_input if t.label.startswith("Place")]
    assert seats == [f"Place {i}" for i in range(1, 6)]


def test_a_game_page_with_its_code_survives_a_new_session_and_a_restart(
        page_module: None) -> None:
    first = page_app().run()
    first.text_input(key=f"np_{GAME}_seat_0").input("Alice")
    first.text_input(key=f"np_{GAME}_seat_1").input("Bruno").run()
    first.button(key=f"np_{GAME}_start").click().run()
    code = first.query_params["code"]
    first.button(key="score").click().run()
    assert 'scores : {"Alice": 3, "Bruno": 0}' in texts(first)

    refreshed = page_app(code=code).run()  # a refresh / a sleeping tablet: a new session
    assert 'scores : {"Alice": 3, "Bruno": 0}' in texts(refreshed)
    perprocess.store_at.clear()  # an app restart: nothing kept survives, the file does
    second_device = page_app(code=code.lower()).run()
    assert 'scores : {"Alice": 3, "Bruno": 0}' in texts(second_device)


def test_the_code_comes_back_when_a_menu_link_drops_it(page_module: None) -> None:
    code = new_game(shared.store(), score("Alice", 1))
    at = page_app(code=code).run()
    at.query_params.clear()  # moving to another page of the game clears the query string
    at.run()
    assert at.query_params.get("code") == code
    assert 'scores : {"Alice": 1, "Bruno": 0}' in texts(at)


def test_an_unknown_code_in_the_url_shows_an_error_and_the_setup(page_module: None) -> None:
    at = page_app(code="ZZZZZZ").run()
    assert "Aucune partie" in errors(at)
    assert "Nouvelle partie" in [h.value for h in at.header]


def test_resume_and_import_on_the_game_page(page_module: None) -> None:
    store = shared.store()
    code = new_game(store, score("Alice", 5))
    at = remember(page_app(), **{code: host_token(code)}).run()
    at.button(key=f"rs_{GAME}_open").click().run()
    assert at.query_params["code"] == code
    fresh = page_app().run()
    fresh.file_uploader(key=f"rs_{GAME}_import").upload(
        "partie.json", store.export_json(code).encode(), "application/json").run()
    fresh.button(key=f"rs_{GAME}_import_go").click().run()
    assert not fresh.exception
    assert fresh.query_params["code"] != code
    assert 'scores : {"Alice": 5, "Bruno": 0}' in texts(fresh)


def test_a_corrupt_import_shows_an_error_and_writes_nothing(page_module: None) -> None:
    at = page_app().run()
    at.file_uploader(key=f"rs_{GAME}_import").upload("x.json", b"{ corrompu").run()
    at.button(key=f"rs_{GAME}_import_go").click().run()
    assert "Import refusé" in errors(at) and "JSON" in errors(at)
    assert shared.store().list_games() == []
    assert not at.exception


def test_text_from_a_file_is_shown_literally(page_module: None) -> None:
    log = {"format": "compagnon-log", "version": 1, "game": "[clic](http://x.invalid) $x$",
           "setup": {}, "events": []}
    at = page_app().run()
    at.file_uploader(key=f"rs_{GAME}_import").upload("x.json", json.dumps(log).encode()).run()
    at.button(key=f"rs_{GAME}_import_go").click().run()
    raw = at.error[0].value
    # no link (a word joiner breaks the bare URL, tableapp.look.usertext), no LaTeX
    assert "\\[clic\\]\\(http\u2060\\://x\\.invalid\\) \\$x\\$" in raw
    assert "jeu inconnu" in errors(at)


# --- writing: invalid and stale --------------------------------------------------------------


def test_an_invalid_event_shows_the_rule_and_writes_nothing(page_module: None) -> None:
    code = new_game(shared.store())
    at = page_app(code=code, host=host_token(code)).run()
    at.number_input(key="pts").set_value(9)
    at.button(key="score").click().run()
    assert "compteur › Points" in errors(at)
    assert shared.store().seq(code) == 0
    assert not at.exception


def test_a_stale_write_is_refused(page_module: None) -> None:
    code = new_game(shared.store())
    tablet = page_app(code=code, host=host_token(code)).run()
    phone = page_app(code=code, host=host_token(code, COHOST)).run()
    phone.button(key="score").click().run()  # Alice scores 3 on the phone
    tablet.button(key="score").click().run()  # the tablet still shows the empty game
    assert "a changé entre-temps" in errors(tablet)
    assert shared.store().load(code).events == [score("Alice", 3)]
    assert 'scores : {"Alice": 3, "Bruno": 0}' in texts(tablet)  # now shows the newer game
    tablet.button(key="score").click().run()  # acting on the fresh view works
    assert shared.store().load(code).state.summary()["scores"] == {"Alice": 3, "Bruno": 3}


# --- toolbar: undo, correct, retract, export, QR ----------------------------------------------


def history_row(at: AppTest, index: int) -> None:
    """Open the history panel and tap the row of the entry written at raw `index`."""
    at.segmented_control(key="tb_panel").set_value(HISTORY).run()
    at.button(key=f"tb_fix_{index}").click().run()


def test_undo_says_what_it_undoes_and_asks_first(page_module: None) -> None:
    store = shared.store()
    code = new_game(store, score("Alice", 1), score("Bruno", 2))
    at = page_app(code=code, host=host_token(code)).run()
    # « Annuler : n° 2 · … »: the entry it undoes, numbered from 1 as the history reads it
    assert "n° 2" in at.button(key="tb_undo").label and "score" in at.button(key="tb_undo").label
    at.button(key="tb_undo").click().run()
    assert store.seq(code) == 2  # nothing undone yet: the question first
    [question] = [w.value for w in at.warning]
    assert "n° 2" in question and "?" in question
    at.button(key="tb_undo_no").click().run()
    assert store.seq(code) == 2 and not at.warning
    at.button(key="tb_undo").click().run()
    at.button(key="tb_undo_yes").click().run()
    assert store.load(code).events == [score("Alice", 1)]
    assert at.button(key="tb_redo").label.startswith("Rétablir")  # « Rétablir : score »
    at.button(key="tb_redo").click().run()  # « Rétablir »: the same event again, a new line
    stored = store.load(code)
    assert stored.events == [score("Alice", 1), score("Bruno", 2)]
    assert [e.get("type") for e in stored.raw] == ["score", "score", "undo", "score"]
    assert any("Rétabli" in s.value for s in at.success)
    assert not at.get("button") or "tb_redo" not in {b.key for b in at.button}


def test_a_stale_confirmation_undoes_nothing(page_module: None) -> None:
    """The question was about the entry shown; if the log moved meanwhile, it is asked again."""
    store = shared.store()
    code = new_game(store, score("Alice", 1))
    at = page_app(code=code, host=host_token(code)).run()
    at.button(key="tb_undo").click().run()
    store.append(code, score("Bruno", 2), 1)  # written on another device meanwhile
    at.run()
    assert "tb_undo_yes" not in {b.key for b in at.button}
    assert store.seq(code) == 2


def test_the_history_is_tappable_rows_without_json(page_module: None) -> None:
    store = shared.store()
    code = new_game(store, score("Alice", 1), score("Bruno", 2), score("Alice", 3))
    at = page_app(code=code, host=host_token(code)).run()
    assert not at.get("text_area")
    at.segmented_control(key="tb_panel").set_value(HISTORY).run()
    rows = [b for b in at.button if b.key.startswith("tb_fix_")]
    assert [b.key for b in rows] == ["tb_fix_2", "tb_fix_1", "tb_fix_0"]  # most recent first
    assert not at.get("text_area") and not [b for b in rows if "{" in b.label]


def test_an_entry_without_a_form_can_only_be_withdrawn(page_module: None) -> None:
    """The counter page hands no form over: its rows open a withdraw-only correction, drawn by
    the toolbar; a withdrawal that would break the rest is refused and says why."""
    store = shared.store()
    code = new_game(store, score("Alice", 1), score("Bruno", 2), score("Alice", 3))
    at = page_app(code=code, host=host_token(code)).run()
    history_row(at, 0)
    assert "Correction du n° 1" in headings(at)  # numbered from 1 (issue 36)
    assert any("seulement être retiré" in i.value for i in at.info)
    at.button(key="tb_retract").click().run()  # Bruno's would then be out of turn
    assert "ne serait plus valide" in errors(at)
    assert store.seq(code) == 3
    assert "Correction du n° 1" in headings(at)  # still open
    at.button(key="tb_fix_cancel").click().run()
    assert "Correction du n° 1" not in headings(at)
    history_row(at, 2)
    at.button(key="tb_retract").click().run()
    assert store.load(code).events == [score("Alice", 1), score("Bruno", 2)]
    assert any("n° 3 retiré" in s.value for s in at.success)
    assert "Correction du n° 3" not in headings(at)


def test_share_shows_the_qr_code_and_the_public_url(page_module: None,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_PUBLIC_URL", "http://table.local:8502/")
    code = new_game(shared.store())
    at = page_app(code=code, host=host_token(code)).run()
    at.segmented_control(key="tb_panel").set_value(SHARE).run()
    # the QR code is an image with a text alternative that says what it opens (issue 25)
    qr = [e.proto.body for e in at.get("html") if "<img" in e.proto.body]
    assert len(qr) == 1
    assert 'src="data:image/png;base64,' in qr[0]
    assert f'alt="QR code : ouvre la vue publique de la partie {code}"' in qr[0]
    url = f"http://table.local:8502/{GAME}?code={code}&view=public"
    assert url in [c.value for c in at.code]
    assert at.get("download_button")


@pytest.mark.parametrize(("bound", "lan", "expected"), [
    # a phone cannot open « localhost »: the LAN address of a server on every interface
    ("0.0.0.0", "192.168.1.20", "http://192.168.1.20:8501"),
    (None, "192.168.1.20", "http://192.168.1.20:8501"),  # Streamlit's default: every one
    ("0.0.0.0", None, "http://localhost:8501"),  # no network: nothing better
    ("192.168.1.5", "192.168.1.20", "http://192.168.1.5:8501"),  # the one it listens on
    ("127.0.0.1", "192.168.1.20", "http://localhost:8501"),  # --local: this machine only
])
def test_the_qr_code_address_is_the_servers_whatever_the_request_says(
        bound: str | None, lan: str | None, expected: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Links carry host tokens, seat secrets and soirée keys: their address is the server's
    (registre TAB-10), not the `Host` or `X-Forwarded-*` a request brought."""
    from companion.hosting import network
    from tableapp.device.rights import host_url

    monkeypatch.delenv("COMPANION_PUBLIC_URL", raising=False)
    monkeypatch.setattr(network, "lan_address", lambda: lan)
    options = {"server.address": bound, "server.port": 8501}
    monkeypatch.setattr(session.st, "get_option", lambda name: options[name])
    forged = {"Host": "piege.example:8501", "X-Forwarded-Proto": "https",
              "X-Forwarded-Host": "piege.example"}
    monkeypatch.setattr(session.st, "context", types.SimpleNamespace(headers=forged))
    assert sharing.public_base_url() == expected
    assert host_url(GAME, "K7M3QP", "jeton") == f"{expected}/{GAME}?code=K7M3QP&host=jeton"


# --- public view ------------------------------------------------------------------------------


def test_the_public_view_is_read_only(page_module: None) -> None:
    code = new_game(shared.store(), score("Alice", 2))
    at = page_app(code=code, view="public").run()
    assert not at.exception
    assert 'scores : {"Alice": 2, "Bruno": 0}' in texts(at)
    keys = {b.key for b in at.button}
    assert not keys & {"tb_undo", "tb_retract", "tb_leave"}
    assert not at.get("download_button") and not at.get("file_uploader")
    at.button(key="score").click().run()  # even a page that offers a write cannot write
    assert "lecture seule" in errors(at)
    assert shared.store().seq(code) == 1


def test_the_public_view_without_a_code_offers_no_setup(page_module: None) -> None:
    at = page_app(view="public").run()
    assert "Nouvelle partie" not in [h.value for h in at.header]
    assert not at.text_input


def test_no_pages_folder_beside_the_entry_script() -> None:
    """A `pages/` folder next to streamlit_app.py (even empty) puts Streamlit in its old
    multipage mode for the first run of a fresh server: every deep link then opens under a
    « Page not found » dialog. The pages live in tableapp/pages instead."""
    assert not (ROOT / "pages").exists()


def test_no_page_object_lives_at_module_level() -> None:
    """A module-level st.Page is one object shared by every session: two devices opening it at
    once race (« This page cannot be called directly »). Pages come from pages() in each run."""
    import importlib

    from tableapp.look import navigation

    for name in navigation._modules():
        module = importlib.import_module(name)
        assert callable(module.pages), name
        for attr, value in vars(module).items():
            values = value if isinstance(value, list | tuple) else [value]
            assert not any(isinstance(v, st.Page) for v in values), f"{name}.{attr}"


def test_each_run_builds_its_own_pages() -> None:
    def script() -> None:
        import streamlit as st

        from tableapp.look.navigation import sections

        first, second = sections(), sections()
        same = [a is b for title in first for a, b in zip(first[title], second[title],
                                                          strict=True)]
        st.text(f"{sum(len(p) for p in first.values())} pages, {sum(same)} partagées")

    at = AppTest.from_function(script, default_timeout=30).run()
    assert not at.exception
    count, shared = re.match(r"(\d+) pages, (\d+) partagées", at.text[0].value).groups()
    assert int(count) >= 8 and shared == "0"
