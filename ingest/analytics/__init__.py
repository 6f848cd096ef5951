"""What the archive says: metagame share over time, archetype win rates, the matchup matrix
and conversion to the top cut, computed from every recorded match (compute stage)."""
