"""Game-agnostic core shared by the three games: contract, randomness, records, front-ends, bots."""
