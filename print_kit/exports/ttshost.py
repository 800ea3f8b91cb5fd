"""Where Tabletop Simulator finds a deck's sheets (issue 40): the address the saved objects'
`FaceURL` / `BackURL` name. Every player's game downloads the sheets from that address, so only
an address all of them reach serves a multiplayer table:

- by default, this computer's own folder (`file:///…/tts`): the host's table sees the cards,
  the other players of an online room get blank ones; the files say so (the deck's description,
  the saved object's note, `LISEZMOI.txt`);
- `--tts-url https://…/dossier`: the sheets hosted there under the same names (any HTTPS host,
  a web folder); or, from the local files, the game's own « Modding › Cloud Manager › Upload
  All Loaded Files », which puts them on the host's Steam Cloud and rewrites the addresses.

docs/print-kit.md › « Héberger les planches pour Tabletop Simulator » says it in French."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote, urlsplit

from companion.core.errors import UsageError

MAX_URL = 1000  # an address typed by hand; a longer one is a mistake

LOCAL_NOTE = ("Images sur cet ordinateur (adresses file:///) : elles ne s'affichent qu'à la "
              "table de cet ordinateur ; dans une partie en ligne, les autres joueurs voient "
              "des cartes blanches. Pour jouer à plusieurs : « Modding › Cloud Manager › Upload "
              "All Loaded Files » (Steam Cloud), ou hébergez les images en HTTPS et refaites "
              "l'export avec --tts-url https://… (docs/print-kit.md).")


def check_tts_url(url: str) -> str:
    """The hosting address given by `--tts-url`, without its final slash; UsageError (one
    French line) for anything but an http(s) address of a folder."""
    text = url.strip()
    parts = urlsplit(text)
    if (len(text) > MAX_URL or parts.scheme not in ("https", "http") or not parts.hostname
            or parts.query or parts.fragment or any(c.isspace() for c in text)):
        shown = text if len(text) <= 60 else text[:57] + "…"
        raise UsageError(f"--tts-url {shown!r} : l'adresse https:// du dossier où les images "
                         "seront hébergées est attendue, par exemple "
                         "https://exemple.org/mon-jeu/tts")
    return text.rstrip("/")


def sheets_base(out_dir: Path | None, tts_url: str | None) -> str:
    """The address the saved objects name: the hosting address, else the folder the CLI
    unpacks the sheets into (`DOSSIER/tts`), else a placeholder folder (the app's zip)."""
    if tts_url is not None:
        return check_tts_url(tts_url)
    return (out_dir / "tts").resolve().as_uri() if out_dir is not None else "file:///tts"


def is_local(base: str) -> bool:
    return base.startswith("file:")


def url(base: str, name: str) -> str:
    """A sheet's address: the base and the file's name, percent-encoded."""
    return f"{base.rstrip('/')}/{quote(name)}"


def note(base: str) -> str:
    """What the saved objects say about where their images are."""
    if is_local(base):
        return LOCAL_NOTE
    return (f"Images hébergées à {base.rstrip('/')}/ : chaque joueur les y télécharge ; "
            "déposez-y tous les fichiers .jpg du dossier tts, sous les mêmes noms.")


def readme(base: str, images: list[str]) -> str:
    """LISEZMOI.txt of the tts folder: what to copy where, and who sees the cards."""
    lines = ["Tabletop Simulator : objets sauvegardés du Compagnon de table", "",
             "Copiez les fichiers .json dans le dossier « Saved Objects » de Tabletop "
             "Simulator (Documents/My Games/Tabletop Simulator/Saves/Saved Objects), puis "
             "dans la partie : Objects › Saved Objects.", ""]
    if is_local(base):
        lines += [LOCAL_NOTE, "", "Laissez les images dans ce dossier : les objets les "
                  f"nomment à {base.rstrip('/')}/."]
    else:
        lines += [note(base), "", "Images à déposer :"] + [f"  {name}" for name in images]
    return "\n".join(lines) + "\n"


def said(folder: Path, tts_url: str | None) -> str:
    """The CLI's line once the folder is written: where the saved objects go, and who will
    see the cards."""
    start = f"Tabletop Simulator → {folder} (copiez les .json dans « Saved Objects »)"
    if tts_url is None:
        return (f"{start} ; images sur cet ordinateur : seule sa table voit les cartes (pour "
                "une partie en ligne : --tts-url, ou le Cloud Manager du jeu ; LISEZMOI.txt)")
    return f"{start} ; déposez les images .jpg de ce dossier à {check_tts_url(tts_url)}/"
