"""Hostile names (issue 22, item 5) and the example logs played by them: shared by the
real-browser sweep and the headless one."""

from __future__ import annotations

import json
from typing import Any

TRAP = "127.0.0.1:9/"  # the discard port: nothing listens, a request there is the proof
HOSTILE = [
    f"![x](http://{TRAP}p.png)",
    f"[clic](http://{TRAP}l)",
    f"<img src=http://{TRAP}i.png>",
    '<a href="javascript:alert(1)">x</a>',
    f"http://{TRAP}u",
    "javascript:alert(1)",
    "www.exemple.invalid",
    "a@b.invalid",
]


def renamed(log: dict[str, Any], offset: int) -> dict[str, Any]:
    """The log with its players renamed to hostile names, from HOSTILE[offset] on (every
    occurrence in setup and events: names are whole JSON strings there)."""
    text = json.dumps(log, ensure_ascii=False)
    for i, player in enumerate(log["setup"]["players"]):
        text = text.replace(json.dumps(player, ensure_ascii=False),
                            json.dumps(HOSTILE[(offset + i) % len(HOSTILE)],
                                       ensure_ascii=False))
    return json.loads(text)
