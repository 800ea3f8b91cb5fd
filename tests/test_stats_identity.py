"""One person, one name (issue 36), under the profile's right (issue 38): a name typed at a seat
and a saved profile with that name (case, spaces and Unicode form folded,
companion/stats/identity.py) are one player on a night's podium, in its chart, in the statistics
and in the exports once the seat is tied to the profile, by a device that may change it or by
its owner accepting the request the typed name makes (companion/stats/seats.py, registre
TAB-8). Until then the typed name is a guest's, shown apart (« chloé (2) »): a stranger who
types a name writes nothing into that person's statistics.

The night of the finding, as « Autre jeu » games of one round (four players: 1, ⅔, ⅓, 0
points by place), with the profiles Alice, Bruno and Chloé saved, each by its own device:
- game 1, names typed by a stranger's device: Alice 30, Bruno 20, « chloé » 40, David 10;
- game 2, the profiles picked by the organiser: Alice 20, Bruno 30, Chloé 40, David 10;
- game 3, names typed by a stranger's device: « ALICE » 40, « bruno » 10, Chloé 20, David 30.
Once each owner accepted: Chloé 2 wins, 1 + 1 + ⅓ = 2,33 points; Alice: 1 win, ⅔ + ⅓ + 1 = 2;
Bruno: 0, ⅓ + ⅔ + 0 = 1; David (a guest): 0, 0 + 0 + ⅔ = 0,67. Before issue 36, the podium
read « 1er Alice 1 »: each of Alice, Bruno and Chloé was two players with one win at most."""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import UsageError
from companion.events.store import EventStore
from companion.hosting.access import ON_SERVER, SharedRights, new_secret
from companion.stats.charts import podium_spec
from companion.stats.figures import Played, player_stats
from companion.stats.identity import fold
from companion.stats.podium import podium
from companion.stats.record import GameRecord, place_points, points_text
from companion.stats.report import night_csv, night_report, player_report
from companion.stats.storage import StatsStore

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "log-examples"
PROFILES = ("Alice", "Bruno", "Chloé")
GAMES = [(["Alice", "Bruno", "chloé", "David"], [30, 20, 40, 10], False),
         (["Alice", "Bruno", "Chloé", "David"], [20, 30, 40, 10], True),
         (["ALICE", "bruno", "Chloé", "David"], [40, 10, 20, 30], False)]


def night_of_the_finding(path: Path, accepted: bool = True) -> tuple[StatsStore, int,
                                                                     dict[str, int]]:
    """The night; `accepted`: each profile's own device accepted the games its name was typed
    in (the requests of companion/stats/seats.py)."""
    stats = StatsStore(EventStore(path))
    owners = {name: new_secret() for name in PROFILES}
    profiles = {name: stats.create_profile(name, creator=owners[name]).id for name in PROFILES}
    stranger = SharedRights(creator=new_secret())
    night = stats.create_night("Soirée du constat")
    for players, scores, seated in GAMES:
        code = stats.events.create("libre", {"name": "Tarot", "players": players,
                                             "winner": "high", "rounds": 1})
        stats.events.append(code, {"type": "round", "scores": dict(zip(players, scores,
                                                                       strict=True))}, 0)
        waiting = stats.seat_by_name(code, players, by=ON_SERVER if seated else stranger)
        assert waiting == ([] if seated else [n for n in players if n != "David"])
        stats.attach(night.id, code, by=ON_SERVER)
    if accepted:
        for name, profile in profiles.items():
            requests, _total = stats.seat_requests(profile)
            for request in requests:
                stats.seat(request.code, {request.seat: profile},
                           by=SharedRights(creator=owners[name]))
    return stats, night.id, profiles


def test_a_strangers_typed_names_count_for_nobodys_profile(tmp_path: Path) -> None:
    """Before the owners accept: each profile has the one game the organiser seated; the
    typed names are guests, shown apart from the profiles; the requests wait on the profile."""
    stats, night, profiles = night_of_the_finding(tmp_path / "db.sqlite3", accepted=False)
    games = stats.played(stats.night(night).codes)
    rows = {r.name: (r.wins, r.played) for r in podium(games, stats.names(), "victoires")}
    assert rows["Chloé"] == (1, 1) and rows["Alice"] == (0, 1) and rows["Bruno"] == (0, 1)
    assert rows["chloé (2)"] == (1, 2) and rows["Alice (2)"] == (1, 2)
    assert rows["Bruno (2)"] == (0, 2) and rows["David"] == (0, 3)
    chloe = profiles["Chloé"]
    assert len(stats.profile_codes(chloe)) == 1
    assert player_report(stats, stats.profile(chloe))["stats"]["played"] == 1
    requests, total = stats.seat_requests(chloe)
    assert total == 2 and [(r.seat, r.name) for r in requests] == [(2, "Chloé"), (2, "chloé")]


def chart_bars(spec: dict) -> list[tuple[str, int, float, str]]:
    return [(v["Joueur"], v["wins"], v["points"], v["valeur"]) for v in spec["data"]["values"]]


def test_the_findings_night_crowns_chloe_once(tmp_path: Path) -> None:
    stats, night, profiles = night_of_the_finding(tmp_path / "db.sqlite3")
    games = stats.played(stats.night(night).codes)
    rows = podium(games, stats.names(), "victoires")
    assert [(r.rank, r.name, r.wins, r.played) for r in rows] == [
        (1, "Chloé", 2, 3), (2, "Alice", 1, 3), (3, "Bruno", 0, 3), (4, "David", 0, 3)]
    assert rows[0].key == f"profil:{profiles['Chloé']}"
    by_points = podium(games, stats.names(), "points")
    assert [(r.name, points_text(r.points)) for r in by_points] == [
        ("Chloé", "2,33"), ("Alice", "2"), ("Bruno", "1"), ("David", "0,67")]
    # the chart beside the podium: one bar per podium row, the same figures, the same text
    assert chart_bars(podium_spec(rows, "victoires")) == [
        ("Chloé", 2, 2.3333, "2"), ("Alice", 1, 2.0, "1"), ("Bruno", 0, 1.0, "0"),
        ("David", 0, 0.6667, "0")]
    assert [b[3] for b in chart_bars(podium_spec(by_points, "points"))] == [
        "2,33", "2", "1", "0,67"]


def test_the_exports_and_the_players_page_say_the_same(tmp_path: Path) -> None:
    stats, night, profiles = night_of_the_finding(tmp_path / "db.sqlite3")
    report = night_report(stats, night, "victoires")
    assert [(r["player"], r["wins"]) for r in report["podium"]] == [
        ("Chloé", 2), ("Alice", 1), ("Bruno", 0), ("David", 0)]
    assert set(report["players"]) == {"Chloé", "Alice", "Bruno", "David"}
    assert [g["winners"] for g in report["games"]] == [["Chloé"], ["Chloé"], ["Alice"]]
    # a typed spelling is shown under the profile's name, not as « Chloé (chloé) »
    assert report["games"][0]["players"] == ["Alice", "Bruno", "Chloé", "David"]
    # « Autre jeu » by name: its wins per player are per person too
    assert report["per_game"]["libre"]["by_name"]["tarot"]["wins"] == {"Chloé": 2,
                                                                           "Alice": 1}
    rows = list(csv.DictReader(io.StringIO(night_csv(stats, night))))
    assert {r["joueur"] for r in rows} == {"Alice", "Bruno", "Chloé", "David"}
    assert [r["nom dans la partie"] for r in rows if r["joueur"] == "Chloé"] == [
        "chloé", "Chloé", "Chloé"]
    assert [r["points par place"] for r in rows if r["joueur"] == "Bruno"] == [
        "0,33", "0,67", "0"]
    # the Joueurs page: Chloé's history holds the games her name was typed in
    chloe = stats.profile(profiles["Chloé"])
    assert len(stats.profile_codes(chloe.id)) == 3
    mine = player_report(stats, chloe)
    assert (mine["stats"]["played"], mine["stats"]["won"]) == (3, 2)
    assert [g["seat"] for g in mine["games"]] == ["chloé", "Chloé", "Chloé"]


def test_a_typed_name_is_someone_else_where_the_profile_sits_elsewhere(tmp_path: Path) -> None:
    """Alice's profile sat as « rouge » and a guest typed « Alice » sat too: that game has two
    people, the guest stays a guest, shown « Alice (2) » so no chart merges them; in another
    game, « alice » typed alone is a request, the profile once accepted."""
    stats = StatsStore(EventStore(tmp_path / "db.sqlite3"))
    alice = stats.create_profile("Alice")
    codes = []
    for players, scores in ((["rouge", "Alice"], [10, 20]), (["alice", "Zoé"], [30, 0])):
        code = stats.events.create("libre", {"name": "Yams", "players": players,
                                             "winner": "high", "rounds": 1})
        stats.events.append(code, {"type": "round", "scores": dict(zip(players, scores,
                                                                       strict=True))}, 0)
        codes.append(code)
    stats.seat(codes[0], {0: alice.id}, by=ON_SERVER)
    # game 1 makes no request (the profile sits there); game 2's « alice » does, accepted
    requests, total = stats.seat_requests(alice.id)
    assert total == 1 and (requests[0].code, requests[0].seat) == (codes[1], 0)
    stats.seat(codes[1], {0: alice.id}, by=ON_SERVER)
    assert stats.seat_requests(alice.id) == ([], 0)
    games = stats.played(codes)
    assert games[0].key("rouge") == alice.key and games[0].key("Alice") == "nom:alice"
    assert games[1].key("alice") == alice.key
    rows = podium(games, stats.names())
    assert [(r.name, r.wins, r.played) for r in rows] == [
        ("Alice", 1, 2), ("Alice (2)", 1, 1), ("Zoé", 0, 1)]
    assert player_stats(games, alice.key)["won"] == 1
    assert [g["seat"] for g in player_report(stats, alice)["games"]] == ["rouge", "alice"]


def test_one_folding_for_profiles_and_typed_names(tmp_path: Path) -> None:
    decomposed = unicodedata.normalize("NFD", "Chloé")
    assert fold("  CHLOÉ ") == fold("chloé") == fold(decomposed) == "chloé"
    assert fold("Chloe") != fold("Chloé")  # accents are kept, as profiles keep them
    assert fold("Jean  Paul") == fold("jean paul")
    stats = StatsStore(EventStore(tmp_path / "db.sqlite3"))
    chloe = stats.create_profile("Chloé")
    assert stats.find(decomposed) == chloe and stats.find(" chloé ") == chloe
    for same in (decomposed, "CHLOÉ"):
        try:
            stats.create_profile(same)
        except UsageError as exc:
            assert "existe déjà" in str(exc)
        else:
            raise AssertionError(f"{same!r} saved twice")
    assert stats.create_profile("Chloe").name == "Chloe"


# --- property: the podium and its chart are the same figures, whatever the spellings -------

PEOPLE = ["Chloé", "Alice", "Bruno", "Élodie", "Jean Paul"]


def spellings(name: str) -> st.SearchStrategy[str]:
    """How a table may type a name: its case, its spaces, its accents composed or not."""
    return st.sampled_from([name, name.lower(), name.upper(), f" {name} ",
                            name.replace(" ", "  "), unicodedata.normalize("NFD", name)])


@st.composite
def nights(draw: st.DrawFn) -> tuple[list[Played], dict[str, str]]:
    saved = draw(st.lists(st.sampled_from(PEOPLE), unique=True))
    profiles = {f"profil:{i}": name for i, name in enumerate(saved, start=1)}
    by_name = {name: key for key, name in profiles.items()}
    games = []
    for _ in range(draw(st.integers(1, 6))):
        people = draw(st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=5, unique=True))
        typed = [draw(spellings(p)) for p in people]
        finished = draw(st.booleans())
        places = draw(st.lists(st.integers(1, len(people)), min_size=len(people),
                               max_size=len(people)))
        best = min(places)
        record = GameRecord(
            game="libre", players=typed, finished=finished,
            winners=[n for n, p in zip(typed, places, strict=True) if p == best] if finished
            else [], places=dict(zip(typed, places, strict=True)) if finished else {},
            scores=None, score_unit="points", rounds=None)
        # some seats have their profile picked, the others only typed
        who = {n: by_name[p] for n, p in zip(typed, people, strict=True)
               if p in by_name and draw(st.booleans())}
        games.append(Played(record, who))
    return games, profiles


@settings(max_examples=150, deadline=None)
@given(night=nights(), ranking=st.sampled_from(["victoires", "points"]))
def test_the_podium_and_its_chart_are_the_same_figures(night: tuple[list[Played], dict[str, str]],
                                                       ranking: str) -> None:
    games, profiles = night
    rows = podium(games, profiles, ranking)
    bars = chart_bars(podium_spec(rows, ranking))
    assert [(b[0], b[1], b[2]) for b in bars] == [(r.name, r.wins, r.points) for r in rows]
    # one row per player, whatever the spellings, and no two rows under one name: no chart
    # can merge two rows (a typed name not tied to its profile is someone else's row)
    assert len({fold(r.name) for r in rows}) == len(rows)
    assert len(rows) == len({g.key(n) for g in games for n in g.record.players})
    # a profile under its own spelling, anyone else under a spelling typed (« (2) » after it
    # when a profile or an earlier guest holds that name)
    typed = {" ".join(n.split()) for g in games for n in g.record.players}
    for r in rows:
        if r.key in profiles:
            assert r.name == profiles[r.key]
        else:
            assert r.name in typed or r.name.rsplit(" (", 1)[0] in typed
    # no win and no point is lost or counted twice
    finished = [g.record for g in games if g.record.finished]
    assert sum(r.wins for r in rows) == sum(len(rec.winners) for rec in finished)
    total = sum(place_points(p, len(rec.players)) for rec in finished for p in rec.places.values())
    assert abs(sum(r.points for r in rows) - total) < 1e-3
    # the podium's best is the chart's top bar
    if rows:
        assert bars[0][0] == rows[0].name and rows[0].rank == 1


def test_the_players_page_counts_accepted_seats_and_writes_french(tmp_path: Path) -> None:
    """The Joueurs page (headless): Chloé's row counts the games she was seated at or
    accepted, her points are « 2,33 »; an imported game where « Chloé » was typed counts once
    accepted; « Autre jeu »'s last play is a French date, not « 2026-11-27 »."""
    from streamlit.testing.v1 import AppTest

    from companion.events.store import default_path
    from companion.stats.report import french_date

    stats, _night, _profiles = night_of_the_finding(default_path())
    skull_king = json.loads((EXAMPLES / "libre-skull-king.json").read_text(encoding="utf-8"))
    stats.events.import_log(skull_king)  # played on 2026-11-27 (the log's own date)

    def script() -> None:
        from tableapp.pages.players import render

        render()

    at = AppTest.from_function(script, default_timeout=60).run()
    assert not at.exception
    roster = at.dataframe[0].value
    chloe = roster[roster["Joueur"] == "Chloé"].iloc[0]
    assert (chloe["Parties"], chloe["Victoires"], chloe["Points par place"]) == (3, 2, "2,33")
    requests, total = stats.seat_requests(_profiles["Chloé"])
    assert total == 1 and requests[0].title.startswith("Skull King")
    stats.seat(requests[0].code, {requests[0].seat: _profiles["Chloé"]}, by=ON_SERVER)
    roster = at.run().dataframe[0].value
    assert roster[roster["Joueur"] == "Chloé"].iloc[0]["Parties"] == 4
    named = next(d.value for d in at.dataframe if "Dernière partie" in d.value.columns)
    skull = named[named["Jeu"] == "Skull King"].iloc[0]
    assert skull["Dernière partie"] == french_date(skull_king["created"]) == "27 nov. 2026"
