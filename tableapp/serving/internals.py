"""Every private part of Streamlit (and of asyncio, uvicorn and the socket module) the app relies
on, on one list.

The app hooks a few of Streamlit's internal modules (how its HTTP server is built, how a
session is asked to rerun, how uploads and connections are taken) and patches a few of their
functions. A new Streamlit (or uvicorn) may drop or rename any of them; each use degrades
gracefully (the feature switches off, the table still plays), which is exactly why a missing
one must not pass unseen: `companion app` logs a WARNING for each at start (`warn_missing`),
and tests/test_internals.py fails on the locked Streamlit as .ci/smoke.py does on the lowest
one pyproject.toml allows.

Each entry: the module, the attribute path inside it (« Class.method » for a method), what
switches off without it, in the organiser's words, and what the app relies on inside it when it
is more than its presence: `uses`, names its code must still use (a method that sets
`self.cycle`, a loop that calls `sock.accept()`) or keys it must hold (a message's fields);
`says`, a text it must hold (a route the app matches, a log message it recognises).
tests/test_internals.py scans tableapp/serving for every private attribute, patched function
and attribute read by name (getattr) of something not the app's own: each is named here."""

from __future__ import annotations

import importlib
import logging
from typing import NamedTuple

log = logging.getLogger("companion.app")


class Internal(NamedTuple):
    module: str
    attribute: str
    used_for: str
    uses: tuple[str, ...] = ()
    says: str = ""


INTERNALS: tuple[Internal, ...] = (
    Internal("streamlit.web.server.starlette.starlette_static_routes",
             "create_streamlit_static_handler",
             "le premier chargement rapide des téléphones (HTML des pages, fichiers compressés "
             "et gardés en mémoire : serving/firstload, staticcache)"),
    Internal("asyncio.base_events", "_set_nodelay",
             "l'envoi immédiat des réponses (TCP_NODELAY : serving/runcost.send_at_once)"),
    Internal("streamlit.runtime.app_session", "_populate_theme_msg",
             "le thème calculé une fois par processus (serving/runcost)"),
    Internal("streamlit.config", "on_config_parsed",
             "le thème calculé une fois par processus (serving/runcost)"),
    Internal("streamlit.runtime", "Runtime.instance",
             "les écrans réveillés à chaque écriture (live) et le plafond d'appareils "
             "(capacity)"),
    Internal("streamlit.runtime", "Runtime.exists",
             "les écrans réveillés à chaque écriture (live) et le plafond d'appareils "
             "(capacity)"),
    Internal("streamlit.runtime", "Runtime.is_active_session",
             "le plafond d'appareils (capacity)"),
    Internal("streamlit.runtime", "Runtime.get_app_session",
             "les écrans réveillés à chaque écriture (live)"),
    Internal("streamlit.runtime", "Runtime._get_async_objs",
             "les écrans réveillés à chaque écriture (live)"),
    Internal("streamlit.runtime.app_session", "AppSession.request_rerun",
             "les écrans réveillés à chaque écriture (live)"),
    Internal("streamlit.runtime.app_session", "AppSession.has_fragment",
             "les écrans réveillés à chaque écriture (live)"),
    Internal("streamlit.runtime.app_session", "AppSession.handle_backmsg",
             "le refus du « Clear cache » d'un navigateur (serving/keepcaches) : sans lui, "
             "n'importe quel visiteur vide les caches de tout le serveur"),
    Internal("streamlit.runtime.scriptrunner_utils.script_run_context", "ThreadState.get",
             "les écrans réveillés à chaque écriture (live)"),
    Internal("streamlit.proto.ClientState_pb2", "ClientState",
             "les écrans réveillés à chaque écriture (live)"),
    Internal("streamlit.runtime.scriptrunner", "get_script_run_ctx",
             "le plafond d'appareils, les écrans réveillés, l'écriture au toucher"),
    Internal("streamlit.web.cli", "main", "companion app lui-même (launch)"),
    Internal("streamlit.web.server.starlette.starlette_server", "create_starlette_app",
             "les envois de fichiers bornés par appareil et les websockets muets fermés "
             "(serving/guard, uploads, silence)"),
    Internal("streamlit.web.server.starlette.starlette_server", "_get_uvicorn_config_kwargs",
             "les connexions plafonnées et les requêtes incomplètes coupées "
             "(serving/guard, connections)"),
    Internal("streamlit.web.server.starlette.starlette_server", "_bind_server_socket",
             "les connexions jamais acceptées au-delà des fichiers ouverts permis "
             "(serving/guard, listener)"),
    Internal("streamlit.runtime", "Runtime.uploaded_file_mgr",
             "les envois de fichiers bornés par appareil (serving/uploads)"),
    Internal("streamlit.runtime.memory_uploaded_file_manager",
             "MemoryUploadedFileManager.get_upload_urls",
             "les envois de fichiers bornés par appareil (serving/uploads)"),
    Internal("streamlit.runtime.memory_uploaded_file_manager", "MemoryUploadedFileManager.add_file",
             "les envois de fichiers bornés par appareil (serving/uploads)"),
    Internal("streamlit.runtime.memory_uploaded_file_manager",
             "MemoryUploadedFileManager.remove_file",
             "les envois de fichiers bornés par appareil (serving/uploads)"),
    Internal("streamlit.runtime.memory_uploaded_file_manager",
             "MemoryUploadedFileManager.remove_session_files",
             "les envois de fichiers bornés par appareil (serving/uploads)"),
    Internal("uvicorn.protocols.http.auto", "AutoHTTPProtocol.on_response_complete",
             "les connexions plafonnées et les requêtes incomplètes coupées "
             "(serving/connections)"),
    Internal("uvicorn.config", "WS_PROTOCOLS",
             "les connexions plafonnées (serving/connections)"),
    Internal("uvicorn.importer", "import_from_string",
             "les connexions plafonnées (serving/connections)"),
    # What the hooks above rely on inside the code they wrap or replace (serving/connections,
    # listener, runcost, quietlog, uploads, staticcache, keepcaches).
    Internal("uvicorn.protocols.http.auto", "AutoHTTPProtocol.__init__",
             "les connexions plafonnées et les requêtes incomplètes coupées "
             "(serving/connections : la requête en cours, la configuration)",
             uses=("config", "cycle")),
    Internal("uvicorn.protocols.http.auto", "AutoHTTPProtocol.connection_made",
             "les connexions plafonnées (serving/connections)", uses=("transport",)),
    Internal("uvicorn.protocols.websockets.auto", "AutoWebSocketsProtocol.connection_made",
             "les connexions plafonnées (serving/connections)", uses=("transport",)),
    Internal("uvicorn.config", "Config.__init__",
             "les adresses d'un proxy déclaré, comptées par client (serving/connections)",
             uses=("proxy_headers", "forwarded_allow_ips")),
    Internal("socket", "socket._accept",
             "les connexions jamais acceptées au-delà des fichiers ouverts permis "
             "(serving/listener)"),
    Internal("asyncio.selector_events", "BaseSelectorEventLoop._accept_connection",
             "les connexions jamais acceptées au-delà des fichiers ouverts permis "
             "(serving/listener) et ses erreurs dites une fois par minute (serving/quietlog)",
             uses=("accept",), says="socket.accept() out of system resource"),
    Internal("asyncio.selector_events", "_SelectorSocketTransport.__init__",
             "l'envoi immédiat des réponses (TCP_NODELAY : serving/runcost.send_at_once)",
             uses=("_set_nodelay",)),
    Internal("streamlit.web.server.starlette.starlette_routes", "BASE_ROUTE_UPLOAD_FILE",
             "les envois de fichiers bornés par appareil (serving/uploads)",
             says="_stcore/upload_file"),
    Internal("streamlit.web.server.starlette.starlette_routes", "BASE_ROUTE_STATIC",
             "les fichiers de l'interface compressés et gardés en mémoire (serving/staticcache)",
             says="static"),
    Internal("starlette.middleware.gzip", "DEFAULT_EXCLUDED_CONTENT_TYPES",
             "les fichiers de l'interface compressés (serving/staticcache : Starlette 1.5 ou "
             "plus, que Streamlit n'exige pas)"),
    Internal("streamlit.proto.BackMsg_pb2", "BackMsg.DESCRIPTOR.fields_by_name",
             "le refus du « Clear cache » d'un navigateur (serving/keepcaches)",
             uses=("clear_cache", "load_git_info")),
)


def present(internal: Internal) -> bool:
    try:
        found: object = importlib.import_module(internal.module)
    except ImportError:
        return False
    for part in internal.attribute.split("."):
        found = getattr(found, part, None)
        if found is None:
            return False
    return holds(found, internal.uses, internal.says)


def holds(found: object, uses: tuple[str, ...], says: str) -> bool:
    """Whether `found` still uses the names `uses` and holds the text `says`: a function's code
    by the names and texts compiled in it, a text by itself, a table by its keys."""
    if not uses and not says:
        return True
    code = getattr(found, "__code__", None)
    if code is not None:
        texts = [c for c in code.co_consts if isinstance(c, str)]
        return set(uses) <= set(code.co_names) and (not says or any(says in t for t in texts))
    if isinstance(found, str):
        return not uses and says in found
    try:
        return all(name in found for name in uses) and not says  # type: ignore[operator]
    except TypeError:
        return False


def missing() -> list[Internal]:
    """The entries this Streamlit (and Python) no longer offer."""
    return [internal for internal in INTERNALS if not present(internal)]


def warn_missing() -> list[Internal]:
    """A WARNING in the log for each missing entry, saying what switches off; the list."""
    gone = missing()
    for internal in gone:
        log.warning("Streamlit n'a plus %s.%s : %s ne fonctionne pas avec cette version "
                    "(installez celle du verrou, requirements/app.txt)", internal.module,
                    internal.attribute, internal.used_for)
    return gone
