"""The event store's replays: those it keeps in memory, and the full replay of a stored log.

Kept in memory, per store (`ReplayCache`): what readers get, one `StoredGame` per (code, lines,
rules version), shared and never changed (a log only grows, so those three name one content);
and the writers' replay of each game (a `Head`, companion/events/snapshot.py) with the JSON of
its last line, changed in place by the next append. A full replay (`replay_stored`) falls back
on the newest older rules the engine keeps that accept the log.

Apart from store.py, which reads and writes the database: nothing here opens a connection. The
store reads the log's length and last line in its transaction and asks here whether what is
kept still names that content; recording which rules replayed a game is the store's write,
handed in as a callback."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from companion.core.engine import (
    GameState,
    InvalidEvent,
    readable_versions,
    replay_entries,
    rules_version,
)
from companion.core.log import Entry, resolve
from companion.events.snapshot import Head, built_by_current_code, copy_state
from companion.events.stored import NoLongerReplays, StoredGame

SNAPSHOTS = 32  # replayed snapshots kept in memory, per kind (a few tables at once)

# record(code, rules version, why it no longer replays or None): the store's write
RecordRules = Callable[[str, int, str | None], None]


class ReplayCache:
    """The replays one store keeps, safe to share between threads (one lock, held only while
    a dictionary changes)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        # what readers get, by (code, lines, rules version): shared, never changed
        self._snapshots: OrderedDict[tuple[str, int, int], StoredGame] = OrderedDict()
        # the writers' replay of each game, by code: (head, JSON of its last line), changed
        # in place by the next append (taken out of here while it changes)
        self._heads: OrderedDict[str, tuple[Head, str | None]] = OrderedDict()

    def snapshot(self, key: tuple[str, int, int]) -> StoredGame | None:
        """The readers' snapshot kept for (code, lines, rules version), if it was built by
        the code running now (an engine reloaded since is replayed again)."""
        with self._lock:
            stored = self._snapshots.get(key)
        if stored is None or not built_by_current_code(stored.state):
            return None
        return stored

    def keep_snapshot(self, key: tuple[str, int, int], stored: StoredGame) -> None:
        with self._lock:
            self._snapshots[key] = stored
            self._snapshots.move_to_end(key)
            while len(self._snapshots) > SNAPSHOTS:
                self._snapshots.popitem(last=False)

    def copy_of_head(self, code: str, lines: int, last: str | None, title: str,
                     created: str) -> StoredGame | None:
        """A reader's copy of the writers' replay when it is at this line (same count, same
        last line, current code), else None."""
        with self._lock:
            kept = self._heads.get(code)
            if kept is None or kept[0].seq != lines or kept[1] != last or not kept[0].current():
                return None
            head = kept[0]
            return StoredGame(code, head.game, head.setup, title, created, list(head.raw),
                              list(head.entries), copy_state(head.state))

    def take_head(self, code: str, lines: int, last: str | None) -> Head | None:
        """The writers' replay, taken out while a write advances it; None when it is not at
        this line (first write here, or another process wrote)."""
        with self._lock:
            kept = self._heads.pop(code, None)
        if kept is None or kept[0].seq != lines or kept[1] != last or not kept[0].current():
            return None
        return kept[0]

    def keep_head(self, code: str, head: Head, last: str | None) -> None:
        with self._lock:
            kept = self._heads.get(code)
            if kept is not None and kept[0].seq > head.seq:
                return  # another thread already wrote after us
            self._heads[code] = (head, last)
            self._heads.move_to_end(code)
            while len(self._heads) > SNAPSHOTS:
                self._heads.popitem(last=False)

    def forget(self, code: str) -> None:
        """Drop the replays of a game (after it was deleted)."""
        with self._lock:
            for key in [key for key in self._snapshots if key[0] == code]:
                del self._snapshots[key]
            self._heads.pop(code, None)

    def clear(self) -> None:
        with self._lock:
            self._snapshots.clear()
            self._heads.clear()


def replay_stored(code: str, game: str, setup: dict[str, Any], raw: list[dict[str, Any]],
                  recorded: int, record: RecordRules | None = None
                  ) -> tuple[list[Entry], GameState, int]:
    """Full replay of a stored log, recording (`record`) the rules version it replayed with,
    or why it no longer does, when that differs from the `recorded` one. A log the current
    rules refuse replays with the newest older rules the engine still keeps that accept it
    (`readable_versions`): the game then opens read only. Returns the entries, the state and
    that version; NoLongerReplays when no rules kept replay it."""
    current = rules_version(game)
    try:
        head = Head.replayed(game, setup, raw)
    except InvalidEvent as exc:
        older = _older_replay(game, setup, raw)
        if older is not None:
            if record and recorded != older[2]:
                record(code, older[2], None)
            return older
        if record:
            record(code, current, str(exc))
        raise NoLongerReplays(code, current, exc) from None
    if record and recorded != current:
        record(code, current, None)
    return head.entries, head.state, current


def _older_replay(game: str, setup: dict[str, Any], raw: list[dict[str, Any]]
                  ) -> tuple[list[Entry], GameState, int] | None:
    """The replay of `raw` by the newest older rules that accept it, or None."""
    try:
        versions = readable_versions(game)
    except ModuleNotFoundError:
        return None
    try:
        entries = resolve(raw)
    except InvalidEvent:
        return None
    for version in versions:
        try:
            return entries, replay_entries(game, setup, entries, version), version
        except InvalidEvent:
            continue
    return None


def current_rules(game: str) -> int | None:
    """The rules version of the game's engine, None for a game without an engine."""
    try:
        return rules_version(game)
    except ModuleNotFoundError:
        return None
