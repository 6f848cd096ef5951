"""From the project's files to a checked model: reading, YAML, validation, assembly."""
