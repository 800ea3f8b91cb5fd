"""Colours as a print shop's CMYK (issue 29, DriveThruCards), the same rule for a colour the kit
sets and for a picture an author gives as PNG (issue 40: a PDF/X-1a file holds no RGB at all):
black by K alone (grey component replacement), then the three inks scaled down together when
the total ink passes INK_LIMIT (a deep navy keeps its hue, printed lighter in ink, not in tone
of black). A picture's transparent pixels become a colour key (`/Mask`), not a soft mask:
PDF/X-1a forbids transparency."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageChops, ImageMath
from reportlab.lib.colors import CMYKColor, Color, toColor

INK_LIMIT = 2.4  # DriveThruCards: total ink (C + M + Y + K) at most 240 %
# The colour key of a picture's transparent pixels: 400 % of ink, which no converted pixel has
# (they stay within INK_LIMIT), so no visible pixel is ever keyed out with them.
KEY = (255, 255, 255, 255)
KEY_MASK = [value for channel in KEY for value in (channel, channel)]  # /Mask [min max …]


def cmyk(colour: Any) -> CMYKColor:
    """Any ReportLab colour as CMYK, its total ink held to INK_LIMIT."""
    tc = toColor(colour)
    if isinstance(tc, CMYKColor):
        c, m, y, k = tc.cyan, tc.magenta, tc.yellow, tc.black
    else:
        assert isinstance(tc, Color)
        r, g, b = tc.red, tc.green, tc.blue
        k = 1 - max(r, g, b)
        if k >= 1:
            c = m = y = 0.0
        else:
            c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    total = c + m + y + k
    if total > INK_LIMIT and c + m + y > 0:
        scale = max(0.0, INK_LIMIT - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    return CMYKColor(round(c, 4), round(m, 4), round(y, 4), round(k, 4),
                     alpha=getattr(tc, "alpha", 1))


def cmyk_picture(picture: Image.Image) -> tuple[Image.Image, bool]:
    """A picture as a CMYK image by `cmyk`'s rule, pixel by pixel (Pillow's own RGB -> CMYK
    leaves K empty and reaches 300 % of ink), and whether it has transparent pixels (alpha
    below half), which are set to KEY."""
    rgba = picture.convert("RGBA")
    r, g, b, alpha = rgba.split()
    top = ImageChops.lighter(ImageChops.lighter(r, g), b)  # 255 - K
    limit = INK_LIMIT * 255
    channels = []  # C, M, Y at full strength: (top - v) / top, in 0..255
    for band in (r, g, b):
        channels.append(ImageMath.lambda_eval(
            lambda a: (a["t"] - a["v"]) * 255.0 / a["max"](a["t"], 1.0),
            v=band.convert("F"), t=top.convert("F")))
    k = ImageMath.lambda_eval(lambda a: 255.0 - a["t"], t=top.convert("F"))
    # over the limit, C, M and Y scaled by (limit - K) / (C + M + Y); under it, unchanged
    scale = ImageMath.lambda_eval(
        lambda a: a["min"]((limit - a["k"]) / a["max"](a["c"] + a["m"] + a["y"], 1e-6), 1.0),
        c=channels[0], m=channels[1], y=channels[2], k=k)
    bands = [ImageMath.lambda_eval(lambda a: a["x"] * a["s"], x=x, s=scale) for x in channels]
    out = Image.merge("CMYK", [_to_8_bits(band) for band in [*bands, k]])
    hidden = alpha.point(lambda v: 255 if v < 128 else 0)
    masked = hidden.getbbox() is not None
    if masked:
        out.paste(KEY, mask=hidden)
    return out, masked


def _to_8_bits(band: Image.Image) -> Image.Image:
    """A float band rounded to the nearest of 0..255 (F -> L truncates)."""
    return ImageMath.lambda_eval(lambda a: a["x"] + 0.5, x=band).convert("L")
