"""Card images for print services: one PNG per card side, card plus bleed at 300 dpi (600 on
demand), named by id; the two print-service presets (size, bleed, naming) as zips with their
quantities and the credits."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from companion.core.errors import UsageError
from companion.core.loader import load_game
from print_kit.build import kit_files
from print_kit.exports.export import SERVICES, card_images, export_zips, pixels
from print_kit.options import make_options
from tableapp.console import main


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


@pytest.mark.parametrize("dpi", [300, 600])
def test_png_size_is_card_plus_bleed_at_the_dpi(dpi: int) -> None:
    options = make_options("elsen", only=["role-saboteur", "vivant"], card_size="60x90",
                           bleed=2)
    images = card_images(kit_files(options), options.card_mm, options.bleed, dpi)
    assert [i.component for i in images] == ["role-saboteur", "vivant"]
    for image in images:
        expected = (pixels(64, dpi), pixels(94, dpi))
        assert _size(image.front) == expected and image.back is not None
        assert _size(image.back) == expected
    assert expected == ((756, 1110) if dpi == 300 else (1512, 2220))


def test_zip_names_images_by_id_and_counts_copies() -> None:
    options = make_options("camelot")
    files = [f for f in kit_files(options) if f.stem == "camelot-cartes"]
    [(name, data)] = export_zips(files, options.card_mm, options.bleed, False, 300,
                                 None).items()
    assert name == "cartes-png-300dpi.zip"
    zf = zipfile.ZipFile(io.BytesIO(data))
    names = set(zf.namelist())
    comps = [c for c in load_game("camelot").components() if c.group == "cartes"]
    for comp in comps:
        assert f"{comp.id}-recto.png" in names and f"{comp.id}-verso.png" in names
    rows = list(csv.DictReader(io.StringIO(zf.read("quantites.csv").decode())))
    assert {r["composant"]: int(r["exemplaires"]) for r in rows} == {c.id: c.copies for c in comps}
    assert "OpenMoji" in zf.read("CREDITS.txt").decode()


@pytest.mark.parametrize(("service", "size"), [("mpc", (822, 1122)), ("tgc", (825, 1125))])
def test_print_service_presets(service: str, size: tuple[int, int]) -> None:
    options = make_options("noe", only=["archange-noe", "etat-major-abigail"])
    [(name, data)] = export_zips(kit_files(options), options.card_mm, options.bleed, False,
                                 None, service).items()
    assert name == f"{service}.zip"
    zf = zipfile.ZipFile(io.BytesIO(data))
    preset = SERVICES[service]
    first = preset.front.format(n=1, id="archange-noe")
    assert _size(zf.read(first)) == size
    assert preset.back.format(n=2, id="etat-major-abigail", k=1) in zf.namelist()


def test_unknown_service_and_dpi_are_refused() -> None:
    options = make_options("noe", only=["archange-noe"])
    with pytest.raises(UsageError, match="service d'impression inconnu"):
        export_zips(kit_files(options), options.card_mm, options.bleed, False, None, "kinkos")
    with pytest.raises(UsageError, match="300, 600"):
        export_zips(kit_files(options), options.card_mm, options.bleed, False, 150, None)


def test_cli_writes_the_zips_beside_the_pdfs(tmp_path: Path) -> None:
    assert main(["print", "camelot", "--out", str(tmp_path), "--only", "dame-6",
                 "--card-png", "--service", "dtc"]) == 0
    assert (tmp_path / "cartes-png-300dpi.zip").is_file() and (tmp_path / "dtc.zip").is_file()
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert [f["components"] for f in manifest["files"]] == [{"dame-6": 1}]


@pytest.mark.parametrize("dpi", [300, 600])
def test_tokens_and_boards_are_exported_at_their_own_size_plus_bleed(dpi: int) -> None:
    options = make_options("elsen", bleed=2, only=["jeton-reussite", "demi-jeton-reussite",
                                                   "jeton-premier-joueur", "echelle-mission",
                                                   "echelle-fantome"])
    images = {i.component: i for i in card_images(kit_files(options), options.card_mm,
                                                  options.bleed, dpi)}
    sizes = {"jeton-reussite": (25, 25), "demi-jeton-reussite": (25, 25),
             "jeton-premier-joueur": (40, 40), "echelle-mission": (186, 62),
             "echelle-fantome": (186, 62)}
    assert set(images) == set(sizes)
    for cid, (w, h) in sizes.items():
        expected = (pixels(w + 4, dpi), pixels(h + 4, dpi))
        assert _size(images[cid].front) == expected, cid
        assert images[cid].kind == ("plateau" if cid.startswith("echelle") else "jeton")
        if images[cid].kind == "jeton":  # both sides of a token
            assert images[cid].back is not None and _size(images[cid].back) == expected
    # the ladder is drawn, not blank: its boxes' outlines are there
    ladder = Image.open(io.BytesIO(images["echelle-mission"].front)).convert("L")
    assert ladder.getextrema()[0] < 128


def test_the_zips_hold_every_card_token_and_board_of_the_kit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What the zip holds does not depend on its resolution (the sizes at 300 dpi are held
    above and below): the whole kit is exported at 40 dpi, where encoding its ~600 images
    costs seconds instead of half a minute (a resolution offered to no user)."""
    export_globals = card_images.__globals__  # the export module's, wherever it lives
    monkeypatch.setitem(export_globals, "DPIS", (*export_globals["DPIS"], 40))
    options = make_options("all")
    files = kit_files(options)
    names = zipfile.ZipFile(io.BytesIO(export_zips(files, options.card_mm, options.bleed, False,
                                                   40, None)["cartes-png-40dpi.zip"]))
    rows = list(csv.DictReader(io.StringIO(names.read("quantites.csv").decode())))
    exported = {r["composant"]: (r["type"], int(r["exemplaires"])) for r in rows}
    for game in options.games:
        for comp in load_game(game).components(players=options.players if game == "elsen"
                                               else None):
            if comp.kind in ("card", "token", "board"):
                kind = {"card": "carte", "token": "jeton", "board": "plateau"}[comp.kind]
                assert exported.get(comp.id, (None, 0))[0] == kind, comp.id
                assert exported[comp.id][1] == comp.copies, comp.id
                assert f"{comp.id}-recto.png" in names.namelist()


def test_a_service_zip_puts_tokens_and_boards_apart_with_its_bleed() -> None:
    options = make_options("camelot", only=["dame-6", "jeton-bleu"])
    data = export_zips(kit_files(options), options.card_mm, options.bleed, False, None,
                       "mpc")["mpc.zip"]
    zf = zipfile.ZipFile(io.BytesIO(data))
    assert _size(zf.read("001_front.png")) == (822, 1122)  # the card, numbered among cards
    token = zf.read("autres-composants/jeton-bleu_front.png")
    assert _size(token) == (pixels(25 + 2 * 3.05, 300),) * 2
    assert "autres-composants/jeton-bleu_back.png" in zf.namelist()
    assert "002_front.png" not in zf.namelist()


def test_a_zip_unzips_readable_by_everyone_and_is_the_same_twice(tmp_path: Path) -> None:
    """Unzipped by a print shop's `unzip`, every file is rw-r--r--: Python's zipfile would mark
    them 0600 (owner only), and `unzip` applies what the zip says. PNGs are stored as they
    are, text is deflated; the same kit gives the same bytes."""
    options = make_options("camelot", only=["dame-6"])
    zips = [export_zips(kit_files(options), options.card_mm, options.bleed, False, 300, None)
            for _ in range(2)]
    assert zips[0] == zips[1]
    [(name, data)] = zips[0].items()
    zf = zipfile.ZipFile(io.BytesIO(data))
    for info in zf.infolist():
        assert info.external_attr >> 16 == 0o100644, info.filename
        stored = info.filename.endswith(".png")
        assert info.compress_type == (zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED)
    if shutil.which("unzip") is None:
        return  # what the zip says is checked above; `unzip` shows what a user gets
    (tmp_path / name).write_bytes(data)
    subprocess.run(["unzip", "-q", name], cwd=tmp_path, check=True)
    extracted = [p for p in tmp_path.rglob("*") if p.is_file() and p.name != name]
    assert len(extracted) == len(zf.infolist())
    assert all(p.stat().st_mode & 0o777 == 0o644 for p in extracted)
