"""tableapp/look/usertext.py › plain: user text shown literally by Streamlit's Markdown. Checked
against what CommonMark does with backslashes and against the two expressions remark-gfm
applies to the text once the escapes are resolved (its literal autolinks: http(s)://, www.,
e-mail addresses); the real rendering is held by tests/test_browser_hostile_names.py. Also
headless (AppTest): the podium's metrics get the escaped names."""

from __future__ import annotations

import re

import pytest
from hosting import as_host
from stats_night import example_log
from streamlit.testing.v1 import AppTest

from companion.events.store import EventStore, default_path
from companion.hosting.access import ON_SERVER
from companion.stats.storage import StatsStore
from tableapp.look.usertext import WORD_JOINER, plain

HOSTILE = [
    "![x](http://127.0.0.1:9/p.png)",
    "[clic](http://127.0.0.1:9/)",
    "<img src=http://127.0.0.1:9/i.png>",
    '<a href="javascript:alert(1)">x</a>',
    "http://127.0.0.1:9/u",
    "HTTPS://exemple.org/x",
    "javascript:alert(1)",
    "www.exemple.org",
    "Zoé a@b.org",
    "**gras** _it_ ~~barré~~ `code` $x^2$ :red[rouge] :material/home: &amp; &#58;",
    "# titre\n1. liste\n> citation\n| a | b |\n---",
]
ASCII_PUNCTUATION = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# remark-gfm (mdast-util-gfm-autolink-literal, lib/index.js): the expressions its transform
# runs over text nodes, whose escapes are already resolved; JavaScript's \w is ASCII
GFM_URL = re.compile(r"(https?://|www(?=\.))([-.\w]+)([^ \t\r\n]*)", re.IGNORECASE | re.ASCII)
GFM_EMAIL = re.compile(r"([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)", re.ASCII)
SPECIALS = set("\\`*_{}[]()#+-.!|<>$~:=^\"&")


def resolved(markdown: str) -> str:
    """The text a Markdown parser keeps of a line made only of escapes and characters:
    a backslash before ASCII punctuation is dropped (CommonMark › Backslash escapes)."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown)


@pytest.mark.parametrize("text", HOSTILE)
def test_every_markdown_character_is_escaped(text: str) -> None:
    shown = plain(text)
    for i, char in enumerate(shown):
        if char in SPECIALS and char != "\\":
            backslashes = len(shown[:i]) - len(shown[:i].rstrip("\\"))
            assert backslashes % 2 == 1, f"« {char} » non échappé dans {shown!r}"


@pytest.mark.parametrize("text", HOSTILE)
def test_the_text_read_is_the_text_typed(text: str) -> None:
    """Nothing lost or added but invisible word joiners."""
    assert resolved(plain(text)).replace(WORD_JOINER, "") == text


@pytest.mark.parametrize("text", HOSTILE)
def test_no_literal_autolink_survives_the_escapes(text: str) -> None:
    seen = resolved(plain(text))
    assert not GFM_URL.search(seen) and not GFM_EMAIL.search(seen), seen
    # the escapes alone would not have stopped them (remarkjs/remark-gfm issue 33)
    if re.search(r"https?://|www\.|@", text, re.IGNORECASE):
        bare = resolved(plain(text).replace(WORD_JOINER, ""))
        assert GFM_URL.search(bare) or GFM_EMAIL.search(bare)


def test_ordinary_names_are_unchanged() -> None:
    for name in ("Zoé", "Jean Paul", "Léa 2", "Ørjan", "張偉", "Camille O'Brien"):
        assert plain(name) == name


def test_the_podium_metrics_show_names_escaped() -> None:
    """« Soirées » shows the podium through st.metric, whose label is Markdown."""
    stats = StatsStore(EventStore(default_path()))
    night, key = stats.open_night("Soirée")
    image = stats.create_profile("![x](http://127.0.0.1:9/p.png)")
    link = stats.create_profile("www.exemple.org")
    code = stats.events.import_log(example_log("noe-partie-a-100-points"))
    stats.seat(code, {0: image.id, 1: link.id}, by=ON_SERVER)
    stats.attach(night.id, code, by=ON_SERVER)

    def script() -> None:
        from tableapp.pages.nights import render

        render()

    at = AppTest.from_function(script, default_timeout=30)
    at.query_params.update(as_host({"soiree": str(night.id), "cle": key}))
    at.run()
    assert not at.exception
    labels = [m.label for m in at.metric]
    assert f"1er · {plain(image.name)}" in labels
    assert any(label.endswith(plain(link.name)) for label in labels)
    assert "www" + WORD_JOINER + "\\." in plain(link.name)
