"""Who may change the shared players' profiles and soirées, as a browser session sees it
(registre TAB-8): the organiser's token (from the organiser's link, `?organisateur=…`, then
remembered in this device's cookie) and this device's creator key (made the first time it
creates a profile). Pages show their editing controls only when the server says these rights
cover the thing (`may_change_*`), and every write hands them to the store, which checks them
again in its own transaction (companion/stats/ownership.py): a stale control changes nothing.

The organiser's first link is printed once per process on the server's terminal: by
`companion app` at start, from the address it serves (`perprocess.announce_organiser`); by a server
started otherwise (`streamlit run`) at its first page, from the address of its options. Never
from a request (registre TAB-10). `companion organisateur` prints a new one (revoking the old)."""

from __future__ import annotations

import streamlit as st

from companion.cli.access import ORGANISER_PARAM
from companion.core.errors import CompanionError
from companion.events.store import default_location
from companion.hosting.access import SharedRights, new_secret
from tableapp.device import session
from tableapp.look.usertext import plain
from tableapp.process import perprocess, shared
from tableapp.table import sharing


def announce_organiser() -> None:
    """The organiser's link on the terminal, once per process (tableapp/process/perprocess.py): done
    at start by `companion app`; for a server started otherwise, at its first run, at the
    address of the server's own options."""
    perprocess.announce_organiser(str(default_location()), sharing.public_base_url)


def take_organiser_link() -> None:
    """An organiser link opened here: this device remembers the token (if it is the live
    one) and the address bar loses it (it would be shared with a copied link)."""
    token = st.query_params.get(ORGANISER_PARAM)
    if token is None:
        return
    del st.query_params[ORGANISER_PARAM]
    try:
        live = shared.access().is_organiser(token)
    except CompanionError as exc:
        st.error(plain(str(exc)))
        return
    if live:
        session.device().organiser = token
        st.toast("Cet appareil est maintenant l'organisateur : il peut modifier tous les "
                 "joueurs et toutes les soirées.")
    else:
        st.toast("Ce lien d'organisateur ne marche plus : demandez-en un nouveau sur le "
                 "terminal du serveur (companion organisateur).")


def is_organiser() -> bool:
    """This device holds the live organiser token, asked of the server once per run (a
    token found dead is forgotten)."""
    take_organiser_link()
    memory = session.device()
    if not memory.organiser:
        return False
    ok = shared.access().is_organiser(memory.organiser)
    if not ok:
        memory.organiser = None
    return ok


def creator_key() -> str:
    """This device's creator key, made the first time it creates something."""
    memory = session.device()
    if memory.creator is None:
        memory.creator = new_secret()
    return memory.creator


def rights(night_key: str | None = None) -> SharedRights:
    """What this device presents to the store for a write (checked there)."""
    take_organiser_link()
    memory = session.device()
    return SharedRights(organiser=memory.organiser, creator=memory.creator,
                        night_key=night_key or None)
