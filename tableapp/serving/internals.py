"""Every private part of Streamlit (and of asyncio and uvicorn) the app relies on, on one list.

The app hooks a few of Streamlit's internal modules (how its HTTP server is built, how a
session is asked to rerun, how uploads and connections are taken) and patches a few of their
functions. A new Streamlit (or uvicorn) may drop or rename any of them; each use degrades
gracefully (the feature switches off, the table still plays), which is exactly why a missing
one must not pass unseen: `companion app` logs a WARNING for each at start (`warn_missing`),
and tests/test_internals.py fails on the locked Streamlit as .ci/smoke.py does on the lowest
one pyproject.toml allows.

Each entry: the module, the attribute path inside it (« Class.method » for a method) and what
switches off without it, in the organiser's words."""

from __future__ import annotations

import importlib
import logging
from typing import NamedTuple

log = logging.getLogger("companion.app")


class Internal(NamedTuple):
    module: str
    attribute: str
    used_for: str


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
    return True


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
