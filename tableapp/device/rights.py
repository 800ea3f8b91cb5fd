"""The host's devices and rights, in the toolbar of a game page (registre TAB-1): hand the game
to another device, add a co-host, withdraw a link, delete the game. Only a live host grant gets
here (tableapp/table/gamepage.py checks it); every action is checked again by
companion/hosting/access.py."""

from __future__ import annotations

from datetime import datetime
from urllib.parse import urlencode

import streamlit as st

from companion.core.errors import CompanionError
from companion.events.store import StoredGame
from companion.hosting.access import COHOST, HOST, ROLE_LABELS, Grant, NotAllowed
from tableapp.device import session
from tableapp.look import a11y
from tableapp.look.navigation import page_hook
from tableapp.look.usertext import plain, sentence
from tableapp.process import shared
from tableapp.table import sharing

_INVITE_KEY = "_compagnon_invite"  # (code, role, token) of the host link shown on demand




def host_url(game: str, code: str, token: str) -> str:
    """The link that makes another device host (or co-host) of the game: shown on demand, on
    the host's own screen only, never on the public view or in an export."""
    return f"{sharing.public_base_url()}/{game}?{urlencode({'code': code, 'host': token})}"


def panel(stored: StoredGame, grant: Grant) -> None:
    st.caption(f"Cet appareil est {grant.role_label} de la partie : lui seul (avec les autres "
               "liens ci-dessous) peut la modifier, voir les secrets et l'exporter en entier. "
               "Le code seul ne donne que la vue publique.")
    if grant.role != HOST:
        st.caption("Seul l'hôte gère les appareils et peut supprimer la partie.")
        return
    left, right = st.columns(2)
    for column, role, label in ((left, HOST, "Passer la main à un autre appareil"),
                                (right, COHOST, "Ajouter un co-hôte")):
        if column.button(label, key=f"tb_invite_{role}", width="stretch"):
            when = datetime.now().strftime("%d/%m %H:%M")
            token, _new = shared.access().issue(
                stored.code, role, label=f"{ROLE_LABELS[role]} ajouté le {when}")
            st.session_state[_INVITE_KEY] = (stored.code, role, token)
    _invite(stored)
    st.markdown("**Appareils qui peuvent modifier la partie**")
    for other in shared.access().grants(stored.code):
        text, button = st.columns([3, 1])
        mine = " (cet appareil)" if other.id == grant.id else ""
        text.text(f"{other.role_label} · {other.label or 'sans nom'}{mine}")
        if button.button("Retirer", key=f"tb_revoke_{other.id}", width="stretch"):
            try:
                shared.access().revoke(stored.code, other.id, by=grant)
            except NotAllowed as exc:
                st.error(plain(sentence(exc) + "."))
            else:
                st.rerun()
    _delete(stored, grant)


def _invite(stored: StoredGame) -> None:
    invite = st.session_state.get(_INVITE_KEY)
    if not invite or invite[0] != stored.code:
        return
    _code, role, token = invite
    url = host_url(stored.game, stored.code, token)
    with st.container(border=True):
        qr, text = st.columns([1, 2])
        a11y.picture(sharing.qr_png(url), f"QR code : fait de l'appareil qui le scanne un "
                     f"{ROLE_LABELS[role]} de la partie {stored.code}", where=qr)
        text.warning(f"Ce QR code fait de l'appareil qui le scanne un {ROLE_LABELS[role]} de "
                     "la partie : ne le montrez qu'à cet appareil. Une fois la main passée, "
                     "retirez l'ancien lien ci-dessous si besoin.")
        text.code(url, language=None)
        if text.button("Masquer ce QR code", key="tb_invite_hide"):
            del st.session_state[_INVITE_KEY]
            st.rerun()


def _delete(stored: StoredGame, grant: Grant) -> None:
    st.markdown("**Supprimer la partie**")
    sure = st.checkbox(f"Je veux supprimer la partie {stored.code} pour tout le monde, "
                       "définitivement", key="tb_delete_sure")
    if st.button("Supprimer la partie", key="tb_delete", disabled=not sure):
        try:
            shared.access().delete_game(stored.code, grant)
        except CompanionError as exc:
            st.error(plain(sentence(exc) + "."))
            return
        forget = page_hook(stored.game, "forget_game")  # Labystère: the players' sheets
        if forget is not None:
            forget(stored.code)
        shared.store().forget(stored.code)
        session.device().forget(stored.code)
        session.forget_code(stored.game)
        st.rerun()
