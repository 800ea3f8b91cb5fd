"""The print kit checked from the PDFs themselves (pypdf, pdfium, zxing): page sizes, card slots,
duplex mirroring for both flips, gutterfold, card names, QR codes, fonts, reproducible bytes,
and the preflight that refuses a bad build."""

from __future__ import annotations

import io
import re
import subprocess
import unicodedata
from dataclasses import replace

import pypdf
import pytest
import zxingcpp
from PIL import Image
from pypdf.generic import ContentStream

from companion.core.loader import load_game
from companion.core.registry import GAMES
from print_kit import build as build_module
from print_kit.build import Kit, build_file, build_kit, check_counts, print_files
from print_kit.draw.faces import Face
from print_kit.draw.textfit import PreflightError
from print_kit.exports.render import render_png
from print_kit.kit import PrintFile
from print_kit.layout.geometry import CARD_SIZES, MM, PAPERS, back_rect, fit_grid, fit_gutterfold
from print_kit.layout.sheets import Deck, Item
from print_kit.options import make_options

Matrix = tuple[float, float, float, float, float, float]


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF row-vector convention: the new CTM is m × n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def card_rects(page: pypdf.PageObject, card_w: float, card_h: float,
               bleed: float) -> list[tuple[float, float, float, float]]:
    """Cut rectangles (mm: x, y, w, h) of the cards placed on a page, found by replaying the
    page's content stream (q/Q/cm/Do/re W): a repeated face is a card-sized form (its
    bounding box), a face placed once is drawn in the page inside a clip of its bleed box."""
    xobjects = page["/Resources"].get("/XObject", {})
    want = ((card_w + 2 * bleed) * MM, (card_h + 2 * bleed) * MM)
    ctm: Matrix = (1, 0, 0, 1, 0, 0)
    stack: list[Matrix] = []
    out = []
    clip: list[float] | None = None  # the last rectangle, if a clip (W) follows it

    def card_at(ctm: Matrix) -> None:
        # the cut rectangle's corners through the CTM (a card may lie on its side)
        a, b, c, d, e, f = ctm
        corners = [(u * a + v * c + e, u * b + v * d + f)
                   for u in (0, card_w * MM) for v in (0, card_h * MM)]
        xs, ys = [p[0] / MM for p in corners], [p[1] / MM for p in corners]
        out.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))

    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif op == b"Do":
            form = xobjects[operands[0]].get_object()
            x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
            if (abs(x1 - x0 - want[0]) < 0.05 and abs(y1 - y0 - want[1]) < 0.05):
                card_at(ctm)
        elif op in (b"W", b"W*") and clip is not None:
            x, y, w, h = clip
            if (abs(x + bleed * MM) < 0.05 and abs(y + bleed * MM) < 0.05
                    and abs(w - want[0]) < 0.05 and abs(h - want[1]) < 0.05):
                card_at(ctm)
        clip = [float(v) for v in operands] if op == b"re" else None
    return out


def _reader(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def _norm(text: str) -> str:
    text = text.replace("’", "'").replace("\u202f", " ").replace("\xa0", " ")
    return unicodedata.normalize("NFC", text).lower()


@pytest.fixture(scope="module")
def kit() -> Kit:
    return build_kit(make_options("all", url="http://tablette.local:8600"))


@pytest.fixture(scope="module")
def texts(kit: Kit) -> dict[str, list[str]]:
    """Each file of the kit -> the text of each of its pages, read once, by poppler's
    pdftotext (what print shops' preflight tools read; pypdf took eight times as long: most of
    the module's time)."""
    texts = {}
    for f in kit.files:
        done = subprocess.run(["pdftotext", "-enc", "UTF-8", "-", "-"], input=f.data,
                              capture_output=True, check=True, timeout=120)
        pages = done.stdout.decode("utf-8").split("\f")  # a form feed ends each page
        assert pages[-1] == "" and len(pages) - 1 == len(_reader(f.data).pages), f.name
        # its lines follow the page's layout, not the drawing order: one space for each run
        texts[f.name] = [re.sub(r"\s+", " ", page) for page in pages[:-1]]
    return texts


def test_one_file_per_game_and_group_with_clear_names(kit: Kit) -> None:
    names = [f.name for f in kit.files]
    for game in GAMES:
        assert f"{game}-fiche-memoire.pdf" in names
        assert any(n.startswith(f"{game}-") and "fiche" not in n for n in names)
    assert "calibrage-recto-verso.pdf" in names
    assert len(names) == len(set(names))


def test_page_sizes_are_the_paper(kit: Kit) -> None:
    a4 = (210 * MM, 297 * MM)
    for f in kit.files:
        for page in _reader(f.data).pages:
            box = page.mediabox
            assert (float(box.width), float(box.height)) == pytest.approx(a4, abs=0.01)
    letter = build_file(print_files("camelot", make_options("camelot", paper="letter"))[0],
                        make_options("camelot", paper="letter"))
    box = _reader(letter.data).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(
        (215.9 * MM, 279.4 * MM), abs=0.01)


def test_card_slots_per_page_and_exact_card_size(kit: Kit) -> None:
    reader = _reader(kit.file("camelot-cartes.pdf").data)
    grid = fit_grid(PAPERS["a4"], CARD_SIZES["poker"], 3.0)
    fronts = reader.pages[0::2]
    counts = [len(card_rects(p, 63, 88, 3.0)) for p in fronts]
    assert counts[:-1] == [grid.per_page] * (len(counts) - 1) == [9] * (len(counts) - 1)
    assert sum(counts) == 110
    for x, y, w, h in card_rects(fronts[0], 63, 88, 3.0):
        assert (w, h) == pytest.approx((63, 88))
        assert any(abs(x - s.x) < 0.01 and abs(y - s.y) < 0.01 for s in grid.slots)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_back_is_the_mirror_of_its_front(flip: str) -> None:
    options = make_options("noe", flip=flip)
    built = build_file(print_files("noe", options)[0], options)
    reader = _reader(built.data)
    pw, ph = PAPERS["a4"]
    assert len(reader.pages) % 2 == 0
    for i in range(0, len(reader.pages), 2):
        fronts = card_rects(reader.pages[i], 63, 88, 3.0)
        backs = card_rects(reader.pages[i + 1], 63, 88, 3.0)
        assert len(fronts) == len(backs) > 0
        for (x, y, w, h), (bx, by, bw, bh) in zip(fronts, backs, strict=True):
            from print_kit.layout.geometry import Rect

            expected = back_rect(Rect(x, y, w, h), pw, ph, flip)
            assert (bx, by, bw, bh) == pytest.approx(
                (expected.x, expected.y, expected.w, expected.h), abs=0.01)


def test_calibration_moves_back_pages_only() -> None:
    plain = make_options("camelot")
    moved = make_options("camelot", calibration="1.5,-2,0.99")
    a = _reader(build_file(print_files("camelot", plain)[0], plain).data)
    b = _reader(build_file(print_files("camelot", moved)[0], moved).data)
    pw, ph = PAPERS["a4"]
    assert card_rects(a.pages[0], 63, 88, 3) == card_rects(b.pages[0], 63, 88, 3)
    for (x, y, w, h), (bx, by, bw, bh) in zip(card_rects(a.pages[1], 63, 88, 3),
                                              card_rects(b.pages[1], 63, 88, 3), strict=True):
        assert bx == pytest.approx(pw / 2 + (x - pw / 2) * 0.99 + 1.5, abs=0.01)
        assert by == pytest.approx(ph / 2 + (y - ph / 2) * 0.99 - 2, abs=0.01)
        assert (bw, bh) == pytest.approx((w * 0.99, h * 0.99), abs=0.01)


def test_gutterfold_puts_backs_mirrored_on_the_same_page() -> None:
    options = make_options("elsen", layout="gutterfold", players=5)
    built = build_file(print_files("elsen", options)[0], options)
    grid = fit_gutterfold(PAPERS["a4"], CARD_SIZES["poker"], 3.0)
    reader = _reader(built.data)
    first = card_rects(reader.pages[0], 63, 88, 3.0)
    fronts = [r for r in first if r[0] < grid.fold_x]
    backs = [r for r in first if r[0] > grid.fold_x]
    assert len(fronts) == len(backs) == grid.per_page == 4  # 8 faces a sheet, on their side
    for (x, y, w, h), (bx, by, _, _) in zip(fronts, backs, strict=True):
        assert (w, h) == pytest.approx((88, 63))
        assert bx == pytest.approx(2 * grid.fold_x - x - w, abs=0.01)
        assert by == pytest.approx(y, abs=0.01)


def test_every_card_name_of_the_data_is_printed(kit: Kit, texts: dict[str, list[str]]) -> None:
    for game in GAMES:
        text = _norm(" ".join(page for f in kit.files if f.game == game
                              for page in texts[f.name]))
        for comp in load_game(game).components():
            for word in re.findall(r"[\w'-]{2,}", _norm(comp.name)):
                assert word in text, (game, comp.id, word)


def test_file_counts_follow_the_data(kit: Kit) -> None:
    for game in GAMES:
        expected = sum(c.copies for c in load_game(game).components())
        printed = sum(f.cards for f in kit.files if f.game == game)
        assert printed == expected, game


def test_noe_level_and_elsen_players_change_the_kit() -> None:
    low = build_kit(make_options("noe", level=1, layout="fronts"))
    assert [f.name for f in low.files] == ["noe-personnages.pdf", "noe-fiche-memoire.pdf",
                                          "credits.pdf"]
    assert low.file("noe-personnages.pdf").cards == 79
    five = make_options("elsen", players=5)
    cards = sum(build_file(pf, five).cards for pf in print_files("elsen", five)[:3])
    assert cards == sum(c.copies for c in load_game("elsen").components(players=5)
                        if c.kind == "card")


def test_qr_codes_open_each_games_page(kit: Kit) -> None:
    for game in GAMES:
        png = render_png(kit.file(f"{game}-fiche-memoire.pdf").data, 0, dpi=150)
        found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
        assert [r.text for r in found] == [f"http://tablette.local:8600/{game}"]


def test_fonts_are_embedded_subsets_only(kit: Kit) -> None:
    for f in kit.files:
        reader = _reader(f.data)
        for page in reader.pages:
            for ref in page["/Resources"].get("/Font", {}).values():
                font = ref.get_object()
                assert "+DejaVu" in font["/BaseFont"], (f.name, font["/BaseFont"])
                assert "/DescendantFonts" in font or "/FontDescriptor" in font


def test_same_inputs_same_bytes(kit: Kit) -> None:
    again = build_kit(make_options("all", url="http://tablette.local:8600"))
    assert [f.sha256 for f in again.files] == [f.sha256 for f in kit.files]
    assert again.manifest_bytes() == kit.manifest_bytes()


def test_manifest_lists_pages_cards_and_hashes(kit: Kit) -> None:
    manifest = kit.manifest()
    for entry, f in zip(manifest["files"], kit.files, strict=True):
        assert entry["pages"] == len(_reader(f.data).pages)
        assert entry["sha256"] == f.sha256 and len(entry["sha256"]) == 64
        assert entry["cards"] == sum(entry["components"].values())


def test_repeated_drawings_are_forms(kit: Kit) -> None:
    reader = _reader(kit.file("elsen-actions.pdf").data)
    back_page = reader.pages[1]
    placed = card_rects(back_page, 63, 88, 3.0)
    names = {n for n in back_page["/Resources"]["/XObject"]}
    assert len(placed) == 9 and len(names) <= 3  # one back form (and the ruler) for 9 backs


def test_every_repeated_face_is_one_form_and_a_single_face_is_drawn_in_place(kit: Kit) -> None:
    """Per file: one card-sized form per face placed two times or more, none for a face placed
    once (a form would cost an object and save nothing); every card is found either way."""
    options = make_options("all")
    for pf in build_module.kit_files(options):
        if not pf.decks or any(d.size for d in pf.decks):
            continue  # tokens and boards: other sizes
        uses: dict[str, int] = {}
        for plan in build_module.plans(pf, options):
            for p in plan.placements:
                uses[p.face.key] = uses.get(p.face.key, 0) + 1
        want = ((63 + 6) * MM, (88 + 6) * MM)
        reader = _reader(kit.file(f"{pf.stem}.pdf").data)
        forms = set()
        placed = 0
        for page in reader.pages:
            placed += len(card_rects(page, 63, 88, 3.0))
            for ref in page["/Resources"].get("/XObject", {}).values():
                box = [float(v) for v in ref.get_object()["/BBox"]]
                if {round(box[2] - box[0], 1), round(box[3] - box[1], 1)} == \
                        {round(want[0], 1), round(want[1], 1)}:
                    forms.add(ref.idnum)
        assert len(forms) == sum(1 for n in uses.values() if n > 1), pf.stem
        assert placed == sum(uses.values()), pf.stem


def _ink(png: bytes) -> float:
    """Share of ink on a rendered page: 0 blank, 1 solid black."""
    grey = Image.open(io.BytesIO(png)).convert("L")
    histogram = grey.histogram()
    total = sum(level * count for level, count in enumerate(histogram))
    return 1 - total / (255 * grey.width * grey.height)


def test_low_ink_uses_far_less_ink() -> None:
    """Fronts already stand on white margins (secret-safe, PRINT-10), so low ink saves less
    there than on the full-colour backs; the art becomes line work."""
    for game in ("camelot", "elsen"):
        normal = make_options(game)
        low = make_options(game, low_ink=True)
        full_pdf = build_file(print_files(game, normal)[0], normal).data
        light_pdf = build_file(print_files(game, low)[0], low).data
        fronts = [_ink(render_png(pdf, 0, 30)) for pdf in (full_pdf, light_pdf)]
        backs = [_ink(render_png(pdf, 1, 30)) for pdf in (full_pdf, light_pdf)]
        assert fronts[1] < 0.75 * fronts[0], (game, fronts)
        assert backs[1] < 0.35 * backs[0], (game, backs)


# --- preflight ------------------------------------------------------------------------------


def _tiny_file(face: Face) -> PrintFile:
    return PrintFile("essai", "camelot", "Essai", (Deck("Essai", (Item(face, None, "x"),)),))


def test_preflight_refuses_a_missing_glyph() -> None:
    face = Face("t:glyph", "Carte 漢", "rouge")
    with pytest.raises(PreflightError, match="glyphe absent"):
        build_file(_tiny_file(face), make_options("camelot"))


def test_french_characters_and_symbols_are_covered() -> None:
    face = Face("t:fr", "« Œuvre » l’œil", "rouge", text="Effet ♦ immédiat, □ fin de manche ; "
                "½ jeton !")
    built = build_file(_tiny_file(face), make_options("camelot", layout="fronts"))
    assert built.pages == 1


def test_preflight_refuses_overflowing_text() -> None:
    face = Face("t:long", "Carte", "rouge", text="mot " * 400)
    with pytest.raises(PreflightError, match="déborde"):
        build_file(_tiny_file(face), make_options("camelot"))


def test_long_text_shrinks_before_failing() -> None:
    face = Face("t:shrink", "Carte", "rouge", text="Une phrase assez longue. " * 12)
    built = build_file(_tiny_file(face), make_options("camelot", layout="fronts"))
    assert built.pages == 1


def test_preflight_refuses_a_count_that_differs_from_the_data() -> None:
    options = make_options("camelot")
    files = print_files("camelot", options)
    deck = files[0].decks[0]
    files[0] = replace(files[0], decks=(replace(deck, items=deck.items[1:]),))
    with pytest.raises(PreflightError, match="imprimé"):
        check_counts("camelot", files, options)


def test_build_kit_runs_the_count_check(monkeypatch: pytest.MonkeyPatch) -> None:
    real = build_module.print_files

    def short(game: str, options: object) -> list[PrintFile]:
        files = real(game, options)  # type: ignore[arg-type]
        deck = files[0].decks[0]
        return [replace(files[0], decks=(replace(deck, items=deck.items[:-1]),))] + files[1:]

    monkeypatch.setattr(build_module, "print_files", short)
    with pytest.raises(PreflightError):
        build_kit(make_options("emblemes"))


# --- content --------------------------------------------------------------------------------


def test_every_page_has_the_check_ruler(kit: Kit, texts: dict[str, list[str]]) -> None:
    hundred_mm = f"0 0 m {100 * MM:.4f} 0 l".encode()
    for f in kit.files:
        for number, page in enumerate(_reader(f.data).pages, start=1):
            assert "doit mesurer 10 cm" in texts[f.name][number - 1], (f.name, number)
            forms = [x.get_object().get_data() for x in page["/Resources"]["/XObject"].values()]
            assert any(hundred_mm in data for data in forms), (f.name, number)


def test_house_defaults_are_marked_on_the_fiches_not_on_the_cards(
        texts: dict[str, list[str]]) -> None:
    """Issue 36: a card prints what a published game would; the fiche mémoire says which values
    are the project's (tests/test_print_faces.py reads every face of every game)."""
    def text(name: str) -> str:
        return _norm(" ".join(texts[name]))

    # Only the Château of set A, face 3-4 players, comes from the rules: the fiche says so.
    assert "* défaut maison : la règle ne donne que la face 3-4" in text(
        "emblemes-fiche-memoire.pdf")
    # Noé: 5 of the 10 category symbols are unreadable in the rules (house symbols).
    noe = load_game("noe")
    house_symbols = sum(c.symbol.provenance.value == "defaut-maison" for c in noe.categories)
    fiche = text("noe-fiche-memoire.pdf")
    assert fiche.count(" *") >= house_symbols and "(défaut maison)" in fiche
    for name in ("emblemes-personnages.pdf", "emblemes-lieux.pdf", "noe-personnages.pdf",
                 "camelot-cartes.pdf"):
        assert "défaut maison" not in text(name), name


def test_labystere_map_follows_the_seed_without_spoilers() -> None:
    from companion.games.labystere.setup import generate

    options = make_options("labystere", seed=7)
    plan = next(pf for pf in print_files("labystere", options) if pf.stem == "labystere-plan")
    text = _norm(_reader(build_file(plan, options).data).pages[0].extract_text())
    assert "graine 7" in text
    data = load_game("labystere")
    names = {c.id: c.name for c in data.components()}
    for row in generate(7):
        for cell in row:
            if cell.path:
                assert _norm(names[cell.path]) in text
    for suspect in data.suspects:  # the culprit is the one missing: no suspect is named
        assert _norm(suspect.name) not in text
    for action in data.actions:
        assert _norm(action.name) not in text.replace("action", "")
    # registre LAB-3: the hidden cards stay in the box (the app knows which is where); the
    # plan must not have the table shuffle or draw them by hand
    assert "restent dans la boîte" in text
    assert "hasard" not in text and "mélang" not in text


def test_labystere_map_is_a_blank_template_without_the_setup_module(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from print_kit.games import labystere_plan

    monkeypatch.setattr(labystere_plan, "setup_layout", lambda seed: None)
    options = make_options("labystere")
    plan = next(pf for pf in print_files("labystere", options) if pf.stem == "labystere-plan")
    assert "modèle vierge" in plan.title
    text = _reader(build_file(plan, options).data).pages[0].extract_text()
    assert "modèle vierge" in text
    for place in load_game("labystere").places:  # no cell is filled in
        assert place.name not in text


def test_preflight_refuses_a_data_group_without_a_file() -> None:
    options = make_options("elsen")
    files = [pf for pf in print_files("elsen", options) if pf.stem != "elsen-echelles"]
    with pytest.raises(PreflightError, match="echelles"):
        check_counts("elsen", files, options)


def test_preflight_counts_agree_in_french() -> None:
    """« 1 exemplaire … imprimé », « 3 exemplaires … imprimés », « groupe » / « groupes »."""
    options = make_options("camelot")
    files = print_files("camelot", options)
    deck = files[0].decks[0]
    for dropped, said in ((1, "3 exemplaires de « Violet 3 » (violet-3) imprimés, les données "
                               "en prévoient 4"),
                          (3, "1 exemplaire de « Violet 3 » (violet-3) imprimé, les données en "
                              "prévoient 4")):
        assert [i.component for i in deck.items[:4]] == ["violet-3"] * 4
        short = [replace(files[0], decks=(replace(deck, items=deck.items[dropped:]),))]
        with pytest.raises(PreflightError) as err:
            check_counts("camelot", short + files[1:], options)
        assert str(err.value) == f"camelot-cartes : {said}"
    options = make_options("elsen")
    files = print_files("elsen", options)
    for left_out, said in ((["elsen-echelles"], "groupe de composants sans fichier "
                            "d'impression : echelles"),
                           (["elsen-echelles", "elsen-jetons"], "groupes de composants sans "
                            "fichier d'impression : echelles, jetons")):
        with pytest.raises(PreflightError) as err:
            check_counts("elsen", [pf for pf in files if pf.stem not in left_out], options)
        assert str(err.value) == f"elsen : {said}"


def test_a_missing_page_names_how_many_pages_the_file_has() -> None:
    from reportlab.pdfgen.canvas import Canvas

    from companion.core.errors import UsageError

    for pages, said in ((1, "ce fichier a 1 page"), (2, "ce fichier a 2 pages")):
        buf = io.BytesIO()
        canvas = Canvas(buf)
        for _ in range(pages):
            canvas.showPage()
        canvas.save()
        with pytest.raises(UsageError) as err:
            render_png(buf.getvalue(), 4)
        assert str(err.value) == f"page 5 inexistante ; {said}"


def test_the_fast_text_encoding_gives_reportlabs_bytes() -> None:
    """fonts._ascii_fast stands in for ReportLab's pdfdocEnc: the same bytes for ASCII, the
    same refusal for what PDFDocEncoding has not, the codec itself for the rest."""
    from print_kit.draw import fonts

    ascii_text = "".join(chr(i) for i in range(128) if not 0x18 <= i <= 0x1F)
    for text in (ascii_text, "BT /F1+0 9 Tf 12.5 TL ET\n", "Élysée « œ »", "", b"\x00bin"):
        expected = text.encode("extpdfdoc") if isinstance(text, str) else text
        assert fonts._ascii_fast(text) == expected  # noqa: SLF001
    for bad in ("\x18", "a\x1fb"):
        with pytest.raises(UnicodeEncodeError):
            fonts._ascii_fast(bad)  # noqa: SLF001


def test_labystere_plan_shows_each_path_turned_as_the_engine_lays_it() -> None:
    """The printed plan draws every cell's open sides (registre LAB-4): the path card's shape
    turned by the plan's rotation, all four on Départ and Arrivée, as the engine joins them."""
    from companion.games.labystere.board import Board
    from companion.games.labystere.setup import generate
    from print_kit.games.labystere_plan import map_cells

    data = load_game("labystere")
    comps = [c for c in data.components() if c.group == "chemins"]
    for seed in (1, 7, 42):
        board = Board.from_layout(generate(seed), {c.id: str(c.fields["type"]) for c in comps},
                                  {c.id: str(c.fields["shape"]) for c in comps})
        cells = map_cells(data, seed)
        assert cells is not None
        turned = {(r, c): sides for r, row in enumerate(cells)
                  for c, (_, _, sides) in enumerate(row)}
        assert turned == {pos: stack.sides for pos, stack in board.cells()}
        assert any(s not in ("NS", "NESW") for s in turned.values())  # some are turned
