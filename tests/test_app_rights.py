"""Rights at the table, headless (AppTest): the game code alone never writes, whatever the URL
says; the host's token does until it is revoked; the host hands over, adds a co-host, deletes.
The counter page of tests/test_app_shell.py plays the game."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from hosting import host_token
from streamlit.testing.v1 import AppTest
from test_app_shell import (  # noqa: F401  (fake_page, page_module: fixtures)
    APP,
    GAME,
    errors,
    fake_page,
    new_game,
    page_app,
    page_module,
    texts,
)
from test_store_counter import score

from companion.hosting.access import COHOST, HOST, DeviceMemory
from tableapp.device.session import _DEVICE_KEY
from tableapp.process import shared
from tableapp.table.gamepage import READ_ONLY, RIGHTS, SHARE

HOST_ONLY = {"tb_undo", "tb_undo_yes", "tb_redo", "tb_retract", "tb_leave", "tb_delete",
             "tb_invite_host", "tb_invite_cohost"}


def buttons(at: AppTest) -> set[str]:
    return {b.key for b in at.button}


def assert_read_only(at: AppTest, code: str) -> None:
    seq = shared.store().seq(code)
    assert not at.exception
    assert not buttons(at) & HOST_ONLY
    assert not at.get("download_button") and not at.get("segmented_control")
    at.button(key="score").click().run()  # even a page that offers a write cannot write
    assert READ_ONLY in errors(at)
    assert shared.store().seq(code) == seq


def wrong_tokens(code: str) -> list[str]:
    other = new_game(shared.store())
    real = host_token(code)
    shared.access().revoke(code, shared.access().verify(code, real).id,
                            by=shared.access().verify(code, host_token(code)))
    return ["A" * 32, "x" * 31, real,  # a guess of the right length, a short one, a revoked one
            host_token(other)]  # another game's live token


@pytest.mark.usefixtures("page_module")
def test_the_code_alone_never_writes_whatever_the_url_says() -> None:
    code = new_game(shared.store(), score("Alice", 2))
    queries = [{}, {"view": "host"}, {"view": ""}, {"view": "public"},
               {"admin": "1", "role": "host", "host": ""}]
    queries += [{"host": token} for token in wrong_tokens(code)]
    for query in queries:
        at = page_app(code=code, **query).run()
        assert 'scores : {"Alice": 2, "Bruno": 0}' in texts(at), query
        assert_read_only(at, code)


@pytest.mark.usefixtures("page_module")
def test_a_host_link_keeps_the_view_public_when_asked() -> None:
    """The host's tablet can show the public screen too: `view=public` wins over the token."""
    code = new_game(shared.store())
    at = page_app(code=code, host=host_token(code), view="public").run()
    assert_read_only(at, code)


@pytest.mark.usefixtures("page_module")
def test_the_device_that_creates_a_game_hosts_it() -> None:
    at = page_app().run()
    at.text_input(key=f"np_{GAME}_seat_0").input("Alice")
    at.text_input(key=f"np_{GAME}_seat_1").input("Bruno").run()
    at.button(key=f"np_{GAME}_start").click().run()
    code, token = at.query_params["code"], at.query_params["host"]
    assert len(token) == 32 and shared.access().verify(code, token) is not None
    assert at.session_state[_DEVICE_KEY].token(code) == token
    at.segmented_control(key="tb_panel").set_value(SHARE).run()
    shown = " ".join(c.value for c in at.code)
    assert f"code={code}" in shown and token not in shown  # the public link holds no token
    at.button(key="score").click().run()
    assert shared.store().seq(code) == 1


@pytest.mark.usefixtures("page_module")
def test_a_revoked_link_loses_its_rights_at_the_next_tap() -> None:
    code = new_game(shared.store())
    old = host_token(code)
    tablet = page_app(code=code, host=old).run()
    assert "tb_undo" in buttons(tablet)
    access = shared.access()
    access.revoke(code, access.verify(code, old).id, by=access.verify(code, host_token(code)))
    tablet.button(key="score").click().run()  # the page was drawn with rights; the tap is not
    assert READ_ONLY in errors(tablet)
    assert shared.store().seq(code) == 0
    assert not buttons(tablet) & HOST_ONLY


def _panel(at: AppTest) -> AppTest:
    return at.segmented_control(key="tb_panel").set_value(RIGHTS).run()


@pytest.mark.usefixtures("page_module")
def test_hand_over_then_revoke_the_old_device() -> None:
    code = new_game(shared.store())
    old = _panel(page_app(code=code, host=host_token(code)).run())
    old.button(key="tb_invite_host").click().run()
    [link] = [c.value for c in old.code if "host=" in c.value]
    # the QR code, shown on demand on the host's screen only, says what it does (issue 25)
    qr = [e.proto.body for e in old.get("html") if "<img" in e.proto.body]
    assert len(qr) == 1 and "alt=\"QR code : fait de l&#x27;appareil qui le scanne" in qr[0]
    query = {k: v[0] for k, v in parse_qs(urlparse(link).query).items()}
    assert query["code"] == code and len(query["host"]) == 32
    new = _panel(page_app(**query).run())  # the other device scans it: it is a host now
    new.button(key="score").click().run()
    assert shared.store().seq(code) == 1
    first = shared.access().grants(code)[0]
    new = _panel(new)
    new.button(key=f"tb_revoke_{first.id}").click().run()
    old.button(key="score").click().run()
    assert READ_ONLY in errors(old)
    assert shared.store().seq(code) == 1


@pytest.mark.usefixtures("page_module")
def test_the_last_host_link_cannot_be_revoked() -> None:
    code = new_game(shared.store())
    at = _panel(page_app(code=code, host=host_token(code)).run())
    [grant] = shared.access().grants(code)
    at.button(key=f"tb_revoke_{grant.id}").click().run()
    assert "dernier lien" in errors(at)
    assert shared.access().grants(code) == [grant]


@pytest.mark.usefixtures("page_module")
def test_a_co_host_writes_but_manages_no_rights() -> None:
    code = new_game(shared.store())
    at = page_app(code=code, host=host_token(code, COHOST)).run()
    at.button(key="score").click().run()
    assert shared.store().seq(code) == 1
    at = _panel(at)
    assert not buttons(at) & {"tb_invite_host", "tb_invite_cohost", "tb_delete"}
    assert not [b for b in buttons(at) if b and b.startswith("tb_revoke_")]


@pytest.mark.usefixtures("page_module")
def test_deleting_a_game_takes_the_host_and_a_confirmation() -> None:
    code = new_game(shared.store(), score("Alice", 1))
    at = _panel(page_app(code=code, host=host_token(code)).run())
    assert at.button(key="tb_delete").disabled
    at.checkbox(key="tb_delete_sure").check().run()
    at.button(key="tb_delete").click().run()
    assert not at.exception
    assert shared.store().game_of(code) is None
    assert "code" not in at.query_params and "host" not in at.query_params
    assert "Nouvelle partie" in [h.value for h in at.header]


@pytest.mark.usefixtures("fake_page")
def test_joining_by_code_on_the_home_page_gives_the_public_view() -> None:
    code = new_game(shared.store(), score("Alice", 1))
    at = AppTest.from_file(APP, default_timeout=30).run()
    at.text_input(key="home_code").input(code)
    at.button(key="home_open").click().run()
    assert "host" not in at.query_params
    assert not buttons(at) & HOST_ONLY
    assert at.session_state[_DEVICE_KEY].codes() == [code]  # now listed on this device


@pytest.mark.usefixtures("fake_page")
def test_a_hosted_game_resumed_from_home_comes_back_with_its_rights() -> None:
    code = new_game(shared.store())
    token = host_token(code)
    at = AppTest.from_file(APP, default_timeout=30)
    at.session_state[_DEVICE_KEY] = DeviceMemory({code: token})  # what its cookie says
    at.run()
    at.button(key="home_resume").click().run()
    assert at.query_params["host"] == token
    assert "tb_undo" in buttons(at)


@pytest.mark.usefixtures("page_module")
def test_the_device_cookie_is_written_until_the_browser_sends_it_back() -> None:
    code = new_game(shared.store())
    token = host_token(code)

    def script() -> None:
        import streamlit as st

        from tableapp.device import session

        st.text(repr(session.device_cookie_html()))
        session.device().host(st.query_params["code"], st.query_params["host"])
        st.text(repr(session.device_cookie_html()))
        st.text(repr(session.device_cookie_html()))

    at = AppTest.from_function(script)
    at.query_params.update(code=code, host=token)
    at.run()
    first, second, third = (t.value for t in at.text)
    assert first == "None" and third == second  # AppTest's browser never sends it back
    assert re.search(rf"compagnon_appareil=h\.{code}\.{re.escape(token)};", second)
    assert "SameSite=Strict" in second


@pytest.mark.usefixtures("page_module")
def test_a_write_from_another_device_is_announced_with_its_seat() -> None:
    code = new_game(shared.store())
    tablet = page_app(code=code, host=host_token(code)).run()
    screen = page_app(code=code, view="public").run()
    phone = page_app(code=code, host=host_token(code, COHOST)).run()
    phone.button(key="score").click().run()  # the co-host's phone scores for Alice
    assert not [t.value for t in phone.toast]  # its own write: nothing to announce
    assert shared.store().authors(code) == [COHOST]
    for screen_or_tablet in (tablet.run(), screen.run()):
        [toast] = [t.value for t in screen_or_tablet.toast]
        assert toast.startswith("Modifié par un co\\-hôte"), toast
    tablet.button(key="tb_undo").click().run()  # the host undoes it
    tablet.button(key="tb_undo_yes").click().run()
    [toast] = [t.value for t in screen.run().toast]
    assert "l'hôte" in toast and "annulation" in toast
    assert shared.store().authors(code) == [COHOST, HOST]


@pytest.mark.usefixtures("page_module")
def test_the_players_export_is_offered_beside_the_full_one() -> None:
    code = new_game(shared.store(), score("Alice", 1))
    at = page_app(code=code, host=host_token(code)).run()
    at.segmented_control(key="tb_panel").set_value(SHARE).run()
    keys = {b.key for b in at.get("download_button")}
    assert {"tb_export", "tb_export_players"} <= keys


def test_deleting_a_labystere_game_takes_the_players_sheets_along() -> None:
    from companion.games.labystere.sheets import new_token
    from tableapp.pages.labystere import sheet_store

    store = shared.store()
    code = store.create("labystere", {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"],
                                      "seed": 7})
    kept = store.create("labystere", {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"],
                                      "seed": 8})
    token = new_token()
    for game in (code, kept):
        sheet_store().set_crossed(game, token, "suspect-ours", True)

    def script() -> None:
        from tableapp.pages.labystere import play

        play()

    at = AppTest.from_function(script, default_timeout=30)
    at.query_params.update(code=code, host=host_token(code))
    at = _panel(at.run())
    at.checkbox(key="tb_delete_sure").check().run()
    at.button(key="tb_delete").click().run()
    assert not at.exception
    assert shared.store().game_of(code) is None
    assert not sheet_store().load(code, token).crossed
    assert sheet_store().load(kept, token).crossed == {"suspect-ours"}
