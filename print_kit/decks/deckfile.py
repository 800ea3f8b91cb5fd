"""An author's deck file — CSV, XLSX or YAML, one row a card — read into the print kit's
`CardSpec`s (print_kit/decks/decks.py), so it prints with the same machinery as the five games.

Columns (French or English headers, accents and case ignored): nom/name (required), id,
exemplaires/copies, categorie/category, couleur/colour, valeur/value, texte/text, dos/back,
image/art, couleur_dos/back_colour, image_dos/back_art. An image is a file (SVG or PNG, beside
the deck file), « openmoji:CODE » or an emoji (drawn from OpenMoji). Every problem names the
file, the row and the column, in French; all of them are listed, the first one leads."""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from print_kit.decks.deckread import (
    MAX_FILE_BYTES,
    DeckFileError,
    YamlList,
    blank,
    column_letter,
    csv_table,
    yaml_tree,
)
from print_kit.decks.decks import CardSpec
from print_kit.decks.deckxlsx import xlsx_table
from print_kit.draw.art import openmoji_code, picture_problem
from print_kit.draw.faces import PALETTE
from print_kit.draw.icons import listing, unknown_icons

FORMATS = (".csv", ".xlsx", ".yaml", ".yml")
COLUMNS: dict[str, tuple[str, ...]] = {
    "id": ("id", "identifiant", "ref", "reference"),
    "name": ("nom", "name", "titre", "title", "carte"),
    "copies": ("exemplaires", "copies", "nombre", "quantite", "nb", "count"),
    "category": ("categorie", "category", "type", "famille"),
    "colour": ("couleur", "colour", "color"),
    "value": ("valeur", "value", "points", "cout", "cost"),
    "text": ("texte", "text", "effet", "effect", "description"),
    "back": ("dos", "back", "verso"),
    "art": ("image", "art", "illustration", "picture", "dessin"),
    "back_colour": ("couleur_dos", "back_colour", "back_color", "couleur_du_dos"),
    "back_art": ("image_dos", "back_art", "image_du_dos"),
}
LABELS = {"id": "id", "name": "nom", "copies": "exemplaires", "category": "catégorie",
          "colour": "couleur", "value": "valeur", "text": "texte", "back": "dos", "art": "image",
          "back_colour": "couleur du dos", "back_art": "image du dos"}
MAX_COPIES = 999
MAX_HINTS = 50  # problems that get a « vouliez-vous dire » (the app shows the first 20)
MAX_CARDS = 2000


@dataclass(frozen=True)
class DeckFile:
    title: str
    cards: tuple[CardSpec, ...]
    where: dict[str, str]  # card id -> « fichier, ligne N », to place a preflight problem


def _key(header: str) -> str:
    text = unicodedata.normalize("NFKD", str(header)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", text.strip().lower()).strip("_")


ALIASES = {_key(alias): canonical for canonical, names in COLUMNS.items() for alias in names}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", _key(text)).strip("-")


# --- reading the three formats into rows --------------------------------------------------------


@dataclass(frozen=True)
class Row:
    label: str  # « ligne 4 » (CSV, XLSX) or « carte 3 (ligne 12) » (YAML)
    cells: dict[str, tuple[str, Any]]  # canonical column -> (where: « colonne C (couleur) », value)


def _table_rows(file: str, table: list[list[Any]], first_line: int,
                problems: list[str], sheet: str = "") -> list[Row]:
    """Rows of a sheet (CSV or XLSX): the first non-empty row is the header."""
    while table and all(blank(v) for v in table[0]):
        table.pop(0)
        first_line += 1
    if not table:
        problems.append(f"{file} : le fichier est vide (attendu une ligne d'en-tête : nom, "
                        "exemplaires, catégorie, couleur, valeur, texte, dos, image)")
        return []
    header = table[0]
    columns: dict[int, str] = {}
    for i, raw in enumerate(header):
        if blank(raw):
            continue
        canonical = ALIASES.get(_key(raw))
        where = f"{file}, ligne {first_line}, colonne {column_letter(i)}"
        if canonical is None:
            close = difflib.get_close_matches(_key(raw), list(ALIASES), n=1, cutoff=0.6)
            hint = f" ; vouliez-vous dire « {LABELS[ALIASES[close[0]]]} » ?" if close else \
                f" ; colonnes connues : {', '.join(LABELS.values())}"
            problems.append(f"{where} : colonne inconnue « {raw} »{hint}")
        elif canonical in columns.values():
            problems.append(f"{where} : la colonne « {LABELS[canonical]} » apparaît deux fois")
        else:
            columns[i] = canonical
    if "name" not in columns.values():
        problems.append(f"{file}, ligne {first_line} : colonne « nom » absente (en-têtes lus : "
                        f"{', '.join(str(h) for h in header if not blank(h))})")
        return []
    rows = []
    for offset, values in enumerate(table[1:], 1):
        if all(blank(v) for v in values):
            continue
        line = first_line + offset
        cells = {}
        for i, canonical in columns.items():
            value = values[i] if i < len(values) else None
            cells[canonical] = (f"colonne {column_letter(i)} ({LABELS[canonical]})", value)
        extra = [i for i, v in enumerate(values) if i >= len(header) and not blank(v)]
        if extra:
            problems.append(f"{file}, ligne {line}, colonne {column_letter(extra[0])} : valeur "
                            "hors des colonnes de l'en-tête")
        rows.append(Row(f"{sheet}ligne {line}", cells))
    return rows


def _read_csv(file: str, data: bytes, problems: list[str]) -> list[Row]:
    return _table_rows(file, csv_table(file, data), 1, problems)


def _read_xlsx(file: str, data: bytes, problems: list[str]) -> list[Row]:
    title, table = xlsx_table(file, data)
    return _table_rows(f"{file}, feuille « {title} »", table, 1, problems,
                       f"feuille « {title} », ")


def _read_yaml(file: str, data: bytes, problems: list[str]) -> tuple[str | None, list[Row]]:
    raw = yaml_tree(file, data)
    title = None
    if isinstance(raw, dict):
        keys = {_key(k): k for k in raw}
        title_key = keys.get("titre") or keys.get("title")
        title = _text(raw[title_key]) if title_key else None
        cards_key = keys.get("cartes") or keys.get("cards")
        if cards_key is None:
            raise DeckFileError([f"{file} : attendu une liste de cartes (clé « cartes: »)"])
        raw = raw[cards_key]
    if not isinstance(raw, YamlList):
        raise DeckFileError([f"{file} : « cartes » doit être une liste, une carte par élément"])
    rows = []
    for i, (item, line) in enumerate(zip(raw, raw.lines, strict=True), 1):
        label = f"carte {i} (ligne {line})"
        if not isinstance(item, dict):
            problems.append(f"{file}, {label} : une carte est une table « champ: valeur »")
            continue
        cells = {}
        for key, value in item.items():
            canonical = ALIASES.get(_key(key))
            if canonical is None:
                # the nearest name for the first problems only: each costs a fuzzy match, and
                # a file may hold thousands of unknown fields
                close = difflib.get_close_matches(_key(key), list(ALIASES), n=1, cutoff=0.6) \
                    if len(problems) < MAX_HINTS else []
                hint = f" ; vouliez-vous dire « {LABELS[ALIASES[close[0]]]} » ?" if close else ""
                problems.append(f"{file}, {label} : champ inconnu « {key} »{hint}")
                continue
            if isinstance(value, dict | list):
                problems.append(f"{file}, {label}, champ « {key} » : attendu une valeur, pas "
                                "une liste ni une table")
                continue
            cells[canonical] = (f"champ « {key} »", value)
        rows.append(Row(label, cells))
    return title, rows


# --- checking each row --------------------------------------------------------------------------


def _text(value: Any) -> str:
    if blank(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _copies(value: Any) -> int | None:
    if blank(value):
        return 1
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float) and float(value).is_integer():
        number = int(value)
    elif isinstance(value, str) and value.strip().isdigit():
        number = int(value.strip())
    else:
        return None
    return number if 0 <= number <= MAX_COPIES else None


def _colour(value: str) -> str | None:
    """A palette name (accents and case ignored) or #RRGGBB; None if unknown."""
    if not value:
        return ""
    key = slug(value)
    if key in PALETTE:
        return key
    if re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        return value.lower()
    return None


def _path_shown(value: str) -> str:
    """An image's path in a message: as written up to 80 characters; longer, its end (where
    the file's name is) after « … »."""
    return value if len(value) <= 80 else "…" + value[-79:]


def _art(value: str, folder: Path | None) -> tuple[str, str | None]:
    """(reference for CardSpec, problem or None). An OpenMoji code is hex groups joined by
    « - » (nothing else reaches a file name); a file is inside the deck's folder, after its
    links are followed; an upload (`folder` None) has no folder, so no file."""
    if not value:
        return "", None
    if value.startswith("openmoji:"):
        code = openmoji_code(value.removeprefix("openmoji:"))
        if code is None:
            return "", (f"image OpenMoji inconnue « {value[:40]} » (un code OpenMoji : des "
                        "nombres hexadécimaux joints par « - », ex. openmoji:1F409)")
        return f"openmoji:{code}", None
    if not re.search(r"[./\\]", value) and any(ord(ch) > 0x2000 for ch in value):
        code = openmoji_code("-".join(f"{ord(ch):X}" for ch in value if ord(ch) != 0xFE0F))
        if code is None:
            return "", f"aucune image OpenMoji pour l'emoji « {value[:20]} »"
        return f"openmoji:{code}", None
    if folder is None:
        return "", (f"image « {_path_shown(value)} » : un fichier d'image ne peut pas "
                    "accompagner un téléversement ; utilisez un emoji, openmoji:CODE ou la "
                    "commande companion print deck")
    base = folder.resolve()
    try:
        path = (base / value).resolve()  # an absolute path replaces base; links are followed
    except (OSError, RuntimeError, ValueError):  # a loop of links, a NUL byte
        return "", f"image « {_path_shown(value)} » : chemin illisible"
    if not path.is_relative_to(base):
        return "", (f"image « {_path_shown(value)} » : hors du dossier du paquet ({base}) ; posez "
                    "l'image dans ce dossier ou un de ses sous-dossiers")
    if path.suffix.lower() not in (".svg", ".png"):
        return "", f"image « {_path_shown(value)} » : format non pris en charge (SVG ou PNG)"
    if not path.is_file():
        return "", f"image introuvable « {_path_shown(value)} » (cherchée dans {path.parent})"
    problem = picture_problem(path)
    if problem:
        return "", f"image « {_path_shown(value)} » : {problem}"
    return str(path), None


def _card(file: str, row: Row, folder: Path | None, problems: list[str]) -> CardSpec | None:
    before = len(problems)

    def fail(column: str, message: str) -> None:
        where = row.cells[column][0] if column in row.cells else LABELS[column]
        problems.append(f"{file}, {row.label}, {where} : {message}")

    def text(column: str) -> str:
        return _text(row.cells.get(column, ("", None))[1])

    name = text("name")
    if not name:
        fail("name", "le nom de la carte est vide")
    raw_copies = row.cells.get("copies", ("", None))[1]
    copies = _copies(raw_copies)
    if copies is None:
        fail("copies", f"attendu un nombre entier d'exemplaires de 0 à {MAX_COPIES} "
                       f"(reçu « {_text(raw_copies)} »)")
    colours = {}
    for column, default in (("colour", "ardoise"), ("back_colour", "marine")):
        colour = _colour(text(column))
        if colour is None:
            fail(column, f"couleur inconnue « {text(column)} » ; couleurs : "
                         f"{', '.join(PALETTE)} ou un code #RRGGBB")
        colours[column] = colour or default
    arts = {}
    for column in ("art", "back_art"):
        ref, problem = _art(text(column), folder)
        if problem:
            fail(column, problem)
        arts[column] = ref
    unknown = unknown_icons(text("text"))
    if unknown:  # the text is read whole already (MAX_CELL_CHARS): at most 2,000 characters
        named = ", ".join(f"« :{n[:30]}: »" for n in unknown[:3])
        plural = "s" if len(unknown) > 1 else ""
        fail("text", f"icône{plural} inconnue{plural} {named} ; icônes possibles : {listing()}")
    card_id = slug(text("id") or name)
    if name and not card_id:
        fail("id" if "id" in row.cells else "name",
             "impossible d'en tirer un identifiant (lettres ou chiffres attendus)")
    if len(problems) > before:
        return None
    return CardSpec(id=card_id, name=name, copies=copies or 0, category=text("category"),
                    colour=colours["colour"], value=text("value"), text=text("text"),
                    back=text("back"), art=arts["art"], back_colour=colours["back_colour"],
                    back_art=arts["back_art"])


def parse_deck(file: str, data: bytes, folder: Path | None = None,
               title: str | None = None) -> DeckFile:
    """The deck in `data`, a file named `file` (its extension says the format); `folder` is
    where image files are looked for (None: an upload, images by name only)."""
    suffix = Path(file).suffix.lower()
    if suffix not in FORMATS:
        raise DeckFileError([f"{file} : format inconnu « {suffix or '(sans extension)'} » ; "
                             "formats : CSV, XLSX, YAML"])
    problems: list[str] = []
    file_title = None
    try:
        if suffix == ".csv":
            rows = _read_csv(file, data, problems)
        elif suffix == ".xlsx":
            rows = _read_xlsx(file, data, problems)
        else:
            file_title, rows = _read_yaml(file, data, problems)
    except DeckFileError:
        raise
    except (ValueError, TypeError, RecursionError, MemoryError):  # a case no reader foresaw
        raise DeckFileError([f"{file} : fichier illisible (contenu inattendu pour un "
                             f"fichier {suffix.lstrip('.').upper()})"]) from None
    cards: list[CardSpec] = []
    where: dict[str, str] = {}
    for row in rows:
        card = _card(file, row, folder, problems)
        if card is None:
            continue
        if card.id in where:
            problems.append(f"{file}, {row.label} : la carte « {card.name} » (identifiant "
                            f"« {card.id} ») est déjà définie ({where[card.id]}) ; donnez-lui "
                            "un autre nom ou une colonne id")
            continue
        where[card.id] = row.label
        cards.append(card)
    if rows and not cards and not problems:
        problems.append(f"{file} : aucune carte")
    if not rows and not problems:
        problems.append(f"{file} : aucune carte (une ligne par carte sous l'en-tête)")
    total = sum(c.copies for c in cards)
    if total > MAX_CARDS:
        problems.append(f"{file} : {total} cartes à imprimer, au plus {MAX_CARDS}")
    elif cards and total == 0:
        problems.append(f"{file} : toutes les cartes ont 0 exemplaire : rien à imprimer")
    if problems:
        raise DeckFileError(problems)
    return DeckFile(title or file_title or Path(file).stem, tuple(cards),
                    {cid: f"{file}, {label}" for cid, label in where.items()})


def read_deck(path: Path, title: str | None = None) -> DeckFile:
    """The deck file at `path`; no more than the limit is read (parse_deck then refuses a
    file longer than that, whatever its size on disk says)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DeckFileError([f"{path} : fichier illisible ({exc.strerror})"]) from None
    return parse_deck(path.name, data, path.parent, title)
