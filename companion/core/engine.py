"""The shape every game engine shares (after OpenSpiel / boardgame.io): a state built from a
setup, then changed only by applying events one by one. The state of a game is the replay of
its log; nothing else is stored.

An engine module `companion/games/<game>/engine.py` exposes `ENGINE`, an object with:
- `game: str`
- `new_state(setup: dict) -> GameState`: raises RuleError on a bad setup;
- and its states implement `GameState` below.
It may expose `RULES_VERSION: int` (default 1, `rules_version`): raise it when a change of the
rules as implemented may make an old log replay differently or not at all; the store records,
per game, the version it last replayed with and reports a game that no longer replays. It may
also keep older rules: `READABLE_VERSIONS` (the versions it still replays) and
`engine_for_version(version)`; a stored game the current rules no longer replay then opens,
read only, with the newest of those that replays it (`readable_versions`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from companion.core import registry
from companion.core.errors import InvalidEvent, RuleError, UsageError
from companion.core.log import resolve
from companion.core.registry import game_info


class GameState(Protocol):
    def apply(self, event: dict[str, Any]) -> None:
        """Check the event against the rules and the state, then change the state.

        Must raise RuleError *before* changing anything, so a refused event leaves no trace."""

    def summary(self) -> dict[str, Any]:
        """JSON-ready view: scores, whose turn, winner, violations with their rule references."""


class Engine(Protocol):
    game: str

    def new_state(self, setup: dict[str, Any]) -> GameState: ...


def engine_for(game: str, version: int | None = None) -> Engine:
    """The game's engine; with `version`, the one of those rules (an older version: one of
    the module's `READABLE_VERSIONS`, else UsageError)."""
    module = registry.module(game, "engine")  # unknown game -> UsageError
    if version is None or version == int(getattr(module, "RULES_VERSION", 1)):
        return module.ENGINE  # type: ignore[no-any-return]
    if version not in readable_versions(game):
        raise UsageError(f"{game_info(game).title} : les règles de version {version} ne se "
                         "rejouent plus")
    return module.engine_for_version(version)  # type: ignore[no-any-return]


def readable_versions(game: str) -> tuple[int, ...]:
    """Older rules versions whose stored games still open, read only, newest first."""
    engine = registry.module(game, "engine")
    return tuple(sorted(getattr(engine, "READABLE_VERSIONS", ()), reverse=True))


def rules_version(game: str) -> int:
    """The version of a game's rules as its engine implements them (`RULES_VERSION`, 1)."""
    return int(getattr(registry.module(game, "engine"), "RULES_VERSION", 1))


def replay(game: str, setup: dict[str, Any], events: Iterable[dict[str, Any]]) -> GameState:
    """Build the state from scratch: setup, then every effective event in order.

    `events` is a raw log: meta-events (undo, corrections; companion/core/log.py) are resolved
    first,
    so a plain list of game events replays as is. InvalidEvent carries the RAW index of the
    line at fault (-1 for the setup)."""

    return replay_entries(game, setup, resolve(events))


def replay_entries(game: str, setup: dict[str, Any], entries: Iterable[Any],
                   version: int | None = None) -> GameState:
    """Replay already resolved `companion.core.log.Entry` items (each reports its raw `source`),
    with the current rules or those of `version`."""
    engine = engine_for(game) if version is None else engine_for(game, version)
    try:
        state = engine.new_state(setup)
    except RuleError as exc:
        raise InvalidEvent(-1, exc.reason, exc.rule) from None
    for entry in entries:
        try:
            state.apply(entry.event)
        except RuleError as exc:
            raise InvalidEvent(entry.source, exc.reason, exc.rule) from None
    return state
