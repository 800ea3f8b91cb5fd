"""Builds the kit: for each game its PDF files (decks, free pages, fiche mémoire), a calibration
file for duplex printing, and `manifest.json` (pages, cards and SHA-256 of every file).

Everything is made in memory and checked first (preflight: glyphs, text fitting, card counts),
then written atomically: a temporary file in the target folder, renamed into place. The same
options give the same bytes (ReportLab invariant mode, no time stamps anywhere)."""

from __future__ import annotations

import errno
import hashlib
import io
import json
import os
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.core import registry
from companion.core.errors import UsageError
from companion.core.loader import load_game
from companion.core.model import Component
from companion.core.registry import GAMES
from companion.core.text import agreed, counted
from print_kit.credits import credits_file
from print_kit.draw.art import art_set_of, load, user_art
from print_kit.draw.artdraw import cached, save_cache
from print_kit.draw.faces import Face, edge_margin
from print_kit.draw.fonts import BOLD, REGULAR, register
from print_kit.draw.painter import Painter
from print_kit.draw.textfit import PreflightError, check_glyphs, french
from print_kit.kit import FreePage, PrintFile, select, with_user_art
from print_kit.layout.calibration import calibration_pages
from print_kit.layout.geometry import MM
from print_kit.layout.sheets import Deck, PagePlan, draw_plan, free_page, plan_deck
from print_kit.options import PrintOptions, card_grid
from print_kit.reference import draw_sheet

Progress = Callable[[int, int, str], None]
FONTS = (REGULAR, BOLD)
# pages of one print run (one command, one « Préparer » of the app): the five games' kit
# has 91 to 309 pages at the preset sizes, 1,109 with 150 × 200 mm cards; a page takes about
# a millisecond to draw once its pictures are read
MAX_PAGES = 1500


@dataclass(frozen=True)
class BuiltFile:
    name: str  # file name, e.g. « noe-personnages.pdf »
    game: str
    title: str
    pages: int
    components: dict[str, int]  # component id -> copies printed
    data: bytes = field(repr=False)
    art: tuple[str, ...] = ()  # the picture sets drawn in this file
    secret_decks: tuple[str, ...] = ()  # decks held to one back and one edge (PRINT-10)

    @property
    def cards(self) -> int:
        return sum(self.components.values())

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    def manifest_entry(self) -> dict[str, Any]:
        return {"file": self.name, "game": self.game, "title": self.title, "pages": self.pages,
                "cards": self.cards, "components": self.components, "bytes": len(self.data),
                "sha256": self.sha256, "art": list(self.art),
                "secret_decks": list(self.secret_decks)}


@dataclass(frozen=True)
class Kit:
    options: PrintOptions
    files: tuple[BuiltFile, ...]

    def manifest(self) -> dict[str, Any]:
        return {"generator": "Compagnon de table — kit d'impression",
                "options": self.options.as_json(),
                "files": [f.manifest_entry() for f in self.files],
                "total_bytes": sum(len(f.data) for f in self.files)}

    def manifest_bytes(self) -> bytes:
        return (json.dumps(self.manifest(), ensure_ascii=False, indent=2) + "\n").encode()

    def file(self, name: str) -> BuiltFile:
        return next(f for f in self.files if f.name == name)


def game_module(game: str) -> Any:
    if game not in GAMES or registry.module_name(game, "print") is None:
        raise UsageError(f"{registry.game_info(game).title} : pas de kit à imprimer pour ce jeu")
    return registry.module(game, "print")


def print_files(game: str, options: PrintOptions) -> list[PrintFile]:
    """Every file of one game, its fiche mémoire last."""
    data = load_game(game)
    module = game_module(game)
    files: list[PrintFile] = module.files(data, options)
    sheet = module.sheet(data, options)

    def draw(c: Canvas, painter: Painter, w: float, h: float) -> None:
        draw_sheet(c, painter, sheet, options.url, w, h)

    files.append(PrintFile(f"{game}-fiche-memoire", game,
                           f"{GAMES[game].title} — fiche mémoire",
                           pages=(FreePage(f"{GAMES[game].title} — fiche mémoire", draw,
                                           tuple(sheet.strings())),)))
    return files


def game_components(game: str, options: PrintOptions) -> list[Component]:
    """The components printed for `game`: the options its GameInfo.print_options passes
    (Noé's level, ELSEN's player count)."""
    choose = GAMES[game].print_options
    return load_game(game).components(**(choose(options) if choose else {}))


def check_counts(game: str, files: list[PrintFile], options: PrintOptions) -> None:
    """Every group of the data has a file, and every copy of every component of a file's
    groups is printed there, no more, no less."""
    comps = game_components(game, options)
    missing = {c.group for c in comps} - {g for pf in files for g in pf.groups}
    if missing:
        raise PreflightError(f"{game} : {agreed(len(missing), 'groupe')} de composants sans "
                             "fichier d'impression : "
                             f"{', '.join(sorted(missing))}")
    known = {c.id for c in comps}
    for pf in files:
        printed = printed_components(pf)
        for comp in comps:
            if comp.group in pf.groups and printed.get(comp.id, 0) != comp.copies:
                copies = printed.get(comp.id, 0)
                raise PreflightError(f"{pf.stem} : {counted(copies, 'exemplaire')} de "
                                     f"« {comp.name} » ({comp.id}) {agreed(copies, 'imprimé')}, "
                                     f"les données en prévoient {comp.copies}")
        unknown = set(printed) - known
        if unknown:
            raise PreflightError(f"{pf.stem} : éléments absents des données : "
                                 f"{', '.join(sorted(unknown))}")


def printed_components(pf: PrintFile) -> dict[str, int]:
    out: Counter[str] = Counter()
    for deck in pf.decks:
        for item in deck.items:
            out[item.component] += 1
    for page in pf.pages:
        for comp_id, copies in page.components:
            out[comp_id] += copies
    return dict(out)


def faces_of(pf: PrintFile) -> list[Face]:
    """Every distinct face of a file's decks, fronts and backs."""
    out: dict[str, Face] = {}
    for deck in pf.decks:
        for item in deck.items:
            out.setdefault(item.front.key, item.front)
            if item.back is not None:
                out.setdefault(item.back.key, item.back)
    return list(out.values())


def edge_of(face: Face) -> str:
    """What shows at the cut line of a face, for the secret check: the white margin of every
    card front, or the face's own colour when it draws through the bleed."""
    if face.style == "card" and not any(p.reaches_edge for p in face.parts):
        return "blanc"
    return f"{face.style} {face.accent} ({face.key})"


def check_secret(pf: PrintFile, deck: Deck, options: PrintOptions) -> None:
    """A secret deck (docs/print-kit.md PRINT-10) cannot be told apart from its backs or edges:
    one common back, and the same edge on every front, a margin at least as wide as the bleed."""
    where = f"{pf.stem} › {deck.name}"
    backs = {item.back.key if item.back else "(aucun dos)" for item in deck.items}
    if len(backs) > 1 or "(aucun dos)" in backs:
        raise PreflightError(f"{where} : cartes secrètes avec des dos différents "
                             f"({', '.join(sorted(backs))}) ; un dos commun est exigé")
    edges = {edge_of(item.front) for item in deck.items}
    if len(edges) > 1 or edges != {"blanc"}:
        raise PreflightError(f"{where} : cartes secrètes dont le bord diffère ou porte une "
                             f"couleur à fond perdu ({', '.join(sorted(edges))}) ; une marge "
                             "blanche commune est exigée")
    w, h = deck.size or options.card_mm
    k = min(w / 63, h / 88)
    if edge_margin(options.bleed * MM, k) < options.bleed * MM - 1e-9:
        raise PreflightError(f"{where} : marge blanche plus étroite que le fond perdu")


def _check_art(pf: PrintFile, options: PrintOptions) -> tuple[str, ...]:
    """Every picture can be read (PreflightError naming its file); the sets drawn."""
    sets = set()
    for face in faces_of(pf):
        for ref in (face.art, face.emblem):
            if ref:
                if not cached(ref, options.low_ink):  # read once, then from the cache
                    load(ref, options.low_ink)
                sets.add(art_set_of(ref))
    return tuple(sorted(sets))


def _check_strings(pf: PrintFile) -> None:
    faces: dict[str, Face] = {}
    for deck in pf.decks:
        for item in deck.items:
            faces[item.front.key] = item.front
            if item.back is not None:
                faces[item.back.key] = item.back
    strings = {s for f in faces.values() for s in f.strings()}
    strings |= {s for page in pf.pages for s in page.strings}
    strings |= {pf.title}
    for text in sorted(strings):
        for font in FONTS:
            check_glyphs(french(text), font, pf.stem)


def plans(pf: PrintFile, options: PrintOptions) -> list[PagePlan]:
    """All page plans of one file: its decks through the layout engine, then its free pages."""
    out: list[PagePlan] = []
    for deck in pf.decks:
        size = deck.size or options.card_mm
        grid = card_grid(options.layout, options.paper_mm, size, options.bleed)
        out += plan_deck(deck, grid, options.layout, options.flip, options.calibration,
                         pf.title.split(" — ")[0])
    pw, ph = options.paper_mm
    for page in pf.pages:
        out.append(free_page(page.label, _adapt(page, pw * MM, ph * MM), pw,
                             options.calibration if page.back else None))
    return out


def _adapt(page: FreePage, w: float, h: float) -> Callable[[Canvas, Painter], None]:
    return lambda c, painter: page.draw(c, painter, w, h)


def render(pf: PrintFile, page_plans: list[PagePlan], options: PrintOptions) -> BuiltFile:
    register()
    pw, ph = options.paper_mm
    buf = io.BytesIO()
    # The initial font is ours too: no page refers to a non-embedded base-14 font.
    c = Canvas(buf, pagesize=(pw * MM, ph * MM), invariant=1, pageCompression=1, pdfVersion=(1, 4),
               initialFontName=REGULAR, initialFontSize=8)
    c.setTitle(french(pf.title))
    c.setAuthor("Compagnon de table")
    c.setCreator("Compagnon de table — kit d’impression")
    c.setSubject(french(pf.title))
    painter = Painter(c, bleed_mm=options.bleed, low_ink=options.low_ink, where=pf.stem)
    painter.count_faces((p.face, p.rect, p.turn) for plan in page_plans for p in plan.placements)
    for plan in page_plans:
        draw_plan(c, painter, plan, pw, ph)
    c.save()
    return BuiltFile(f"{pf.stem}.pdf", pf.game, pf.title, len(page_plans),
                     printed_components(pf), buf.getvalue())


def check_pages(count: int) -> None:
    """One print run makes at most MAX_PAGES pages, counted from the page plans (which are
    pure data) before anything is drawn."""
    if count > MAX_PAGES:
        raise UsageError(f"{count} pages à produire ; une impression en fait {MAX_PAGES} au "
                         "plus (des cartes plus petites, moins de jeux ou --only)")


def build_file(pf: PrintFile, options: PrintOptions,
               page_plans: list[PagePlan] | None = None) -> BuiltFile:
    if page_plans is None:
        page_plans = plans(pf, options)
        check_pages(len(page_plans))
    _check_strings(pf)
    art = _check_art(pf, options)
    for deck in pf.decks:
        if deck.secret:
            check_secret(pf, deck, options)
    built = render(pf, page_plans, options)
    return replace(built, art=art,
                   secret_decks=tuple(d.name for d in pf.decks if d.secret))


def kit_files(options: PrintOptions) -> list[PrintFile]:
    """Every file of the chosen games, their counts checked, `--only` and `--art` applied, then
    the calibration sheet (duplex) and the credits page."""
    todo: list[PrintFile] = []
    only = dict(options.only)
    arts = user_art(options.art_dir, {c.id for g in options.games
                                      for c in load_game(g).components()})
    for game in options.games:
        files = print_files(game, options)
        check_counts(game, files, options)
        if only:  # a replacement sheet: the asked cards only, no fiche, no calibration
            files = [s for s in (select(pf, only) for pf in files[:-1]) if s is not None]
        todo += [with_user_art(pf, arts) for pf in files]
    if only:
        printed: Counter[str] = Counter()
        for pf in todo:
            printed.update(printed_components(pf))
        missing = [cid for cid in only if not printed[cid]]
        if missing:
            raise UsageError(f"--only : {', '.join(missing)} n'est pas imprimé avec ces "
                             "options (niveau de Noé, nombre de joueurs d'ELSEN ?)")
    else:
        if options.layout == "duplex":
            todo.append(calibration_pages(options))
        todo.append(credits_file(options))
    return todo


def build_kit(options: PrintOptions, progress: Progress | None = None) -> Kit:
    """Every file of the kit (`kit_files`), checked and built."""
    todo = kit_files(options)
    page_plans = [plans(pf, options) for pf in todo]
    check_pages(sum(len(p) for p in page_plans))
    built = []
    for index, (pf, planned) in enumerate(zip(todo, page_plans, strict=True), start=1):
        built.append(build_file(pf, options, planned))
        if progress:
            progress(index, len(todo), built[-1].name)
    save_cache()
    return Kit(options, tuple(built))


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename: never a half-written file."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        # mkstemp makes the file private (0600); a PDF to print is an ordinary file: the
        # permissions any new file gets here (0666 minus the umask), as `open()` would give
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


_OS_ERRORS = {errno.EACCES: "permission refusée", errno.EPERM: "permission refusée",
              errno.ENOENT: "chemin introuvable",
              errno.ENOTDIR: "un élément du chemin n'est pas un dossier",
              errno.EEXIST: "un fichier porte déjà ce nom", errno.ENOSPC: "disque plein",
              errno.EROFS: "support en lecture seule"}


def _why(exc: OSError) -> str:
    return _OS_ERRORS.get(exc.errno or 0, exc.strerror or str(exc))


def prepare_out_dir(out_dir: Path) -> None:
    """Create the folder and prove it is writable, before any work is done."""
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=out_dir, prefix=".probe-")
        probe.close()
    except OSError as exc:
        raise UsageError(f"impossible d'écrire dans le dossier « {out_dir} » : "
                         f"{_why(exc)}") from None


def write_kit(kit: Kit, out_dir: Path) -> list[Path]:
    prepare_out_dir(out_dir)
    written = []
    try:
        for f in kit.files:
            write_atomic(out_dir / f.name, f.data)
            written.append(out_dir / f.name)
        write_atomic(out_dir / "manifest.json", kit.manifest_bytes())
    except OSError as exc:
        raise UsageError(f"écriture impossible dans « {out_dir} » : {_why(exc)} ; les "
                         "fichiers déjà écrits sont complets, aucun n'est à moitié écrit") from None
    return written + [out_dir / "manifest.json"]
