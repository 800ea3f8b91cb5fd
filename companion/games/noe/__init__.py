"""Noé, Complot à l'Élysée: data schema, hand analysis, control check and match engine."""
