"""P'tit jeu Maëlys de Labystère: data schema, setup generator, die and investigation sheet."""
