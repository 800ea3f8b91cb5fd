"""Profiles, seats and nights in the store's database: created once, renamed without rewriting
any log, merged without losing a game, and refused in one clear French line."""

from __future__ import annotations

from pathlib import Path

import pytest
from backends import is_postgres, raw_execute
from stats_night import build_night, example_log

from companion.core.errors import UsageError
from companion.events.store import EventStore, UnknownGame
from companion.hosting.access import ON_SERVER
from companion.stats.figures import player_stats
from companion.stats.storage import StatsStore


@pytest.fixture
def stats(db_location: str | Path) -> StatsStore:
    return StatsStore(EventStore(db_location))


def test_profiles_are_unique_by_name_and_checked(stats: StatsStore) -> None:
    alice = stats.create_profile("  Alice  ")
    assert alice.name == "Alice" and alice.colour.startswith("#")
    with pytest.raises(UsageError, match="existe déjà"):
        stats.create_profile("alice")
    with pytest.raises(UsageError, match="vide"):
        stats.create_profile("   ")
    with pytest.raises(UsageError, match="40 caractères"):
        stats.create_profile("x" * 41)
    with pytest.raises(UsageError, match="#rrggbb"):
        stats.create_profile("Bruno", colour="red")
    assert [p.name for p in stats.profiles()] == ["Alice"]
    assert stats.find("ALICE") == alice


def test_renaming_a_profile_does_not_rewrite_history(tmp_path: Path) -> None:
    stats, night, codes, profiles = build_night(tmp_path / "db.sqlite3")
    code = codes["emblemes-partie-a-trois"]
    before = stats.events.export(code)
    stats.update_profile(profiles["Chloé"], name="Chloé B.", colour="#123456", by=ON_SERVER)
    assert stats.events.export(code) == before  # the log still says « vert »
    played = stats.played([code])[0]
    assert played.record.players == ["rouge", "bleu", "vert"]
    assert stats.names()[f"profil:{profiles['Chloé']}"] == "Chloé B."


def test_merging_duplicates_keeps_every_game(tmp_path: Path) -> None:
    stats, night, codes, profiles = build_night(tmp_path / "db.sqlite3")
    twin = stats.create_profile("Chloe (doublon)")
    code = stats.events.import_log(example_log("noe-partie-a-100-points"))
    stats.seat(code, {2: twin.id}, by=ON_SERVER)  # Chloé sat under the duplicate profile
    kept = stats.merge(twin.id, profiles["Chloé"], by=ON_SERVER)
    assert kept.id == profiles["Chloé"]
    assert twin.id not in [p.id for p in stats.profiles()]
    assert stats.profile(twin.id).id == kept.id  # the old id leads to the kept profile
    assert code in stats.profile_codes(kept.id)
    games = stats.played(stats.profile_codes(kept.id))
    assert player_stats(games, f"profil:{kept.id}")["played"] == 8  # 7 + the twin's game
    with pytest.raises(UsageError, match="lui-même"):
        stats.merge(kept.id, twin.id, by=ON_SERVER)


def test_seats_are_checked(stats: StatsStore) -> None:
    code = stats.events.import_log(example_log("noe-corrections"))
    alice = stats.create_profile("Alice")
    with pytest.raises(UsageError, match="pas de place 4"):
        stats.seat(code, {3: alice.id}, by=ON_SERVER)
    with pytest.raises(UsageError, match="une place"):
        stats.seat(code, {0: alice.id, 1: alice.id}, by=ON_SERVER)
    with pytest.raises(UsageError, match="aucun profil"):
        stats.seat(code, {0: 999}, by=ON_SERVER)
    with pytest.raises(UnknownGame):
        stats.seat("ZZZZZZ", {0: alice.id}, by=ON_SERVER)
    stats.seat(code, {0: alice.id}, by=ON_SERVER)
    assert stats.seats(code) == {0: alice.id}


def test_nights_group_games_of_any_kind(stats: StatsStore) -> None:
    night = stats.create_night("Vendredi")
    noe = stats.events.import_log(example_log("noe-corrections"))
    laby = stats.events.import_log(example_log("labystere-partie"))
    assert set(stats.loose_codes()) == {noe, laby}
    stats.attach(night.id, noe, by=ON_SERVER)
    stats.attach(night.id, laby, by=ON_SERVER)
    assert stats.night(night.id).codes == [noe, laby]
    assert stats.night_of(laby) == night.id and stats.loose_codes() == []
    other = stats.create_night("Samedi")
    stats.attach(other.id, laby, by=ON_SERVER)  # a game is in one night at most: it moves
    assert stats.night(night.id).codes == [noe]
    stats.detach(noe, by=ON_SERVER)
    assert stats.night(night.id).codes == [] and stats.loose_codes() == [noe]
    assert [n.title for n in stats.nights()] == ["Samedi", "Vendredi"]
    with pytest.raises(UsageError, match="aucune soirée"):
        stats.attach(999, noe, by=ON_SERVER)
    with pytest.raises(UsageError, match="titre"):
        stats.create_night("")


def test_a_night_opens_with_its_key_only(stats: StatsStore) -> None:
    night, key = stats.open_night("Mardi")
    assert stats.night_key_ok(night.id, key)
    assert not stats.night_key_ok(night.id, key[:-1] + ("A" if key[-1] != "A" else "B"))
    assert not stats.night_key_ok(night.id, None) and not stats.night_key_ok(999, key)
    assert not stats.night_key_ok(stats.create_night("Sans clé connue").id, "")


def test_deleting_a_game_takes_its_seats_and_night_place(stats: StatsStore) -> None:
    if is_postgres(stats.events.path):
        cascades = {(table, other, "CASCADE" if rule == "c" else rule) for table, other, rule
                    in raw_execute(stats.events.path, "SELECT conrelid::regclass::text, "
                                   "confrelid::regclass::text, confdeltype::text "
                                   "FROM pg_constraint WHERE contype = 'f'")}
    else:
        cascades = {(table, row[2], row[6]) for table in ("game_seats", "night_games")
                    for row in raw_execute(stats.events.path,
                                           f"PRAGMA foreign_key_list({table})")}
    assert ("game_seats", "games", "CASCADE") in cascades
    assert ("night_games", "games", "CASCADE") in cascades


def test_a_profile_picture_comes_from_the_art_set(stats: StatsStore) -> None:
    from companion.stats.storage import PICTURES
    from print_kit.draw.art import art_path

    fox = stats.create_profile("Renée", picture="openmoji:1F98A")
    assert fox.picture == "openmoji:1F98A" and PICTURES[fox.picture] == "Renard"
    assert all(art_path(ref).exists() for ref in PICTURES)  # every picture is installed
    with pytest.raises(UsageError, match="image inconnue"):
        stats.update_profile(fox.id, picture="file:/etc/passwd", by=ON_SERVER)
    assert stats.update_profile(fox.id, picture="", by=ON_SERVER).picture == ""
