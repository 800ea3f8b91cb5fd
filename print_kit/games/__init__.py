"""One module per game: `files(data, options) -> list[PrintFile]` and `sheet(data, options)`,
the content of its « fiche mémoire » (see print_kit.reference)."""
