"""Issue 22, items 1 to 3: every hostile deck file of the issue is refused with one French
sentence naming the line, the column or the limit, by the app's upload path (parse_deck with
no folder) in a child process whose address space is capped at the normal deck's peak plus
150 MB (the child must finish and refuse under it), and by `companion print deck` with exit 2
and nothing written; names stay inside their folder; the work one request may ask is bounded
(--only, pages of a run, lab games of a run, print and lab slots, the upload size)."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/ is not a package

import hostile_decks as hostile  # noqa: E402

from print_kit.decks.deckfile import DeckFileError, parse_deck  # noqa: E402
from tableapp.console import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "print_kit" / "decks" / "deck_examples" / "exemple-potager.csv"
HEADROOM = 150 * 2**20  # the target: a refusal costs under 150 MB above a normal deck


@pytest.fixture(scope="module")
def caps(tmp_path_factory: pytest.TempPathFactory) -> dict[str, int]:
    """The memory cap of each format's child: the address space a normal 15-card deck of
    that kind peaks at (measured here, in the same run), plus 150 MB."""
    work = tmp_path_factory.mktemp("normal")
    out = {}
    for kind, (name, data) in (("texte", hostile.normal_deck()),
                               ("xlsx", hostile.normal_xlsx())):
        done = hostile.parse_in_child(name, data, work)
        assert done.get("cards") == 30, done  # the normal deck is read, not refused
        out[kind] = done["peak_kb"] * 1024 + HEADROOM
    return out


@pytest.fixture(scope="module")
def bomb() -> tuple[str, bytes]:
    return hostile.xlsx_bomb()


def refused_under_cap(name: str, data: bytes, caps: dict[str, int], workdir: Path,
                      folder: Path | None = None) -> str:
    cap = caps["xlsx" if name.endswith(".xlsx") else "texte"]
    done = hostile.parse_in_child(name, data, workdir, cap, folder)
    assert "crash" not in done, done["crash"]  # a MemoryError or a traceback under the cap
    assert "refused" in done, done
    return str(done["refused"])


HOSTILE = {
    "rires": (hostile.billion_laughs, "rires.yaml, ligne 1 : ancre ou alias YAML (&nom, *nom) "
                                      "refusé"),
    "fusion": (hostile.merge_keys, "fusion.yaml, ligne 1 : ancre ou alias YAML"),
    "fusion-seule": (hostile.merge_key_alone, "fusion2.yaml, ligne 3 : clé de fusion YAML "
                                              "« << » refusée"),
    "profond": (hostile.deep_yaml, "profond.yaml, ligne 1 : YAML imbriqué sur plus de 6 "
                                   "niveaux"),
    "etiquette": (hostile.tagged_yaml, "etiquette.yaml, ligne 2 : étiquette YAML (!…, !!…) "
                                       "refusée"),
    "200000-cartes": (lambda: hostile.many_cards_yaml(200_000),
                      "cartes.yaml : fichier trop gros (3,14 Mo) ; un paquet tient en 2 Mo au "
                      "plus"),
    "2001-cartes": (lambda: hostile.many_cards_yaml(2001),
                    "cartes.yaml, ligne 2002 : plus de 2000 cartes (celles à 0 exemplaire "
                    "comprises)"),
    "million-lignes": (hostile.million_rows_csv,
                       "million.csv, ligne 2002 : plus de 2000 cartes"),
    "million-a-zero": (lambda: hostile.million_rows_csv(";0"),
                       "million.csv : fichier trop gros (3,81 Mo)"),
    "3000-a-zero": (lambda: hostile.zero_copy_rows(3000),
                    "zero.csv, ligne 2002 : plus de 2000 cartes (une ligne par carte, celles à "
                    "0 exemplaire comprises)"),
    "openmoji-300": (hostile.openmoji_letters, "lettres.csv, ligne 2, colonne H (image) : "
                                               "image OpenMoji inconnue"),
    "openmoji-monte": (hostile.openmoji_climbing, "monte.csv, ligne 2, colonne H (image) : "
                                                  "image OpenMoji inconnue « openmoji:../../"),
    "immense": (hostile.xlsx_claiming_the_whole_sheet,
                "immense.xlsx, feuille « cartes », ligne 1048576 : plus de 5000 lignes"),
    "entite": (hostile.xlsx_with_entity, "entite.xlsx : « xl/worksheets/sheet1.xml » déclare "
                                         "une DTD ou une entité XML"),
    "ligne-large": (hostile.xlsx_wide_line, "large.xlsx, feuille « cartes », ligne 3, colonne "
                                            "AE : plus de 30 colonnes"),
    "cases-vides": (hostile.xlsx_empty_cells_line, "vides.xlsx, feuille « cartes », ligne 3 : "
                                                   "plus de 200 cases (même vides)"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_each_hostile_file_is_refused_in_french_under_the_memory_cap(
        case: str, caps: dict[str, int], tmp_path: Path) -> None:
    build, expected = HOSTILE[case]
    name, data = build()
    message = refused_under_cap(name, data, caps, tmp_path)
    assert expected in message, message
    assert "Error" not in message and "Exception" not in message


def test_the_billion_laughs_is_a_few_hundred_bytes() -> None:
    name, data = hostile.billion_laughs()
    assert len(data) < 400 and data.count(b"*") == 73  # 8 levels of 9 aliases, and the cards


def test_a_zip_bomb_of_a_gigabyte_is_refused_by_its_declared_size(
        bomb: tuple[str, bytes], caps: dict[str, int], tmp_path: Path) -> None:
    name, data = bomb
    assert len(data) < 2 * 2**20  # it passes the file's own limit: only the members' can stop it
    message = refused_under_cap(name, data, caps, tmp_path)
    assert re.match(r"bombe.xlsx : classeur de 1\u202f024(,\d\d?)? Mo une fois décompressé "
                    r"\(dont « xl/sharedStrings.xml » : 1\u202f024(,\d\d?)? Mo\)", message), message
    assert message.endswith("; au plus 10 Mo")


def test_what_a_spreadsheet_writes_and_the_deck_does_not_need_is_never_read(
        caps: dict[str, int], tmp_path: Path) -> None:
    """150,000 cell styles (never opened) and a formatted empty line at 1,048,576 (skipped):
    both workbooks are read, under the cap, as their one card."""
    for build in (hostile.xlsx_many_styles, hostile.xlsx_blank_far_line):
        name, data = build()
        done = hostile.parse_in_child(name, data, tmp_path, caps["xlsx"])
        assert done.get("cards") == 2, done  # Dragon, 2 copies


def test_a_member_lying_about_its_size_stops_at_the_size_it_declared() -> None:
    """A member declaring a small size but inflating further: zipfile yields no more than the
    declared size, then finds the CRC wrong: the workbook is unreadable, said in French."""
    import io
    import zipfile

    name, data = hostile.xlsx_bomb(1 << 24)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        declared = archive.getinfo("xl/sharedStrings.xml").file_size
    lying = data.replace(declared.to_bytes(4, "little"), (4096).to_bytes(4, "little"))
    assert lying.count((4096).to_bytes(4, "little")) >= 2  # local header and directory
    with pytest.raises(DeckFileError, match=r"bombe.xlsx : classeur XLSX illisible \(ce n'est "
                                            r"pas un fichier Excel complet"):
        parse_deck(name, lying)


@pytest.mark.parametrize(("text", "expected"), [
    ("nom;" + ";".join(f"c{i}" for i in range(40)) + "\nA\n",
     "jeu.csv, ligne 1, colonne AE : plus de 30 colonnes"),
    ("nom;texte\nA;" + "x" * 2001 + "\n", "jeu.csv, ligne 2, colonne B : 2001 caractères ; une "
                                          "case en tient 2000 au plus"),
    ("nom\n" + "\n" * 6000 + "A\n", "jeu.csv, ligne 5001 : plus de 5000 lignes"),
    ('nom\n"A' + "x" * 200_000 + '"\n', "jeu.csv, ligne 2 : CSV illisible"),
    ("nom\n" + ";" * 2_000_000 + "\n", "jeu.csv, ligne 2 : plus de 200 cases (même vides)"),
])
def test_lines_columns_and_cells_are_bounded_as_they_are_read(text: str, expected: str) -> None:
    with pytest.raises(DeckFileError) as caught:
        parse_deck("jeu.csv", text.encode())
    assert expected in str(caught.value)


def test_yaml_values_nested_in_a_card_and_keys_that_are_not_names() -> None:
    with pytest.raises(DeckFileError, match=r"carte 1 \(ligne 2\), champ « texte » : attendu "
                                            r"une valeur, pas une liste"):
        parse_deck("j.yaml", b"cartes:\n  - nom: A\n    texte: [a, b]\n")
    with pytest.raises(DeckFileError, match=r"j.yaml, ligne 2 : clé YAML composée refusée"):
        parse_deck("j.yaml", b"cartes:\n  - ? [a]\n    : b\n")
    fields = ", ".join(f"k{i}: v" for i in range(24_000))  # 24,000 unknown fields
    with pytest.raises(DeckFileError, match=r"j.yaml, ligne 2 : plus de 200 champs dans une "
                                            r"table"):
        parse_deck("j.yaml", f"cartes:\n  - {{{fields}}}\n".encode())
    with pytest.raises(DeckFileError, match=r"j.yaml, ligne 2 : un seul document YAML"):
        parse_deck("j.yaml", b"cartes: []\n---\ncartes: []\n")
    deck = parse_deck("j.yaml", b"titre: Mon jeu\ncartes:\n  - {nom: A, exemplaires: 2}\n"
                                b"  - nom: B\n    valeur: 7\n    texte: '12'\n")
    assert [(c.name, c.copies, c.value) for c in deck.cards] == [("A", 2, ""), ("B", 1, "7")]


# --- names stay inside their folder -----------------------------------------------------------


SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" '
       'r="4"/></svg>')


def test_an_image_path_stays_inside_the_decks_folder_links_included(
        tmp_path: Path, caps: dict[str, int]) -> None:
    deck_dir = tmp_path / "paquet"
    (deck_dir / "images").mkdir(parents=True)
    secret = tmp_path / "secret.svg"
    secret.write_text(SVG, encoding="utf-8")
    (deck_dir / "images" / "dragon.svg").write_text(SVG, encoding="utf-8")
    (deck_dir / "lien.svg").symlink_to(secret)
    (deck_dir / "images" / "dedans.svg").symlink_to(deck_dir / "images" / "dragon.svg")
    for path in ("../secret.svg", str(secret), "images/../../secret.svg", "lien.svg"):
        name, data = hostile.image_outside(path)
        if path == "lien.svg":  # the link, as the CLI reads it: in a capped child
            message = refused_under_cap(name, data, caps, tmp_path, deck_dir)
        else:
            with pytest.raises(DeckFileError) as caught:
                parse_deck(name, data, deck_dir)
            message = str(caught.value)
        shown = path if len(path) <= 80 else "…" + path[-79:]  # a long path: its end
        assert f"dehors.csv, ligne 2, colonne H (image) : image « {shown} » : hors du dossier " \
               "du paquet" in message, message
    deck = parse_deck("dedans.csv", hostile.image_outside("images/dedans.svg")[1], deck_dir)
    assert deck.cards[0].art == str(deck_dir / "images" / "dragon.svg")  # inside: followed
    # an upload has no folder: no path at all, not even one that would be inside
    with pytest.raises(DeckFileError, match="ne peut pas accompagner un téléversement"):
        parse_deck("dedans.csv", hostile.image_outside("images/dragon.svg")[1], None)


def test_an_image_too_large_is_refused_from_its_header(tmp_path: Path,
                                                      caps: dict[str, int]) -> None:
    hostile.huge_png(tmp_path / "geant.png")
    message = refused_under_cap(*hostile.image_outside("geant.png"), caps, tmp_path, tmp_path)
    assert "image « geant.png » : 12000 × 12000 pixels ; une image en a 12 millions au plus" \
        in message, message
    (tmp_path / "entite.svg").write_text('<!DOCTYPE svg [<!ENTITY e "x">]>' + SVG,
                                         encoding="utf-8")
    with pytest.raises(DeckFileError, match="un SVG qui déclare une DTD ou une entité XML"):
        parse_deck("j.csv", hostile.image_outside("entite.svg")[1], tmp_path)


def test_openmoji_codes_are_hex_groups_only() -> None:
    from print_kit.draw.art import art_path, openmoji_code
    from print_kit.draw.textfit import PreflightError

    assert openmoji_code("1f409") == "1F409" and openmoji_code("1F3F3-FE0F-200D-1F308")
    for bad in ("../../x", "A" * 300, "1F409/../1F409", "1F409.svg", "", "1F409-"):
        assert openmoji_code(bad) is None, bad
    with pytest.raises(PreflightError, match="code OpenMoji invalide"):
        art_path("openmoji:../../../../etc/secret")


# --- the CLI: the same limits, exit 2, nothing written ----------------------------------------


@pytest.mark.parametrize("case", ["rires", "profond", "immense", "entite", "million-lignes",
                                  "openmoji-monte"])
def test_the_cli_refuses_the_same_files_with_exit_2_and_writes_nothing(
        case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build, expected = HOSTILE[case]
    name, data = build()
    (tmp_path / name).write_bytes(data)
    out = tmp_path / "impression"
    assert main(["print", "deck", str(tmp_path / name), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expected in err, err
    assert not out.exists()


def test_the_cli_reads_no_more_than_the_limit_of_a_large_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "gros.csv"
    with big.open("wb") as handle:
        handle.write(b"nom\n")
        handle.truncate(50 * 2**20)  # a sparse 50 MB file: only 2 MB + 1 byte are read
    assert main(["print", "deck", str(big), "--check"]) == 2
    assert "gros.csv : fichier trop gros (2 Mo) ; un paquet tient en 2 Mo au plus" in \
        capsys.readouterr().err


@pytest.mark.parametrize(("only", "expected"), [
    (["limace=99"] * 2000, "--only : 198 exemplaires de « limace » demandés en tout ; au plus "
                           "99 par carte"),
    ([f"{cid}=99" for cid in ("limace", "soleil", "carotte", "tomate", "orage", "fraise")],
     "--only : plus de 500 cartes demandées ; une feuille de remplacement en a 500 au plus"),
    (["limace=1000000"], "--only « limace=1000000 » : nombre d'exemplaires entre 1 et 99"),
])
def test_only_counts_are_bounded_as_they_add_up(only: list[str], expected: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "impression"
    assert main(["print", "deck", str(EXAMPLE), "--out", str(out), "--only", *only]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expected in err, err
    assert not out.exists()


def test_pages_of_one_run_are_counted_before_anything_is_drawn(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "grand.csv"
    deck.write_text("nom;exemplaires\nA;999\nB;999\n", encoding="utf-8")
    out = tmp_path / "impression"
    assert main(["print", "deck", str(deck), "--out", str(out), "--card-size", "150x200"]) == 2
    err = capsys.readouterr().err
    # 1,998 cards one a sheet, fronts and backs, and the credits of the backs' OpenMoji
    assert "3997 pages à produire ; une impression en fait 1500 au plus" in err, err
    assert not out.exists()
    assert main(["print", "camelot", "--out", str(out), "--only", *["dame-6=99"] * 2000]) == 2
    assert "--only : 198 exemplaires de « dame-6 » demandés en tout" in capsys.readouterr().err
    assert not out.exists()


# --- the app ----------------------------------------------------------------------------------


def test_the_upload_limit_of_the_server_is_the_apps_largest() -> None:
    from companion.core.safejson import MAX_BYTES
    from print_kit.decks.deckread import MAX_FILE_BYTES
    from tableapp.pages.owndeck import UPLOAD_MB

    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    limit = config["server"]["maxUploadSize"]
    assert limit * 2**20 == max(MAX_BYTES, MAX_FILE_BYTES)  # Streamlit counts MiB
    assert UPLOAD_MB * 2**20 == MAX_FILE_BYTES < limit * 2**20


def test_the_upload_path_says_the_limit_in_french(bomb: tuple[str, bytes]) -> None:
    from tableapp.pages.owndeck import build_from_upload

    request = (("bleed", 3.0), ("card_size", "poker"), ("flip", "long"), ("layout", "duplex"),
               ("low_ink", False), ("paper", "a4"))
    for name, data in (bomb, hostile.billion_laughs(), hostile.openmoji_climbing()):
        with pytest.raises(DeckFileError) as caught:
            build_from_upload(name, data, "", request)
        assert caught.value.problems[0].startswith(name)


def _printing_page() -> None:
    from tableapp.pages.printing import render

    render()


def test_print_jobs_take_a_slot_and_a_full_server_says_so() -> None:
    from streamlit.testing.v1 import AppTest

    from tableapp.process.workload import PRINT_JOBS, slot

    at = AppTest.from_function(_printing_page, default_timeout=120).run()
    at.selectbox(key="print_game").set_value("camelot").run()
    at.number_input(key="print_bleed").set_value(2.5).run()  # a kit no test has cached
    with slot("impression"), slot("impression"):
        assert PRINT_JOBS == 2
        at.button(key="print_go").click().run()
    assert not at.exception
    assert at.error and "2 impressions sont déjà en préparation" in at.error[0].value
    at.button(key="print_go").click().run()  # the slots are free again
    assert not at.exception and not at.error and "fichiers PDF" in at.success[0].value


def _lab_page() -> None:
    from tableapp.pages.lab import render

    render()


def test_a_lab_run_past_its_budget_is_refused_before_any_game() -> None:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_function(_lab_page, default_timeout=120).run()
    at.number_input(key="lab_games_noe").set_value(2000)
    at.multiselect(key="lab_players_noe").set_value([2, 3, 4, 5, 6])
    at.multiselect(key="lab_levels").set_value([1, 2, 3])
    at.text_area(key="lab_changes_noe").set_value("announcements.complot.points=20")
    at.run()
    at.button(key="lab_go").click().run()
    assert not at.exception and not at.dataframe and not at.get("vega_lite_chart")
    message = at.error[0].value.replace("\\", "")  # shown as plain text, Markdown escaped
    assert "120\u202f000 parties (deux fois : original et modifié)" in message, message
    assert "600 au plus par série pour Noé, Complot à l'Élysée." in message


def test_a_lab_run_takes_the_servers_slot_and_can_be_stopped() -> None:
    from streamlit.testing.v1 import AppTest

    from tableapp.process.workload import slot

    at = AppTest.from_function(_lab_page, default_timeout=120).run()
    at.selectbox(key="lab_game").set_value("camelot").run()
    at.number_input(key="lab_games_camelot").set_value(2)
    at.multiselect(key="lab_players_camelot").set_value([3])
    at.run()
    with slot("labo"):  # another visitor's run
        at.button(key="lab_go").click().run()
    assert not at.exception and "tourne déjà sur ce serveur" in at.error[0].value
    assert not at.dataframe
    at.button(key="lab_stop").click().run()  # the request goes: nothing starts again
    assert not at.exception and "Parties arrêtées" in at.info[-1].value
    at.run()
    assert not at.dataframe and "lab_request" not in at.session_state


def test_without_libyaml_the_same_refusals(monkeypatch: pytest.MonkeyPatch) -> None:
    """PyYAML's pure-Python parser (when libyaml is not installed) gives the same events."""
    import yaml

    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    for case in ("rires", "fusion-seule", "profond", "etiquette", "2001-cartes"):
        build, expected = HOSTILE[case]
        with pytest.raises(DeckFileError) as caught:
            parse_deck(*build())
        assert expected in str(caught.value), case


def test_card_images_asked_from_the_page_have_a_pixel_budget() -> None:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_function(_printing_page, default_timeout=120).run()
    at.button(key="print_go").click().run()  # the five games
    assert not at.exception and not at.error
    at.button(key="print_images_go").click().run()
    assert not at.exception
    message = at.error[0].value.replace("\\", "")
    assert "images des cartes : 537 millions de pixels à dessiner ; au plus 200 millions par " \
           "demande ici" in message, message
    assert not [b for b in at.get("download_button") if b.label.startswith("cartes-png")]


def test_a_long_image_path_is_shown_by_its_end(tmp_path: Path) -> None:
    """The end of a path names its file: a path too long for a message keeps it."""
    deck_dir = tmp_path / "paquet"
    deck_dir.mkdir()
    path = "/" + "/".join(["un-dossier-au-nom-long"] * 6) + "/le-dragon-vert.svg"
    name, data = hostile.image_outside(path)
    with pytest.raises(DeckFileError) as caught:
        parse_deck(name, data, deck_dir)
    message = str(caught.value)
    assert len(path) > 80 and f"image « …{path[-79:]} » : hors du dossier" in message, message
