"""Camelot (Reiner Knizia's Ivanhoe): data schema, tournament engine and CLI."""
