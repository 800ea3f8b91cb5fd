"""The print kit's options, validated in one place: every bad choice is a UsageError naming the
valid ones (the CLI turns it into exit 2 and one line, the app into st.error)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from companion.core import settings
from companion.core.errors import UsageError
from companion.core.loader import load_game
from companion.core.registry import GAMES, game_info, module
from print_kit.layout.geometry import (
    CARD_SIZES,
    PAPERS,
    Calibration,
    DoesNotFit,
    Grid,
    fit_grid,
    fit_gutterfold,
)

LAYOUTS = ("duplex", "gutterfold", "fronts")
FLIPS = ("long", "short")
DEFAULT_URL = "http://localhost:8501"
MAX_BLEED = 6.0
LABYSTERE_SEED = 1
CUSTOM_SIZE = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*[x×X*]\s*(\d+(?:[.,]\d+)?)\s*(?:mm)?\s*$")
SIZE_LIMITS = (20.0, 200.0)  # mm, each side of a custom card


MAX_URL = 300
MAX_ONLY_EACH = 99  # copies of one card on a replacement sheet (`--only ID=N`)
MAX_ONLY_CARDS = 500  # cards of a replacement sheet in all: about 56 pages of poker cards


def default_url() -> str:
    return settings.public_url() or DEFAULT_URL


@dataclass(frozen=True)
class PrintOptions:
    games: tuple[str, ...] = tuple(GAMES)
    paper: str = "a4"
    card_size: str = "poker"
    bleed: float = 3.0
    layout: str = "duplex"
    flip: str = "long"
    low_ink: bool = False
    url: str = DEFAULT_URL
    level: int | None = None  # Noé: 1-2 (79 cards) or 3 (93); None = the full game
    players: int | None = None  # ELSEN: None = enough for the largest table
    calibration: Calibration = field(default_factory=Calibration)
    seed: int = LABYSTERE_SEED
    only: tuple[tuple[str, int], ...] = ()  # (component id, copies): a replacement sheet
    art_dir: Path | None = None  # the user's pictures, one per card id

    @property
    def paper_mm(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def card_mm(self) -> tuple[float, float]:
        return parse_card_size(self.card_size)

    def as_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["games"] = list(self.games)
        out["card_mm"] = list(self.card_mm)
        out["only"] = [{"id": cid, "copies": n} for cid, n in self.only]
        out["art_dir"] = str(self.art_dir) if self.art_dir else None
        return out


def parse_card_size(text: str) -> tuple[float, float]:
    """A preset name (poker, bridge, …) or a custom « WxH » in millimetres (« 63x88 »)."""
    if text in CARD_SIZES:
        return CARD_SIZES[text]
    match = CUSTOM_SIZE.match(text)
    if not match:
        raise UsageError(f"taille de carte inconnue « {text} » ; choix possibles : "
                         f"{', '.join(CARD_SIZES)}, ou LARGEURxHAUTEUR en mm (par exemple 63x88)")
    w, h = (float(v.replace(",", ".")) for v in match.groups())
    low, high = SIZE_LIMITS
    if not (low <= w <= high and low <= h <= high):
        raise UsageError(f"taille de carte {w:g}×{h:g} mm hors limites ; chaque côté entre "
                         f"{low:g} et {high:g} mm")
    return (w, h)


def parse_only(ids: list[str] | tuple[str, ...] | None,
               known: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """`--only ID…`: each ID once per mention (« ID=N » for N copies), checked against the
    component ids of the chosen games (`known`: id -> copies in the data). A replacement
    sheet is bounded: MAX_ONLY_EACH copies of one card, MAX_ONLY_CARDS in all, counted as
    the mentions are read (repeating « ID=99 » adds up)."""
    counts: dict[str, int] = {}
    total = 0
    for raw in ids or ():
        cid, _, copies = raw.strip().partition("=")
        if cid not in known:
            raise UsageError(f"--only : identifiant inconnu « {cid[:60]} » ; la liste des "
                             "identifiants : companion cards JEU")
        n = int(copies) if copies.isdigit() and len(copies) <= 3 else 0 if copies else 1
        if not 1 <= n <= MAX_ONLY_EACH:
            raise UsageError(f"--only « {raw[:60]} » : nombre d'exemplaires entre 1 et "
                             f"{MAX_ONLY_EACH} attendu")
        counts[cid] = counts.get(cid, 0) + n
        total += n
        if counts[cid] > MAX_ONLY_EACH:
            raise UsageError(f"--only : {counts[cid]} exemplaires de « {cid} » demandés en "
                             f"tout ; au plus {MAX_ONLY_EACH} par carte")
        if total > MAX_ONLY_CARDS:
            raise UsageError(f"--only : plus de {MAX_ONLY_CARDS} cartes demandées ; une "
                             f"feuille de remplacement en a {MAX_ONLY_CARDS} au plus")
    return tuple(counts.items())


def _choice(unknown: str, value: str, valid: tuple[str, ...] | list[str]) -> str:
    if value not in valid:
        raise UsageError(f"{unknown} « {value} » ; choix possibles : {', '.join(valid)}")
    return value


def parse_games(game: str) -> tuple[str, ...]:
    if game == "all":
        return tuple(GAMES)
    try:
        game_info(game)
    except UsageError:
        raise UsageError(f"jeu inconnu « {game} » ; choix possibles : all, "
                         f"{', '.join(GAMES)}") from None
    return (game,)


def parse_calibration(text: str) -> Calibration:
    """« DX,DY,SCALE » in mm and a factor, e.g. « 1.5,-0.8,0.995 »."""
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 3:
            raise ValueError
        dx, dy, scale = (float(p) for p in parts)
    except ValueError:
        raise UsageError(f"calibrage « {text} » illisible ; attendu DX,DY,ECHELLE "
                         "(mm, mm, facteur), par exemple 1.5,-0.8,0.995") from None
    if not (abs(dx) <= 20 and abs(dy) <= 20 and 0.9 <= scale <= 1.1):
        raise UsageError("calibrage hors limites : DX et DY entre -20 et 20 mm, "
                         "ÉCHELLE entre 0.9 et 1.1")
    return Calibration(dx, dy, scale)


def make_options(game: str = "all", *, paper: str = "a4", card_size: str = "poker",
                 bleed: float = 3.0, layout: str = "duplex", flip: str = "long",
                 low_ink: bool = False, url: str | None = None, level: int | None = None,
                 players: int | None = None, calibration: str | Calibration | None = None,
                 seed: int = LABYSTERE_SEED, only: list[str] | tuple[str, ...] | None = None,
                 art_dir: Path | str | None = None) -> PrintOptions:
    games = parse_games(game)
    _choice("format de papier inconnu", paper, tuple(PAPERS))
    card = parse_card_size(card_size)
    _choice("mise en page inconnue", layout, LAYOUTS)
    _choice("sens de retournement inconnu", flip, FLIPS)
    if not 0 <= bleed <= MAX_BLEED:
        raise UsageError(f"fond perdu de {bleed:g} mm hors limites ; entre 0 et {MAX_BLEED:g} mm")
    if not _fits(layout, PAPERS[paper], card, bleed):
        fitting = [name for name, size in CARD_SIZES.items()
                   if _fits(layout, PAPERS[paper], size, bleed)]
        raise UsageError(f"les cartes {card_size} ne tiennent pas sur le papier {paper} avec "
                         f"{bleed:g} mm de fond perdu ; tailles possibles : "
                         f"{', '.join(fitting) or 'aucune'}")
    check_own_options(games, {"level": level, "players": players})
    url = (url if url is not None else default_url()).strip().rstrip("/")
    if not url.startswith(("http://", "https://")):
        raise UsageError(f"adresse « {url[:80]} » invalide ; attendu http://… ou https://…")
    if len(url) > MAX_URL:  # a QR code holds a few hundred characters at a readable size
        raise UsageError(f"adresse trop longue ({len(url)} caractères) : au plus {MAX_URL}, "
                         "pour un code QR lisible sur une carte")
    if isinstance(calibration, str):
        calibration = parse_calibration(calibration)
    if seed < 0:
        raise UsageError("--seed doit être un entier positif ou nul")
    chosen = parse_only(only, known_components(games)) if only else ()
    return PrintOptions(games, paper, card_size, float(bleed), layout, flip, low_ink, url, level,
                        players, calibration or Calibration(), seed, chosen,
                        Path(art_dir) if art_dir else None)


@dataclass(frozen=True)
class OwnOption:
    """An option of the kit that only some games have (`--level`, `--players`): a game's print
    module declares it in `OWN_OPTIONS` (option name -> OwnOption), so this module names no game.
    `owner`: the game's name in the refusal (« Noé »); `check`: raises UsageError for a value
    the game refuses."""

    owner: str
    check: Callable[[int], None]


def own_options(game: str) -> dict[str, OwnOption]:
    """The options only this game has, from its print module (none without one)."""
    if game_info(game).print_module is None:
        return {}
    options: dict[str, OwnOption] = getattr(module(game, "print"), "OWN_OPTIONS", {})
    return options


def check_own_options(games: tuple[str, ...], given: dict[str, int | None]) -> None:
    """Each option given (not None) is checked by the chosen games that have it; one that none
    of them has is refused, naming the games it concerns."""
    for name, value in given.items():
        if value is None:
            continue
        owners = [(game, option) for game in GAMES
                  if (option := own_options(game).get(name)) is not None]
        chosen = [option for game, option in owners if game in games]
        if not chosen:
            concerned = " ou ".join(f"{option.owner} ({game})" for game, option in owners)
            raise UsageError(f"--{name} ne concerne que {concerned or 'aucun jeu'}")
        for option in chosen:
            option.check(value)


def known_components(games: tuple[str, ...]) -> dict[str, int]:
    """Component id -> copies, over the chosen games' full data."""
    return {c.id: c.copies for g in games for c in load_game(g).components()}


def card_grid(layout: str, paper: tuple[float, float], card: tuple[float, float],
              bleed: float) -> Grid:
    """The one choice of grid for a layout: gutterfold halves the page, the others use it all."""
    return (fit_gutterfold if layout == "gutterfold" else fit_grid)(paper, card, bleed)


def _fits(layout: str, paper: tuple[float, float], card: tuple[float, float],
          bleed: float) -> bool:
    try:
        card_grid(layout, paper, card, bleed)
    except DoesNotFit:
        return False
    return True
