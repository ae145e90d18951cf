"""Every test (and every program a test starts) runs its bots strictly: a bot that raises or
answers an illegal move fails the test instead of quietly playing the first legal move."""

import os

os.environ["BMOVIE_STRICT_BOTS"] = "1"
