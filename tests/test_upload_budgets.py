"""Uploads only where the page asked, within budgets, freed with their session (issue 38, item
2; registre TAB-11): the ledger (tableapp/serving/uploads.py) on Streamlit's real upload
manager. Through the whole server, with a stranger's script: tests/test_hostile_server.py."""

from __future__ import annotations

from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
from streamlit.runtime.uploaded_file_manager import UploadedFileRec

from tableapp.serving import uploads


def _file(file_id: str, size: int) -> UploadedFileRec:
    return UploadedFileRec(file_id=file_id, name="partie.json", type="application/json",
                           data=b"x" * size)


def test_ids_go_only_to_a_session_whose_page_asked_one_per_request() -> None:
    ledger = uploads.Ledger()
    manager = MemoryUploadedFileManager("/_stcore/upload_file")
    assert uploads.bind(manager, ledger)
    assert manager.get_upload_urls("curieux", ["a.json"] * 50) == []
    ledger.ask("joueur", 1000)
    [given] = manager.get_upload_urls("joueur", ["a.json"] * 50)
    assert ledger.admit("joueur", "inventé", "192.0.2.7", 10) == (403, uploads.NOT_ASKED)
    assert ledger.admit("curieux", given.file_id, "192.0.2.7", 10) == (403, uploads.NOT_ASKED)
    assert ledger.admit("joueur", given.file_id, "192.0.2.7", 10) is None
    ledger.done("joueur", given.file_id)
    assert ledger.admit("joueur", given.file_id, "192.0.2.7", 10) == (403, uploads.NOT_ASKED)
    given_ids = [manager.get_upload_urls("joueur", ["a.json"])[0].file_id
                 for _ in range(uploads.TICKETS + 3)]  # the ids waiting: the last few given
    assert [ledger.admit("joueur", file_id, "192.0.2.7", 10) for file_id in given_ids] == \
        [(403, uploads.NOT_ASKED)] * 3 + [None] * uploads.TICKETS


def test_an_upload_is_refused_past_the_picker_the_session_the_address_the_process() -> None:
    ledger = uploads.Ledger(address_bytes=600_000, total_bytes=800_000)
    manager = MemoryUploadedFileManager("/_stcore/upload_file")
    uploads.bind(manager, ledger)

    def send(session: str, key: str, size: int | None) -> int | None:
        ledger.ask(session, 200_000)
        [given] = manager.get_upload_urls(session, ["f"])
        refusal = ledger.admit(session, given.file_id, key, size)
        if refusal is None and size is not None:
            manager.add_file(session, _file(given.file_id, size))
            ledger.done(session, given.file_id)
        return None if refusal is None else refusal[0]

    assert send("a", "192.0.2.7", None) == 411
    assert send("a", "192.0.2.7", 200_000 + uploads.MULTIPART + 1) == 413  # the picker's
    assert send("a", "192.0.2.7", 200_000) is None and send("a", "192.0.2.7", 200_000) is None
    assert send("a", "192.0.2.7", 100_000) == 429  # the session's: twice the picker's
    assert send("b", "192.0.2.7", 150_000) is None
    assert send("b", "192.0.2.7", 100_000) == 429  # the address's: 600,000
    assert send("c", "198.51.100.1", 150_000) is None
    assert send("d", "198.51.100.2", 150_000) == 429  # the process's: 800,000
    assert ledger.held(key="192.0.2.7") == 550_000 and ledger.held() == 700_000


def test_bytes_are_freed_with_the_file_and_with_the_session() -> None:
    ledger = uploads.Ledger()
    manager = MemoryUploadedFileManager("/_stcore/upload_file")
    uploads.bind(manager, ledger)
    ledger.ask("s", 4000)
    ids = []
    for _ in range(2):
        [given] = manager.get_upload_urls("s", ["f"])
        assert ledger.admit("s", given.file_id, "192.0.2.7", 3000) is None
        manager.add_file("s", _file(given.file_id, 3000))
        ledger.done("s", given.file_id)
        ids.append(given.file_id)
    assert ledger.held(session_id="s") == ledger.held(key="192.0.2.7") == 6000
    manager.remove_file("s", ids[0])  # the browser removed it
    assert ledger.held(key="192.0.2.7") == 3000
    manager.remove_session_files("s")  # Streamlit ends the session
    assert ledger.held() == 0 and manager.get_files("s", ids) == []
    assert ledger.asked("s") == 0 and manager.get_upload_urls("s", ["f"]) == []


def test_the_files_of_a_session_gone_are_freed_after_its_grace() -> None:
    """Streamlit forgets a session whose browser left 30 s ago without shutting it down: its
    files would stay in memory; the sweeper frees them (not before: it may come back)."""
    ledger = uploads.Ledger()
    manager = MemoryUploadedFileManager("/_stcore/upload_file")
    uploads.bind(manager, ledger)
    connected = {"parti": True, "revenu": True, "resté": True}
    now = [0.0]
    sweeper = uploads.Sweeper(manager, ledger, lambda s: connected[s], 30, lambda: now[0])
    for session in connected:
        ledger.ask(session, 4000)
        [given] = manager.get_upload_urls(session, ["f"])
        assert ledger.admit(session, given.file_id, "192.0.2.7", 3000) is None
        manager.add_file(session, _file(given.file_id, 3000))
        ledger.done(session, given.file_id)
    connected["parti"] = connected["revenu"] = False
    assert sweeper.sweep() == []
    now[0] = 20.0
    connected["revenu"] = True  # back within the grace: it keeps its file
    assert sweeper.sweep() == []
    now[0] = 31.0
    assert sweeper.sweep() == ["parti"]
    assert ledger.held(session_id="parti") == 0 and manager.file_storage.get("parti") is None
    assert ledger.held() == 6000 and sweeper.sweep() == []


def test_the_announced_length_is_one_number_or_none() -> None:
    def length(*values: bytes) -> int | None:
        return uploads._length({"headers": [(b"content-length", v) for v in values]})

    assert length(b"1024") == 1024
    assert length() is None and length(b"12", b"12") is None and length(b"-1") is None
    assert length(b"1e3") is None
