"""The project checked as a whole: what ``validate`` reports across files (an event against the
project's formats and its decklist files, deck legality, the planner's verdicts on recorded
rounds, two events with one address), above the compute packages it asks."""
