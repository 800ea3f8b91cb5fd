"""How `companion app` sets up Streamlit's server for a room of phones (issues 23, 25 and 38):
what it sends a phone's first load (firstload: each page's HTML; staticcache: Streamlit's
frontend, gzipped and answered from one cache in memory; wholeanswer: the ASGI plumbing they
share), what each screen's run costs it (runcost), the browser messages it does not obey
(keepcaches) and what a stranger may take of it (guard: visitors, connections, listener,
silence, uploads, quietlog). Nothing here draws a page."""
