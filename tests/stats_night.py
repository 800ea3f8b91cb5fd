"""A night built from the documented example logs of the five games (docs/log-examples), with
three profiles seated under the names each log uses. Shared by the statistics tests, the CLI
test, the PDF test and the benchmark's correctness check.

Who is who (seat names in the logs -> profile):
- noe-corrections (unfinished) and noe-partie-a-100-points: Alice, Bruno, Chloé as typed;
- emblemes-partie-a-trois: rouge = Alice, bleu = Bruno, vert = Chloé;
- labystere-partie: Inès = Chloé; Léa (who solves it) and Tom stay guests (typed names);
- camelot-exemples-de-la-regle (unfinished): Lady Danielle = Alice, Sire Marcel = Bruno;
- camelot-jetons: Gauvain = Alice, Arthur = Bruno, Perceval = Chloé;
- elsen-exemple-de-la-regle (unfinished) and elsen-saboteur-exclu: Paul = Alice,
  Jean = Bruno, Julie = Chloé; Pierre and Marie stay guests.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.events.store import EventStore
from companion.hosting.access import ON_SERVER
from companion.stats.storage import StatsStore

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "log-examples"
LOGS = ["noe-corrections", "noe-partie-a-100-points", "emblemes-partie-a-trois",
        "labystere-partie", "camelot-exemples-de-la-regle", "camelot-jetons",
        "elsen-exemple-de-la-regle", "elsen-saboteur-exclu"]
SEATS = {
    "noe-corrections": {"Alice": "Alice", "Bruno": "Bruno", "Chloé": "Chloé"},
    "noe-partie-a-100-points": {"Alice": "Alice", "Bruno": "Bruno", "Chloé": "Chloé"},
    "emblemes-partie-a-trois": {"rouge": "Alice", "bleu": "Bruno", "vert": "Chloé"},
    "labystere-partie": {"Inès": "Chloé"},
    "camelot-exemples-de-la-regle": {"Lady Danielle": "Alice", "Sire Marcel": "Bruno"},
    "camelot-jetons": {"Gauvain": "Alice", "Arthur": "Bruno", "Perceval": "Chloé"},
    "elsen-exemple-de-la-regle": {"Paul": "Alice", "Jean": "Bruno", "Julie": "Chloé"},
    "elsen-saboteur-exclu": {"Paul": "Alice", "Jean": "Bruno", "Julie": "Chloé"},
}


def example_log(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def build_night(path: Path) -> tuple[StatsStore, int, dict[str, str], dict[str, int]]:
    """The store, the night's id, log name -> game code, and profile name -> profile id."""
    stats = StatsStore(EventStore(path))
    profiles = {name: stats.create_profile(name).id for name in ("Alice", "Bruno", "Chloé")}
    night = stats.create_night("Soirée des exemples")
    codes = {}
    for name in LOGS:
        log = example_log(name)
        code = stats.events.import_log(log)
        codes[name] = code
        players = log["setup"]["players"]
        stats.seat(code, {players.index(seat): profiles[who]
                          for seat, who in SEATS[name].items()}, by=ON_SERVER)
        stats.attach(night.id, code, by=ON_SERVER)
    return stats, night.id, codes, profiles
