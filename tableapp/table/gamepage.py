"""The shared contract of every game page (see docs/architecture.md and docs/log-format.md).

    stored = current_game("noe", setup_form)   # the game in ?code=, or setup/resume then stop
    if submit(stored, {"type": "...", ...}):   # validated, stale-checked, written, rerun
        ...
    toolbar(stored, describe)                  # history, undo/redo, export/import, QR
    if is_public_view(): ...                   # not the host: read-only, public facts only
    if not is_public_view() and not correction(stored, describe, FORMS):
        ...the new-entry form (the same EntryForm functions, prefill=None)

The seams: tableapp/table/opening.py (a new game, resuming or importing one, going to a game's
page by its code), tableapp/device/writing.py (rights and writes), tableapp/table/history.py (the
history as tappable rows, corrections by the entry forms, undo and « Rétablir »).

All state is on the server (companion.events.store); the URL carries the game code and, on the
host's
devices only, the host token (`&host=`, companion/hosting/access.py). `is_public_view()` is True for
every device that does not hold a live host or co-host token for the game (asked of the server
once per script run): the game code alone never grants writing, undoing, secrets or a full
export, and every write checks the token again at the moment of writing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import streamlit as st

from companion.core.errors import CompanionError
from companion.core.registry import game_info
from companion.core.text import counted
from companion.events.publiclog import players_export
from companion.events.store import (
    EventStore,
    NoLongerReplays,
    StoredGame,
    UnknownGame,
    is_valid_code,
)
from tableapp.device import rights, session
from tableapp.device.writing import (
    IN_VIEW_RERUN,
    READ_ONLY,
    correct,
    host_grant,
    in_fragment_rerun,
    is_host,
    is_public_view,
    redo,
    refuse_at_tap,
    retract,
    show_rule_error,
    show_tap_error,
    submit,
    undo,
    write_at_tap,
)
from tableapp.live import live, livepoll, tableclock
from tableapp.live.livepoll import HOST_REFRESH, PUBLIC_REFRESH  # noqa: F401  (the pages' API)
from tableapp.look import a11y
from tableapp.look.usertext import plain
from tableapp.process import shared
from tableapp.table import notices, sharing
from tableapp.table.history import (
    Describe,
    EntryForm,
    Ink,
    as_is,
    correction,
    correction_fallback,
    history_rows,
    undo_controls,
)
from tableapp.table.opening import SetupForm, import_form, new_game, open_game, resume

__all__ = ["StoredGame", "current_game", "submit", "undo", "redo", "correct", "retract",
           "toolbar", "is_public_view", "is_host", "host_grant", "correction",
           "EntryForm", "Describe", "READ_ONLY", "show_rule_error", "live_view", "write_at_tap",
           "refuse_at_tap", "show_tap_error"]

HISTORY = "Historique et corrections"
SHARE = "Partager, exporter, importer"
RIGHTS = "Appareils et droits"
_NOTICE_KEY = "_compagnon_notice"  # (code, seq): lines from seq on came from another device
# The host's quick bar (undo, « Rétablir », the last entries) at the top of the game's view:
# drawn there by `toolbar`, which each page calls last, two screens down (issue 36).
QUICK_SLOT: ContextVar[Any] = ContextVar("compagnon_quick_slot", default=None)


# --- opening a game ---------------------------------------------------------------------------


def current_game(game: str, setup_form: SetupForm | None = None) -> StoredGame:
    """The game whose code is in the URL; otherwise "Nouvelle partie" and "Reprendre une
    partie" are rendered and the page stops (st.stop)."""
    code = session.code_param()
    if code is None and not session.is_public_view():
        code = session.remembered_code(game)
        if code is not None:
            session.set_code(game, code)
    if code is not None:
        stored = _load(game, code)
        if stored is not None:
            return stored
    if session.is_public_view():
        st.info("Vue publique : ouvrez-la depuis le QR code ou le lien d'une partie en cours.")
        st.stop()
    new_game(game, setup_form)
    resume(game)
    st.stop()
    raise AssertionError("unreachable")  # st.stop() raises


def live_view(stored: StoredGame, draw: Callable[[StoredGame], None]) -> None:
    """Draw the game (`draw(stored)`: status, entry, scoreboard, toolbar) as one fragment: a
    tap inside it reruns the game view only, not the app around it (navigation, menu, style),
    and a write then redraws it alone (writing.rerun_view). When it reruns alone it reads the
    game again (the stored game passed in is the one of the last full run). The screen's own
    poll of the log (a safety net where writes wake it, tableapp/live/live.py) sits beside the
    view, not in it: a woken view does not register a fragment again at every write. A public
    view's seat picker is drawn above the fragment, not in it (tableclock.PICKER_WANTED): what a
    write wakes on every phone of the game is only what the write changed."""
    # every device without the host's rights, however it came (the QR link's `view=public`
    # or a code typed, whose URL has no `view`): its picker in the view would vanish at its
    # first tap, which reruns the view alone (issue 36)
    public = is_public_view()
    slot = st.container() if public else None
    token = tableclock.PICKER_WANTED.set([] if public else None)
    try:
        _view(stored.game, stored.code, stored, draw)
        wanted = tableclock.PICKER_WANTED.get()
    finally:
        tableclock.PICKER_WANTED.reset(token)
    if slot is not None and wanted:
        with slot:
            tableclock.seat_picker(*wanted[-1])
    livepoll.poll(stored.code, host=host_grant() is not None)


@st.fragment
def _view(game: str, code: str, stored: StoredGame,
          draw: Callable[[StoredGame], None]) -> None:
    show_tap_error()
    store = shared.store()  # once: a woken view is what every phone of the game runs
    if not in_fragment_rerun():
        _draw_followed(store, stored, draw)
        return
    # a tap in the view, or woken by a write (tableapp/live/live.py): then at the seq it was woken
    # for, from the snapshot the first woken screen of the game read
    fresh = _load(game, code, live.woken_seq(store), store)
    if fresh is None:  # deleted or moved meanwhile: the page says so on a full run
        st.rerun()
    token = IN_VIEW_RERUN.set(True)
    try:
        _draw_followed(store, fresh, draw)  # type: ignore[arg-type]
    finally:
        IN_VIEW_RERUN.reset(token)


def _draw_followed(store: EventStore, stored: StoredGame,
                   draw: Callable[[StoredGame], None]) -> None:
    """Draw the view, this session registered first as showing the game at this seq: a
    write anywhere reruns this fragment alone (tableapp/live/live.py)."""
    live.follow(store, stored.code, stored.seq)
    # the quick bar's place, first in the view (below the page's title): only the host's
    # devices write to it, so a public view gets no empty element
    slot = st.container(key="tb_quick_slot") \
        if not stored.read_only and host_grant() is not None else None
    token = QUICK_SLOT.set(slot)
    try:
        draw(stored)
    finally:
        QUICK_SLOT.reset(token)
        live.drawn(store)


def _load(game: str, code: str, lines: int | None = None,
          store: EventStore | None = None) -> StoredGame | None:
    try:
        store = shared.store() if store is None else store
        stored = (lines is not None and store.cached(code, game, lines)) or store.load(code)
    except UnknownGame:
        st.error(f"Aucune partie avec le code « {code} »." if is_valid_code(code)
                 else "Ce lien ne contient pas un code de partie valide.")
        session.forget_code(game)
        return None
    except NoLongerReplays as exc:  # a rules change: the log is intact, the host may save it
        st.error(plain(f"Impossible d'ouvrir la partie {code} : {exc}"))
        if is_host():
            st.download_button("Exporter la partie (JSON)", shared.store().export_json(code),
                               f"partie-{code}.json", mime="application/json",
                               key="broken_export")
        st.stop()
    except CompanionError as exc:
        st.error(plain(f"Impossible d'ouvrir la partie {code} : {exc}"))
        st.stop()
    if stored.game != game:
        open_game(code)  # the code of another game: go to that game's page
        st.error(f"La partie {code} est une partie de {game_info(stored.game).title}.")
        session.forget_code(game)
        return None
    if not session.is_public_view():
        session.set_code(game, code)
    stored.seen_seq = session.seen_seq(code, stored.seq)
    if stored.seen_seq < stored.seq:  # written by another device since this screen showed it
        st.session_state[_NOTICE_KEY] = (code, stored.seen_seq)
    return stored


# --- toolbar ----------------------------------------------------------------------------------


def _default_describe(event: dict[str, Any]) -> str:
    return str(event.get("type", "événement"))


def toolbar(stored: StoredGame, describe: Describe | None = None, ink: Ink | None = None) -> None:
    """History with undo/correct, export/import, QR code and short code for a public view, and
    the host's devices and rights; a device without the host's token gets a caption only.
    `ink`: what the page adds to a described line once escaped (history.Ink)."""
    describe, ink = describe or _default_describe, ink or as_is
    grant = host_grant()
    _notice(stored, describe, public=grant is None)
    if grant is None:
        st.caption(f"Partie {stored.code} · vue publique, lecture seule · "
                   f"{counted(len(stored.entries), 'événement')} · mise à jour automatique")
        return
    if not stored.read_only:
        correction_fallback(stored, describe, ink)
    slot = QUICK_SLOT.get()
    if slot is not None and not stored.read_only:
        with slot:  # at the top of the view: undo and the last entries in the first screen
            undo_controls(stored, describe, ink)
    a11y.heading(f"Partie {stored.code}")
    left, right = st.columns(2)
    with left:
        if stored.read_only:  # older rules: it is read and exported, never continued
            st.caption("Partie jouée avec les règles d'avant : elle se consulte et "
                       "s'exporte, sans annulation ni correction.")
        elif slot is None:  # a page drawn outside live_view: the bar stays here
            undo_controls(stored, describe, ink)
    if right.button("Changer de partie", key="tb_leave", width="stretch",
                    icon=":material/logout:"):
        session.forget_code(stored.game)
        st.rerun()
    # Panels render only when open: a long history costs nothing on every other rerun.
    panel = st.segmented_control("Outils", [HISTORY, SHARE, RIGHTS], key="tb_panel",
                                 label_visibility="collapsed")
    if panel == HISTORY:
        history_rows(stored, describe, tappable=not stored.read_only, ink=ink)
    elif panel == SHARE:
        _share(stored)
    elif panel == RIGHTS:
        rights.panel(stored, grant)


def _share(stored: StoredGame) -> None:
    url = sharing.public_url(stored.game, stored.code)
    qr, text = st.columns([1, 2])
    a11y.picture(sharing.qr_png(url), f"QR code : ouvre la vue publique de la partie {stored.code}",
                 caption="Vue publique (lecture seule)", where=qr)
    text.markdown(f"Code de la partie : **{stored.code}**")
    # wrapped: an address wider than the panel scrolled inside a block no keyboard could
    # reach (axe: scrollable-region-focusable)
    text.code(url, language=None, wrap_lines=True)
    text.download_button("Exporter la partie (JSON)",
                         lambda: json.dumps(stored.as_log(), ensure_ascii=False, indent=2),
                         file_name=f"{stored.game}-{stored.code}.json",
                         mime="application/json", key="tb_export", width="stretch",
                         on_click="ignore")
    text.download_button("Exporter pour les joueurs (sans les secrets)",
                         lambda: json.dumps(players_export(
                             stored.game, stored.setup, stored.raw, stored.title,
                             stored.created), ensure_ascii=False, indent=2),
                         file_name=f"{stored.game}-{stored.code}-joueurs.json",
                         mime="application/json", key="tb_export_players", width="stretch",
                         on_click="ignore")
    import_form(stored.game, key="tb_import")


_AUTHORS: dict[tuple[str, str, int, int], list[str]] = {}  # lines written never change


def _authors(code: str, since: int, upto: int) -> list[str]:
    """Who wrote lines since..upto of a game: read once per process, however many screens
    a write wakes (they all ask the same)."""
    store = shared.store()
    key = (str(store.path), code, since, upto)
    found = _AUTHORS.get(key)
    if found is None:
        found = store.authors(code, since)[:upto - since]
        if len(_AUTHORS) > 1000:
            _AUTHORS.clear()
        _AUTHORS[key] = found
    return found


def _notice(stored: StoredGame, describe: Describe, public: bool) -> None:
    """Say in one line what another device changed since this screen last showed the game."""
    notice = st.session_state.pop(_NOTICE_KEY, None)
    if not notice or notice[0] != stored.code:
        return
    since = notice[1]
    line = notices.change_line(stored, since, _authors(stored.code, since, stored.seq),
                               describe, public)
    if line:
        st.toast(plain(line), icon=":material/notifications:", duration="long")
