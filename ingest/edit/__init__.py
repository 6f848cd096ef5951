"""Changing an event file: the comment-preserving splice, locking, recording results, corrections."""
