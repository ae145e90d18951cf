"""The ``invaders`` command (all of it comes from common.cli)."""

from common.cli import build
from common.spec import GameSpec

SPEC = GameSpec(
    name="invaders",
    title="Galaxy Invaders",
    blurb="the alien fleet against the lunar outpost, for two.",
    rules_path="invaders.rules:RULES",
    render_module="invaders.render",
    default_seats="heuristic,human",
    flags=(("--width N", "width", "board columns, 3-26 (default 7)"),
           ("--height N", "height", "space rows above the lunar row, 3-30 (default 6)")),
    more_options="hand=N (opening hand, default 4), draw=N (cards drawn each phase, default 2), "
                 "limit=N (hand limit, default 4), deck.aliens=fire:12,maneuver:8,... "
                 "and deck.humans=... (the decks)",
    bench_ladder=("random", "heuristic", "ismcts"),
    bench_speed=(("7x6 board", ""), ("11x9 board", "width=11,height=9")),
    bench_matchups=(("heuristic vs heuristic (equal bots)", "heuristic,heuristic", 2000, ""),
                    ("random vs random", "random,random", 2000, ""),
                    ("ISMCTS aliens vs random", "ismcts,random", 40, ""),
                    ("random aliens vs ISMCTS", "random,ismcts", 40, "")),
)

main = build(SPEC)
