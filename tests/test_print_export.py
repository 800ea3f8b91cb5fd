"""Card images for print services: one PNG per card side, card plus bleed at 300 dpi (600 on
demand), named by id; the two print-service presets (size, bleed, naming) as zips with their
quantities and the credits."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from companion.cli import main
from companion.errors import UsageError
from companion.loader import load_game
from print_kit.build import kit_files
from print_kit.export import SERVICES, card_images, export_zips, pixels
from print_kit.options import make_options


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
    assert {r["carte"]: int(r["exemplaires"]) for r in rows} == {c.id: c.copies for c in comps}
    assert "OpenMoji" in zf.read("CREDITS.txt").decode()


@pytest.mark.parametrize(("service", "size"), [("mpc", (822, 1122)), ("dtc", (825, 1125))])
def test_print_service_presets(service: str, size: tuple[int, int]) -> None:
    options = make_options("noe", only=["archange-noe", "etat-major-abigail"])
    [(name, data)] = export_zips(kit_files(options), options.card_mm, options.bleed, False,
                                 None, service).items()
    assert name == f"{service}.zip"
    zf = zipfile.ZipFile(io.BytesIO(data))
    preset = SERVICES[service]
    first = preset.front.format(n=1, id="archange-noe")
    assert _size(zf.read(first)) == size
    assert preset.back.format(n=2, id="etat-major-abigail") in zf.namelist()


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
