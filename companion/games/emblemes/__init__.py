"""Emblèmes: data schema, engine (placement, effects, end-of-round count) and CLI."""
