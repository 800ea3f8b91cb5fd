"""Printing what you need: `--only`, card size presets and a custom WxH, the user's own
pictures (`--art DIR`), an author's deck without game code, and every card illustrated."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from companion.core.errors import UsageError
from companion.core.registry import GAMES
from print_kit.build import build_kit, faces_of, plans, print_files
from print_kit.decks.decks import CardSpec, build_deck_kit
from print_kit.layout.geometry import CARD_SIZES
from print_kit.options import make_options, parse_card_size
from tableapp.console import main

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
       '<circle cx="5" cy="5" r="4" fill="#c02030"/></svg>')


def test_only_prints_exactly_the_asked_cards() -> None:
    kit = build_kit(make_options("all", only=["vert-1", "role-saboteur=2", "suspect-renard",
                                              "vert-1"]))
    printed: dict[str, int] = {}
    for f in kit.files:
        for cid, n in f.components.items():
            printed[cid] = printed.get(cid, 0) + n
    assert printed == {"vert-1": 2, "role-saboteur": 2, "suspect-renard": 1}
    names = {f.name for f in kit.files}
    assert names == {"camelot-cartes.pdf", "elsen-roles.pdf", "labystere-actions.pdf"}
    for f in kit.files:  # one front page and its back page each
        assert f.pages == 2, f.name
    assert kit.manifest()["options"]["only"][0] == {"id": "vert-1", "copies": 2}


def test_only_refuses_an_unknown_id_and_one_these_options_do_not_print() -> None:
    with pytest.raises(UsageError, match="inconnu « perdu »"):
        make_options("camelot", only=["perdu"])
    with pytest.raises(UsageError, match="n'est pas imprimé"):
        build_kit(make_options("noe", level=1, only=["attentat-todorov"]))


def test_cli_only_writes_a_replacement_sheet(tmp_path: Path) -> None:
    assert main(["print", "camelot", "--out", str(tmp_path), "--only", "dame-6"]) == 0
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert [f["components"] for f in manifest["files"]] == [{"dame-6": 1}]


@pytest.mark.parametrize(("text", "size"), [("poker", (63.0, 88.0)), ("60x90", (60.0, 90.0)),
                                            ("63,5×88,9", (63.5, 88.9)), ("50 x 50 mm",
                                                                          (50.0, 50.0))])
def test_card_sizes_presets_and_custom(text: str, size: tuple[float, float]) -> None:
    assert parse_card_size(text) == size


def test_a_custom_size_is_the_size_of_every_card_slot() -> None:
    options = make_options("camelot", card_size="60x90", layout="fronts")
    pf = print_files("camelot", options)[0]
    rects = {(p.rect.w, p.rect.h) for plan in plans(pf, options) for p in plan.placements}
    assert rects == {(60.0, 90.0)}


@pytest.mark.parametrize("bad", ["60", "10x90", "63x300", "grand"])
def test_bad_card_sizes_are_refused_in_french(bad: str) -> None:
    with pytest.raises(UsageError, match="taille de carte"):
        make_options("camelot", card_size=bad)


def test_every_card_and_token_has_a_picture() -> None:
    options = make_options("all")
    for game in GAMES:
        for pf in print_files(game, options):
            for face in faces_of(pf):
                assert face.art, (pf.stem, face.key)


def test_user_art_replaces_the_picture_and_is_credited(tmp_path: Path) -> None:
    (tmp_path / "vert-1.svg").write_text(SVG)
    Image.new("RGB", (20, 30), (10, 200, 30)).save(tmp_path / "dame-6.png")
    kit = build_kit(make_options("camelot", art_dir=tmp_path, only=["vert-1", "dame-6"]))
    [f] = kit.files
    assert "vos images (--art)" in f.art
    assert f.components == {"vert-1": 1, "dame-6": 1}


@pytest.mark.parametrize(("name", "content", "message"), [
    ("vert-1.svg", "<svg", "image illisible"),
    ("vert-1.png", "pas une image", "image illisible"),
    ("inconnue.svg", SVG, "aucune carte n'a l'identifiant"),
    ("vert-1.gif", "GIF89a", "format non pris en charge"),
])
def test_bad_user_art_is_refused_with_its_path(tmp_path: Path, name: str, content: str,
                                               message: str) -> None:
    (tmp_path / name).write_text(content)
    with pytest.raises(UsageError, match=message) as err:
        build_kit(make_options("camelot", art_dir=tmp_path))
    assert str(tmp_path / name) in str(err.value)


def test_a_missing_art_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="introuvable"):
        build_kit(make_options("camelot", art_dir=tmp_path / "absent"))


def test_an_authors_deck_prints_without_game_code() -> None:
    cards = [CardSpec("dragon", "Dragon", copies=2, category="Monstre", colour="rouge",
                      value="7", text="Brûle une carte.", back="Monstres",
                      art="openmoji:1F409"),
             CardSpec("elfe", "Elfe", copies=3, category="Allié", colour="#2a7f62", value="3",
                      text="Pioche deux cartes.", back="Monstres")]
    kit = build_deck_kit("atelier", "Mon jeu", cards, make_options("all"), secret=True)
    [f] = kit.files
    assert f.components == {"dragon": 2, "elfe": 3}
    assert f.pages == 3 and f.secret_decks == ("Mon jeu",)  # fronts, backs, OpenMoji credits
    only = build_deck_kit("atelier", "Mon jeu", cards, make_options("all"), only=["elfe=2"])
    assert only.files[0].components == {"elfe": 2}
    with pytest.raises(UsageError, match="couleur inconnue"):
        build_deck_kit("atelier", "Mon jeu", [CardSpec("x", "X", colour="fuchsia")],
                       make_options("all"))


def test_presets_fit_a4() -> None:
    for name in CARD_SIZES:
        make_options("camelot", card_size=name, bleed=0)


def test_the_app_gets_the_printed_pictures() -> None:
    from print_kit.draw.artdraw import component_art, component_art_png, group_pictures

    assert component_art("elsen", "role-saboteur") == "openmoji:1F527"
    png = component_art_png("elsen", "role-saboteur", 64)
    assert png is not None and Image.open(io.BytesIO(png)).size == (64, 64)
    assert component_art("elsen", "inconnu") is None
    assert [g for g, _ in group_pictures("camelot")] == ["cartes", "jetons"]
