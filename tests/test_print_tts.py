"""Tabletop Simulator export (issue 29): per deck, sheets of at most 10 × 7 cards under 4096 px
(RGB), the back image, and a saved object whose cards are the deck's copies, each naming the
sheet cell that holds its face, checked by cutting the sheet at that cell and comparing it with
the card's own PNG."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from print_kit.build import kit_files
from print_kit.exports.export import card_images, export_zips
from print_kit.exports.printshops import card_decks
from print_kit.exports.tts import MAX_COLS, MAX_ROWS, PER_SHEET, cell_size
from print_kit.options import make_options
from tableapp.console import main


def _export(game: str, out: Path, **choices: Any) -> tuple[zipfile.ZipFile, Any]:
    options = make_options(game, **choices)
    files = kit_files(options)
    [(name, data)] = export_zips(files, options.card_mm, options.bleed, False, None, "tts",
                                 out_dir=out).items()
    assert name == "tts.zip"
    return zipfile.ZipFile(io.BytesIO(data)), (options, files)


def _image(zf: zipfile.ZipFile, url: str, out: Path) -> Image.Image:
    prefix = (out / "tts").resolve().as_uri() + "/"
    assert url.startswith(prefix), url
    return Image.open(io.BytesIO(zf.read("tts/" + url[len(prefix):])))


def _difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_sheets_grid_and_saved_object_of_a_deck_over_two_sheets(tmp_path: Path) -> None:
    zf, (options, files) = _export("noe", tmp_path)
    [(stem, deck), *_] = card_decks(files)
    saved = json.loads(zf.read(f"tts/{stem}.json"))
    [obj] = saved["ObjectStates"]
    assert obj["Name"] == "DeckCustom"
    cards = obj["ContainedObjects"]
    assert len(cards) == len(deck.items) == len(obj["DeckIDs"])  # one per copy
    distinct = len({item.front.key for item in deck.items})
    assert distinct > PER_SHEET and len(obj["CustomDeck"]) == 2  # 69 faces a sheet at most
    cell = cell_size(options.card_mm)
    for sheet in obj["CustomDeck"].values():
        image = _image(zf, sheet["FaceURL"], tmp_path)
        assert image.mode == "RGB" and max(image.size) <= 4096
        assert sheet["NumWidth"] <= MAX_COLS and sheet["NumHeight"] <= MAX_ROWS
        assert image.size == (sheet["NumWidth"] * cell[0], sheet["NumHeight"] * cell[1])
        assert sheet["BackIsHidden"] is True and sheet["UniqueBack"] is False
        assert _image(zf, sheet["BackURL"], tmp_path).size == cell
    for card in cards:  # each card names a cell of a sheet of the deck, and that sheet
        key, index = str(card["CardID"] // 100), card["CardID"] % 100
        sheet = obj["CustomDeck"][key]
        assert index < min(PER_SHEET, sheet["NumWidth"] * sheet["NumHeight"])
        assert card["CustomDeck"] == {key: sheet}
    assert "Sarah — Enquêteur" in {c["Nickname"] for c in cards}


SOME = ["violet-3", "violet-7", "rouge-3=2", "vert-1=3", "ecuyer-2", "dame-6", "bouclier",
        "assomme", "lancelot", "charge", "jaune-4", "bleu-5"]


def test_each_card_names_the_cell_that_holds_its_face(tmp_path: Path) -> None:
    zf, (options, files) = _export("camelot", tmp_path, only=SOME)
    [(stem, deck)] = card_decks(files)
    [obj] = json.loads(zf.read(f"tts/{stem}.json"))["ObjectStates"]
    cell = cell_size(options.card_mm)
    own = {i.component: Image.open(io.BytesIO(i.front)).convert("RGB").resize(cell)
           for i in card_images(files, options.card_mm, 0.0, 300, kinds=("carte",))}
    sheets = {key: _image(zf, s["FaceURL"], tmp_path).convert("RGB")
              for key, s in obj["CustomDeck"].items()}
    checked = set()
    for card in obj["ContainedObjects"]:
        component = card["Description"]
        if component in checked:
            continue
        checked.add(component)
        key, index = str(card["CardID"] // 100), card["CardID"] % 100
        cols = obj["CustomDeck"][key]["NumWidth"]
        x, y = (index % cols) * cell[0], (index // cols) * cell[1]
        cut = sheets[key].crop((x, y, x + cell[0], y + cell[1]))
        assert _difference(cut, own[component]) < 6, component
    assert len(checked) == len(own)
    # the comparison tells cards apart: a violet 3 is not a green 1
    violet, green = own["violet-3"], own["vert-1"]
    assert _difference(violet, green) > 10
    assert len(obj["ContainedObjects"]) == 15  # every copy asked


def test_a_secret_deck_keeps_one_common_back(tmp_path: Path) -> None:
    zf, (_, files) = _export("elsen", tmp_path, players=5)
    for stem, deck in card_decks(files):
        if not deck.secret:
            continue
        [obj] = json.loads(zf.read(f"tts/{stem}.json"))["ObjectStates"]
        backs = {s["BackURL"] for s in obj["CustomDeck"].values()}
        assert len(backs) == 1 and all(s["UniqueBack"] is False
                                       for s in obj["CustomDeck"].values())
        return
    raise AssertionError("no secret deck in ELSEN's kit")


def test_the_cli_writes_the_folder_the_saved_objects_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", "camelot", "--out", str(tmp_path), "--service", "tts",
                 "--only", "violet-3", "vert-1=2"]) == 0
    folder = tmp_path / "tts"
    [saved] = folder.glob("*.json")
    data = json.loads(saved.read_text(encoding="utf-8"))
    [obj] = data["ObjectStates"]
    assert [c["Nickname"] for c in obj["ContainedObjects"]] == ["Violet 3", "Vert 1", "Vert 1"]
    for sheet in obj["CustomDeck"].values():
        for url in (sheet["FaceURL"], sheet["BackURL"]):
            assert url.startswith("file:///")
            assert Path(url.removeprefix("file://")).is_file(), url
    # without a hosting address, the files say that only this computer's table sees the cards
    for said in (data["Note"], obj["Description"],
                 (folder / "LISEZMOI.txt").read_text(encoding="utf-8")):
        assert "qu'à la table de cet ordinateur" in said and "cartes blanches" in said
        assert "--tts-url" in said and "Cloud Manager" in said
    assert "seule sa table voit les cartes" in capsys.readouterr().err


def test_tts_url_names_the_hosted_sheets(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """`--tts-url`: every image the saved objects name is the hosting address followed by the
    name of a file of the folder written (the files to upload, listed in LISEZMOI.txt)."""
    host = "https://jeux.exemple.org/club/elsen/"
    assert main(["print", "elsen", "--players", "5", "--out", str(tmp_path), "--service", "tts",
                 "--tts-url", host]) == 0
    folder = tmp_path / "tts"
    base = host  # one slash between the address and each file's name
    images = {p.name for p in folder.glob("*.jpg")}
    named: set[str] = set()
    saved = sorted(folder.glob("*.json"))
    assert len(saved) > 3  # decks of cards and the pieces (tokens, ladders)
    for path in saved:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert "jeux.exemple.org" in data["Note"] and "cet ordinateur" not in data["Note"]
        for obj in data["ObjectStates"]:
            urls = ([u for s in obj.get("CustomDeck", {}).values()
                     for u in (s["FaceURL"], s["BackURL"])]
                    + [obj["CustomImage"][k] for k in ("ImageURL", "ImageSecondaryURL")
                       if "CustomImage" in obj])
            assert urls
            for url in urls:
                assert url.startswith(base) and "file:" not in url, url
                named.add(url.removeprefix(base))
    assert named == images  # every image named is there, every image there is named
    readme = (folder / "LISEZMOI.txt").read_text(encoding="utf-8")
    assert all(name in readme for name in images)
    err = capsys.readouterr().err
    assert "déposez les images" in err and host in err


@pytest.mark.parametrize(("extra", "said"), [
    (["--service", "tts", "--tts-url", "file:///home/moi/tts"], "https://"),
    (["--service", "tts", "--tts-url", "exemple.org/tts"], "https://"),
    (["--service", "tts", "--tts-url", "https://exemple.org/tts?x=1"], "https://"),
    (["--service", "tts", "--tts-url", "https://exemple.org/mon jeu"], "https://"),
    (["--service", "dtc", "--tts-url", "https://exemple.org/tts"], "--service tts"),
    (["--tts-url", "https://exemple.org/tts"], "--service tts"),
])
def test_a_bad_tts_url_is_one_french_line_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str],
        said: str) -> None:
    out = tmp_path / "kit"
    assert main(["print", "camelot", "--out", str(out), "--only", "violet-3", *extra]) == 2
    err = capsys.readouterr().err
    assert "--tts-url" in err and said in err and "Traceback" not in err
    assert not out.exists()


def test_an_authors_deck_goes_to_tabletop_simulator(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parent.parent / "print_kit" / "decks" / "deck_examples"
    assert main(["print", "deck", str(example / "exemple-potager.csv"), "--out", str(tmp_path),
                 "--service", "tts"]) == 0
    [saved] = (tmp_path / "tts").glob("*.json")
    [obj] = json.loads(saved.read_text(encoding="utf-8"))["ObjectStates"]
    assert len(obj["ContainedObjects"]) == 25  # every copy of the example's 10 cards
    [sheet] = obj["CustomDeck"].values()
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (10, 1)


def test_tokens_and_boards_are_custom_tiles(tmp_path: Path) -> None:
    """« Tokens and boards as custom tiles where they exist »: ELSEN's round tokens (circle
    tiles, one per copy, both sides) and its mission ladders (a box tile at their size)."""
    zf, (_, files) = _export("elsen", tmp_path, players=5)
    pieces = [n for n in zf.namelist() if n.endswith("-pieces.json")]
    assert pieces
    objects = [o for n in pieces for o in json.loads(zf.read(n))["ObjectStates"]]
    assert {o["Name"] for o in objects} == {"Custom_Tile"}
    copies: dict[str, int] = {}
    size: dict[str, tuple[float, float]] = {}
    for pf in files:
        for deck in pf.decks:
            if deck.size is not None:
                for item in deck.items:
                    copies[item.component] = copies.get(item.component, 0) + 1
                    size[item.component] = deck.size
        for board in pf.boards:
            copies[board.component] = copies.get(board.component, 0) + board.copies
            size[board.component] = board.size
    counted: dict[str, int] = {}
    for obj in objects:
        counted[obj["Description"]] = counted.get(obj["Description"], 0) + 1
        image = obj["CustomImage"]
        front = _image(zf, image["ImageURL"], tmp_path)
        assert front.mode == "RGB" and _image(zf, image["ImageSecondaryURL"], tmp_path)
        w, h = size[obj["Description"]]
        assert front.size == (round(w / 25.4 * 200), round(h / 25.4 * 200))  # 200 dpi
        if obj["Description"].startswith("echelle"):
            assert image["CustomTile"]["Type"] == 0 and front.size == (1465, 488)  # 186 × 62
        elif obj["Description"].startswith("jeton"):
            assert image["CustomTile"]["Type"] == 2  # a round token
    assert counted == copies
