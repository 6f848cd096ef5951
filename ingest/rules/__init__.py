"""What the rule documents compute: tiebreakers and standings by the event's ruleset (the rulesets themselves
are values of the model, :mod:`ingest.core.rulesets`), published standings."""
