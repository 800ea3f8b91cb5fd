"""How much heavy work the server does at once for its visitors: print jobs (a kit, a deck,
card images, pages as PNG) and balance-lab runs each take a slot, shared by every session of
the process; when the slots are taken, the visitor is told so in one French sentence and
nothing starts (no queue to pile up behind a slow job). With the limits of each job (pages,
cards, games per run), no visitor can hold more than a few slots' worth of the machine."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from companion.core.errors import UsageError

PRINT_JOBS = 2  # print jobs at once, for the whole server (2 cores: one stays for the tables)
LAB_RUNS = 1  # lab runs at once: each is up to half a minute of one core

_SLOTS = {"impression": threading.BoundedSemaphore(PRINT_JOBS),
          "labo": threading.BoundedSemaphore(LAB_RUNS)}
_BUSY = {"impression": f"{PRINT_JOBS} impressions sont déjà en préparation sur ce serveur "
                       "(c'est le maximum) : réessayez dans quelques secondes.",
         "labo": "Une série de parties du labo tourne déjà sur ce serveur (une à la fois) : "
                 "réessayez quand elle sera finie."}


@contextmanager
def slot(kind: str) -> Iterator[None]:
    """Hold one of the server's `kind` slots (« impression » or « labo ») for the block, or
    raise UsageError at once when all are taken."""
    semaphore = _SLOTS[kind]
    if not semaphore.acquire(blocking=False):
        raise UsageError(_BUSY[kind])
    try:
        yield
    finally:
        semaphore.release()
