"""How `companion app` sets up Streamlit's server for a room of phones (issues 23 and 25): what
it sends a phone's first load (firstload: each page's HTML; staticzip and staticmemory:
Streamlit's frontend, gzipped and answered from memory; wholeanswer: the ASGI plumbing they
share) and what each screen's run costs it (runcost). Nothing here draws a page."""
