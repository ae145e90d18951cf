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
    bench_speed=(("7x6 board", ""), ("11x9 board", "width=11,height=9")),
    bench_search=("7x6 board", "", 0.0),
    # the balance table of docs/rules-invaders.md: equal levels on both sides (hard searches
    # a fixed 60 iterations a decision in bench)
    bench_matchups=(("easy vs easy", "easy,easy", 2000, ""),
                    ("normal vs normal", "normal,normal", 2000, ""),
                    ("hard vs hard (60 iterations)", "hard,hard", 200, "")),
)

main = build(SPEC)
