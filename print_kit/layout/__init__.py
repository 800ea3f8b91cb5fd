"""Where cards go on paper: paper and card sizes, grids, crop marks, duplex and gutterfold
sheets, and the calibration page (docs/architecture.md)."""
