"""The model and what every layer shares: diagnostics, errors, safe text."""
