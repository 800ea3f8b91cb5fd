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
from hostile import HOSTILE, TRAP, renamed
from hosting import as_host
from stats_night import LOGS, example_log
from streamlit.testing.v1 import AppTest

from companion.core.loader import load_game
from companion.events.store import EventStore, default_path
from companion.hosting.access import ON_SERVER
from companion.stats.storage import StatsStore
from tableapp.table.gamepage import HISTORY

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
        # an input's value is what was typed, shown as it is; a metric's value is Markdown
        fields = ("body", "label", "caption", "help") + (
            ("value", "delta") if kind == "metric" else ())
        for field in fields:
            value = getattr(proto, field, None) if proto is not None else None
            if isinstance(value, str) and value:
                yield kind, value
        for option in getattr(proto, "options", []) if proto is not None else []:
            content = getattr(option, "content", option)
            if isinstance(content, str):
                yield kind, content
        if kind == "table":
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
        seen += check(at, f"{log_name}[:{len(cut['events'])}]")
    assert seen > 20  # the walk did reach the page's elements


def hostile_night() -> tuple[int, str]:
    """Hostile profiles and a hostile soirée holding the example games played by them."""
    stats = StatsStore(EventStore(default_path()))
    profiles = {name: stats.create_profile(name).id for name in HOSTILE}
    night, key = stats.open_night(f"![n](http://{TRAP}n.png) <b>soirée</b> www.s.invalid")
    for offset, name in enumerate(LOGS):
        log = renamed(example_log(name), offset)
        code = stats.events.import_log(log)
        stats.seat(code, {seat: profiles[player]
                          for seat, player in enumerate(log["setup"]["players"])}, by=ON_SERVER)
        stats.attach(night.id, code, by=ON_SERVER)
    return night.id, key


def check(at: AppTest, where: str) -> int:
    assert not at.exception, at.exception
    seen = 0
    for kind, text in markdown_texts(at):
        bad = (RAW_MARKUP if kind == "html" else MARKUP).search(text)
        assert not bad, f"{where} {kind} : {text!r}"
        seen += 1
    return seen


def test_new_games_nights_and_players_show_names_escaped() -> None:
    """Each game's new-game form with its seats named (the game's own setup form, the
    profiles' chips, the soirée it will join), the soirée (podium, games, statistics) and each
    profile's page."""
    night, key = hostile_night()
    for game, (module, function) in PAGES.items():
        low = load_game(game).players.min
        at = AppTest.from_function(script, args=(module, function), default_timeout=30)
        for seat in range(low):
            at.session_state[f"np_{game}_seat_{seat}"] = HOSTILE[seat]
        at.session_state["_compagnon_night"] = (night, key)
        at.run()
        assert check(at, f"nouvelle partie de {game}") > 10
        assert any(b.label == "Commencer la partie" and not b.disabled for b in at.button)
    at = AppTest.from_function(script, args=("tableapp.pages.nights", "render"),
                               default_timeout=30)
    at.query_params.update({"soiree": str(night), "cle": key})
    at.run()
    assert len(at.metric) == 3 and check(at, "soirée") > 10
    stats = StatsStore(EventStore(default_path()))
    for profile in stats.profiles():
        at = AppTest.from_function(script, args=("tableapp.pages.players", "render"),
                                   default_timeout=30)
        at.session_state["player_chosen"] = profile.id
        at.run()
        assert check(at, f"joueur {profile.name}") > 5
