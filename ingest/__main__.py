"""``python -m ingest`` runs the scorekeeper command line."""

from ingest.cli import main

main(prog_name="scorekeeper")
