"""ELSEN, Entre Le Saboteur Et Nous: data schema, turn engine, rule checker and narration."""
