"""The computed summary of an event and of a player's events, and its text presentations."""
