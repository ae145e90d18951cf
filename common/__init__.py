"""Game-agnostic core shared by the three games: contract, randomness, records, front-ends, bots."""

__version__ = "0.1.0"  # the release of all three games (pyproject reads it from here)
