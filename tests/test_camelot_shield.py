"""The Bouclier guards the personnage, not its holder: the Assommé is laid beside the personnage
and reaches a shielded player (camelot.txt › Cartes spéciales; Knizia's FAQ: the Shield does
not protect against Stunned; registre CAM-7, CAM-9). Checked over random tournaments, and on
the printed Bouclier card read back from the kit's PDF."""

from __future__ import annotations

import copy
import io
import re
from typing import Any

import pypdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.camelot.engine import CamelotState
from companion.games.camelot.simulate import playout
from print_kit.build import build_file, print_files
from print_kit.options import make_options


def _verdict(state: CamelotState, event: dict[str, Any]) -> tuple[bool, Any]:
    """Accepted (and who is stunned after), or refused (and the rule), on a copy."""
    trial = copy.deepcopy(state)
    try:
        trial.apply(event)
    except RuleError as exc:
        return False, exc.rule
    return True, trial.assomme


def _shielded_comparisons(players: int, seed: int) -> tuple[int, int]:
    """Replay a random simulated game as the table sees it; wherever a Bouclier is in play
    before a player's action, try the Assommé on each opponent twice: as things stand, and with
    the Bouclier taken away. The verdicts must agree. Returns (comparisons, accepted on a
    shielded player)."""
    game = playout(players, seed, action_rate=1.0)
    table = CamelotState(dict(game.setup, mode="table"))
    compared = shielded = 0
    for event in game.events:
        if event["type"] in ("deal", "reshuffle"):
            continue
        q = table.bouclier
        p = table.current
        if (q is not None and table.phase == "turn" and q != p and table.active[p]
                and not table.first_card_due):
            stun = {"type": "play", "player": p, "card": "assomme", "target": q}
            bare = copy.deepcopy(table)
            bare.bouclier = None  # the same table without the Bouclier
            with_shield, without = _verdict(table, stun), _verdict(bare, stun)
            assert with_shield == without, (event, with_shield, without)
            compared += 1
            shielded += with_shield[0]
        table.apply({k: v for k, v in event.items() if k != "taken"})
    return compared, shielded


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_a_shielded_player_takes_every_assomme_an_unshielded_one_would(players: int,
                                                                        seed: int) -> None:
    _shielded_comparisons(players, seed)


def test_random_tournaments_do_stun_shielded_players() -> None:
    """The property above is not vacuous: over a few fixed games, Bouclier holders are stunned."""
    totals = [_shielded_comparisons(n, seed) for n, seed in ((3, 1), (4, 2), (5, 3), (2, 4))]
    assert sum(c for c, _ in totals) > 20
    assert sum(s for _, s in totals) > 5


def _card_text(pdf: bytes, title: str) -> str:
    """The text of the card whose title line is `title`, up to the next card's family line."""
    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        text = page.extract_text()
        lines = [line.strip() for line in text.splitlines()]
        if title in lines:
            start = lines.index(title)
            body = []
            for line in lines[start + 3:]:  # title, family, game name
                if line in ("Assommé", "Lancelot", "Finesse") or line.endswith("mm"):
                    break
                body.append(line)
            return re.sub(r"\s+", " ", " ".join(body))
    raise AssertionError(f"{title} not found in the PDF")


def test_the_printed_bouclier_says_what_the_rules_say() -> None:
    """The Bouclier card of the printed kit speaks of the personnage and lets the Assommé
    through; it no longer lists the Assommé among what it stops (issue 24)."""
    options = make_options("camelot")
    cards = next(pf for pf in print_files("camelot", options) if pf.stem == "camelot-cartes")
    pdf = build_file(cards, options).data
    bouclier = _card_text(pdf, "Bouclier")
    assert "n’ont plus d’effet sur votre personnage" in bouclier
    assert "L’Assommé vous atteint." in bouclier
    assert "main, Assommé" not in bouclier
    assommé = _card_text(pdf, "Assommé")
    assert "même protégé par un Bouclier" in assommé
