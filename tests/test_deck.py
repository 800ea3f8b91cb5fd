"""An author's own deck (issue 16): CSV, XLSX and YAML read into cards, every kind of error named
with its file, row and column in French, the shipped example printed and its pages rendered,
byte-reproducible output, `--only`, PNG export and the three commands of the README."""

from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from print_kit.decks.deckfile import DeckFileError, parse_deck, read_deck
from print_kit.decks.deckprint import deck_kit, template
from print_kit.options import make_options
from tableapp.console import main

EXAMPLES = Path(__file__).resolve().parent.parent / "print_kit" / "decks" / "deck_examples"
EXAMPLE = EXAMPLES / "exemple-potager.csv"
HEADER = "nom;exemplaires;categorie;couleur;valeur;texte;dos;image\n"


def problems(name: str, text: str, folder: Path | None = None) -> list[str]:
    with pytest.raises(DeckFileError) as caught:
        parse_deck(name, text.encode("utf-8"), folder)
    return caught.value.problems


@pytest.mark.parametrize(("name", "text", "expected"), [
    ("jeu.txt", "x", "jeu.txt : format inconnu « .txt » ; formats : CSV, XLSX, YAML"),
    ("jeu.csv", "", "jeu.csv : le fichier est vide"),
    ("jeu.csv", "exemplaires;couleur\n2;rouge\n", "jeu.csv, ligne 1 : colonne « nom » absente"),
    ("jeu.csv", "nom;coleur\nA;rouge\n",
     "jeu.csv, ligne 1, colonne B : colonne inconnue « coleur » ; vouliez-vous dire « couleur »"),
    ("jeu.csv", "nom;nom\nA;B\n",
     "jeu.csv, ligne 1, colonne B : la colonne « nom » apparaît deux fois"),
    ("jeu.csv", HEADER + ";2;;rouge\n",
     "jeu.csv, ligne 2, colonne A (nom) : le nom de la carte est vide"),
    ("jeu.csv", HEADER + "A;deux\n",
     "jeu.csv, ligne 2, colonne B (exemplaires) : attendu un nombre entier d'exemplaires de 0 "
     "à 999 (reçu « deux »)"),
    ("jeu.csv", HEADER + "A;1000\n", "colonne B (exemplaires) : attendu un nombre entier"),
    ("jeu.csv", HEADER + "A;1;;fuchsia\n",
     "jeu.csv, ligne 2, colonne D (couleur) : couleur inconnue « fuchsia » ; couleurs : rouge"),
    ("jeu.csv", HEADER + "A;1\nB;1\n\nA;2\n",
     "jeu.csv, ligne 5 : la carte « A » (identifiant « a ») est déjà définie (ligne 2)"),
    ("jeu.csv", HEADER + "A;1;;;;;;dragon.svg\n",
     "jeu.csv, ligne 2, colonne H (image) : image introuvable « dragon.svg »"),
    ("jeu.csv", HEADER + "A;1;;;;;;dragon.gif\n",
     "colonne H (image) : image « dragon.gif » : format non pris en charge (SVG ou PNG)"),
    ("jeu.csv", HEADER + "A;1;;;;;;openmoji:ZZZ\n",
     "image OpenMoji inconnue « openmoji:ZZZ »"),
    ("jeu.csv", HEADER + "A;0\n", "jeu.csv : toutes les cartes ont 0 exemplaire"),
    ("jeu.csv", HEADER, "jeu.csv : aucune carte"),
    ("jeu.csv", "nom\nA;en trop\n", "jeu.csv, ligne 2, colonne B : valeur hors des colonnes"),
    ("jeu.yaml", "cartes: [nom: A\n", "jeu.yaml, ligne 2 : YAML mal formé"),
    ("jeu.yaml", "titre: X\n", "jeu.yaml : attendu une liste de cartes (clé « cartes: »)"),
    ("jeu.yaml", "cartes:\n  - nom: A\n  - nom: B\n    couleur: mauve\n",
     "jeu.yaml, carte 2 (ligne 3), champ « couleur » : couleur inconnue « mauve »"),
    ("jeu.yaml", "cartes:\n  - nom: A\n    texte_long: x\n",
     "jeu.yaml, carte 1 (ligne 2) : champ inconnu « texte_long »"),
    ("jeu.yaml", "cartes:\n  - juste un texte\n",
     "jeu.yaml, carte 1 (ligne 2) : une carte est une table « champ: valeur »"),
])
def test_every_kind_of_error_names_file_row_and_column(name: str, text: str,
                                                       expected: str, tmp_path: Path) -> None:
    found = problems(name, text, tmp_path)
    assert any(expected in p for p in found), found


def test_every_problem_is_listed_and_the_first_leads(tmp_path: Path) -> None:
    text = HEADER + "A;deux;;fuchsia\n;1\n"
    with pytest.raises(DeckFileError) as caught:
        parse_deck("jeu.csv", text.encode(), tmp_path)
    assert len(caught.value.problems) == 3
    assert str(caught.value).endswith("(et 2 autres problèmes)")


def test_an_uploaded_deck_cannot_point_at_image_files() -> None:
    found = problems("jeu.csv", HEADER + "A;1;;;;;;dragon.svg\n", None)
    assert "ne peut pas accompagner un téléversement" in found[0]


def test_unprintable_characters_and_overflowing_text_are_placed_on_their_row(
        tmp_path: Path) -> None:
    deck = parse_deck("jeu.csv", (HEADER + "A;1;;;;Un bonhomme ⛄ de neige\n").encode(), tmp_path)
    with pytest.raises(DeckFileError, match=r"jeu.csv, ligne 2, texte : caractère impossible "
                                            r"à imprimer .*⛄"):
        deck_kit(deck, make_options("all"))
    long = "mot " * 300
    deck = parse_deck("jeu.csv", (HEADER + f"A;1\nB;1;;;;{long}\n").encode(), tmp_path)
    with pytest.raises(Exception, match=r"jeu.csv, ligne 3, texte : le texte déborde"):
        deck_kit(deck, make_options("all"))


def test_the_three_formats_read_the_same_cards(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    csv_deck = read_deck(EXAMPLES / "modele.csv")
    yaml_deck = read_deck(EXAMPLES / "modele.yaml")
    xlsx = tmp_path / "modele.xlsx"
    xlsx.write_bytes(template("xlsx"))
    xlsx_deck = read_deck(xlsx)
    assert csv_deck.cards == xlsx_deck.cards == yaml_deck.cards
    assert yaml_deck.title == "Mon jeu" and xlsx_deck.title == "modele"
    book = openpyxl.Workbook()
    book.active.append(["Nom", "Exemplaires", "Couleur"])
    book.active.append(["Dragon", "trois", "rouge"])
    bad = tmp_path / "mauvais.xlsx"
    book.save(bad)
    with pytest.raises(DeckFileError, match=r"mauvais.xlsx, feuille « Sheet », ligne 2, "
                                            r"colonne B \(exemplaires\)"):
        read_deck(bad)
    (tmp_path / "pas.xlsx").write_bytes(b"not a workbook")
    with pytest.raises(DeckFileError, match="classeur XLSX illisible"):
        read_deck(tmp_path / "pas.xlsx")


def test_headers_in_english_with_accents_or_case_and_excel_french_csv(tmp_path: Path) -> None:
    text = "Name,Copies,Category,Colour,Value\nDragon,2,Monstre,Red,7\n"
    with pytest.raises(DeckFileError, match="couleur inconnue « Red »"):
        parse_deck("en.csv", text.encode(), tmp_path)
    text = "NOM;Catégorie;Couleur\nÉlan;Forêt;Vert\n"
    deck = parse_deck("fr.csv", text.encode("cp1252"), tmp_path)
    assert deck.cards[0].name == "Élan" and deck.cards[0].category == "Forêt"
    assert deck.cards[0].colour == "vert" and deck.cards[0].id == "elan"


def test_image_files_beside_the_deck_and_emoji(tmp_path: Path) -> None:
    (tmp_path / "dragon.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<circle cx="5" cy="5" r="4" fill="red"/></svg>', encoding="utf-8")
    deck = parse_deck("jeu.csv", (HEADER + "Dragon;1;;;;;;dragon.svg\nChat;1;;;;;;🐈\n")
                      .encode(), tmp_path)
    assert deck.cards[0].art == str((tmp_path / "dragon.svg").resolve())
    assert deck.cards[1].art == "openmoji:1F408"
    kit = deck_kit(deck, make_options("all"))
    assert kit.files[0].cards == 2


def test_the_example_deck_prints_and_its_pages_render(tmp_path: Path) -> None:
    from print_kit.exports.render import render_png

    deck = read_deck(EXAMPLE, "Le Potager")
    assert len(deck.cards) == 10 and sum(c.copies for c in deck.cards) == 25
    kit = deck_kit(deck, make_options("all"))
    built = kit.files[0]
    assert built.cards == 25 and built.pages == 7  # 3 sheets of 9, fronts and backs, credits
    import pypdf

    last = pypdf.PdfReader(io.BytesIO(built.data)).pages[-1].extract_text()
    assert "Crédits" in last and "OpenMoji" in last and "CC BY-SA" in last
    assert built.components == {c.id: c.copies for c in deck.cards}
    for page in range(built.pages):
        png = render_png(built.data, page, 40)
        assert png.startswith(b"\x89PNG") and len(png) > 2000
    again = deck_kit(read_deck(EXAMPLE, "Le Potager"), make_options("all")).files[0]
    assert again.data == built.data  # byte-reproducible
    manifest = json.loads(kit.manifest_bytes())
    assert manifest["files"][0]["sha256"] == hashlib.sha256(built.data).hexdigest()


def test_print_options_apply_to_a_deck() -> None:
    deck = read_deck(EXAMPLE)
    gutter = deck_kit(deck, make_options("all", layout="gutterfold", low_ink=True,
                                         card_size="bridge", paper="letter"))
    assert gutter.files[0].cards == 25 and gutter.files[0].data != deck_kit(
        deck, make_options("all")).files[0].data
    only = deck_kit(deck, make_options("all"), only=["limace=2", "soleil"])
    assert only.files[0].components == {"limace": 2, "soleil": 1}


def test_the_three_commands_from_an_empty_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["print", "deck", "--template", "mon-jeu.csv"]) == 0
    assert main(["print", "deck", "--template", "mon-jeu.csv"]) == 2  # never overwritten
    assert main(["print", "deck", "mon-jeu.csv", "--check"]) == 0
    assert not (tmp_path / "impression").exists()
    assert main(["print", "deck", "mon-jeu.csv", "--out", "impression", "--png",
                 "--layout", "gutterfold"]) == 0
    written = sorted(p.name for p in (tmp_path / "impression").iterdir())
    assert written == ["manifest.json", "mon-jeu-cartes.pdf", "png"]
    assert sorted(p.name for p in (tmp_path / "impression" / "png").iterdir()) == [
        "mon-jeu-cartes-page-01.png", "mon-jeu-cartes-page-02.png"]  # cards, credits
    err = capsys.readouterr().err
    assert "aucun problème trouvé" in err and "3 à imprimer" in err
    # French counts and numbers in the summary: « 2 pages », « 0,03 Mo », never « 0.03 »
    assert re.search(r"\d+ cartes? différentes?, 3 à imprimer, 2 pages, \d+,\d+ Mo", err), err


def test_one_card_is_said_in_the_singular(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "jeu.csv"
    deck.write_text("nom,exemplaires\nDragon,1\n", encoding="utf-8")
    assert main(["print", "deck", str(deck), "--check"]) == 0
    assert "« jeu » : 1 carte différente, 1 à imprimer" in capsys.readouterr().err


def test_a_bad_deck_is_one_french_line_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "jeu.csv"
    bad.write_text(HEADER + "A;deux\n", encoding="utf-8")
    out = tmp_path / "impression"
    assert main(["print", "deck", str(bad), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ligne 2, colonne B (exemplaires)" in err
    assert not out.exists()
    assert main(["print", "deck", str(tmp_path / "absent.csv"), "--out", str(out)]) == 2
    assert "fichier illisible" in capsys.readouterr().err
    assert main(["print", "camelot", "en-trop.csv", "--out", str(out)]) == 2
    assert "companion print deck FICHIER" in capsys.readouterr().err


def test_template_formats() -> None:
    assert template("csv").startswith(b"nom;exemplaires")
    assert b"cartes:" in template("yaml")
    assert io.BytesIO(template("xlsx")).getvalue()[:2] == b"PK"


def test_the_print_page_offers_the_templates_and_builds_an_uploaded_deck() -> None:
    from streamlit.testing.v1 import AppTest

    from tableapp.pages.owndeck import build_from_upload, png_zip

    def page() -> None:
        from tableapp.pages.printing import render

        render()

    at = AppTest.from_function(page, default_timeout=120).run()
    assert not at.exception
    labels = [b.label for b in at.get("download_button")]
    assert {"Modèle CSV", "Modèle YAML"} <= set(labels)
    request = (("bleed", 3.0), ("card_size", "poker"), ("flip", "long"), ("layout", "duplex"),
               ("low_ink", True), ("paper", "a4"))
    kit = build_from_upload("potager.csv", EXAMPLE.read_bytes(), "Le Potager", request)
    assert kit.files[0].cards == 25 and kit.options.low_ink
    with zipfile.ZipFile(io.BytesIO(png_zip(kit))) as zf:
        assert len(zf.namelist()) == kit.files[0].pages
    with pytest.raises(DeckFileError, match="potager.csv, ligne 2, colonne H"):
        build_from_upload("potager.csv", (HEADER + "A;1;;;;;;dragon.svg\n").encode(), "",
                          request)


def _zip_sizes(path: Path) -> dict[str, tuple[int, int]]:
    from PIL import Image

    with zipfile.ZipFile(path) as zf:
        return {n: Image.open(io.BytesIO(zf.read(n))).size for n in zf.namelist()
                if n.endswith(".png")}


def test_every_print_option_works_for_a_deck(tmp_path: Path) -> None:
    """issue 16: « the same print kit as the five games »: sizes, bleed, crop marks, duplex
    backs and flip, gutterfold, low ink, calibration, --only, --art, page PNGs, card images
    at 300/600 dpi and the print-service presets, through `companion print deck`."""
    from PIL import Image

    art = tmp_path / "art"
    art.mkdir()
    Image.new("RGB", (40, 40), "red").save(art / "limace.png")
    out = tmp_path / "a"
    assert main(["print", "deck", str(EXAMPLE), "--out", str(out), "--card-size", "60x90",
                 "--bleed", "2", "--paper", "letter", "--flip", "short", "--low-ink",
                 "--calibration", "1,-0.5,1.002", "--only", "limace=2", "soleil",
                 "--art", str(art), "--png", "--card-png", "600", "--service", "dtc"]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    [entry] = manifest["files"]
    assert entry["components"] == {"limace": 2, "soleil": 1} and entry["pages"] == 2
    assert "vos images (--art)" in entry["art"]
    options = manifest["options"]
    assert (options["card_mm"], options["bleed"], options["paper"], options["flip"],
            options["low_ink"]) == ([60.0, 90.0], 2.0, "letter", "short", True)
    assert options["calibration"] == {"dx": 1.0, "dy": -0.5, "scale": 1.002}
    assert sorted(p.name for p in (out / "png").iterdir()) == [
        "exemple-potager-cartes-page-01.png", "exemple-potager-cartes-page-02.png"]
    sizes = _zip_sizes(out / "cartes-png-600dpi.zip")
    assert sizes == {f"{cid}-{side}.png": (1512, 2220)  # (60 + 4) × (90 + 4) mm at 600 dpi
                     for cid in ("limace", "soleil") for side in ("recto", "verso")}
    assert set(_zip_sizes(out / "dtc.zip").values()) == {(825, 1125)}
    with zipfile.ZipFile(out / "cartes-png-600dpi.zip") as zf:
        rows = zf.read("quantites.csv").decode().splitlines()
    assert rows[1].startswith("limace-recto.png,limace-verso.png,2,limace,carte")
    # gutterfold and fronts only: the layouts change the pages, not the cards (and a whole
    # deck ends with the credits page; a replacement sheet, as above, has none)
    for layout, pages in (("gutterfold", 8), ("fronts", 4), ("duplex", 7)):
        folder = tmp_path / layout
        assert main(["print", "deck", str(EXAMPLE), "--out", str(folder), "--layout",
                     layout]) == 0
        [entry] = json.loads((folder / "manifest.json").read_text())["files"]
        assert entry["cards"] == 25 and entry["pages"] == pages, layout


@pytest.mark.parametrize(("extra", "message"), [
    (["--card-png", "150"], "--card-png : résolution 150 ppp non prévue ; choix possibles : "
                            "300, 600"),
    (["--service", "kinkos"], "service d'impression inconnu « kinkos » ; choix possibles : mpc"),
    (["--level", "2"], "--level : option des jeux fournis, sans effet sur un paquet"),
    (["--players", "5", "--seed", "3"], "--players, --seed : option des jeux fournis"),
    (["--only", "navet"], "--only : identifiant inconnu « navet »"),
    (["--card-size", "10x10"], "taille de carte 10×10 mm hors limites"),
])
def test_a_bad_deck_option_is_one_french_line_and_writes_nothing(
        extra: list[str], message: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "impression"
    assert main(["print", "deck", str(EXAMPLE), "--out", str(out), *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err
    assert not out.exists()


def test_a_bad_image_option_of_a_game_writes_nothing(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "impression"
    assert main(["print", "camelot", "--out", str(out), "--card-png", "150"]) == 2
    assert "résolution 150 ppp non prévue" in capsys.readouterr().err
    assert not out.exists()
