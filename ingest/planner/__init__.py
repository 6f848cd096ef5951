"""Deciding the next round: event to engine inputs, the plan, and the checks of recorded pairings."""
