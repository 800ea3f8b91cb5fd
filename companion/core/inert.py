"""Output that cannot act (issue 38, item 7): text a person typed (a player's name, a game's
title, a soirée's) reaches a terminal and a spreadsheet as text, never as a command.

- A terminal obeys control characters: an ESC sequence typed in a name recolours, moves the
  cursor, rewrites the title bar or (in some terminals) writes a file; a carriage return
  overwrites the line already shown; the bidirectional overrides and isolates of Unicode
  reorder what follows them (« Trojan Source »). `terminal` removes them all: the C0 controls
  but tab and line feed, DEL, the C1 controls, whole ESC sequences (CSI, OSC, and the ESC
  pairs) and U+202A–U+202E, U+2066–U+2069. `InertStream` applies it to every write of the
  command line's standard output and error (companion/cli/base.py › main); the log lines of
  `companion app` go through `InertFormatter` (companion/core/settings.py).
- JSON written for a program keeps every character: `json_text` escapes the ones above as
  `\\uXXXX` (json.dumps escapes only C0 itself), so the data is exact and the terminal inert.
- A spreadsheet runs a cell that starts with =, +, - or @ as a formula (tab and carriage
  return too, in some), and a French one (Excel, LibreOffice) splits a line at « ; » where
  an English one splits it at « , »: `spreadsheet_cell` puts an apostrophe before such a start
  at the beginning of the cell and after every « , », « ; », tab or line break in it, so
  neither reading opens a formula. A plain number (« -3 », « 2,5 ») is left as it is.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any, TextIO

# ESC sequences as terminals read them (ECMA-48), removed whole so no « [31m » is left: CSI
# (« ESC [ … final »), OSC, DCS, SOS, PM and APC strings ended by BEL or ST on their line, then
# any other ESC and its next character. What is left of an unended one is plain text once its
# ESC is gone; the 8-bit forms are C1 controls, removed one by one below.
_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x1b[\]PX^_][^\x07\x1b\n]*(?:\x07|\x1b\\)"
    r"|\x1b[\x20-\x7e]?")
# What stays invisible but acts: C0 but tab and line feed, DEL, C1, the bidi embeddings,
# overrides and isolates.
_CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"
_CONTROL = re.compile(f"[{_CONTROLS}]")
# json.dumps escapes C0 and DEL is harmless there; C1 and the bidi controls are not escaped
_UNESCAPED_IN_JSON = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def terminal(text: str) -> str:
    """`text` as a terminal may show it: every control removed, the words kept."""
    if text.isprintable() or not (_CONTROL.search(text)):
        return text  # the common case, one scan
    return _CONTROL.sub("", _ESCAPES.sub("", text))


def json_text(value: Any, **options: Any) -> str:
    """json.dumps(value, ensure_ascii=False, **options) with the controls that json.dumps
    leaves raw written as \\uXXXX: the same data, inert on a terminal."""
    text = json.dumps(value, ensure_ascii=False, **options)
    return _UNESCAPED_IN_JSON.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


class InertStream:
    """A text stream whose writes lose their terminal controls; everything else (encoding,
    buffer, fileno, flush) is the wrapped stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    @property
    def wrapped(self) -> TextIO:
        return self._stream

    def write(self, text: str) -> int:
        self._stream.write(terminal(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class InertFormatter(logging.Formatter):
    """Log lines on a terminal: the message (a path, a code, a name quoted in an error) and
    its traceback without controls."""

    def format(self, record: logging.LogRecord) -> str:
        return terminal(super().format(record))


# --- spreadsheets ---------------------------------------------------------------------------

_FORMULA_START = "=+-@\t\r"
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?(?:\s?%)?")
# a start of formula at the cell's beginning or after a separator of either reading (« , » or
# « ; »), a tab or a line break, spaces allowed between (a spreadsheet may trim them)
_OPENS = re.compile(r"(^|[,;\t\r\n])([ \u00a0]*)(?=[=+\-@\t\r])")


def spreadsheet_cell(text: str) -> str:
    """A CSV cell that no spreadsheet reads as a formula, whether it splits lines at « , » or
    at « ; »: an apostrophe before every start of formula."""
    if not text or not any(c in text for c in _FORMULA_START):
        return text
    if _NUMBER.fullmatch(text):
        return text
    return _OPENS.sub(lambda found: f"{found.group(1)}{found.group(2)}'", text)
