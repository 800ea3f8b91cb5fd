"""What `companion app` sets on Streamlit's server against a hostile room (issue 38, items 2 and
3; registre TAB-11), before the server starts, beside serving/firstload.py:

* the descriptor limit raised, the connections capped under it (serving/listener.py: never
  accepted past it) with a share per address, a deadline for each request's head
  (serving/connections.py);
* uploads taken only when the page asked, within budgets, freed with their session
  (serving/uploads.py), and websockets that never speak closed (serving/silence.py);
* repeated accept errors and repeated lines of the HTTP server said once in a while
  (serving/quietlog.py).

Streamlit builds its server in `starlette_server.UvicornServer.start`: the ASGI app from
`create_starlette_app(runtime)`, uvicorn's options from `_get_uvicorn_config_kwargs()`, the
listening socket from `_bind_server_socket(…)`; the three are wrapped here
(tableapp/serving/internals.py lists them). When they are missing (another Streamlit),
`install()` says what is not in effect and the server runs as before.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from tableapp import capacity
from tableapp.serving import connections, listener, quietlog, silence, uploads, visitors

log = logging.getLogger("companion.app")


def _grace() -> float:
    """Seconds Streamlit keeps a session whose browser went away (for a reconnection)."""
    from streamlit import config

    try:
        return float(config.get_option("server.disconnectedSessionTTL"))
    except (RuntimeError, TypeError, ValueError):
        return 120.0  # Streamlit's default


def install() -> frozenset[str]:
    """The settings, before the server starts; the names of those in effect."""
    try:
        from streamlit.web.server.starlette import starlette_server
    except ImportError:
        return frozenset()
    limit = connections.raise_descriptor_limit()
    cap = connections.connection_cap(limit)
    door = connections.Door(cap, visitors.connection_share(capacity.ceiling(), cap),
                            connections.budget(limit))
    done = {*_listener(starlette_server, door), *_protocols(starlette_server, door),
            *_app(starlette_server)}
    log.debug("connexions : limite de fichiers %s, plafond %d, %d par adresse", limit,
              door.cap, door.per_address)
    return frozenset(done)


def _listener(server: Any, door: connections.Door) -> set[str]:
    """The listening socket Streamlit binds, given to uvicorn as a GuardedListener."""
    bind = getattr(server, "_bind_server_socket", None)
    if bind is None or door.budget is None:
        return set()
    if not getattr(bind, "companion_guard", False):
        budget = door.budget

        def guarded_bind(*args: Any, **kwargs: Any) -> Any:
            sock, address = bind(*args, **kwargs)
            return listener.GuardedListener.adopt(sock, budget, connections.BUSY), address

        guarded_bind.companion_guard = True  # type: ignore[attr-defined]
        server._bind_server_socket = guarded_bind  # noqa: SLF001
    return {"listener"}


def _protocols(server: Any, door: connections.Door) -> set[str]:
    """uvicorn's HTTP and websocket protocols, guarded by the door."""
    options = getattr(server, "_get_uvicorn_config_kwargs", None)
    if options is None or connections.protocols(door, "auto") is None:
        return set()
    if not getattr(options, "companion_guard", False):
        made: dict[object, Any] = {}

        def guarded_options() -> dict[str, Any]:
            kwargs = dict(options())
            ws = kwargs.get("ws", "auto")
            if ws not in made:
                made[ws] = connections.protocols(door, ws)
            if made[ws] is not None:
                kwargs["http"], websocket = made[ws]
                if websocket is not None:
                    kwargs["ws"] = websocket
            return kwargs

        guarded_options.companion_guard = True  # type: ignore[attr-defined]
        server._get_uvicorn_config_kwargs = guarded_options  # noqa: SLF001
    return {"connections"}


def _app(server: Any) -> set[str]:
    """Streamlit's ASGI app behind the upload gate and the silent websockets' deadline; the
    quiet log on its event loop."""
    factory = getattr(server, "create_starlette_app", None)
    if factory is None:
        return set()
    if not getattr(factory, "companion_guard", False):
        def create(runtime: Any, *args: Any, **kwargs: Any) -> Any:
            app = factory(runtime, *args, **kwargs)
            loop = asyncio.get_running_loop()  # Streamlit builds it on the server's loop
            quietlog.accept_errors_once_a_while(loop)
            quietlog.quiet_repeats("uvicorn.error")
            manager = getattr(runtime, "uploaded_file_mgr", None)
            connected = getattr(runtime, "is_active_session", None)
            if manager is not None and connected is not None and uploads.bind(manager):
                app = uploads.gate(app)
                uploads.Sweeper(manager, uploads.LEDGER, connected, _grace()).every(loop)
            else:
                log.warning("les envois de fichiers ne sont pas bornés par appareil avec "
                            "cette version de Streamlit")
            return silence.closing_the_silent(app)

        create.companion_guard = True  # type: ignore[attr-defined]
        server.create_starlette_app = create
    return {"uploads", "silence", "quiet"}
