"""Rights by capability (companion/hosting/access.py, registre TAB-1), without Streamlit: a token
issued
for one game grants that game only, is stored hashed, can be revoked, and a game is deleted
whole; what a device remembers survives any cookie text."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from backends import driver_errors, raw_execute
from hypothesis import given
from hypothesis import strategies as st

from companion.events.store import EventStore, UnknownGame
from companion.hosting.access import (
    COHOST,
    HOST,
    TOKEN_BYTES,
    Access,
    DeviceMemory,
    NotAllowed,
)


@pytest.fixture
def store(db_location: str | Path) -> EventStore:
    return EventStore()  # COMPANION_DB: db_location, on each backend


@pytest.fixture
def access(store: EventStore) -> Access:
    return Access(store.path)


def noe(store: EventStore) -> str:
    return store.create("noe", {"players": ["Alice", "Bruno"]})


def test_a_host_token_is_unguessable_and_only_its_hash_is_stored(store: EventStore,
                                                                  access: Access) -> None:
    code = noe(store)
    token, grant = access.issue(code)
    assert len(token) == 32 and TOKEN_BYTES * 8 >= 128
    assert grant.role == HOST
    assert access.verify(code, token) == grant
    if isinstance(store.path, str):  # PostgreSQL: every text of every row of the grants
        raw = repr(raw_execute(store.path, "SELECT * FROM grants")).encode()
    else:
        wal = store.path.with_name(store.path.name + "-wal")
        raw = store.path.read_bytes() + (wal.read_bytes() if wal.exists() else b"")
    assert token.encode() not in raw  # the database never holds the secret itself
    second, _ = access.issue(code)
    assert second != token


def test_the_code_or_a_wrong_token_grants_nothing(store: EventStore, access: Access) -> None:
    code, other = noe(store), noe(store)
    token, _ = access.issue(code)
    guesses = [None, "", code, token[:-1], token + "x", token[:-1] + ("A" if token[-1] != "A"
                                                                       else "B"),
               "A" * 32, "<script>" * 4]
    for guess in guesses:
        assert access.verify(code, guess) is None, guess
    assert access.verify(other, token) is None  # one game's token opens no other game
    assert access.verify(code.lower(), token) is not None  # the code as typed still works


def test_hand_over_then_revoke_the_old_link(store: EventStore, access: Access) -> None:
    code = noe(store)
    old, old_grant = access.issue(code, label="cet appareil")
    new, new_grant = access.issue(code, HOST, label="transmis")
    cohost, cohost_grant = access.issue(code, COHOST)
    assert [g.id for g in access.grants(code)] == [old_grant.id, new_grant.id, cohost_grant.id]
    with pytest.raises(NotAllowed):
        access.revoke(code, old_grant.id, by=cohost_grant)  # a co-host manages no rights
    access.revoke(code, old_grant.id, by=new_grant)
    assert access.verify(code, old) is None
    assert access.verify(code, new) == new_grant
    with pytest.raises(NotAllowed, match="plus hôte"):
        access.revoke(code, cohost_grant.id, by=old_grant)  # a revoked host has no rights left
    with pytest.raises(NotAllowed, match="dernier lien"):
        access.revoke(code, new_grant.id, by=new_grant)
    access.revoke(code, cohost_grant.id, by=new_grant)
    access.revoke(code, cohost_grant.id, by=new_grant)  # a double tap changes nothing
    assert access.verify(code, cohost) is None


def test_only_a_live_host_deletes_a_game_and_everything_goes(store: EventStore,
                                                             access: Access) -> None:
    code, kept = noe(store), noe(store)
    for game in (code, kept):
        store.append(game, {"type": "announcement", "manche": 1, "player": "Alice",
                            "announcement": "complot"}, 0)
    token, host = access.issue(code)
    _, cohost = access.issue(code, COHOST)
    with pytest.raises(NotAllowed):
        access.delete_game(code, cohost)
    with pytest.raises(NotAllowed):
        access.delete_game(kept, host)  # a grant on one game deletes no other
    access.delete_game(code, host)
    with pytest.raises(UnknownGame):
        EventStore(store.path).load(code)
    assert access.verify(code, token) is None
    assert [g.code for g in store.list_games()] == [kept]
    with pytest.raises(driver_errors(), match="append-only"):  # for everyone else
        raw_execute(store.path, "DELETE FROM events")


def test_no_token_for_an_unknown_game(access: Access) -> None:
    with pytest.raises(Exception, match="aucune partie"):
        access.issue("ZZZZZZ")


def test_device_memory_round_trips_and_keeps_the_most_recent() -> None:
    memory = DeviceMemory()
    memory.host("ABCDEF", "t" * 32)
    memory.join("GHJKMN")
    memory.join("ABCDEF")  # opening a hosted game again keeps its token
    assert DeviceMemory.parse(memory.dump()) == memory
    assert memory.codes() == ["ABCDEF", "GHJKMN"]
    assert memory.token("ABCDEF") == "t" * 32 and memory.token("GHJKMN") is None
    memory.drop_token("ABCDEF")
    assert "h." not in memory.dump()
    for i in range(60):
        memory.join(f"AAA{i:03d}"[:6].replace("0", "2"))
    assert len(DeviceMemory.parse(memory.dump()).games) <= 40


@given(st.text(alphabet=string.printable + "|.éà", max_size=300))
def test_any_cookie_text_parses_to_a_valid_memory(text: str) -> None:
    memory = DeviceMemory.parse(text)
    assert DeviceMemory.parse(memory.dump()) == memory
    assert all(c in "|.-_" or c.isalnum() for c in memory.dump())


def test_who_wrote_each_line_is_kept_beside_the_event(store: EventStore) -> None:
    code = noe(store)
    event = {"type": "announcement", "manche": 1, "player": "Alice", "announcement": "complot"}
    store.append(code, event, 0, author=HOST)
    store.undo(code, 1, author=COHOST)
    store.append(code, event, 2)  # the CLI: nobody's seat
    assert store.authors(code) == [HOST, COHOST, ""]
    assert store.authors(code, since=1) == [COHOST, ""]
    assert store.export(code)["events"] == [event, {"type": "undo"}, event]  # not in the JSON


def test_the_cli_gives_the_machine_s_owner_a_host_link(store: EventStore, access: Access,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from urllib.parse import parse_qs, urlparse

    from tableapp.console import main

    code = noe(store)  # created outside the app: nobody hosts it yet
    assert main(["host", code.lower(), "--url", "http://192.168.1.5:8501/"]) == 0
    link = urlparse(capsys.readouterr().out.strip())
    assert (link.netloc, link.path) == ("192.168.1.5:8501", "/noe")
    query = parse_qs(link.query)
    assert query["code"] == [code] and access.verify(code, query["host"][0]).role == HOST
    assert main(["host", code, "--co-host"]) == 0
    assert access.grants(code)[-1].role == COHOST
    assert main(["host", "ZZZZZZ"]) == 2
    assert "aucune partie" in capsys.readouterr().err
