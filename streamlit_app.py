"""Entry of the table assistant: a thin router over the pages in tableapp/pages."""

import streamlit as st

from tableapp import capacity, shell
from tableapp.device import ownership
from tableapp.device.session import remember_device
from tableapp.look import phone
from tableapp.look.navigation import sections
from tableapp.process.perprocess import freeze_imports
from tableapp.serving import firstload, keepcaches, runcost

runcost.tune()  # once per process: what each woken screen's run costs (issue 23)
keepcaches.install()  # a browser's « Clear cache » empties nothing (done by `companion app`)
# An emoji, drawn by the browser itself: a ":material/…" icon would make every phone fetch the
# tab's icon from fonts.gstatic.com (Streamlit's frontend), a request to a third party from each
# player, failing without Internet (tests/test_browser_offline.py).
st.set_page_config(page_title="Compagnon de table", page_icon="🃏",
                   layout="wide")
# French only, 44 px touch targets, the phone's layout (game bar instead of the sidebar, the turn
# on one screen): sent once with the page's HTML where `companion app` serves it, else each run
shell.install(in_html=firstload.carries_markup())
if not capacity.admit():  # past this server's ceiling: a short French page, retried later
    capacity.refuse()
try:
    ownership.announce_organiser()  # done at start by `companion app`; else here, once
    ownership.take_organiser_link()  # ?organisateur=… opened on any page
    pages = sections()
    current = st.navigation(pages, expanded=True)  # every page listed, none behind « 5 de plus »
    phone.game_bar(pages, current)
    current.run()
finally:  # even when the page stopped (st.stop) or reruns: what this device hosts or joined
    remember_device()
    freeze_imports()
