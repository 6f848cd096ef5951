"""Decklists, formats, card data and legality."""
