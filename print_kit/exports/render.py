"""Renders a PDF page to PNG for previews (the app's print page, tests that decode QR codes)."""

from __future__ import annotations

import io

import pypdfium2 as pdfium

from companion.core.errors import UsageError
from companion.core.text import counted


def page_count(pdf: bytes) -> int:
    doc = pdfium.PdfDocument(pdf)
    try:
        return len(doc)
    finally:
        doc.close()


def render_png(pdf: bytes, page: int = 0, dpi: float = 72) -> bytes:
    """PNG bytes of `page` (0-based) of `pdf` at `dpi`."""
    doc = pdfium.PdfDocument(pdf)
    try:
        if not 0 <= page < len(doc):
            raise UsageError(f"page {page + 1} inexistante ; ce fichier a "
                             f"{counted(len(doc), 'page')}")
        bitmap = doc[page].render(scale=dpi / 72)
        image = bitmap.to_pil()
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=False)
        return out.getvalue()
    finally:
        doc.close()
