"""Scorekeeper: tournament files in, standings, pairings and a published site out."""

__version__ = "0.1.0"
