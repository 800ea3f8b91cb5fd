"""ELSEN on the players' phones (issue 25): the public screen as the table's clock (the phase
and the narrator's countdown, live), and each player's role on their own phone through a
private seat link (companion/hosting/seats.py) — shown only after a deliberate tap, hidden again by
itself, never on the public screen. The role cards stay an option: the links are made only
when the host asks for them."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from urllib.parse import urlencode

import streamlit as st

from companion.core.text import number
from companion.games.elsen.engine import ElsenState
from companion.hosting import seats
from companion.hosting.positions import Countdown
from tableapp.look import a11y
from tableapp.look.usertext import plain
from tableapp.process import shared
from tableapp.table import sharing

SEAT_PARAM = "seat"
ROLE_SECONDS = 10
_TOKENS_KEY = "_elsen_seat_links"  # code -> {seat: token}, on the host's device only

# The clock ticks in the browser between two reads of the server (each second): static script,
# the numbers come as JSON data.
_CLOCK_JS = """(function (id, data) {
  const el = document.getElementById(id); if (!el) return;
  window.__elsenClocks = window.__elsenClocks || {};
  clearInterval(window.__elsenClocks[id]);
  const end = performance.now() + data.left * 1000;
  const show = () => {
    const left = data.running ? Math.max(0, (end - performance.now()) / 1000) : data.left;
    const s = Math.ceil(left);
    el.textContent = String(Math.floor(s / 60)).padStart(2, "0") + ":" +
                     String(s % 60).padStart(2, "0");
    el.classList.toggle("done", left <= 0);
  };
  show();
  if (data.running) window.__elsenClocks[id] = setInterval(show, 250);
})"""
_CLOCK_CSS = """<style>
.elsen-public-clock {font-size: 3.2rem; font-weight: 700; font-variant-numeric: tabular-nums;
  line-height: 1.1;}
.elsen-public-clock.done {color: #d32f2f;}
@media (prefers-color-scheme: dark) {.elsen-public-clock.done {color: #ff8a80;}}
</style>"""


def clock_html(countdown: Countdown | None, now: float) -> str:
    """The countdown as the public screen shows it (nothing when none runs or waits)."""
    if countdown is None:
        return ""
    data = {"left": round(countdown.remaining(now), 1), "running": countdown.running}
    state = "" if countdown.running else " (en pause)"
    return (f'{_CLOCK_CSS}<div class="elsen-public-clock" id="elsen-public-clock" '
            f'role="timer" aria-label="Compte à rebours{state}">--:--</div>'
            f"<script>{_CLOCK_JS}(\"elsen-public-clock\", {json.dumps(data)});</script>")


@st.fragment(run_every=1)
def public_clock(read: Callable[[], tuple[str, Countdown | None]]) -> None:
    """The phase (the narrator's step, which the whole table hears) and its countdown, read
    from the host's place each second: starting, pausing or resetting the countdown on the
    host's tablet writes no line in the log, so this fragment follows it on its own."""
    phase, countdown = read()
    st.markdown(f"**Phase : {plain(phase)}**")
    html = clock_html(countdown, time.time())
    if html:
        st.html(html, unsafe_allow_javascript=True)
        if not countdown or not countdown.running:
            st.caption("Compte à rebours en pause.")


def seat_from_link(code: str, players: list[str]) -> str | None:
    """The seat of this phone's private link (`?seat=`), checked on the server now; None
    without a link, and one French sentence for a link that opens nothing."""
    token = st.query_params.get(SEAT_PARAM)
    if not token:
        return None
    seat = seats.seat_of(shared.positions(), code, token)
    if seat is None or seat not in players:
        st.warning("Ce lien de place ne marche plus (l'hôte a refait les liens) : demandez-"
                   "lui le nouveau.")
        return None
    return seat


def seat_role(state: ElsenState, seat: str) -> None:
    """« Ta place : Jean » and, after a tap, the role, hidden again after ROLE_SECONDS."""
    st.markdown(f"Ta place : **{plain(seat)}** (lien privé de ce téléphone)")
    if seat not in state.roles:
        st.caption("Les rôles ne sont pas encore distribués.")
        return
    if time.time() < float(st.session_state.get("elsen_role_until", 0)):
        _role_open(state, seat)
    elif st.button("Voir mon rôle (en secret)", key="elsen_role_show", icon=":material/lock:",
                   width="stretch"):
        st.session_state["elsen_role_until"] = time.time() + ROLE_SECONDS
        st.rerun()


@st.fragment(run_every=1)
def _role_open(state: ElsenState, seat: str) -> None:
    left = float(st.session_state.get("elsen_role_until", 0)) - time.time()
    if left <= 0 or st.button(f"Cacher (se cache seul dans {int(left) + 1} s)",
                              key="elsen_role_hide", icon=":material/visibility_off:",
                              width="stretch"):
        st.session_state["elsen_role_until"] = 0
        st.rerun(scope="app")
    role = state.data.role(state.roles[seat])
    st.success(f"Ton rôle : **{plain(role.name)}**")


def seat_url(code: str, token: str) -> str:
    """A player's private link: the public view, plus the seat's secret."""
    return f"{sharing.public_url('elsen', code)}&{urlencode({SEAT_PARAM: token})}"


def seat_links(code: str, players: list[str]) -> None:
    """The host's panel: a private link per player (each phone then shows its own role on a
    tap); made again, the old ones stop working."""
    tokens: dict[str, dict[str, str]] = st.session_state.setdefault(_TOKENS_KEY, {})
    mine = tokens.get(code)
    st.caption("Chaque joueur peut lire son rôle sur son propre téléphone, par un lien privé "
               "(les cartes rôles restent possibles). Montrez à chacun son code seul.")
    if st.button("Créer un lien par joueur" if mine is None else "Refaire les liens "
                 "(les anciens ne marchent plus)", key="elsen_seats_make",
                 icon=":material/qr_code_2:", width="stretch"):
        tokens[code] = mine = seats.issue(shared.positions(), code, players)
    if mine is None:
        return
    who = st.segmented_control("Lien de", players, format_func=plain, key="elsen_seats_who")
    if who is None or who not in mine:
        return
    url = seat_url(code, mine[who])
    qr, text = st.columns([1, 2])
    a11y.picture(sharing.qr_png(url), f"QR code : ouvre le lien privé de {who} (son rôle)",
                 caption=f"Lien privé de {who}", where=qr)
    text.code(url, language=None)


def public_view(state: ElsenState) -> None:
    """Only what everyone may know: turn, ladders, missions won, excluded players."""
    if state.winner:
        st.success(f"Partie terminée : victoire des {state.winner} ({state.win_reason}).")
    left, right = st.columns(2)
    left.metric("Tour", f"{state.turn} / {state.data.turns}")
    right.metric("Missions réussies", f"{state.missions_won} / {state.data.missions_to_win}")
    st.progress(min(1.0, state.progress / (2 * state.needed)),
                text=f"Mission en cours : {number(state.progress / 2)} / {state.needed} jetons")
    st.progress(min(1.0, state.ghost_progress / state.needed),
                text=f"Mission fantôme : {state.ghost_progress} / {state.needed} jetons")
    st.text("Exclus : " + (", ".join(state.excluded) or "personne"))
