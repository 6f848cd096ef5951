"""The command line: click wiring only; the only place that reads the clock and the environment."""
