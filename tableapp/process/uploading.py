"""A file picker that tells the server what it takes (issue 38, registre TAB-11): the server
accepts an upload only from a session whose page drew a picker, up to that picker's limit
(tableapp/serving/uploads.py). Every st.file_uploader of the app goes through here."""

from __future__ import annotations

import math
from typing import Any

import streamlit as st

from tableapp.serving import uploads


def file_uploader(label: str, *, max_bytes: int, **kwargs: Any) -> Any:
    """st.file_uploader taking one file of at most `max_bytes` (the browser says so before
    sending, the server refuses past it); this session may now upload such a file."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is not None:
        uploads.LEDGER.ask(ctx.session_id, max_bytes)
    return st.file_uploader(label, max_upload_size=max(1, math.ceil(max_bytes / uploads.MIB)),
                            **kwargs)
