"""What the rule documents compute: rulesets, tiebreakers, standings, published standings."""
