"""``python -m ingest`` runs the scorekeeper command line."""

from ingest.cli.main import main

main(prog_name="scorekeeper")
