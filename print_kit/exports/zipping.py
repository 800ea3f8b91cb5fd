"""The kit's zips: every entry dated the same and readable by everyone once unzipped."""

from __future__ import annotations

import zipfile

ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed: the same kit gives the same zip
ALREADY_COMPRESSED = (".png", ".pdf", ".jpg", ".zip")  # stored as they are: deflate gains nothing


def zip_entry(name: str) -> zipfile.ZipInfo:
    """A file of a zip the kit writes: a fixed date (the same kit gives the same bytes), read
    and write for its owner and readable by everyone once unzipped (without it, Python's
    zipfile marks it 0600: a print shop's other accounts could not open it), text deflated."""
    entry = zipfile.ZipInfo(name, ZIP_DATE)
    entry.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
    if not name.lower().endswith(ALREADY_COMPRESSED):
        entry.compress_type = zipfile.ZIP_DEFLATED
    return entry
