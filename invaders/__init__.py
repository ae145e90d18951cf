"""Galaxy Invaders: two players, the alien fleet against the lunar outpost (rulebook 002)."""
