"""The table's own place-card values: a table that owns the real place cards enters them once;
they are saved in a small JSON file next to the event store's SQLite file and offered again at
every new game. House defaults stay labelled as such; entered values are labelled as the
table's own (provenance "table")."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from companion.core.errors import DataError, RuleError
from companion.events.store import default_path
from companion.games.emblemes.cards import PLACES, data
from companion.games.emblemes.data import Reward
from companion.games.emblemes.engine import parse_rewards

FILE_NAME = "emblemes-cartes-lieu.json"
FACES = ("face_3_4", "face_5")
FACE_LABELS = {"face_3_4": "face 3-4 joueurs", "face_5": "face 5 joueurs"}
REWARD_KINDS = ("fixed", "per_card", "steal", "half_value")


def settings_path() -> Path:
    return default_path().parent / FILE_NAME


def face_for(players: int) -> str:
    return "face_5" if players >= 5 else "face_3_4"


def load_table_values(path: Path | None = None) -> dict[str, dict[str, list[Reward]]]:
    """{place card id: {face: rewards}} as saved by the table; {} when nothing is saved.
    A damaged file is a DataError naming it (the page shows it, nothing is lost)."""
    path = path or settings_path()
    if not path.exists():
        return {}
    label = str(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise DataError(label, "(fichier)", "un JSON lisible", str(exc)) from None
    cards = raw.get("place_cards") if isinstance(raw, dict) else None
    if not isinstance(cards, dict):
        raise DataError(label, "place_cards", "une table carte -> faces")
    known = {c.id for c in data().place_cards}
    out: dict[str, dict[str, list[Reward]]] = {}
    for card_id, faces in cards.items():
        if card_id not in known or not isinstance(faces, dict) or not set(faces) <= set(FACES):
            raise DataError(label, f"place_cards.{card_id}", "une carte Lieu connue et ses faces")
        try:
            out[card_id] = {face: parse_rewards(rewards, f"{card_id}.{face}")
                            for face, rewards in faces.items()}
        except RuleError as exc:
            raise DataError(label, f"place_cards.{card_id}", exc.reason) from None
    return out


def save_table_values(card_id: str, face: str, rewards: list[Reward],
                      path: Path | None = None) -> None:
    """Save one face of one place card (an empty list removes it); written atomically."""
    path = path or settings_path()
    if card_id not in {c.id for c in data().place_cards} or face not in FACES:
        raise RuleError(f"carte Lieu « {card_id} » / « {face} » inconnue", "registre EMB-17")
    values = load_table_values(path)
    if rewards:
        values.setdefault(card_id, {})[face] = list(rewards)
    else:
        values.get(card_id, {}).pop(face, None)
        if not values.get(card_id):
            values.pop(card_id, None)
    payload = {"version": 1, "place_cards": {
        cid: {f: [r.model_dump(exclude_none=True) for r in rs] for f, rs in faces.items()}
        for cid, faces in values.items()}}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def setup_places(place_set: str, players: int, use_table: bool,
                 path: Path | None = None) -> dict[str, dict[str, Any]]:
    """The `places` entry of a game's setup: each place's rewards and where they come from.
    Written into the setup so the log replays the same even if the table edits its values
    later."""
    face = face_for(players)
    saved = load_table_values(path) if use_table else {}
    out: dict[str, dict[str, Any]] = {}
    for place in PLACES:
        card = next(c for c in data().place_cards if c.set == place_set and c.place == place)
        own = saved.get(card.id, {}).get(face)
        if own:
            out[place] = {"rewards": [r.model_dump(exclude_none=True) for r in own],
                          "provenance": "table"}
        else:
            printed = getattr(card, face)
            out[place] = {"rewards": [r.model_dump(exclude_none=True) for r in printed.rewards],
                          "provenance": printed.provenance.value}
    return out


def reward_from_kind(kind: str, amount: int) -> Reward:
    """The editor's (kind, amount) as a Reward; amount is ignored for per_card/half_value."""
    raw: dict[str, Any] = {kind: amount} if kind in ("fixed", "steal") else {kind: True}
    return parse_rewards([raw], "récompense")[0]


def kind_of(reward: Reward) -> tuple[str, int]:
    if reward.fixed is not None:
        return "fixed", reward.fixed
    if reward.steal is not None:
        return "steal", reward.steal
    return ("per_card" if reward.per_card else "half_value"), 0
