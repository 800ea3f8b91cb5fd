"""A game's replay kept beside its log, so that appending costs the same at the 10,000th line as
at the 10th (docs/log-format.md › Cost of an append).

The engine protocol is unchanged: a state is the replay of its log. A `Head` is that replay
kept up to date one raw line at a time, exactly as the lines were written:

- a game event is applied to the head's state in place (`apply` refuses before it changes
  anything, so a refused line leaves the head as it was);
- a meta-event (undo, retract, correct) rebuilds the head by a full replay of the raw log
  (they are rare, and may reach any earlier line).

The same walk validates a whole log line by line (`check_log`): each line must have been valid
at its place when it was written, the lines that were later undone, retracted or corrected
included. Tests hold a head to a full replay (tests/test_store_snapshots.py).
"""

from __future__ import annotations

import copy
import pickle
import sys
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

import companion.core.engine
from companion.core.engine import GameState, InvalidEvent, replay_entries
from companion.core.errors import RuleError, UsageError
from companion.core.log import Entry, check_shape, is_meta, resolve
from companion.core.registry import game_info

PROTOCOL = pickle.HIGHEST_PROTOCOL  # checkpoints are pickled: faster to copy than deepcopy
CHECKPOINT = 64  # effective events between two checkpoints when validating a whole log


def _no_engine(game: str, exc: ModuleNotFoundError) -> UsageError:
    if exc.name != f"companion.games.{game}.engine":
        raise exc
    return UsageError(f"{game_info(game).title} n'a pas encore de moteur de partie")


def replay_raw(game: str, setup: dict[str, Any], raw: list[dict[str, Any]]) -> tuple[
        list[Entry], GameState]:
    """Resolve and replay a raw log (InvalidEvent: raw index and reason); a game without an
    engine yet is a UsageError."""
    entries = resolve(raw)
    try:
        return entries, replay_entries(game, setup, entries)
    except ModuleNotFoundError as exc:
        raise _no_engine(game, exc) from None


@dataclass
class Head:
    """The replay of a raw log, advanced line by line (see the module's docstring)."""

    game: str
    setup: dict[str, Any]
    state: GameState
    raw: list[dict[str, Any]] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    rules: int = 0  # the rules version it was built with (0: ask the engine)
    # the state after the first N effective events, pickled, every CHECKPOINT events (only
    # when validating a whole log: an undo then replays at most CHECKPOINT events)
    checkpoints: dict[int, bytes] | None = None

    def __post_init__(self) -> None:
        if not self.rules:
            self.rules = companion.core.engine.rules_version(self.game)

    @staticmethod
    def _new_state(game: str, setup: dict[str, Any]) -> GameState:
        try:
            return companion.core.engine.engine_for(game).new_state(setup)  # patchable in tests
        except ModuleNotFoundError as exc:
            raise _no_engine(game, exc) from None
        except RuleError as exc:
            raise InvalidEvent(-1, exc.reason, exc.rule) from None

    @classmethod
    def start(cls, game: str, setup: dict[str, Any], checkpoints: bool = False) -> Head:
        """The head of an empty log; InvalidEvent(-1) for a refused setup."""
        return cls(game, setup, cls._new_state(game, setup),
                   checkpoints={} if checkpoints else None)

    @classmethod
    def replayed(cls, game: str, setup: dict[str, Any], raw: list[dict[str, Any]]) -> Head:
        entries, state = replay_raw(game, setup, raw)
        return cls(game, setup, state, list(raw), entries)

    @property
    def seq(self) -> int:
        return len(self.raw)

    def advance(self, event: Any) -> Head:
        """This log plus one line, checked as written at its place: InvalidEvent (at this
        line's index) and the head unchanged when it is refused. A game event changes this
        head in place; a meta-event returns a new head."""
        index = self.seq
        check_shape(index, event)
        if is_meta(event):
            raw = [*self.raw, event]
            try:
                if self.checkpoints is None:
                    entries, state = replay_raw(self.game, self.setup, raw)
                    checkpoints = None
                else:
                    entries, state, checkpoints = self._replay_from_checkpoint(raw)
            except InvalidEvent as exc:
                if exc.index == index:
                    raise
                raise InvalidEvent(index, f"refusé : l'événement {exc.index} ne serait plus "
                                   f"valide ({exc.reason})", exc.rule) from None
            return Head(self.game, self.setup, state, raw, entries, self.rules, checkpoints)
        try:
            self.state.apply(event)
        except RuleError as exc:
            raise InvalidEvent(index, exc.reason, exc.rule) from None
        self.raw.append(event)
        self.entries.append(Entry(index, index, event))
        if self.checkpoints is not None and len(self.entries) % CHECKPOINT == 0:
            self.checkpoints[len(self.entries)] = pickle.dumps(self.state, PROTOCOL)
        return self

    def _replay_from_checkpoint(self, raw: list[dict[str, Any]]) -> tuple[
            list[Entry], GameState, dict[int, bytes]]:
        """The replay of `raw`, from the last checkpoint before the first effective event
        that changed (an undo: at most CHECKPOINT events replayed)."""
        assert self.checkpoints is not None
        entries = resolve(raw)
        same = 0  # effective events unchanged (same raw line, same content)
        for old, new in zip(self.entries, entries, strict=False):
            if (old.index, old.source) != (new.index, new.source):
                break
            same += 1
        kept = {n: state for n, state in self.checkpoints.items() if n <= same}
        start = max(kept, default=0)
        state = (pickle.loads(kept[start]) if start  # noqa: S301 (our own bytes)
                 else self._new_state(self.game, self.setup))
        for position in range(start, len(entries)):
            try:
                state.apply(entries[position].event)
            except RuleError as exc:
                raise InvalidEvent(entries[position].source, exc.reason, exc.rule) from None
            if (position + 1) % CHECKPOINT == 0 and position + 1 > same:
                kept[position + 1] = pickle.dumps(state, PROTOCOL)
        return entries, state, kept

    def current(self) -> bool:
        """Still the replay the current code would make (no engine reload, same rules)."""
        return (built_by_current_code(self.state)
                and self.rules == companion.core.engine.rules_version(self.game))


def check_log(game: str, setup: Any, raw: Any) -> tuple[list[Entry], GameState]:
    """Validate a whole log, every line at its place as it was written (cancelled ones
    included); InvalidEvent says which line and why."""
    game_info(game)
    if not isinstance(setup, dict):
        raise InvalidEvent(-1, "la mise en place est un objet JSON")
    if not isinstance(raw, list):
        raise UsageError("« events » doit être une liste d'événements")
    head = Head.start(game, setup, checkpoints=True)
    for line in raw:
        head = head.advance(line)
    return head.entries, head.state


def built_by_current_code(state: GameState) -> bool:
    """False once the engine's module was reloaded (Streamlit reloads edited files during
    development): a snapshot of the old class would fail the pages' isinstance checks."""
    cls = type(state)
    module = sys.modules.get(cls.__module__)
    return module is not None and getattr(module, cls.__qualname__, None) is cls


def copy_state(state: GameState) -> GameState:
    """An independent copy for readers (the head goes on changing). The game's data model
    (pydantic, loaded once and never changed) is shared, not copied."""
    attributes = getattr(state, "__dict__", {})
    memo = {id(value): value for value in attributes.values() if isinstance(value, BaseModel)}
    return copy.deepcopy(state, memo)
