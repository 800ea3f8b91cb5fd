"""Messages a browser may send Streamlit that this server does not obey (issue 38, registre
TAB-10).

* **clear_cache**: Streamlit's « Clear cache » menu (or any script on the websocket) empties
  every `st.cache_data` and `st.cache_resource` of the process, for every user: a stranger
  could make the whole room pay for every QR code, print preview and card image again, as
  often as it likes. The app's process state lives outside these caches anyway
  (tableapp/process/perprocess.py); the message is now dropped.
* **load_git_info**: the developer menu's question about the app's git checkout (its remote,
  branch, files not committed), which Streamlit answers by running git in the event loop when
  GitPython is installed: nothing for a visitor to know, nor to make the server run.

`install()` wraps `AppSession.handle_backmsg` (the one door of a browser's messages, called
by the runtime for each): the other messages go on as before. Made once per process, before
the server starts by `companion app` and at the first script run otherwise (`streamlit
run`); without that internal (another Streamlit) nothing is dropped, and `companion app`
says so at start (tableapp/serving/internals.py)."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("companion.app")

IGNORED = frozenset({"clear_cache", "load_git_info"})


def install() -> bool:
    """Drop the IGNORED messages from now on; True when in effect."""
    try:
        from streamlit.runtime.app_session import AppSession
    except ImportError:
        return False
    original = getattr(AppSession, "handle_backmsg", None)
    if original is None:
        return False
    if getattr(original, "ignores", None) == IGNORED:
        return True

    def handle_backmsg(self: Any, msg: Any) -> None:
        kind = msg.WhichOneof("type")
        if kind in IGNORED:
            # debug only: a script sending it in a loop must not fill the log either
            log.debug("message « %s » d'un navigateur ignoré", kind)
            return
        original(self, msg)

    handle_backmsg.ignores = IGNORED  # type: ignore[attr-defined]
    handle_backmsg.original = original  # type: ignore[attr-defined]
    AppSession.handle_backmsg = handle_backmsg  # type: ignore[method-assign]
    return True
