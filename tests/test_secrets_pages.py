"""Secrets stay with the host (issue 11, registre TAB-1): what a page sends to a device without
the host's token holds no role, no death, no culprit; user text is never Markdown."""

from __future__ import annotations

from hosting import as_host
from streamlit.testing.v1 import AppTest

from companion.events.store import EventStore
from tableapp.look.usertext import plain

EXAMPLE = {"**Zoé**": "saboteur", "[x](http://e.vil)": "faineant", "![i](http://e.vil/i.png)":
           "travailleur", "Marie": "policier", "Julie": "voyante"}
SPECIALS = ["voyante", "policier", "travailleur", "faineant"]
ROLE_WORDS = ["saboteur", "passager", "voyante", "travailleur", "fainéant", "docteur",
              "ingénieur", "policier"]


def elsen(hosted: bool = True, **query: str) -> AppTest:
    def script() -> None:
        import tableapp.pages.elsen as page

        page.render()

    at = AppTest.from_function(script, default_timeout=30)
    at.query_params.update(as_host(query) if hosted else query)
    return at


def everything(at: AppTest) -> str:
    """All the text the page sent (whatever its element: a secret in any widget still goes)."""
    return "\n".join(repr(node) for node in at._tree)


def dealt_game() -> str:
    store = EventStore()
    code = store.create("elsen", {"players": list(EXAMPLE), "special_roles": SPECIALS})
    store.append(code, {"type": "deal", "method": "cards", "roles": EXAMPLE}, 0)
    return code


def test_elsen_code_alone_sends_no_role() -> None:
    code = dealt_game()
    for query in ({}, {"view": "public"}, {"host": "A" * 32}, {"view": "meneur"}):
        at = elsen(hosted=False, code=code, **query).run()
        assert not at.exception
        sent = everything(at).lower()
        for word in ROLE_WORDS:
            assert word not in sent, (query, word)
        assert not at.get("html") and not at.table, query  # no narrator, no secrets table


def test_elsen_secrets_table_shows_names_literally() -> None:
    at = elsen(code=dealt_game()).run()
    next(b for b in at.button if b.key == "elsen_secret_show").click()
    at.run()
    names = list(at.table[0].value["joueur"])
    assert names == [plain(name) for name in EXAMPLE]  # no bold, no link, no remote image
