"""Rights and writes of a game page (the seam of tableapp/table/gamepage.py that touches the log).

`is_public_view()` is True for every device that does not hold a live host or co-host token for
the game in the URL (asked of the server, at most once per script run and again at the moment
of writing): the game code alone never grants writing, undoing, secrets or a full export.
Every write goes through `_write`: token checked now, stale view refused, the engine's refusal
said in one French line with its rule, nothing written then."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import streamlit as st
from streamlit.errors import StreamlitAPIException

from companion.core.errors import CompanionError, RuleError
from companion.core.text import rule_line
from companion.events.store import StoredGame
from companion.hosting.access import Grant
from tableapp.device import session
from tableapp.look.usertext import plain, sentence
from tableapp.process import shared

READ_ONLY = ("Vue publique : lecture seule, rien n'a été enregistré. Seul l'appareil de "
             "l'hôte (ou d'un co-hôte) peut modifier la partie.")
SAID_KEY = "_compagnon_said"  # what the last write of this device changed, said once after it
TAP_ERROR_KEY = "_compagnon_tap_error"  # why a write made at a tap was refused, said once
_GRANT_KEY = "_compagnon_grant"  # (run marker, code, token) -> grant, for one script run


def _run_marker() -> object:
    """An object that lives exactly as long as the current script run (its context's
    script requests object changes at each rerun), or None outside a run."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return None if ctx is None else getattr(ctx, "cursors", None)


def host_grant(fresh: bool = False) -> Grant | None:
    """This device's live host or co-host grant on the game in the URL, or None. Asked of the
    server once per script run (a page asks several times while it draws), and again when
    `fresh` (at the moment of writing): a revoked link loses its rights at the next tap."""
    if session.is_public_view():
        return None
    code = session.code_param()
    marker = _run_marker()
    cached = st.session_state.get(_GRANT_KEY)
    if (not fresh and marker is not None and cached is not None and cached[0] is marker
            and cached[1] == code and cached[2] == session.host_token(code or "")):
        return cached[3]  # type: ignore[no-any-return]
    grant = session.host_grant(code)
    if marker is not None:
        st.session_state[_GRANT_KEY] = (marker, code, session.host_token(code or ""), grant)
    return grant


def is_host() -> bool:
    """True when this device may write, undo, read secrets and export the whole game."""
    return host_grant() is not None


def is_public_view() -> bool:
    """True unless this device holds a live host or co-host token for the game in the URL
    (or the URL asks for `?view=public`): show public facts only, offer no write."""
    return not is_host()


# True while gamepage.live_view's fragment draws during a rerun of that fragment alone
IN_VIEW_RERUN: ContextVar[bool] = ContextVar("compagnon_in_view_rerun", default=False)


def in_fragment_rerun() -> bool:
    """True while fragments rerun alone (a tap inside one), not during a full run."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return bool(ctx is not None and ctx.fragment_ids_this_run)


def rerun_view() -> None:
    """Draw again what a write changed: the game view alone when the tap reran only it
    (gamepage.live_view), else the whole page."""
    if IN_VIEW_RERUN.get():
        try:
            st.rerun(scope="fragment")
        except (RuntimeError, StreamlitAPIException):
            pass  # written from a fragment nested in the view: the whole page then
    st.rerun()


def show_rule_error(exc: RuleError) -> None:
    st.error(plain(exc.reason) + (f"\n\n{plain(rule_line(exc.rule))}" if exc.rule else ""))


def _write(stored: StoredGame, write: Callable[[int, str], int],
           said: dict[str, Any] | None = None) -> bool:
    """Run one store write against the view the user saw; st.error on refusal, rerun on
    success. `said` (what the write changed, in words) is kept for the next run to show."""
    grant = host_grant(fresh=True)  # the token is checked again now: it may have been revoked
    if grant is None:
        st.error(READ_ONLY)
        return False
    expected = stored.seq if stored.seen_seq is None else stored.seen_seq
    try:
        new_seq = write(expected, grant.role)
    except RuleError as exc:
        show_rule_error(exc)
        return False
    except CompanionError as exc:
        st.error(plain(sentence(exc)))
        return False
    session.mark_seen(stored.code, new_seq)
    if said is not None:
        st.session_state[SAID_KEY] = {**said, "code": stored.code, "seq": new_seq}
    rerun_view()
    return True  # st.rerun() raises; kept for the signature


def write_at_tap(code: str, seq: int,
                 event: dict[str, Any] | Callable[[], dict[str, Any] | None]) -> None:
    """A button's callback (`on_click=write_at_tap, args=(stored.code, stored.seq, event)`):
    the event is written before the page redraws, so a tap costs one run, not a run that
    writes and a second one that shows. `event` may be made at the tap from the form's widget
    values (st.session_state), or be None (nothing written: the maker said why in
    TAP_ERROR_KEY). `seq` is the log's length on the screen the host tapped: a log that moved
    since refuses the write. A refusal waits in TAP_ERROR_KEY for `show_tap_error`."""
    made = event() if callable(event) else event
    if made is None:
        return
    grant = host_grant(fresh=True)  # the token is checked again now: it may have been revoked
    if grant is None or session.code_param() != code:
        st.session_state[TAP_ERROR_KEY] = READ_ONLY
        return
    try:
        new_seq = shared.store().append(code, made, seq, grant.role)
    except RuleError as exc:
        st.session_state[TAP_ERROR_KEY] = plain(exc.reason) + (
            f"\n\n{plain(rule_line(exc.rule))}" if exc.rule else "")
        return
    except CompanionError as exc:
        text = str(exc)
        st.session_state[TAP_ERROR_KEY] = plain(sentence(text))
        return
    session.mark_seen(code, new_seq)


def refuse_at_tap(line: str) -> None:
    """From an event maker: nothing is written, and this French line says why."""
    st.session_state[TAP_ERROR_KEY] = plain(line)


def show_tap_error() -> None:
    """The reason a tap's write was refused, once (gamepage.live_view shows it at the top)."""
    line = st.session_state.pop(TAP_ERROR_KEY, None)
    if line:
        st.error(line)


def submit(stored: StoredGame, event: dict[str, Any]) -> bool:
    """Append `event` if the log has not moved since this view and the engine accepts it;
    otherwise st.error (reason + rule) and nothing is written. Reruns on success."""
    return _write(stored, lambda seq, who: shared.store().append(stored.code, event, seq, who))


def undo(stored: StoredGame, said: dict[str, Any] | None = None) -> bool:
    """Cancel the last effective event (a meta-event; nothing is deleted)."""
    return _write(stored, lambda seq, who: shared.store().undo(stored.code, seq, who), said)


def redo(stored: StoredGame, event: dict[str, Any], said: dict[str, Any] | None = None
         ) -> bool:
    """« Rétablir » what an undo cancelled: the same event appended again, as a new line
    (docs/log-format.md › Rétablir; registre TAB-6)."""
    return _write(stored, lambda seq, who: shared.store().append(stored.code, event, seq, who),
                  said)


def correct(stored: StoredGame, index: int, event: dict[str, Any],
            said: dict[str, Any] | None = None) -> bool:
    """Replace the event written at raw `index` (refused if the rest no longer replays)."""
    return _write(stored, lambda seq, who: shared.store().correct(stored.code, index, event,
                                                                   seq, who), said)


def retract(stored: StoredGame, index: int, said: dict[str, Any] | None = None) -> bool:
    """Withdraw the event written at raw `index` (refused if the rest no longer replays)."""
    return _write(stored, lambda seq, who: shared.store().retract(stored.code, index, seq, who),
                  said)
