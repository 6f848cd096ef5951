"""Scorekeeper: tournament files in, standings, pairings and a published site out."""

__version__ = "0.1.0"

REPOSITORY = "tcg-scorekeeper/scorekeeper"
"""The project's repository on GitHub: its code, the reusable publishing workflow communities
call (``.github/workflows/pages.yml``) and the pre-commit hook (``.pre-commit-hooks.yaml``)."""

HOME = "https://tcg-scorekeeper.github.io/scorekeeper/"
"""The project's canonical public home: the site the repository publishes (``pyproject.toml``'s
``[project.urls]``), where every schema's ``$id`` (``HOME`` + ``schema/<name>.schema.json``)
resolves. Nothing reads a schema from there: validation uses the files it has."""
