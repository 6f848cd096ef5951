"""Pairing engines: Swiss, single and double elimination, round robin, rounds tables."""
