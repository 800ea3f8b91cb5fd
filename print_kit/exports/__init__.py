"""What leaves the kit besides its PDFs: card images, print shops' zips, Tabletop Simulator's
sheets and saved objects, page previews (docs/print-kit.md)."""
