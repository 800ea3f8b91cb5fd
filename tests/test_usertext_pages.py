"""Headless twin of tests/test_browser_hostile_names.py (AppTest, issue 22 item 5): each
example log played by hostile names, opened on its game page by the host at several points of
the game (so every phase's entry form is drawn) with the history open. Every text the page
sends to an element that renders Markdown (markdown, captions, boxes, headers, toasts, metrics,
tables, widget labels, the options of pills, radios and segmented controls) must hold no
Markdown link or image, no HTML tag and nothing GFM would autolink."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from hostile import renamed
from hosting import as_host
from stats_night import LOGS, example_log
from streamlit.testing.v1 import AppTest

from companion.store import EventStore, default_path
from tableapp.gamepage import HISTORY

PAGES = {"noe": ("tableapp.pages.noe", "play"), "emblemes": ("tableapp.pages.emblemes", "render"),
         "labystere": ("tableapp.pages.labystere", "play"),
         "camelot": ("tableapp.pages.camelot", "play"), "elsen": ("tableapp.pages.elsen", "render")}
POINTS = 4  # prefixes of each log opened: the start, two points on the way, the end
# what Markdown would turn into a link, an image or HTML (plain() escapes every « ]( » and
# « < », and puts a word joiner inside « http: », « www. » and after « @ »)
MARKUP = re.compile(r"(?<!\\)\]\\?\(|(?<!\\)<[a-z/!]|https?\\?:|www\\?\.|@(?!\u2060)",
                    re.IGNORECASE)
# the app's own HTML (st.markdown with unsafe_allow_html): names there are html.escape'd
RAW_MARKUP = re.compile(r"<(img|a)\b|\]\(|https?:|www\.", re.IGNORECASE)
# elements that show their text as it is: user text goes there unescaped
LITERAL = {"text", "code", "dataframe", "html", "json", "selectbox", "multiselect"}


def script(module: str, function: str) -> None:
    import importlib

    getattr(importlib.import_module(module), function)()


def nodes(node: Any) -> Iterator[Any]:
    yield node
    children = getattr(node, "children", None)
    for child in (children.values() if isinstance(children, dict) else []):
        yield from nodes(child)


def markdown_texts(at: AppTest) -> Iterator[tuple[str, str]]:
    """(element type, text) for every text sent to an element that renders Markdown; « html »
    for the app's own HTML."""
    for node in nodes(at._tree):
        kind = getattr(node, "type", "")
        if kind in LITERAL:
            continue
        proto = getattr(node, "proto", None)
        if getattr(proto, "allow_html", False):
            yield "html", proto.body
            continue
        for field in ("body", "label", "value", "delta", "caption", "help", "placeholder"):
            value = getattr(proto, field, None) if proto is not None else None
            if isinstance(value, str) and value:
                yield kind, value
        for option in getattr(proto, "options", []) if proto is not None else []:
            content = getattr(option, "content", option)
            if isinstance(content, str):
                yield kind, content
        if kind == "arrow_table":
            frame = node.value
            yield kind, " ".join(map(str, [*frame.columns, *frame.to_numpy().ravel()]))


@pytest.mark.parametrize("log_name", LOGS)
def test_no_hostile_name_reaches_markdown_unescaped(log_name: str) -> None:
    log = renamed(example_log(log_name), LOGS.index(log_name))
    events = log["events"]
    store = EventStore(default_path())
    module, function = PAGES[log["game"]]
    seen = 0
    for point in range(POINTS):
        cut = dict(log, events=events[:len(events) * point // (POINTS - 1)])
        code = store.import_log(cut)
        at = AppTest.from_function(script, args=(module, function), default_timeout=30)
        at.query_params.update(as_host({"code": code}))
        at.session_state["tb_panel"] = HISTORY
        at.run()
        assert not at.exception, at.exception
        for kind, text in markdown_texts(at):
            bad = (RAW_MARKUP if kind == "html" else MARKUP).search(text)
            assert not bad, f"{log_name}[:{len(cut['events'])}] {kind} : {text!r}"
            seen += 1
    assert seen > 20  # the walk did reach the page's elements
