"""ELSEN roles on the players' own phones (issue 25): a private seat link per player
(companion/hosting/seats.py) opens the public view plus that seat's role, after a tap only;
the public view, a damaged link or an old one never carry a role."""

from __future__ import annotations

import re

import pytest
from hosting import as_host
from streamlit.testing.v1 import AppTest

from companion.events.store import EventStore, default_path
from companion.hosting import seats
from companion.hosting.positions import Positions

ROLES = {"Jean": "saboteur", "Paul": "faineant", "Pierre": "travailleur", "Marie": "policier",
         "Julie": "voyante"}
SPECIALS = ["voyante", "policier", "travailleur", "faineant"]
ROLE_NAMES = ["Saboteur", "Fainéant", "Travailleur", "Policier", "Voyante"]


def elsen(**query: str) -> AppTest:
    def script() -> None:
        import tableapp.pages.elsen as page

        page.render()

    at = AppTest.from_function(script, default_timeout=30)
    at.query_params.update(query)
    return at


def everything(at: AppTest) -> str:
    """All the text the page sent, whatever its element (each element's message)."""
    out: list[str] = []

    def walk(node: object) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            out.append(str(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return "\n".join(out)


def dealt_game() -> str:
    store = EventStore()
    code = store.create("elsen", {"players": list(ROLES), "special_roles": SPECIALS})
    store.append(code, {"type": "deal", "method": "cards", "roles": ROLES}, 0)
    return code


def roles_named(text: str) -> list[str]:
    return [name for name in ROLE_NAMES if re.search(rf"\b{name}\b", text)]


def test_a_seat_link_names_one_seat_and_only_its_own() -> None:
    positions = Positions(default_path())
    code = dealt_game()
    tokens = seats.issue(positions, code, list(ROLES))
    assert len(set(tokens.values())) == len(ROLES)
    for seat, token in tokens.items():
        assert seats.seat_of(positions, code, token) == seat
    assert seats.seat_of(positions, code, None) is None
    assert seats.seat_of(positions, code, "x" * 22) is None  # well formed, nobody's
    assert seats.seat_of(positions, code, "<script>") is None
    assert tokens["Jean"] not in str(positions.get(code, seats.SEATS))  # only hashes stored
    again = seats.issue(positions, code, list(ROLES))  # made again: the old links are dead
    assert seats.seat_of(positions, code, tokens["Jean"]) is None
    assert seats.seat_of(positions, code, again["Jean"]) == "Jean"
    seats.revoke(positions, code)
    assert seats.seat_of(positions, code, again["Jean"]) is None


def test_the_role_shows_on_its_own_phone_after_a_tap_and_never_on_the_public_view() -> None:
    code = dealt_game()
    token = seats.issue(Positions(default_path()), code, list(ROLES))["Paul"]
    public = elsen(code=code, view="public").run()
    assert not public.exception and roles_named(everything(public)) == []
    assert "Voir mon rôle" not in everything(public)
    phone = elsen(code=code, view="public", seat=token).run()
    assert not phone.exception
    assert "Ta place" in everything(phone) and roles_named(everything(phone)) == []
    phone.button(key="elsen_role_show").click().run()
    assert roles_named(everything(phone)) == ["Fainéant"]  # Paul's, nobody else's
    phone.button(key="elsen_role_hide").click().run()
    assert roles_named(everything(phone)) == []


@pytest.mark.parametrize("token", ["A" * 22, "pas-un-lien", ""])
def test_a_dead_or_damaged_link_opens_the_public_view_only(token: str) -> None:
    code = dealt_game()
    seats.issue(Positions(default_path()), code, list(ROLES))
    at = elsen(code=code, view="public", seat=token).run()
    assert not at.exception
    assert "Voir mon rôle" not in everything(at) and roles_named(everything(at)) == []


def test_the_host_makes_the_links_and_shows_one_at_a_time() -> None:
    code = dealt_game()
    at = elsen(**as_host({"code": code})).run()
    at.toggle(key="elsen_seats").set_value(True).run()
    at.button(key="elsen_seats_make").click().run()
    at.segmented_control(key="elsen_seats_who").set_value("Marie").run()
    [link] = [c.value for c in at.code if "seat=" in c.value]
    token = link.rsplit("seat=", 1)[1]
    assert "view=public" in link
    assert seats.seat_of(Positions(default_path()), code, token) == "Marie"


def test_a_seated_phone_reads_a_toi_on_its_turn() -> None:
    """« À toi » on the seat whose turn it is (ELSEN: the first player chooses the team)."""
    code = dealt_game()
    store = EventStore()
    store.append(code, {"type": "recognition"}, store.seq(code))
    tokens = seats.issue(Positions(default_path()), code, list(ROLES))
    jean = elsen(code=code, view="public", seat=tokens["Jean"]).run()
    assert "À toi, Jean" in everything(jean)
    paul = elsen(code=code, view="public", seat=tokens["Paul"]).run()
    assert "À toi" not in everything(paul) and "Au tour de Jean" in everything(paul)
    picked = elsen(code=code, view="public", place="0").run()  # the seat picked, no link
    assert "À toi, Jean" in everything(picked)
